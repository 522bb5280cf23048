/**
 * Every JSON answer of the API is an envelope with a status, in the shape the
 * client reads (docs/API.md): `status` is 'success' or 'error', `message` a
 * text of docs/behaviour/errors.md where one applies, `data` the payload.
 */
export interface SuccessEnvelope<T = undefined> {
  status: 'success';
  message?: string;
  data: T;
}

export interface ErrorEnvelope {
  status: 'error';
  /** Human-readable English text (the specification's wording where it has one). */
  message: string;
  /** Stable machine-readable code; doubles as the i18n key of the message. */
  code?: string;
  /** Values of the placeholders of the text that `code` names (filesystem failures: docs/behaviour/errors.md#files). */
  params?: Record<string, string>;
  data?: { errors: string[] };
  /** A call refused as one too many (429): seconds after which it may be tried again, as its Retry-After header says. */
  retryAfter?: number;
}

export type Envelope<T = undefined> = SuccessEnvelope<T> | ErrorEnvelope;
