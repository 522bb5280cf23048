import { Messages } from '@atrium/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DashboardError } from '../dashboards/DashboardError.js';
import { DomainError } from '../DomainError.js';
import { RecordError } from '../records/RecordError.js';
import { statusOfDomainError } from './domainErrors.js';
import { fail, HttpError, RateLimitedError } from './reply.js';

/**
 * Every error becomes an envelope. Client mistakes keep their (safe) message;
 * anything else is logged in full and answered with a plain 500, never a stack.
 */
export function installErrorHandler(app: FastifyInstance, fallback?: (request: FastifyRequest, reply: FastifyReply) => boolean): void {
  app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
    if (error instanceof HttpError) {
      const envelope = fail(error.message, error.code, error.errors, error.params);
      if (error instanceof RateLimitedError) {
        reply.header('retry-after', String(error.retryAfter));
        envelope.retryAfter = error.retryAfter;
      }
      return reply.code(error.statusCode).send(envelope);
    }
    // The services' refusals: their status from one table (http/domainErrors.ts).
    if (error instanceof DomainError) {
      const status = statusOfDomainError(error);
      if (status !== null) {
        const envelope = fail(error.message, error.code, undefined, error.params);
        // A refused record write names each field's problem (shared RecordProblemsEnvelope).
        if (error instanceof RecordError && error.fields) return reply.code(status).send({ ...envelope, fields: error.fields });
        // A refused dashboard names each problem at its path (shared DashboardProblem).
        if (error instanceof DashboardError && error.problems) {
          return reply.code(status).send({ ...envelope, data: { errors: error.problems.map((p) => `${p.path}: ${p.message}`) }, problems: error.problems });
        }
        return reply.code(status).send(envelope);
      }
      request.log.error({ err: error }, 'request failed: a refusal without a status');
      return reply.code(500).send(fail(Messages.internalError, 'server.error'));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(fail(Messages.payloadTooLarge, 'request.too-large'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send(fail(Messages.invalidRequest, 'request.invalid'));
    }
    if (status === 429) {
      return reply.code(429).send(fail(Messages.tooManyRequests, 'request.rate-limited'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type...) have safe messages.
      return reply.code(status).send(fail(error.message || Messages.invalidRequest, 'request.invalid'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(fail(Messages.internalError, 'server.error'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (fallback?.(request, reply)) return reply;
    return reply.code(404).send(fail(Messages.notFound, 'request.not-found'));
  });
}
