/**
 * @module-tag postgres
 *
 * Search over 100,000 files is an indexed query (docs/behaviour/files.md#search,
 * docs/PERFORMANCE.md "Files"): after many inserts the store renews the
 * table's statistics by itself (PGlite has no autovacuum), and the planner
 * then finds a rare name through the trigram index and reads the first
 * results of a pattern most names match in name order from the
 * (mount, scope, name) index, without sorting every match.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { PgVfsStore } from '../../src/vfs/PgVfsStore.js';
import type { NewVfsNode } from '../../src/vfs/VfsStore.js';
import { likePattern } from '../../src/vfs/VfsService.js';
import { createTestDatabase, databaseKind } from '../helpers/testDatabase.js';

const FILES = 100_000;
let database: Database;
let store: PgVfsStore;
const scope = crypto.randomUUID();

/** Rows the planner believes the table has (-1 or 0: never analysed). */
async function estimatedRows(): Promise<number> {
  const result = (await database.db.execute(sql`select reltuples from pg_class where relname = 'vfs_nodes'`)) as unknown as { rows: Array<{ reltuples: unknown }> };
  return Number(result.rows[0]?.reltuples ?? -1);
}

/** The plan of the query a search runs, as text. */
async function planOf(pattern: string, limit = 200): Promise<string> {
  const captured: Array<{ query: string; params: unknown[] }> = [];
  const session = (database.db as unknown as { session: { logger: unknown } }).session;
  const previous = session.logger;
  session.logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };
  try {
    await store.search({ mount: 'home', scope, underId: null, like: likePattern(pattern), limit });
  } finally {
    session.logger = previous;
  }
  const { query, params } = captured.at(-1)!;
  const client = (database.db as unknown as { $client: { query: (text: string, params: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }> } }).$client;
  const { rows } = await client.query(`explain ${query}`, params);
  return rows.map((r) => String(Object.values(r)[0])).join('\n');
}

beforeAll(async () => {
  database = await createTestDatabase();
  store = new PgVfsStore(database.db);
  const root = await store.root('home', scope);
  const at = new Date();
  const nodes: NewVfsNode[] = [];
  for (let i = 0; i < FILES; i++) {
    const name = i % 1000 === 0 ? `quarterly-report-${String(i).padStart(6, '0')}.pdf` : `note-${String(i).padStart(6, '0')}.txt`;
    nodes.push({ id: crypto.randomUUID(), mount: 'home', scope, parentId: root.id, name, isDirectory: false, mime: 'text/plain', size: 0, blobKey: null, sha256: null, ownerId: null, accountId: null, createdAt: at, modifiedAt: at });
  }
  await store.insertMany(nodes);
}, 300_000);
afterAll(() => database.close());

describe(`search over ${FILES} files (${databaseKind})`, () => {
  it('renews the statistics by itself after the inserts', async () => {
    await vi.waitFor(async () => expect(await estimatedRows()).toBeGreaterThan(FILES / 2), { timeout: 60_000, interval: 200 });
  });

  it('finds a rare name through the trigram index', async () => {
    const plan = await planOf('*report*');
    expect(plan).toContain('vfs_nodes_name_trgm_idx');
    const found = await store.search({ mount: 'home', scope, underId: null, like: likePattern('*report*'), limit: 200 });
    expect(found).toHaveLength(FILES / 1000);
  });

  it('takes the first 200 of a pattern almost every name matches in name order, without sorting every match', async () => {
    const plan = await planOf('*.txt');
    expect(plan).toContain('vfs_nodes_scope_name_idx');
    expect(plan).not.toMatch(/^\s*(->\s*)?Sort\b/m);
    const found = await store.search({ mount: 'home', scope, underId: null, like: likePattern('*.txt'), limit: 200 });
    expect(found.map((n) => n.name)).toEqual(Array.from({ length: 201 }, (_, i) => `note-${String(i).padStart(6, '0')}.txt`).filter((n) => n !== 'note-000000.txt'));
  });
});
