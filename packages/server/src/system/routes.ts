/** Health, ping and the client's bootstrap configuration. */
import type { ClientConfig, PingResult } from '@atrium/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientOptions, type ExternalAuthConfig } from '../auth/external/externalConfig.js';
import { ok } from '../http/reply.js';
import type { Readiness } from './Readiness.js';

/** This site's origin as a request reached it (scheme and host, behind a trusted proxy its forwarded ones), else the public address. */
function requestOrigin(request: FastifyRequest, publicUrl: string): string {
  try {
    const origin = new URL(`${request.protocol}://${request.host}`).origin;
    return origin === 'null' ? publicUrl : origin;
  } catch {
    return publicUrl;
  }
}

export function systemRoutes(
  { readiness }: { readiness: Readiness },
  info: { version: string; sessionMaxAge: number; clientConfig: ClientConfig; external: ExternalAuthConfig | null; publicUrl: string },
) {
  const { external } = info;
  return async (app: FastifyInstance) => {
    /** Liveness: the process answers. Asks nothing of the database, so a slow database never gets a live server restarted. */
    app.get('/healthz', async () => ({ status: 'success', data: { version: info.version } }));

    /** Readiness: send this server traffic only when it says so (database reachable, migrated, not stopping). */
    app.get('/readyz', async (_request, reply) => {
      const report = await readiness.check();
      const data = { version: info.version, database: report.database, migrations: report.migrations, stopping: report.stopping };
      if (report.ready) return { status: 'success', data };
      return reply.code(503).send({ status: 'error', message: 'Not ready', data });
    });

    app.get('/ping', async () => ok<PingResult>({ time: new Date().toISOString(), session_max_age: info.sessionMaxAge }));

    // Configuration: revalidated at every load, so that a changed setting is seen at once.
    // The identity provider's options name this site's address unless the operator set them (docs/behaviour/external-sign-in.md#options).
    app.get('/client-config', async (request, reply) => {
      const config = external ? { ...info.clientConfig, external: clientOptions(external, requestOrigin(request, info.publicUrl)) } : info.clientConfig;
      return reply.header('cache-control', 'no-cache').send(config);
    });
  };
}
