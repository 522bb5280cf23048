import { Messages, type ErrorEnvelope, type SuccessEnvelope } from '@atrium/shared';
import type { FastifyReply } from 'fastify';
import * as z from 'zod/mini';

// The shared schemas are built with zod/mini, which carries no message texts: the
// server answers in plain English ("Too big: expected string to have <=254 characters").
z.config(z.locales.en());

/** An error whose message is safe to show; thrown by routes and turned into an envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly errors?: string[],
    /** Values of the message's placeholders, answered beside it (the client translates `code` with them). */
    readonly params?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A call refused for being one too many (429): answered with its
 * `Retry-After` header and `retryAfter` in the envelope, in seconds.
 */
export class RateLimitedError extends HttpError {
  constructor(readonly retryAfter: number) {
    super(429, Messages.tooManyRequests, 'request.rate-limited');
    this.name = 'RateLimitedError';
  }
}

/** The success envelope. */
export function ok<T>(data: T, message?: string): SuccessEnvelope<T> {
  return message === undefined ? { status: 'success', data } : { status: 'success', message, data };
}

/** The error envelope. */
export function fail(message: string, code?: string, errors?: string[], params?: Record<string, string>): ErrorEnvelope {
  const envelope: ErrorEnvelope = { status: 'error', message };
  if (code) envelope.code = code;
  if (params) envelope.params = params;
  if (errors) envelope.data = { errors };
  return envelope;
}

/** Sends an error envelope with a status code. */
export function sendFail(reply: FastifyReply, statusCode: number, message: string, code?: string): FastifyReply {
  return reply.code(statusCode).send(fail(message, code));
}

/**
 * Parses request input with a shared schema. A mismatch becomes a 400 whose
 * message names every offending field, e.g. "Invalid request: jwt: Required".
 */
export function parse<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  throw new HttpError(400, `Invalid request: ${errors.join('; ')}`, 'request.invalid', errors);
}
