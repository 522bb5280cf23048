/**
 * Runs once before the server tests: prepares one migrated database that
 * every test file starts from, instead of each file replaying the
 * migrations. On the embedded database it is a dump, which each file loads
 * in a fraction of the time creating a cluster takes; with TEST_DATABASE_URL
 * set (PostgreSQL) it is a template database, which each file clones
 * (`create database ... template ...`). Both are removed afterwards.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/database.js';
import { adminQuery, databaseUrl } from './helpers/postgresAdmin.js';

export default async function setup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `atrium_test_template_${process.pid}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const database = await openDatabase({ url: databaseUrl(adminUrl, name) });
    await database.migrate();
    // A template cannot be cloned while anyone is connected to it.
    await database.close();
    process.env.ATRIUM_TEST_TEMPLATE_DATABASE = name;
    return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
  const file = path.join(os.tmpdir(), `atrium-test-template-${process.pid}.tar`);
  const database = await openDatabase({ memory: true });
  await database.migrate();
  const dump = await database.dump!();
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env.ATRIUM_TEST_TEMPLATE = file;
  return async () => fs.rmSync(file, { force: true });
}
