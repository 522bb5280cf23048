/** Health, ping and the client's bootstrap configuration. */
import type { ClientConfig, PingResult } from '@atrium/shared';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/reply.js';
import type { Services } from '../services.js';

export function systemRoutes(services: Services, info: { version: string; sessionMaxAge: number; clientConfig: ClientConfig }) {
  return async (app: FastifyInstance) => {
    /** Liveness: the process answers. Asks nothing of the database, so a slow database never gets a live server restarted. */
    app.get('/healthz', async () => ({ status: 'success', data: { version: info.version } }));

    /** Readiness: send this server traffic only when it says so (database reachable, migrated, not stopping). */
    app.get('/readyz', async (_request, reply) => {
      const report = await services.readiness.check();
      const data = { version: info.version, database: report.database, migrations: report.migrations, stopping: report.stopping };
      if (report.ready) return { status: 'success', data };
      return reply.code(503).send({ status: 'error', message: 'Not ready', data });
    });

    app.get('/ping', async () => ok<PingResult>({ time: new Date().toISOString(), session_max_age: info.sessionMaxAge }));

    // Configuration: revalidated at every load, so that a changed setting is seen at once.
    app.get('/client-config', async (_request, reply) => reply.header('cache-control', 'no-cache').send(info.clientConfig));
  };
}
