import { Messages } from '@atrium/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../access/Caller.js';
import type { Callers } from '../access/Callers.js';
import type { AuthContext, AuthService } from '../auth/AuthService.js';
import { sendFail } from './reply.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate hook on routes that require a signed-in user: the session check's answer. */
    auth?: AuthContext;
    /** Set by the authenticate hook: who calls, in which organisation, with which roles (docs/ARCHITECTURE.md, "The caller"). */
    caller?: Caller;
  }
}

/** The preHandler of routes of signed-in users (built once, in services.ts). */
export type Authenticate = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;

/**
 * A preHandler that admits signed-in users only and sets `request.auth`
 * and `request.caller`. Its refusals are the ones the client's retry rules
 * expect: 'Token Invalid' (400) makes it refresh and retry, 'Session
 * Expired' (401) makes it log out.
 */
export function authenticate(service: AuthService, callers: Callers): Authenticate {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await service.authenticate(request.headers.authorization);
    if (result.ok) {
      request.auth = result.auth;
      request.caller = await callers.of(result.auth.user, result.auth.claims.sid);
      return undefined;
    }
    if (result.reason === 'missing') return sendFail(reply, 401, Messages.notAuthenticated, 'auth.missing');
    if (result.reason === 'token') return sendFail(reply, 400, Messages.tokenInvalid, 'auth.token-invalid');
    return sendFail(reply, 401, Messages.sessionExpired, 'auth.session-expired');
  };
}

/** The session check's answer of a route behind `authenticate` (the user's record, the token's claims). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('route is missing the authenticate hook');
  return request.auth;
}

/** The caller of a route behind `authenticate`. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('route is missing the authenticate hook');
  return request.caller;
}
