/**
 * Starting and stopping a server on a data folder: lock, secrets, database,
 * migrations, demo data, listening, and a graceful close.
 */
import path from 'node:path';
import { buildApp, type AppOptions, type AtriumApp } from './app.js';
import { PasswordHasher } from './auth/PasswordHasher.js';
import type { Config } from './config.js';
import { acquireDataLock } from './dataLock.js';
import { openDatabase } from './db/database.js';
import { loadOrCreateSecrets } from './secrets.js';
import { startEscalations } from './workflows/escalation.js';
import { runStartJobs, startDigestJob } from './serverJobs.js';

export interface RunningServer extends AtriumApp {
  /** The address the server listens at, e.g. http://127.0.0.1:8080. */
  address: string;
  /** Stops accepting requests, finishes those under way, then closes the database and frees the folder. */
  close(): Promise<void>;
}

export async function startServer(config: Config, options: Pick<AppOptions, 'logStream' | 'rateLimits' | 'mailer' | 'socketLimits'> = {}): Promise<RunningServer> {
  const lock = await acquireDataLock(config.dataDir);
  try {
    const secrets = loadOrCreateSecrets(config.dataDir);
    const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dir: path.join(config.dataDir, 'pgdata') });
    try {
      const hasher = new PasswordHasher();
      // Built before the migrations, which it does not query, so that they are logged like every job.
      const built = await buildApp({ ...options, config, database, secrets, hasher });
      const { app, services } = built;
      let housekeeping: NodeJS.Timeout | undefined;
      let escalation: NodeJS.Timeout | undefined;
      let digests: NodeJS.Timeout | undefined;
      try {
        housekeeping = await runStartJobs({ database, stores: services.stores, config, hasher, log: app.log, judgeAlerts: () => services.kpiAlerts.evaluateEverywhere() });
        // Overdue tasks reach the assignees' managers, every minute (docs/behaviour/workflows.md#escalation).
        escalation = startEscalations(database.jobs, services.escalations, app.log);
        await app.listen({ host: config.host, port: config.port });
        digests = startDigestJob({ database, log: app.log, sendDigests: () => services.digests.run(), intervalSeconds: config.digestInterval });
      } catch (e) {
        clearInterval(housekeeping);
        clearInterval(escalation);
        await app.close().catch(() => undefined);
        throw e;
      }
      const bound = app.server.address();
      const port = typeof bound === 'object' && bound ? bound.port : config.port;
      const host = config.host.includes(':') ? `[${config.host}]` : config.host;
      let closing: Promise<void> | undefined;
      return {
        ...built,
        address: `http://${host}:${port}`,
        close() {
          closing ??= (async () => {
            // First of all: readiness turns to 503, so that a load balancer stops sending traffic.
            services.readiness.beginShutdown();
            clearInterval(housekeeping);
            clearInterval(escalation);
            clearInterval(digests);
            await app.close();
            await services.recovery.drain();
            await database.close();
            lock.release();
          })();
          return closing;
        },
      };
    } catch (e) {
      await database.close().catch(() => undefined);
      throw e;
    }
  } catch (e) {
    lock.release();
    throw e;
  }
}

