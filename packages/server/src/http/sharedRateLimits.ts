/**
 * Rate limits counted in the database (docs/DEPLOYMENT.md, "What the
 * database shares by itself"): on PostgreSQL every server counts a route's
 * requests from one address against one budget, so that N servers do not
 * give a client N times it. One statement per limited request: insert the
 * address's count for the route, or add one to it, starting a new window
 * when the last one has passed. On the embedded database, which one server
 * opens, the plugin's own store in memory does the same.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';

/** Counts kept this long after their window began are deleted (the longest window is a minute). */
const KEEP_MS = 24 * 3600_000;

/** One more request of `key` within a window of `windowMs`: the count in this window and the milliseconds left of it. */
export async function countRequest(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const seconds = windowMs / 1000;
  const result = await db.execute(sql`
    insert into rate_limit_hits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limit_hits.window_start <= now() - make_interval(secs => ${seconds}) then 1 else rate_limit_hits.count + 1 end,
      window_start = case when rate_limit_hits.window_start <= now() - make_interval(secs => ${seconds}) then now() else rate_limit_hits.window_start end
    returning count, greatest(0, ceil(extract(epoch from (window_start + make_interval(secs => ${seconds}) - now())) * 1000))::int as ttl`);
  const row = (result as unknown as { rows: Array<{ count: number | string; ttl: number | string }> }).rows[0]!;
  return { current: Number(row.count), ttl: Number(row.ttl) };
}

/** Deletes the counts whose window is long over; the server runs it now and then. */
export async function forgetOldRequests(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limit_hits where window_start < now() - make_interval(secs => ${KEEP_MS / 1000})`);
}

/** The rate-limit plugin's store over the database: each route's counts apart, keyed by its method and path. */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly route = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      countRequest(db, `${this.route}|${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: { method: string | string[]; path: string; prefix: string }): FastifyRateLimitStore {
      return new DatabaseStore(undefined, `${[routeOptions.method].flat().join(',')} ${routeOptions.path}`);
    }
  }
  return DatabaseStore;
}
