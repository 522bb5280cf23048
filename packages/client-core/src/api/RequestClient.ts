import { MAX_REQUEST_RETRIES, Messages } from '@atrium/shared';
import type { ClientEnvironment } from '../env.js';
import { RequestError } from './RequestError.js';

/** Default time a request may take before it fails with 'Network request timed out'. */
export const DEFAULT_REQUEST_TIMEOUT = 30_000;

/** Per-call options. */
export interface RequestOptions {
  /** Milliseconds before the call fails with 'Network request timed out' (default 30 s; 0: no limit, for uploads). */
  timeout?: number;
  /** Extra headers (they win over the defaults). */
  headers?: Record<string, string>;
  /** Resolve a 2xx answer to the fetch Response itself, unread (downloads, images). */
  raw?: boolean;
  /**
   * false: skip the session rules of docs/behaviour/sign-in.md#request-retries ('Token Invalid' refresh-and-retry,
   * 'Session Expired' logout) and raise the answer as it is. The session's
   * own token calls use it; everything else keeps the default (true).
   */
  handleSession?: boolean;
  /** The call outlives the page (fetch keepalive): saves sent while the page is being hidden or closed. */
  keepalive?: boolean;
  /** Aborting cancels the call: it rejects with the signal's AbortError. */
  signal?: AbortSignal;
  /** Told how much of the request body has gone up (an upload; the environment's `upload` where it has one). */
  onUploadProgress?: (loaded: number, total: number) => void;
}

/** What the client needs of the session; implemented by Session. */
export interface TokenSource {
  /** The access token to send as bearer, or null when signed out. */
  accessToken(): string | null;
  /** Gets a new token pair; concurrent calls share one refresh. false = could not refresh (the session logs out). */
  refresh(): Promise<boolean>;
  /** Ends the session: 'session-expired' logs out, 'too-many-retries' clears storage and reloads. */
  expire(reason: 'session-expired' | 'too-many-retries'): Promise<void>;
}

/** A prepared request body and its content type (none for multipart: fetch sets the boundary). */
interface Payload {
  body?: BodyInit;
  contentType?: string;
}

const ABSOLUTE = /^https?:\/\//i;

/**
 * The request client (docs/behaviour/connection.md#calls-to-the-server). Bearer Authorization
 * header (when a token exists and the address is this client's or this
 * origin's, so a token never leaks to a third party), credentials 'include',
 * JSON headers. A leading slash is stripped and the path joined to the base;
 * absolute http(s) URLs are used as is. GET parameters become a query string.
 * 204 resolves to {success: true}; non-JSON answers resolve to the raw text;
 * other bodies to the parsed JSON. Failures raise RequestError.
 *
 * Retry rules (docs/behaviour/sign-in.md#request-retries): 400/404 with {status: 'error', message: 'Token Invalid'}
 * → refresh the token (serialised by the session: concurrent callers wait
 * for the same refresh; a caller whose token was already replaced retries
 * without refreshing) and retry; each retry of a call counts, and above 5 the
 * session clears storage and reloads. 'Session Expired' (any status) → the
 * session logs out.
 */
export class RequestClient {
  readonly #env: ClientEnvironment;
  readonly #base: string;
  readonly #session: TokenSource;

  constructor(options: { env: ClientEnvironment; base: string; session: TokenSource }) {
    this.#env = options.env;
    this.#base = options.base.replace(/\/+$/, '');
    this.#session = options.session;
  }

  /** The address a path resolves to. */
  url(path: string): string {
    return ABSOLUTE.test(path) ? path : `${this.#base}/${path.replace(/^\/+/, '')}`;
  }

