/**
 * @module-tag postgres
 *
 * What servers on one PostgreSQL database do at start (docs/DEPLOYMENT.md,
 * "Jobs that run once"): two servers started at once on a new database
 * both come up, with the migrations applied once and the demo data written
 * once; a blob store every server uses is swept by one of them, while each
 * server sweeps a folder of its own. On the embedded database, which one
 * server opens, there is nothing to check beyond the one server's start
 * (test/process/server.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { DEMO_PASSWORD } from '../../src/demo/seedDemoData.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { housekeep, runStartJobs } from '../../src/serverJobs.js';
import { createStores } from '../../src/stores.js';
import type { VfsBlobStore } from '../../src/vfs/VfsBlobStore.js';
import { gate, until } from '../helpers/gate.js';
import { BUILTIN_FIXTURE_DIRS } from '../helpers/packages.js';
import { RecordingLog } from '../helpers/recordingLog.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { createSharedTestDatabase, createTestDatabase, databaseKind } from '../helpers/testDatabase.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The number of rows of a table. */
async function count(database: Database, table: string): Promise<number> {
  const { rows } = (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: Array<{ n: number }> };
  return rows[0]!.n;
}

describe.skipIf(!onPostgres)('two servers started at once on a new PostgreSQL database', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-start-'));
  let shared: Awaited<ReturnType<typeof createSharedTestDatabase>>;
  const servers: RunningServer[] = [];
  const logs: string[][] = [[], []];

  beforeAll(async () => {
    shared = await createSharedTestDatabase(1, { empty: true });
    // One signing secret, copied into each server's data folder as the deployment guide says.
    const secrets = JSON.stringify({ jwtSecret: 'a-signing-secret-shared-by-both-servers-0123456789' });
    const start = (index: number) => {
      const dataDir = path.join(root, `server${index + 1}`);
      fs.mkdirSync(dataDir);
      fs.writeFileSync(path.join(dataDir, 'secrets.json'), secrets, { mode: 0o600 });
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: shared!.url,
        HOST: '127.0.0.1',
        PORT: '0',
        PUBLIC_URL: 'http://atrium.test',
        DEMO_DATA: 'true',
        LOG_LEVEL: 'info',
        BUILTIN_PACKAGES_DIRS: BUILTIN_FIXTURE_DIRS.join(','),
      });
      const logStream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          logs[index]!.push(...chunk.toString('utf8').split('\n').filter(Boolean));
          done();
        },
      });
      return startServer(config, { logStream });
    };
    servers.push(...(await Promise.all([start(0), start(1)])));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await shared?.databases[0]?.close();
    await shared?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** The events of the jobs' log lines of one server, as `job: event`. */
  const jobLines = (index: number) =>
    logs[index]!.map((line) => JSON.parse(line) as { event?: string; job?: string })
      .filter((line) => line.job)
      .map((line) => `${line.job}: ${line.event}`);
  const events = (index: number, event: string) => logs[index]!.filter((line) => (JSON.parse(line) as { event?: string }).event === event).length;

  it('both answer, and a user signed in through one is known to the other', async () => {
    for (const server of servers) expect((await fetch(`${server.address}/readyz`)).status).toBe(200);
    const [one, two] = servers as [RunningServer, RunningServer];
    const login = await fetch(`${one.address}/api/wrapper/auth`, { method: 'POST', body: new URLSearchParams({ username: 'demo', password: DEMO_PASSWORD }) });
    expect(login.status).toBe(200);
    const { data } = (await login.json()) as { data: { jwt: string } };
    const me = await fetch(`${two.address}/api/v1/user/me`, { headers: { authorization: `Bearer ${data.jwt}` } });
    expect(me.status).toBe(200);
  });

  it('applied each migration once, and wrote the demo data once', async () => {
    const database = shared!.databases[0]!;
    expect(await database.migrationsApplied()).toBe(true);
    const journal = JSON.parse(fs.readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] };
    expect(await count(database, 'drizzle.__drizzle_migrations')).toBe(journal.entries.length);
    expect(await count(database, 'users')).toBe(4);
    expect(await count(database, 'accounts')).toBe(2);
    expect(events(0, 'demo.seeded') + events(1, 'demo.seeded')).toBe(1);
  });

  it('logged on each server which jobs it ran, and swept each server’s own folders', () => {
    for (const index of [0, 1]) {
      expect(jobLines(index)).toEqual(expect.arrayContaining(['migrations: job.ran', 'demo.seed: job.ran']));
      // The files' folder is each server's own: every server sweeps it, none waits for another.
      expect(events(index, 'vfs.swept')).toBe(1);
      expect(jobLines(index).some((line) => line.startsWith('vfs.sweep'))).toBe(false);
    }
  });
});

