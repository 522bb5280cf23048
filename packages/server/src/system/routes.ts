/** Health, ping and the client's bootstrap configuration. */
import type { ClientConfig, PingResult } from '@atrium/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { ok } from '../http/reply.js';
import type { Services } from '../services.js';

export function systemRoutes(services: Services, info: { version: string; sessionMaxAge: number; clientConfig: ClientConfig }) {
  return async (app: FastifyInstance) => {
    /** Liveness and database reachability, for load balancers and operators. */
    app.get('/healthz', async (_request, reply) => {
      try {
        await services.db.execute(sql`select 1`);
        return { status: 'success', data: { version: info.version, database: 'ok' } };
      } catch {
        return reply.code(503).send({ status: 'error', message: 'Database unavailable', data: { version: info.version, database: 'unavailable' } });
      }
    });

    app.get('/ping', async () => ok<PingResult>({ time: new Date().toISOString(), session_max_age: info.sessionMaxAge }));

    // Configuration: revalidated at every load, so that a changed setting is seen at once.
    app.get('/client-config', async (_request, reply) => reply.header('cache-control', 'no-cache').send(info.clientConfig));
  };
}
