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
import { seedDemoData } from './demo/seedDemoData.js';
import { forgetOldRequests } from './http/sharedRateLimits.js';
import { loadOrCreateSecrets } from './secrets.js';
import { prepareResourceBlobs } from './resources/resourceBlobs.js';
import { indexUnindexedContents } from './vfs/contentText.js';
import { sweepVfsBlobs } from './vfs/sweep.js';

export interface RunningServer extends AtriumApp {
  /** The address the server listens at, e.g. http://127.0.0.1:8080. */
  address: string;
  /** Stops accepting requests, finishes those under way, then closes the database and frees the folder. */
  close(): Promise<void>;
}

/** Housekeeping interval: old sign-in attempts and ended sessions are deleted. */
const HOUSEKEEPING_INTERVAL = 60 * 60 * 1000;

export async function startServer(config: Config, options: Pick<AppOptions, 'logStream' | 'rateLimits' | 'mailer' | 'socketLimits'> = {}): Promise<RunningServer> {
  const lock = await acquireDataLock(config.dataDir);
  try {
    const secrets = loadOrCreateSecrets(config.dataDir);
    const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dir: path.join(config.dataDir, 'pgdata') });
    try {
      await database.migrate();
      const hasher = new PasswordHasher();
      const built = await buildApp({ ...options, config, database, secrets, hasher });
      const { app, services } = built;
      // Before any write: what a killed process left half-written goes (docs/behaviour/files.md#storage).
      await sweepVfsBlobs(services.stores.vfs, services.stores.vfsBlobs, app.log);
      await prepareResourceBlobs(path.join(config.dataDir, 'resources'), services.stores.blobs, app.log);
      // Up-to-date statistics for the files' indexes (PGlite has no autovacuum), without holding up the start.
      void services.stores.vfs.analyze().catch((err: unknown) => app.log.warn({ err }, 'file statistics not renewed'));
      if (config.demoData) await seedDemoData(services.stores, hasher, app.log, { apiPrefix: config.apiPrefix });
      // Text files written before their contents were indexed become searchable by their words, in the background (docs/behaviour/search.md#files).
      void indexUnindexedContents(services.stores.vfs, services.stores.vfsBlobs, app.log).catch((err: unknown) => app.log.warn({ err }, 'file contents not indexed'));

      const housekeeping = setInterval(() => {
        const cutoff = new Date(Date.now() - 24 * 3600 * 1000);
        void Promise.all([services.stores.loginAttempts.purge(cutoff), services.stores.sessions.purge(cutoff), forgetOldRequests(database.db)]).catch((err: unknown) =>
          app.log.warn({ err }, 'housekeeping failed'),
        );
      }, HOUSEKEEPING_INTERVAL);
      housekeeping.unref();

      await app.listen({ host: config.host, port: config.port });
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
