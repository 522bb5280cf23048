import { Messages } from '@atrium/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext, AuthService } from '../auth/AuthService.js';
import { sendFail } from './reply.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate hook on routes that require a signed-in user. */
    auth?: AuthContext;
  }
}

/**
 * A preHandler that admits signed-in users only. Its refusals are the ones
 * the client's retry rules expect: 'Token Invalid' (400) makes it refresh
 * and retry, 'Session Expired' (401) makes it log out.
 */
export function authenticate(service: AuthService) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await service.authenticate(request.headers.authorization);
    if (result.ok) {
      request.auth = result.auth;
      return;
    }
    if (result.reason === 'missing') return sendFail(reply, 401, Messages.notAuthenticated, 'auth.missing');
    if (result.reason === 'token') return sendFail(reply, 400, Messages.tokenInvalid, 'auth.token-invalid');
    return sendFail(reply, 401, Messages.sessionExpired, 'auth.session-expired');
  };
}

/** The caller of a route behind `authenticate`. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('route is missing the authenticate hook');
  return request.auth;
}
