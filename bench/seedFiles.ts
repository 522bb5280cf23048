/**
 * Fills folders of a stopped Atrium server with empty files, for
 * bench/files.bench.ts: through the server's own filesystem store, the rows a
 * touch call creates (owner, organisation, mount and scope of the folder they
 * are put in, the hash of empty content), a thousand per statement. Creating
 * 110,000 files through touch calls over HTTP would take longer than the rest
 * of the benchmark (it prints the touch rate it measures).
 *
 *   DATA_DIR=... node --import tsx bench/seedFiles.ts <plan.json>
 *
 * plan.json: [{ "folderId": "<id of a folder>", "names": ["a.txt", ...] }, ...].
 * BENCH_DATABASE_URL: the server's PostgreSQL database instead of DATA_DIR/pgdata.
 * Prints the seconds it took.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { acquireDataLock, createStores, openDatabase } from '@atrium/server';

interface PlannedFolder {
  folderId: string;
  names: string[];
}

const MIMES: Record<string, string> = { '.txt': 'text/plain', '.pdf': 'application/pdf' };
const EMPTY_SHA256 = crypto.createHash('sha256').digest('hex');

const dataDir = process.env.DATA_DIR;
const planFile = process.argv[2];
if (!dataDir || !planFile) throw new Error('usage: DATA_DIR=... node --import tsx bench/seedFiles.ts <plan.json>');
const plan = JSON.parse(fs.readFileSync(planFile, 'utf8')) as PlannedFolder[];

const started = performance.now();
const lock = await acquireDataLock(dataDir);
const database = await openDatabase(process.env.BENCH_DATABASE_URL ? { url: process.env.BENCH_DATABASE_URL } : { dir: path.join(dataDir, 'pgdata') });
try {
  const store = createStores(database.db, dataDir).vfs;
  const at = new Date();
  for (const { folderId, names } of plan) {
    const folder = await store.findById(folderId);
    if (!folder?.isDirectory) throw new Error(`no folder ${folderId}`);
    await store.insertMany(
      names.map((name) => ({
        id: crypto.randomUUID(),
        mount: folder.mount,
        scope: folder.scope,
        parentId: folder.id,
        name,
        isDirectory: false,
        mime: MIMES[path.extname(name)] ?? 'application/octet-stream',
        size: 0,
        blobKey: null,
        sha256: EMPTY_SHA256,
        ownerId: folder.ownerId,
        accountId: folder.accountId,
        createdAt: at,
        modifiedAt: at,
      })),
    );
  }
} finally {
  await database.close();
  lock.release();
}
console.log(((performance.now() - started) / 1000).toFixed(1));
