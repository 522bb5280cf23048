/**
 * How a route joins the limits on costly calls (CostlyCalls.ts;
 * docs/ARCHITECTURE.md, "Costly calls"): with the route option
 * `config: { costly: true }` its whole handler runs as a costly call of the
 * signed-in caller; a handler that knows only part-way whether its work is
 * costly (a listing that turns out large) runs that part through `costly`.
 * Its statements on the embedded database run as costly work
 * (db/DatabaseTurns.ts). A refused call is answered 429 *Too many requests, please try again
 * later* with `Retry-After` and `retryAfter` in the envelope.
 */
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { runAsCostly } from '../db/DatabaseTurns.js';
import { TooManyCalls, type CostlyCalls } from './CostlyCalls.js';
import { RateLimitedError } from './reply.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's handler runs as a costly call of its caller (http/costlyRoutes.ts); the route must authenticate first. */
    costly?: boolean;
  }
}

/** Wraps the handler of every route registered from now on with `config: { costly: true }`. */
export function installCostlyCalls(app: FastifyInstance, calls: CostlyCalls): void {
  app.addHook('onRoute', (route) => {
    if (route.config?.costly !== true) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function costlyHandler(this: FastifyInstance, request, reply) {
      return costly(calls, request, () => Promise.resolve(handler.call(this, request, reply)));
    } as RouteHandlerMethod;
  });
}

/**
 * Runs `work` as a costly call of the request's signed-in user: at once,
 * after waiting for a turn, or not at all (a RateLimitedError, answered 429).
 */
export async function costly<T>(calls: CostlyCalls, request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  const userId = request.auth?.user.id;
  if (!userId) throw new Error('a costly call must be authenticated first');
  let leave: () => void;
  try {
    leave = await calls.enter(userId);
  } catch (e) {
    if (!(e instanceof TooManyCalls)) throw e;
    request.log.info({ event: 'costly.refused', reason: e.reason, userId, retryAfter: e.retryAfter }, 'costly call refused');
    throw new RateLimitedError(e.retryAfter);
  }
  try {
    // Its statements yield their turns on the embedded database to ordinary calls (db/DatabaseTurns.ts).
    return await runAsCostly(work);
  } finally {
    leave();
  }
}
