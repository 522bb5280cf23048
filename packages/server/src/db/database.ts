/**
 * Opens the database: embedded PGlite in the data folder by default, or
 * PostgreSQL when a connection string is given. Both are driven through the
 * same Drizzle schema and the same migration set.
 */
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

/** Drizzle database over either driver. Stores take this and never know which. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies every pending migration. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Embedded database only: its whole data folder as a tar file. */
  dump?: () => Promise<Blob>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Where the data lives: `{ url }` for PostgreSQL, `{ dir }` for the embedded
 * database in a folder, `{ memory: true }` for a throwaway embedded one
 * (optionally started from a dump of another, which is much faster than a new cluster).
 */
export type DatabaseLocation = { url: string } | { dir: string } | { memory: true; from?: Blob };

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if ('url' in location) {
    const pool = new pg.Pool({ connectionString: location.url, max: 10 });
    // A dropped connection must not crash the server; the next query reconnects.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const client = 'dir' in location ? await PGlite.create(location.dir) : await PGlite.create(location.from ? { loadDataDir: location.from } : {});
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    dump: () => client.dumpDataDir('none'),
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
