/**
 * A fresh, migrated database for one test file: embedded by default, or a
 * new database on the PostgreSQL server named by TEST_DATABASE_URL (dropped
 * again on close). Both start from the migrated copy globalSetup.ts made.
 *
 * Every test file that opens one says whether its tests also run on
 * PostgreSQL, with a tag in its first comment (see ../README.md):
 * `@module-tag postgres` when what it checks rests on the database, or
 * `@module-tag embedded-only`. A file without either fails here.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { adminQuery, databaseUrl } from './postgresAdmin.js';

export async function createTestDatabase(): Promise<Database> {
  requireDatabaseTag();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const template = process.env.ATRIUM_TEST_TEMPLATE;
    if (template && fs.existsSync(template)) {
      return openDatabase({ memory: true, from: new Blob([fs.readFileSync(template)]) });
    }
    const database = await openDatabase({ memory: true });
    await database.migrate();
    return database;
  }
  const name = `atrium_test_${crypto.randomBytes(6).toString('hex')}`;
  const template = process.env.ATRIUM_TEST_TEMPLATE_DATABASE;
  await adminQuery(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const database = await openDatabase({ url: databaseUrl(adminUrl, name) });
  if (!template) await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * One fresh PostgreSQL database opened `count` times, each with its own
 * connections, as separate servers open it; null on the embedded database,
 * which only one process opens. Migrated, unless `empty` (servers starting
 * on a new database). `url` is its address; `close` drops it once every
 * handle is closed.
 */
export async function createSharedTestDatabase(
  count: number,
  { empty = false }: { empty?: boolean } = {},
): Promise<{ databases: Database[]; url: string; close(): Promise<void> } | null> {
  requireDatabaseTag();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return null;
  const name = `atrium_test_${crypto.randomBytes(6).toString('hex')}`;
  const template = empty ? undefined : process.env.ATRIUM_TEST_TEMPLATE_DATABASE;
  await adminQuery(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = databaseUrl(adminUrl, name);
  const databases = await Promise.all(Array.from({ length: count }, () => openDatabase({ url })));
  if (!template && !empty) await databases[0]!.migrate();
  return {
    databases,
    url,
    async close() {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** The tags of a test file that say on which databases it runs; vitest.config.ts reads the same ones. */
export const DATABASE_TAG = /(?:\/\/|\*)\s*@module-tag\s+(postgres|embedded-only)\b/;

function requireDatabaseTag(): void {
  const file = expect.getState().testPath;
  if (!file || DATABASE_TAG.test(fs.readFileSync(file, 'utf8'))) return;
  throw new Error(
    `${path.relative(process.cwd(), file)} opens a test database but does not say whether its tests also run on PostgreSQL: ` +
      'add `@module-tag postgres` (what it checks rests on the database) or `@module-tag embedded-only` to its first comment ' +
      '(packages/server/test/README.md)',
  );
}

/** Which database the tests run on, for test names. */
export const databaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
