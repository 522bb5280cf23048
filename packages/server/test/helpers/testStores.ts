/** The stores of every domain over a fresh test database, without the HTTP app. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../src/db/database.js';
import { createStores, type Stores } from '../../src/stores.js';
import { createTestDatabase } from './testDatabase.js';

export interface TestStores {
  stores: Stores;
  database: Database;
  close(): Promise<void>;
}

export async function createTestStores(): Promise<TestStores> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-stores-'));
  const database = await createTestDatabase();
  return {
    stores: createStores(database.db, dir),
    database,
    async close() {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
