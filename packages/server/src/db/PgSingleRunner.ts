/**
 * Jobs that one server at a time may run, over PostgreSQL's session-level
 * advisory locks (docs/DEPLOYMENT.md, "Jobs that run once").
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { jobEvents, type RunAloneOptions, type SingleRunner } from './SingleRunner.js';

/** The name of the jobs' lock connections in pg_stat_activity (with the job's name after a colon). */
export const JOB_APPLICATION_NAME = 'atrium-job';

/**
 * The advisory lock of a job: 64 bits of the SHA-256 of its name, as
 * PostgreSQL's bigint (in text, which pg passes unchanged). Every server
 * derives the same key from the same name; the prefix keeps Atrium's keys
 * apart from another application's on the same database.
 */
export function jobLockKey(name: string): string {
  return crypto.createHash('sha256').update(`atrium.job:${name}`).digest().readBigInt64BE(0).toString();
}

/**
 * Each run takes a connection of its own and the job's lock on it
 * (`pg_try_advisory_lock`; with `wait`, then `pg_advisory_lock`), runs the
 * job while holding it, then unlocks and closes the connection. The lock
 * belongs to that connection's session: when the job throws it is
 * unlocked like any other end, and when the server dies or its connection
 * is cut PostgreSQL drops the lock with the session, so another server can
 * take the job at once. A waiting run holds only its own connection, never
 * one of the pool's.
 */
export class PgSingleRunner implements SingleRunner {
  constructor(private readonly connect: (applicationName: string) => pg.Client) {}

  async runAlone(name: string, job: () => Promise<unknown>, { whenBusy, log }: RunAloneOptions): Promise<boolean> {
    const client = this.connect(`${JOB_APPLICATION_NAME}:${name}`.slice(0, 63));
    let running = false;
    // A connection cut while the job runs must not crash the server; the lock went with it, which is worth a line.
    client.on('error', (err) => {
      if (running) log?.warn({ err, event: 'job.lockLost', job: name }, `${name}: the connection holding its lock was lost; another server may run it now`);
    });
    try {
      await client.connect();
      const key = jobLockKey(name);
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1::bigint) as locked', [key]);
      const waited = !rows[0]?.locked;
      if (waited) {
        if (whenBusy === 'skip') {
          jobEvents.skipped(log, name);
          return false;
        }
        jobEvents.waiting(log, name);
        await client.query('select pg_advisory_lock($1::bigint)', [key]);
      }
      const started = Date.now();
      running = true;
      try {
        await job();
      } finally {
        running = false;
        // Unlocked at once rather than when the session has ended; a dead connection has dropped it already.
        await client.query('select pg_advisory_unlock($1::bigint)', [key]).catch(() => undefined);
      }
      jobEvents.ran(log, name, Date.now() - started, waited);
      return true;
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
