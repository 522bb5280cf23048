/** Texts of failed requests (docs/behaviour/errors.md#requests); `{0}` is the reason. */
export const RequestMessages = {
  failed: 'An error occured while performing a request: {0}',
  network: 'Network request failed',
  timeout: 'Network request timed out',
} as const;

/** Kind of failure; doubles as the i18n key of the message (`request.failed` takes {{reason}}). */
export type RequestErrorCode = 'request.failed' | 'request.network' | 'request.timeout';

/**
 * Raised for a failed request. For an answer outside 2xx (`request.failed`)
 * the message is 'An error occured while performing a request: {0}' where {0}
 * (`reason`) is the body's `error` or `message` field, else 'status (statusText)';
 * `status` and the parsed `body` are kept for callers that look closer.
 */
export class RequestError extends Error {
  readonly status: number | null;
  readonly body: unknown;
  readonly code: RequestErrorCode;
  /** The {0} of the message: the server's own text or 'status (statusText)'; '' for network and timeout. */
  readonly reason: string;

  constructor(code: RequestErrorCode, options: { status?: number | null; body?: unknown; reason?: string } = {}) {
    const reason = options.reason ?? '';
    const message = code === 'request.failed' ? RequestMessages.failed.replace('{0}', reason) : code === 'request.network' ? RequestMessages.network : RequestMessages.timeout;
    super(message);
    this.name = 'RequestError';
    this.code = code;
    this.status = options.status ?? null;
    this.body = options.body;
    this.reason = reason;
  }

  /** The error for an answer outside 2xx. */
  static fromResponse(response: Response, body: unknown): RequestError {
    return new RequestError('request.failed', { status: response.status, body, reason: reasonOf(response, body) });
  }
}

/** The body's `error` or `message` text, else 'status (statusText)'. */
function reasonOf(response: Response, body: unknown): string {
  if (typeof body === 'object' && body !== null) {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error) return error;
    if (typeof message === 'string' && message) return message;
  }
  return `${response.status} (${response.statusText})`;
}
