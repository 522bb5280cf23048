/**
 * The jobs of a server besides answering requests: at start (migrations,
 * sweeps of the blob stores, statistics, demo data, indexing) and every
 * hour (housekeeping; once a day the sweep of a shared store). Where the servers on one database share what a job
 * works on, one server at a time runs it (db/SingleRunner.ts,
 * docs/DEPLOYMENT.md "Jobs that run once").
 */
import path from 'node:path';
import type { PasswordHasher } from './auth/PasswordHasher.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { seedDemoData } from './demo/seedDemoData.js';
import { forgetOldRequests } from './http/sharedRateLimits.js';
import type { Log } from './logger.js';
import { prepareResourceBlobs } from './resources/resourceBlobs.js';
import type { Stores } from './stores.js';
import { indexUnindexedContents } from './vfs/contentText.js';
import { sweepVfsBlobs } from './vfs/sweep.js';
import type { VfsBlobStore } from './vfs/VfsBlobStore.js';

/** Housekeeping interval: old sign-in attempts, ended sessions and old rate-limit counts are deleted. */
const HOUSEKEEPING_INTERVAL = 60 * 60 * 1000;
/** Rounds of housekeeping between two sweeps of a shared store: a day. */
const SHARED_SWEEP_ROUNDS = 24;
/** What housekeeping keeps: what is older than a day goes. */
const HOUSEKEEPING_KEEP_MS = 24 * 3600 * 1000;

export interface StartJobsOptions {
  database: Database;
  stores: Stores;
  config: Pick<Config, 'dataDir' | 'demoData' | 'apiPrefix'>;
  hasher: PasswordHasher;
  log: Log;
  /** Judges every KPI alert once (after the demo data is written: its alerts start from what its records say). */
  judgeAlerts?: () => Promise<unknown>;
}

/**
 * What a server does at start besides listening, each job by one server at
 * a time where the servers share what it works on (docs/DEPLOYMENT.md, "Jobs
 * that run once"): migrations and the demo data wait for another server
 * running them and then find them done; sweeps and housekeeping are skipped
 * while another server runs them. Returns the hourly housekeeping's timer.
 */
export async function runStartJobs({ database, stores, config, hasher, log, judgeAlerts }: StartJobsOptions): Promise<NodeJS.Timeout> {
  const { jobs } = database;
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
  if (config.demoData) {
    let seeded = false;
    await jobs.runAlone('demo.seed', async () => (seeded = await seedDemoData(stores, hasher, log, { apiPrefix: config.apiPrefix })), { whenBusy: 'wait', log });
    // A demo KPI already red gives its task at once (docs/behaviour/dashboards.md#kpi-alerts), not at the first change of its records.
    if (seeded && judgeAlerts) void judgeAlerts().catch((err: unknown) => log.warn({ err }, 'the demo KPI alerts were not judged'));
  }
  // Text files written before their contents were indexed become searchable by their words, in the background (docs/behaviour/search.md#files).
  void overStore(stores.vfsBlobs, 'vfs.indexContents', () => indexUnindexedContents(stores.vfs, stores.vfsBlobs, log)).catch((err: unknown) =>
    log.warn({ err }, 'file contents not indexed'),
  );

  let round = 0;
  const housekeeping = setInterval(() => {
    void housekeep({ database, stores, log }).catch((err: unknown) => log.warn({ err }, 'housekeeping failed'));
    // A bucket every server shares is swept again once a day, by one server: servers may run for weeks between starts, and
    // what a killed one left there is past the sweep's grace by then. A folder of this server's own is swept at its start.
    if (stores.vfsBlobs.shared && ++round % SHARED_SWEEP_ROUNDS === 0) {
      void overStore(stores.vfsBlobs, 'vfs.sweep', () => sweepVfsBlobs(stores.vfs, stores.vfsBlobs, log)).catch((err: unknown) => log.warn({ err }, 'file store not swept'));
    }
  }, HOUSEKEEPING_INTERVAL);
  housekeeping.unref();
  return housekeeping;
}

/**
 * One round of housekeeping, skipped while another server runs it (it
 * deletes for every server). Resolves whether this server ran it.
 */
export function housekeep({ database, stores, log }: Pick<StartJobsOptions, 'database' | 'stores' | 'log'>, now = new Date()): Promise<boolean> {
  const cutoff = new Date(now.getTime() - HOUSEKEEPING_KEEP_MS);
  const purge = () => Promise.all([stores.loginAttempts.purge(cutoff), stores.sessions.purge(cutoff), forgetOldRequests(database.db)]);
  return database.jobs.runAlone('housekeeping', purge, { whenBusy: 'skip', log });
}

/**
 * The daily digests (docs/behaviour/workflows.md#digests): a round at
 * start and every `intervalSeconds` (DIGEST_INTERVAL, 5 minutes by
 * default), by one server at a time (a round that finds another under way
 * is skipped). Returns the round's timer.
 */
export function startDigestJob({
  database,
  log,
  sendDigests,
  intervalSeconds,
}: Pick<StartJobsOptions, 'database' | 'log'> & { sendDigests: () => Promise<unknown>; intervalSeconds: number }): NodeJS.Timeout {
  const round = () => void database.jobs.runAlone('digests', sendDigests, { whenBusy: 'skip', log }).catch((err: unknown) => log.warn({ err }, 'digests not sent'));
  round();
  const timer = setInterval(round, intervalSeconds * 1000);
  timer.unref();
  return timer;
}