  get<T = unknown>(path: string, query?: Record<string, unknown>, options?: RequestOptions): Promise<T> {
    return this.#send<T>('GET', withQuery(path, query), {}, options);
  }

  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.#send<T>('POST', path, json(body), options);
  }

  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.#send<T>('PUT', path, json(body), options);
  }

  delete<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return this.#send<T>('DELETE', path, json(body), options);
  }

  /** Multipart POST of the given fields. */
  filepost<T = unknown>(path: string, fields: Record<string, string | Blob>, options?: RequestOptions): Promise<T> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return this.#send<T>('POST', path, { body: form }, options);
  }

  /** Multipart POST of one file ('file') or several ('files[]'), each data entry as JSON in 'data[]'. */
  fileupload<T = unknown>(path: string, files: File | File[], data: Record<string, unknown>[] = [], options?: RequestOptions): Promise<T> {
    const form = new FormData();
    if (Array.isArray(files)) for (const file of files) form.append('files[]', file, file.name);
    else form.append('file', files, files.name);
    for (const entry of data) form.append('data[]', JSON.stringify(entry));
    return this.#send<T>('POST', path, { body: form }, options);
  }

  /** Multipart POST of a prepared form, with upload progress (options.onUploadProgress) and cancellation (options.signal). */
  upload<T = unknown>(path: string, form: FormData, options?: RequestOptions): Promise<T> {
    return this.#send<T>('POST', path, { body: form }, options);
  }

  /** URL-encoded form POST (the wrapper's calls). */
  form<T = unknown>(path: string, fields: Record<string, string>, options?: RequestOptions): Promise<T> {
    return this.#send<T>('POST', path, { body: new URLSearchParams(fields), contentType: 'application/x-www-form-urlencoded' }, options);
  }

  async #send<T>(method: string, path: string, payload: Payload, options: RequestOptions = {}): Promise<T> {
    const url = this.url(path);
    const handleSession = options.handleSession !== false;
    for (let retries = 0; ; ) {
      const token = this.#session.accessToken();
      const { response, body } = await this.#fetchOnce(method, url, payload, token, options);
      if (handleSession && hasMessage(body, Messages.sessionExpired)) {
        await this.#session.expire('session-expired');
        throw RequestError.fromResponse(response, body);
      }
      if (handleSession && (response.status === 400 || response.status === 404) && isTokenInvalid(body)) {
        retries += 1;
        if (retries > MAX_REQUEST_RETRIES) {
          await this.#session.expire('too-many-retries');
          throw RequestError.fromResponse(response, body);
        }
        const current = this.#session.accessToken();
        const replaced = current !== null && current !== token;
        if (!replaced && !(await this.#session.refresh())) throw RequestError.fromResponse(response, body);
        continue;
      }
      if (!response.ok) throw RequestError.fromResponse(response, body);
      return body as T;
    }
  }

  async #fetchOnce(method: string, url: string, payload: Payload, token: string | null, options: RequestOptions): Promise<{ response: Response; body: unknown }> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (payload.contentType) headers['Content-Type'] = payload.contentType;
    if (token && this.#mayCarryToken(url)) headers.Authorization = `Bearer ${token}`;
    Object.assign(headers, options.headers);

    const { clock } = this.#env;
    const controller = new AbortController();
    const cancel = options.signal;
    cancel?.throwIfAborted();
    const onCancel = () => controller.abort();
    cancel?.addEventListener('abort', onCancel);
    const failed = () => (cancel?.aborted ? cancelled(cancel) : new RequestError('request.network'));
    let timer: unknown;
    const limit = options.timeout ?? DEFAULT_REQUEST_TIMEOUT;
    const timeout = new Promise<never>((_, reject) => {
      if (limit > 0) {
        timer = clock.setTimeout(() => {
          controller.abort();
          reject(new RequestError('request.timeout'));
        }, limit);
      }
    });
    const init = { method, headers, body: payload.body, credentials: 'include' as const, signal: controller.signal };
    const { upload } = this.#env;
    const onProgress = options.onUploadProgress;
    const exchange = (async () => {
      let response: Response;
      try {
        response =
          onProgress && upload && payload.body !== undefined
            ? await upload(url, { ...init, body: payload.body, onProgress })
            : await this.#env.fetch(url, { ...init, ...(options.keepalive ? { keepalive: true } : {}) });
      } catch {
        throw failed();
      }
      if (options.raw && response.ok) return { response, body: response };
      try {
        return { response, body: await readBody(response) };
      } catch {
        throw failed();
      }
    })();
    try {
      return await Promise.race([exchange, timeout]);
    } finally {
      clock.clearTimeout(timer);
      cancel?.removeEventListener('abort', onCancel);
      exchange.catch(() => undefined); // settled after a timeout: nobody waits for it any more
    }
  }

  /** Whether the bearer token may go to this address: this client's base, or this origin. */
  #mayCarryToken(url: string): boolean {
    if (!ABSOLUTE.test(url)) return true;
    if (ABSOLUTE.test(this.#base) && url.startsWith(`${this.#base}/`)) return true;
    try {
      return new URL(url).origin === this.#env.location.origin;
    } catch {
      return false;
    }
  }
}

/** The signal's reason when it is an Error (an AbortError by default), else an AbortError. */
function cancelled(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted.', 'AbortError');
}

function json(body: unknown): Payload {
  return body === undefined ? {} : { body: JSON.stringify(body), contentType: 'application/json' };
}

/** Appends parameters as a query string: arrays repeat the name, objects are JSON, undefined is left out. */
function withQuery(path: string, query: Record<string, unknown> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  const add = (name: string, value: unknown) => {
    if (value === undefined) return;
    params.append(name, value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));
  };
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) add(name, item);
    else add(name, value);
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return { success: true };
  const text = await response.text();
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function hasMessage(body: unknown, message: string): boolean {
  return typeof body === 'object' && body !== null && (body as { message?: unknown }).message === message;
}

function isTokenInvalid(body: unknown): boolean {
  return hasMessage(body, Messages.tokenInvalid) && (body as { status?: unknown }).status === 'error';
}
