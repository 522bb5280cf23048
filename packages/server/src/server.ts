/**
 * Starting and stopping a server on a data folder: lock, secrets, database,
 * migrations, demo data, listening, and a graceful close.
 */
import path from 'node:path';
import { buildApp, type AppOptions, type AtriumApp } from './app.js';
import { PasswordHasher } from './auth/PasswordHasher.js';
import type { Config } from './config.js';
import { acquireDataLock } from './dataLock.js';
import { openDatabase, type Database } from './db/database.js';
import { seedDemoData } from './demo/seedDemoData.js';
import { forgetOldRequests } from './http/sharedRateLimits.js';
import type { Log } from './logger.js';
import { loadOrCreateSecrets } from './secrets.js';
import type { Services } from './services.js';
import { prepareResourceBlobs } from './resources/resourceBlobs.js';
import { indexUnindexedContents } from './vfs/contentText.js';
import { sweepVfsBlobs } from './vfs/sweep.js';
import type { VfsBlobStore } from './vfs/VfsBlobStore.js';

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
      const hasher = new PasswordHasher();
      // Built before the migrations, which it does not query, so that they are logged like every job.
      const built = await buildApp({ ...options, config, database, secrets, hasher });
      const { app, services } = built;
      let housekeeping: NodeJS.Timeout | undefined;
      try {
        housekeeping = await runStartJobs(database, services, config, hasher, app.log);
        await app.listen({ host: config.host, port: config.port });
      } catch (e) {
        clearInterval(housekeeping);
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

/**
 * What a server does at start besides listening, each job by one server at
 * a time where the servers share what it works on (docs/DEPLOYMENT.md, "Jobs
 * that run once"): migrations and the demo data wait for another server
 * running them and then find them done; sweeps and housekeeping are skipped
 * while another server runs them. Returns the hourly housekeeping's timer.
 */
async function runStartJobs(database: Database, services: Services, config: Config, hasher: PasswordHasher, log: Log): Promise<NodeJS.Timeout> {
  const { jobs } = database;
  const { stores } = services;
  // Work over a whole blob store: one server at a time when every server uses it, each server its own folder otherwise.
  const overStore = (store: VfsBlobStore, name: string, job: () => Promise<unknown>): Promise<unknown> =>
    store.shared ? jobs.runAlone(name, job, { whenBusy: 'skip', log }) : job();

  await database.migrate(log);
  // Before any write: what a killed process left half-written goes (docs/behaviour/files.md#storage).
  await overStore(stores.vfsBlobs, 'vfs.sweep', () => sweepVfsBlobs(stores.vfs, stores.vfsBlobs, log));
  await overStore(stores.blobs, 'resources.prepare', () => prepareResourceBlobs(path.join(config.dataDir, 'resources'), stores.blobs, log));
  // Up-to-date statistics for the files' indexes (PGlite has no autovacuum), without holding up the start.
  void jobs.runAlone('vfs.analyze', () => stores.vfs.analyze(), { whenBusy: 'skip', log }).catch((err: unknown) => log.warn({ err }, 'file statistics not renewed'));
  // Two first starts on one database: the second waits, then finds the users and writes nothing.
  if (config.demoData) await jobs.runAlone('demo.seed', () => seedDemoData(stores, hasher, log, { apiPrefix: config.apiPrefix }), { whenBusy: 'wait', log });
  // Text files written before their contents were indexed become searchable by their words, in the background (docs/behaviour/search.md#files).
  void overStore(stores.vfsBlobs, 'vfs.indexContents', () => indexUnindexedContents(stores.vfs, stores.vfsBlobs, log)).catch((err: unknown) =>
    log.warn({ err }, 'file contents not indexed'),
  );

  const housekeeping = setInterval(() => {
    const cutoff = new Date(Date.now() - 24 * 3600 * 1000);
    const purge = () => Promise.all([stores.loginAttempts.purge(cutoff), stores.sessions.purge(cutoff), forgetOldRequests(database.db)]);
    void jobs.runAlone('housekeeping', purge, { whenBusy: 'skip', log }).catch((err: unknown) => log.warn({ err }, 'housekeeping failed'));
  }, HOUSEKEEPING_INTERVAL);
  housekeeping.unref();
  return housekeeping;
}