describe.skipIf(!onPostgres)('the start jobs of two servers on one database', () => {
  let shared: Awaited<ReturnType<typeof createSharedTestDatabase>>;
  let apps: TestApp[] = [];
  const timers: NodeJS.Timeout[] = [];

  beforeAll(async () => {
    shared = await createSharedTestDatabase(2);
    apps = await Promise.all(shared!.databases.map((database) => createTestApp({ database })));
  });
  afterAll(async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(apps.map((app) => app.close()));
    await shared?.close();
  });

  /** A server's files' store, shared by every server or not, whose listing of keys says it started and waits for `listing`. */
  function storeView(store: VfsBlobStore, shared: boolean, listing: Promise<void>, listed: () => void): VfsBlobStore {
    return {
      shared,
      write: (source, options) => store.write(source, options),
      read: (key, range) => store.read(key, range),
      delete: (key) => store.delete(key),
      removeTemporaries: (olderThan, log) => store.removeTemporaries(olderThan, log),
      async *keys() {
        listed();
        await listing;
        yield* store.keys();
      },
    };
  }

  const start = async (app: TestApp, vfsBlobs: VfsBlobStore, log: RecordingLog) => {
    const config = { ...app.config, demoData: false };
    timers.push(await runStartJobs({ database: app.database, stores: { ...app.services.stores, vfsBlobs }, config, hasher: app.hasher, log }));
  };

  it('sweeps a store every server uses on one server: the other skips it while that one runs', async () => {
    const held = gate();
    let listing = 0;
    const logs = [new RecordingLog(), new RecordingLog()];
    const [one, two] = apps as [TestApp, TestApp];
    const first = start(one, storeView(one.services.stores.vfsBlobs, true, held.promise, () => listing++), logs[0]!);
    await until(() => listing === 1);
    await start(two, storeView(two.services.stores.vfsBlobs, true, held.promise, () => listing++), logs[1]!);
    expect(logs[1]!.jobEvents('vfs.sweep')).toEqual(['job.skipped']);
    held.open();
    await first;
    expect(logs[0]!.jobEvents('vfs.sweep')).toEqual(['job.ran']);
    expect(logs[0]!.events('vfs.swept')).toHaveLength(1);
    expect(logs[1]!.events('vfs.swept')).toHaveLength(0);
    expect(listing).toBe(1);
  });

  it('sweeps a store every server uses again once a day, a folder of its own only at start', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const open = Promise.resolve();
      const [shared, own] = [new RecordingLog(), new RecordingLog()];
      const [one, two] = apps as [TestApp, TestApp];
      await start(one, storeView(one.services.stores.vfsBlobs, true, open, () => undefined), shared);
      await start(two, storeView(two.services.stores.vfsBlobs, false, open, () => undefined), own);
      vi.advanceTimersByTime(23 * 3600 * 1000);
      await until(() => shared.jobEvents('housekeeping').length === 23 && own.jobEvents('housekeeping').length === 23);
      expect([shared.events('vfs.swept'), own.events('vfs.swept')].map((events) => events.length)).toEqual([1, 1]);
      vi.advanceTimersByTime(3600 * 1000);
      await until(() => shared.events('vfs.swept').length === 2);
      await until(() => own.jobEvents('housekeeping').length === 24);
      expect(own.events('vfs.swept')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sweeps a folder of each server’s own on every server, even at the same moment', async () => {
    const held = gate();
    let listing = 0;
    const logs = [new RecordingLog(), new RecordingLog()];
    const own = (app: TestApp) => storeView(app.services.stores.vfsBlobs, false, held.promise, () => listing++);
    const both = Promise.all(apps.map((app, index) => start(app, own(app), logs[index]!)));
    await until(() => listing === 2);
    held.open();
    await both;
    for (const log of logs) {
      expect(log.events('vfs.swept')).toHaveLength(1);
      expect(log.jobEvents('vfs.sweep')).toEqual([]);
    }
  });
});

describe(`the hourly housekeeping (${databaseKind})`, () => {
  let databases: Database[] = [];
  let closeShared: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const shared = await createSharedTestDatabase(2);
    if (shared) {
      databases = shared.databases;
      closeShared = () => shared.close();
    } else {
      databases = [await createTestDatabase()];
    }
  });
  afterAll(async () => {
    await Promise.all(databases.map((d) => d.close()));
    await closeShared?.();
  });

  it('deletes sign-in attempts over a day old, on one server while the other is not already doing it', async () => {
    const [one, two] = [databases[0]!, databases[1] ?? databases[0]!];
    const stores = createStores(one.db, os.tmpdir());
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600 * 1000);
    await stores.loginAttempts.record({ username: 'kept', ip: '10.0.0.1', success: false, at: hoursAgo(2) });
    await stores.loginAttempts.record({ username: 'old', ip: '10.0.0.1', success: false, at: hoursAgo(25) });
    const failures = (username: string) => stores.loginAttempts.countFailures({ username }, hoursAgo(48));

    // Another server is running it: this one skips its round and deletes nothing.
    const held = gate();
    let started = false;
    const elsewhere = two.jobs.runAlone(
      'housekeeping',
      async () => {
        started = true;
        await held.promise;
      },
      { whenBusy: 'skip' },
    );
    await until(() => started);
    const log = new RecordingLog();
    expect(await housekeep({ database: one, stores, log }, now)).toBe(false);
    expect(log.jobEvents('housekeeping')).toEqual(['job.skipped']);
    expect(await failures('old')).toBe(1);
    held.open();
    await elsewhere;

    expect(await housekeep({ database: one, stores, log }, now)).toBe(true);
    expect(await failures('old')).toBe(0);
    expect(await failures('kept')).toBe(1);
  });
});
