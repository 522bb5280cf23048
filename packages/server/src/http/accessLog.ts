import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access-log line per answered request, at info level, written when the
 * answer has gone: method, address (secret query parameters redacted by the
 * logger's serialiser), status and time. Fastify's own controller writes
 * two ('incoming request' and 'request completed'), which cost about a
 * third of the throughput of a cheap call; failed requests keep Fastify's
 * lines. At LOG_LEVEL=warn and above nothing is written per request.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {
    // Logged once, on completion.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (error) return super.requestCompleted(error, request, reply, metadata);
    if (this.isLogDisabled(request)) return;
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
