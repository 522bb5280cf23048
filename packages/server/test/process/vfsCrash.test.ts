/**
 * @module-tag embedded-only
 *
 * Writes are atomic and durable (docs/behaviour/files.md#storage): the real
 * server is killed (SIGKILL) in the middle of uploads and overwrites, round
 * after round. After each restart every file holds either its old or its
 * new content, and no temporary file remains; at the end the database and
 * the disk match: every entry's blob exists with the recorded size and
 * hash, and every blob is referenced.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { vfsNodes } from '../../src/db/schema.js';
import { signInDemo, startServer, streamDownload, streamUpload, type ServerProcess } from './vfsProcess.js';

const ROUNDS = 6;
const FILES = ['home:/crash-a.bin', 'home:/crash-b.bin', 'home:/crash-c.bin', 'home:/Crash/deep.bin'];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-crash-'));
let server: ServerProcess | null = null;

afterAll(() => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Content of one file in one round: a few megabytes of a pattern unique to both. */
function contentChunks(round: number, file: number): (i: number) => Buffer | null {
  const size = (2 + ((round * 7 + file * 3) % 6)) * 1024 * 1024;
  const piece = Buffer.alloc(256 * 1024, `${round}:${file}:${'x'.repeat(file + round)}|`);
  return (i) => (i * piece.length >= size ? null : piece);
}

function hashOf(chunks: (i: number) => Buffer | null): string {
  const hash = crypto.createHash('sha256');
  for (let i = 0, c = chunks(0); c; c = chunks(++i)) hash.update(c);
  return hash.digest('hex');
}

/** What is left in the blob store's folder of unfinished writes. */
function temporaries(): string[] {
  const dir = path.join(dataDir, 'files', 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

const EMPTY = crypto.createHash('sha256').digest('hex');

describe('the server killed during writes', () => {
  it(`keeps old or new content and no stray file over ${ROUNDS} rounds`, async () => {
    server = await startServer(dataDir);
    let jwt = await signInDemo(server.address);
    const mkdir = await fetch(`${server.address}/vfs/mkdir`, { method: 'POST', headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' }, body: JSON.stringify({ path: 'home:/Crash' }) });
    expect(mkdir.status).toBe(200);
    // What each file may hold: its confirmed content, and the one being written when the server died.
    const confirmed = FILES.map(() => EMPTY);
    const exists = FILES.map(() => false);
    let interrupted = 0;
    let completed = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const attempts = FILES.map((_, f) => hashOf(contentChunks(round, f)));
      const uploads = FILES.map((file, f) => streamUpload(server!.address, jwt, file, contentChunks(round, f)).catch(() => null));
      // Killed at a different moment each round: before, during and after the writes finish.
      await new Promise((r) => setTimeout(r, 40 + round * 90));
      server.child.kill('SIGKILL');
      await server.exited;
      const answered = await Promise.all(uploads);
      for (const a of answered) if (a?.status === 200) completed++;
      else interrupted++;

      server = await startServer(dataDir);
      jwt = await signInDemo(server.address);
      expect(temporaries()).toEqual([]);
      for (const [f, file] of FILES.entries()) {
        const got = await streamDownload(server.address, jwt, file);
        if (got.status === 404) {
          // Never written yet: the upload did not reach its commit.
          expect(exists[f], `${file} vanished in round ${round}`).toBe(false);
          expect(answered[f]?.status === 200, `${file} was confirmed written but is gone`).toBe(false);
          continue;
        }
        expect(got.status).toBe(200);
        const allowed = [attempts[f]!, ...(exists[f] ? [confirmed[f]!] : [])];
        expect(allowed, `${file} in round ${round}`).toContain(got.sha256);
        // An upload the server confirmed is there.
        if (answered[f]?.status === 200) expect(got.sha256).toBe(attempts[f]);
        confirmed[f] = got.sha256;
        exists[f] = true;
      }
    }

    console.log(`killed during writes: ${interrupted} uploads interrupted, ${completed} confirmed before the kill`);
    // The premise: the kills did land in the middle of writes.
    expect(interrupted).toBeGreaterThan(0);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    server = null;

    // The database and the disk match.
    const database = await openDatabase({ dir: path.join(dataDir, 'pgdata') });
    try {
      const rows = await database.db.select().from(vfsNodes).where(isNotNull(vfsNodes.blobKey));
      const blobs = path.join(dataDir, 'files', 'blobs');
      const onDisk = fs.readdirSync(blobs, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
      expect(new Set(onDisk)).toEqual(new Set(rows.map((r) => r.blobKey)));
      for (const row of rows) {
        const file = path.join(blobs, row.blobKey!.slice(0, 2), row.blobKey!.slice(2, 4), row.blobKey!);
        const bytes = fs.readFileSync(file);
        expect(bytes.length).toBe(row.size);
        expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
      }
      expect(temporaries()).toEqual([]);
    } finally {
      await database.close();
    }
  }, 300_000);
});
