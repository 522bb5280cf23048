/**
 * The embedded database's floor (docs/PERFORMANCE.md, "The engine's
 * floor"): what the statements that record a touch or a write, and those
 * that answer a global search, cost on their own, on PGlite, with nothing
 * of HTTP, authentication or the services around them. Every call of the
 * product waits for them on the one connection, so they bound what any
 * call can reach: a touch can run at most as often as its insert, and fifty
 * searches at once wait at least fifty times the search's statements.
 *
 * Runs the demo data's first start, then bench/seedWork.ts (100,000 tasks
 * and 100,000 files, as bench/work.bench.ts), stops the server, and opens
 * the data folder with the server's own stores: each row is the mean of
 * `BENCH_ENGINE_RUNS` calls one after another (default 500; searches a
 * fifth of that) after as many to warm up, prepared as the server prepares
 * them.
 * Last, the search indexes of file names are dropped (the folder is thrown
 * away after) and a touch measured again: what those indexes cost a touch.
 * Prints figures; asserts nothing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createStores, openDatabase, runAsCostly } from '@atrium/server';
import { sql } from 'drizzle-orm';
import { freePort, seedWorkAndRestart, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const runs = Number(process.env.BENCH_ENGINE_RUNS ?? 500);
const dataDir = tempDir('atrium-bench-engine-');
const port = await freePort();
try {
  const first = startAtrium(dataDir, port);
  await waitForOk(`http://127.0.0.1:${port}/readyz`, performance.now(), 120_000);
  const { atrium, seed } = await seedWorkAndRestart(first, dataDir, port);
  await stop(atrium);
  const database = await openDatabase({ dir: path.join(dataDir, 'pgdata') });
  const stores = createStores(database.db, dataDir);
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const [demo] = await rows<{ id: string; account_id: string }>(sql`select u.id, u.active_account_id as account_id from users u where u.username = 'demo'`);
  if (!demo) throw new Error('no demo user');
  const root = await stores.vfs.root('home', demo.id);
  const folder = await stores.vfs.insert({ id: crypto.randomUUID(), mount: 'home', scope: demo.id, parentId: root.id, name: 'engine', isDirectory: true, mime: 'inode/directory', size: 0, blobKey: null, sha256: null, ownerId: demo.id, accountId: null, createdAt: new Date(), modifiedAt: new Date() });
  const fileNode = (name: string) => ({ id: crypto.randomUUID(), mount: 'home', scope: demo.id, parentId: folder.id, name, isDirectory: false, mime: 'text/plain', size: 0, blobKey: null, sha256: null, ownerId: demo.id, accountId: null, createdAt: new Date(), modifiedAt: new Date() });

  const figures: Array<{ name: string; us: number }> = [];
  async function measure(name: string, n: number, call: (i: number) => Promise<unknown>): Promise<number> {
    // Warm: the first few hundred calls of a row run before the JavaScript engine has compiled their code.
    for (let i = 0; i < n; i++) await call(-1 - i);
    const start = performance.now();
    for (let i = 0; i < n; i++) await call(i);
    const us = ((performance.now() - start) / n) * 1000;
    figures.push({ name, us });
    return us;
  }

  await measure('a statement of one bound value (select)', runs, () => database.db.execute(sql`select ${1}::int as one`));
  const touch = await measure('touch: a new empty file (insert, nine indexes)', runs, (i) => stores.vfs.insertOrTouch(fileNode(`t-${i}-${crypto.randomUUID().slice(0, 8)}.txt`)));
  await stores.vfs.insertOrTouch(fileNode('same.txt'));
  await measure('touch: an existing file (its time changed)', runs, () => stores.vfs.insertOrTouch(fileNode('same.txt')));
  const same = (await stores.vfs.child(folder.id, 'same.txt'))!;
  await measure('a file row updated (size and time)', runs, (i) => stores.vfs.update(same.id, { size: 4096 + (i & 7), modifiedAt: new Date() }));

  // The searches of bench/work.bench.ts's common word, as the global search of the demo user asks them.
  const terms = { words: ['supplier'], phrase: 'supplier' };
  const instances = [
    { mount: 'home', scope: demo.id },
    ...(demo.account_id ? [{ mount: 'shared', scope: demo.account_id }] : []),
  ];
  const searchRuns = Math.max(10, Math.round(runs / 5));
  let found: string[] = [];
  const searches = [
    await measure("search 'supplier': files (names, then texts when too few)", searchRuns, () => runAsCostly(async () => (found = (await stores.search.files(instances, terms, 20, 0)).items.map((f) => f.id)))),
    await measure("search 'supplier': people", searchRuns, () => runAsCostly(() => stores.search.users(demo.id, terms, 20, 0))),
    await measure("search 'supplier': task comments", searchRuns, () => runAsCostly(() => stores.tasks.searchComments({ userId: demo.id, accountId: demo.account_id }, 'supplier', 20, 0))),
    await measure("search 'supplier': the found files' paths", searchRuns, () => runAsCostly(() => stores.vfs.pathsOf(found))),
  ];
  const search = searches.reduce((a, b) => a + b, 0);

  // What the name's search indexes (trigram, full text, stem) cost a touch: dropped on this throwaway folder.
  for (const index of ['vfs_nodes_name_trgm_idx', 'vfs_nodes_name_search_idx', 'vfs_nodes_name_stem_idx']) await database.db.execute(sql.raw(`drop index ${index}`));
  const bare = await measure('touch without the name search indexes (dropped here)', runs, (i) => stores.vfs.insertOrTouch(fileNode(`b-${i}-${crypto.randomUUID().slice(0, 8)}.txt`)));
  await database.close();

  console.log(`\nembedded PGlite, ${seed.tasks} tasks and ${seed.files} files, ${runs} calls a row (searches ${searchRuns}) one after another, Node ${process.version}`);
  console.log('statement(s)'.padEnd(62) + 'µs each'.padStart(10) + 'per second'.padStart(12));
  for (const f of figures) console.log(f.name.padEnd(62) + f.us.toFixed(0).padStart(10) + Math.round(1_000_000 / f.us).toString().padStart(12));
  console.log(`\na touch can run at most ${Math.round(1_000_000 / touch)} times a second on the embedded database (${Math.round(1_000_000 / bare)} without the name's search indexes);`);
  console.log(`a search of the common word costs ${(search / 1000).toFixed(1)} ms of the connection: at most ${Math.round(1_000_000 / search)} a second, and the last of 50 at once waits at least ${Math.round((50 * search) / 1000)} ms.`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
