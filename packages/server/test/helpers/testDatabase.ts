/**
 * A fresh, migrated database for one test file: embedded by default, or a
 * new database on the PostgreSQL server named by TEST_DATABASE_URL (dropped
 * again on close). Store and API tests run unchanged on both.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/database.js';

export async function createTestDatabase(): Promise<Database> {
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
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Which database the tests run on, for test names. */
export const databaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
