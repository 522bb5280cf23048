/**
 * Runs once before the server tests: prepares a migrated embedded database
 * and saves it as a dump, so that each test file loads it in a fraction of
 * the time creating a cluster takes. With TEST_DATABASE_URL set (PostgreSQL)
 * there is nothing to prepare: each file creates its own database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/database.js';

export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const file = path.join(os.tmpdir(), `atrium-test-template-${process.pid}.tar`);
  const database = await openDatabase({ memory: true });
  await database.migrate();
  const dump = await database.dump!();
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env.ATRIUM_TEST_TEMPLATE = file;
  return () => fs.rmSync(file, { force: true });
}
