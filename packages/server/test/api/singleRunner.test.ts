/**
 * @module-tag postgres
 *
 * Jobs that one server at a time may run (docs/DEPLOYMENT.md, "Jobs that
 * run once"). On PostgreSQL two servers stand for two machines: each has
 * its own database handle and so its own lock connections. On the embedded
 * database, which one server opens, the same rules hold within the process.
 * What only a shared database has (a cut connection, migrations by two
 * servers at once) is checked on PostgreSQL only.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { JOB_APPLICATION_NAME } from '../../src/db/PgSingleRunner.js';
import type { SingleRunner } from '../../src/db/SingleRunner.js';
import { RecordingLog } from '../helpers/recordingLog.js';
import { gate, until } from '../helpers/gate.js';
import { createSharedTestDatabase, createTestDatabase, databaseKind } from '../helpers/testDatabase.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe(`jobs run by one server at a time (${databaseKind})`, () => {
  let databases: Database[] = [];
  let closeShared: (() => Promise<void>) | undefined;
  /** The shared database's name (PostgreSQL only). */
  let databaseName = '';
  let one: SingleRunner;
  let two: SingleRunner;
  let logOne: RecordingLog;
  let logTwo: RecordingLog;

  beforeAll(async () => {
    const shared = await createSharedTestDatabase(2);
    if (shared) {
      databases = shared.databases;
      databaseName = new URL(shared.url).pathname.slice(1);
      closeShared = () => shared.close();
    } else {
      databases = [await createTestDatabase()];
    }
    // On the embedded database both stand for the one server, which may start a job twice (a slow hourly run).
    one = databases[0]!.jobs;
    two = (databases[1] ?? databases[0]!).jobs;
  });
  afterAll(async () => {
    await Promise.all(databases.map((d) => d.close()));
    await closeShared?.();
  });
  const logs = () => {
    logOne = new RecordingLog();
    logTwo = new RecordingLog();
  };

  it('runs a job that two servers start at the same moment once: the other skips it and says so', async () => {
    logs();
    let runs = 0;
    const held = gate();
    const job = async () => {
      runs++;
      await held.promise;
    };
    const first = one.runAlone('count', job, { whenBusy: 'skip', log: logOne });
    const second = two.runAlone('count', job, { whenBusy: 'skip', log: logTwo });
    // The one that skipped answers while the other still runs.
    expect(await Promise.race([first, second])).toBe(false);
    held.open();
    expect([await first, await second].sort()).toEqual([false, true]);
    expect(runs).toBe(1);
    expect([...logOne.jobEvents('count'), ...logTwo.jobEvents('count')].sort()).toEqual(['job.ran', 'job.skipped']);
  });

  it('makes a server that waits run the job after the other has finished it, never beside it', async () => {
    logs();
    const held = gate();
    let active = 0;
    let most = 0;
    const order: string[] = [];
    const job = (who: string) => async () => {
      active++;
      most = Math.max(most, active);
      order.push(`${who} started`);
      if (who === 'one') await held.promise;
      order.push(`${who} finished`);
      active--;
    };
    const first = one.runAlone('wait', job('one'), { whenBusy: 'wait', log: logOne });
    await until(() => order.length > 0);
    const second = two.runAlone('wait', job('two'), { whenBusy: 'wait', log: logTwo });
    await until(() => logTwo.jobEvents('wait').includes('job.waiting'));
    expect(order).toEqual(['one started']);
    held.open();
    expect([await first, await second]).toEqual([true, true]);
    expect(order).toEqual(['one started', 'one finished', 'two started', 'two finished']);
    expect(most).toBe(1);
    expect(logOne.lines.filter((l) => l.event === 'job.ran').map((l) => l.waited)).toEqual([false]);
    expect(logTwo.lines.filter((l) => l.event === 'job.ran').map((l) => l.waited)).toEqual([true]);
  });

  it('frees the job when it throws: the error reaches its caller, and a waiting server runs it', async () => {
    logs();
    const held = gate();
    let started = false;
    const failing = one.runAlone(
      'throws',
      async () => {
        started = true;
        await held.promise;
      },
      { whenBusy: 'wait', log: logOne },
    );
    await until(() => started);
    let ranAfter = false;
    const waiting = two.runAlone('throws', async () => void (ranAfter = true), { whenBusy: 'wait', log: logTwo });
    await until(() => logTwo.jobEvents('throws').includes('job.waiting'));
    held.fail(new Error('the job broke'));
    await expect(failing).rejects.toThrow('the job broke');
    expect(await waiting).toBe(true);
    expect(ranAfter).toBe(true);
    // And nothing is left held: a server that skips when busy runs it now.
    expect(await one.runAlone('throws', async () => undefined, { whenBusy: 'skip' })).toBe(true);
  });

  it('keeps jobs of different names apart: one running does not hold up another', async () => {
    const held = gate();
    let started = false;
    const sweeping = one.runAlone(
      'sweep',
      async () => {
        started = true;
        await held.promise;
      },
      { whenBusy: 'skip' },
    );
    await until(() => started);
    expect(await two.runAlone('housekeeping', async () => undefined, { whenBusy: 'skip' })).toBe(true);
    held.open();
    expect(await sweeping).toBe(true);
  });

  it.skipIf(!onPostgres)('frees the job of a server whose connection to the database is cut while it runs', async () => {
    logs();
    const held = gate();
    let started = false;
    const running = one.runAlone(
      'cut',
      async () => {
        started = true;
        await held.promise;
      },
      { whenBusy: 'skip', log: logOne },
    );
    await until(() => started);
    expect(await two.runAlone('cut', async () => undefined, { whenBusy: 'skip' })).toBe(false);

    // What PostgreSQL does when a server dies or its network goes: the session ends, and its locks with it.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ cut: boolean }>(
        'select pg_terminate_backend(pid) as cut from pg_stat_activity where application_name = $1 and datname = $2',
        [`${JOB_APPLICATION_NAME}:cut`, databaseName],
      );
      expect(rows).toEqual([{ cut: true }]);
    } finally {
      await admin.end();
    }

    let ranElsewhere = false;
    await until(async () => (ranElsewhere = await two.runAlone('cut', async () => undefined, { whenBusy: 'skip' })));
    expect(ranElsewhere).toBe(true);
    await until(() => logOne.jobEvents('cut').includes('job.lockLost'));
    held.open();
    await running;
  });

});

describe.skipIf(!onPostgres)('two servers starting on a new PostgreSQL database', () => {
  it('apply each migration once: the second waits for the first and finds them applied', async () => {
    const shared = (await createSharedTestDatabase(2, { empty: true }))!;
    const [one, two] = shared.databases as [Database, Database];
    try {
      const logs = [new RecordingLog(), new RecordingLog()];
      await Promise.all([one.migrate(logs[0]), two.migrate(logs[1])]);
      expect(await one.migrationsApplied()).toBe(true);
      expect(await two.migrationsApplied()).toBe(true);
      const journal = JSON.parse(fs.readFileSync(fileURLToPath(new URL('../../drizzle/meta/_journal.json', import.meta.url)), 'utf8')) as { entries: unknown[] };
      const { rows } = (await one.db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`)) as unknown as { rows: Array<{ applied: number }> };
      expect(rows[0]!.applied).toBe(journal.entries.length);
      expect(logs.flatMap((log) => log.jobEvents('migrations')).filter((e) => e === 'job.ran')).toHaveLength(2);
    } finally {
      await Promise.all([one.close(), two.close()]);
      await shared.close();
    }
  });
});
