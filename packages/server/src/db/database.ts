/**
 * Opens the database: embedded PGlite in the data folder by default, or
 * PostgreSQL when a connection string is given. Both are driven through the
 * same Drizzle schema and the same migration set.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { EventBus } from '../events/EventBus.js';
import type { PgEventBusOptions } from '../events/PgEventBus.js';
import type { DatabaseTurns } from './DatabaseTurns.js';
import { LocalSingleRunner, type JobLog, type SingleRunner } from './SingleRunner.js';
import * as schema from './schema.js';

/** Drizzle database over either driver. Stores take this and never know which. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Applies every pending migration, one server at a time: a server that
   * starts while another is migrating waits and then finds them applied.
   */
  migrate(log?: JobLog): Promise<void>;
  /** Whether every migration of this version has been applied (readiness; a missing record counts as not). */
  migrationsApplied(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * The event bus of the servers on this database (docs/DEPLOYMENT.md, "The
   * event bus"): PostgreSQL's LISTEN/NOTIFY, or within this process for the
   * embedded database, which only one server opens. The server asks
   * events/openEventBus.ts, which takes Redis instead when REDIS_URL is set.
   */
  openBus(options: PgEventBusOptions): Promise<EventBus>;
  /**
   * Runs the jobs that one server at a time may run (SingleRunner.ts):
   * PostgreSQL's advisory locks, or within this process for the embedded
   * database, which only one server opens.
   */
  jobs: SingleRunner;
  /** Embedded database only: its whole data folder as a tar file. */
  dump?: () => Promise<Blob>;
  /** Embedded database only: the turns of work on its one connection (DatabaseTurns.ts). */
  turns?: DatabaseTurns;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Time of the newest migration of this version: drizzle records each one applied with its journal time. */
function newestMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

const LAST_APPLIED_MIGRATION = 'select max(created_at) as last from drizzle.__drizzle_migrations';

/** Whether the newest migration is recorded, given a way to run the query above. */
async function migrationsRecorded(query: (text: string) => Promise<{ rows: Array<{ last?: unknown }> }>): Promise<boolean> {
  try {
    const { rows } = await query(LAST_APPLIED_MIGRATION);
    return Number(rows[0]?.last ?? 0) >= newestMigration();
  } catch {
    return false;
  }
}

/**
 * PostgreSQL settings of the embedded database, added to PGlite's own. Its
 * shared buffers live in the server's own memory: PostgreSQL's default of
 * 128 MB was most of the idle server's resident memory, and 16 MB holds a
 * small installation's working set (measured in docs/PERFORMANCE.md).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * Where the data lives: `{ url }` for PostgreSQL, `{ dir }` for the embedded
 * database in a folder, `{ memory: true }` for a throwaway embedded one
 * (optionally started from a dump of another, which is much faster than a new cluster).
 */
export type DatabaseLocation = { url: string } | { dir: string } | { memory: true; from?: Blob };

/**
 * Opens the database. Only the driver in use is loaded (each costs start-up
 * time: the other one's modules, and the embedded database's WebAssembly).
 */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if ('url' in location) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }, { nameStatements }, { PgSingleRunner }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
      import('./pgStatements.js'),
      import('./PgSingleRunner.js'),
    ]);
    // PostgreSQL's JIT compiler spends about 200 ms compiling each statement that scans many rows (a list of 100,000
    // records) to save a few milliseconds in running it: every statement of the server is a short one, so it is off.
    const pool = new pg.Pool({ connectionString: location.url, max: 10, options: '-c jit=off' });
    // Each statement with parameters parsed once per connection (pgStatements.ts).
    nameStatements(pool);
    // A dropped connection must not crash the server; the next query reconnects.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const jobs = new PgSingleRunner((applicationName) => new pg.Client({ connectionString: location.url, application_name: applicationName }));
    return {
      db,
      kind: 'postgres',
      jobs,
      // Two servers starting on a new database would both create drizzle's own schema and apply the same migrations.
      migrate: async (log) => {
        await jobs.runAlone('migrations', () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder }), { whenBusy: 'wait', log });
      },
      migrationsApplied: () => migrationsRecorded((text) => pool.query(text)),
      openBus: async (options) => (await import('../events/PgEventBus.js')).PgEventBus.open(location.url, options),
      close: () => pool.end(),
    };
  }
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }, { PgliteStatements }] = await Promise.all([
    import('@electric-sql/pglite'),
    // The trigram index of file names (docs/behaviour/files.md#search).
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('./PgliteStatements.js'),
  ]);
  const client = await PGlite.create({
    ...('dir' in location ? { dataDir: location.dir } : location.from ? { loadDataDir: location.from } : {}),
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    extensions: { pg_trgm },
  });
  // The application's statements are prepared once and take turns (PgliteStatements.ts); migrations run as PGlite runs them.
  const statements = new PgliteStatements(client);
  const db = drizzlePglite({ client: statements as unknown as typeof client, schema });
  const jobs = new LocalSingleRunner();
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    turns: statements.turns,
    jobs,
    dump: () => client.dumpDataDir('none'),
    migrate: async (log) => {
      await jobs.runAlone('migrations', () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }), { whenBusy: 'wait', log });
    },
    migrationsApplied: () => migrationsRecorded((text) => client.query(text)),
    openBus: async (options) => new (await import('../events/EventBus.js')).LocalEventBus((err) => options.log.warn({ err }, 'an event bus listener failed')),
    close: () => client.close(),
  };
}
