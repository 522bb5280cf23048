/**
 * @module-tag postgres
 *
 * Uploads hold their space before they write (docs/behaviour/files.md#quotas):
 * parallel uploads never put more than the quota on disk, a declared length
 * that cannot fit is refused before the body is read, a refused upload's
 * connection is closed without a reset (test/process/uploadRefusal.test.ts
 * sends them from another process), uploads without a length are bounded
 * while they stream, and the held space comes back however an upload ends.
 * Real sockets throughout: what matters is what a client on the network sees.
 */
import fs from 'node:fs';
import path from 'node:path';
import { vfsErrorText, type VfsEntry } from '@atrium/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { hasStackTrace } from '../helpers/http.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { multipartAround, SocketUpload, VfsClient } from '../helpers/vfs.js';
import type { StoredBlob } from '../../src/vfs/VfsBlobStore.js';

const KiB = 1024;
const QUOTA = 1024 * KiB;
const LIMIT = 700 * KiB;

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ env: { VFS_QUOTA: String(QUOTA), VFS_UPLOAD_LIMIT: String(LIMIT) } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** A new user with nothing stored, signed in. */
async function newUser(): Promise<{ jwt: string; id: string; client: VfsClient }> {
  const org = await makeAccount(t.services.stores);
  const user = await makeUser(t.services.stores, t.hasher, { accounts: [org.id] });
  const jwt = (await signIn(t.app, t.config.wrapperPrefix, user.username)).jwt;
  return { jwt, id: user.id, client: new VfsClient(t, jwt) };
}

/** Starts a writefile of `size` bytes on a socket: head, fields and the upload part's head, nothing of the content yet. */
async function startUpload(jwt: string, filePath: string, size: number, options: { chunked?: boolean } = {}) {
  const form = multipartAround({ path: filePath });
  const upload = await SocketUpload.open(port, jwt, form.contentType, options.chunked ? null : form.before.length + size + form.after.length);
  await upload.send(form.before);
  return {
    upload,
    /** Sends the content (what is left of it) and the form's end. */
    async rest(sent = 0) {
      await upload.sendContent(size - sent, 16 * KiB);
      await upload.send(form.after);
      upload.finish();
    },
  };
}

/**
 * Follows the bytes the blob store has on disk at every moment: content
 * being written (as it is told) plus stored blobs not yet deleted.
 */
function watchDisk() {
  const blobs = t.services.stores.vfsBlobs;
  const write = blobs.write.bind(blobs);
  const remove = blobs.delete.bind(blobs);
  const writing = new Map<object, number>();
  const stored = new Map<string, number>();
  const state = { writes: 0, most: 0 };
  const now = () => [...writing.values(), ...stored.values()].reduce((a, b) => a + b, 0);
  vi.spyOn(blobs, 'write').mockImplementation(async (source, options = {}) => {
    state.writes++;
    const me = {};
    writing.set(me, 0);
    try {
      const blob: StoredBlob = await write(source, {
        ...options,
        progress: (bytes) => {
          writing.set(me, bytes);
          state.most = Math.max(state.most, now());
          options.progress?.(bytes);
        },
      });
      stored.set(blob.key, blob.size);
      return blob;
    } finally {
      writing.delete(me);
    }
  });
  vi.spyOn(blobs, 'delete').mockImplementation(async (key) => {
    stored.delete(key);
    await remove(key);
  });
  return state;
}

/** Polls the data folder's blobs and temporary files while `work` runs: the most bytes seen there at once. */
async function peakInDataFolder(work: () => Promise<void>): Promise<number> {
  const size = (dir: string): number => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true, recursive: true });
    } catch {
      // not made yet, or a folder went while it was listed: counted at the next look
      return 0;
    }
    let total = 0;
    for (const entry of entries) {
      try {
        if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
      } catch {
        // gone between the listing and the stat
      }
    }
    return total;
  };
  const files = path.join(t.config.dataDir, 'files');
  let peak = 0;
  let running = true;
  const polling = (async () => {
    while (running) {
      peak = Math.max(peak, size(files));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await polling;
  }
  return peak;
}

const usageOf = (userId: string) => t.services.stores.vfs.usage(userId);

/** How long a wait for the server's side of an upload (its log line, its cleanup) may take before it gives up: long, for a loaded machine. */
const SETTLED = { timeout: 15_000 };

describe(`uploads in flight hold their space (${databaseKind})`, () => {
  it('never puts more than the quota on disk while uploads run side by side, and stores exactly those that fit', async () => {
    const { jwt, id, client } = await newUser();
    const disk = watchDisk();
    // Each starts once the one before holds its space: 600 + 300 fit, 200 more would not, 100 more do.
    const sizes = { a: 600 * KiB, b: 300 * KiB, c: 200 * KiB, d: 100 * KiB };
    const started: Record<string, Awaited<ReturnType<typeof startUpload>>> = {};
    const peak = await peakInDataFolder(async () => {
      let holding = 0;
      for (const [name, size] of Object.entries(sizes)) {
        const upload = await startUpload(jwt, `home:/${name}.bin`, size);
        started[name] = upload;
        await upload.upload.send(Buffer.alloc(KiB, 0x61));
        // Either the server holds its space and starts storing it, or it refuses it at once.
        await vi.waitFor(() => expect(disk.writes > holding || upload.upload.answered).toBe(true), SETTLED);
        if (!upload.upload.answered) holding++;
      }
      await Promise.all(Object.values(started).map((s) => (s.upload.answered ? Promise.resolve() : s.rest(KiB))));
    });
    const answers = Object.fromEntries(await Promise.all(Object.entries(started).map(async ([name, s]) => [name, await s.upload.answer()] as const)));
    for (const s of Object.values(started)) s.upload.close();

    expect(answers.a?.status).toBe(200);
    expect(answers.b?.status).toBe(200);
    expect(answers.c?.status).toBe(413);
    expect(answers.c?.body).toMatchObject({ code: 'vfs.quotaExceeded', message: vfsErrorText('quotaExceeded', { quota: '1.0 MiB' }) });
    expect(answers.d?.status).toBe(200);
    expect(disk.most).toBeLessThanOrEqual(QUOTA);
    expect(peak).toBeLessThanOrEqual(QUOTA);
    const listing = (await client.get('readdir', { path: 'home:/' })).json<{ data: VfsEntry[] }>().data;
    expect(Object.fromEntries(listing.map((e) => [e.filename, e.size]))).toEqual({ 'a.bin': sizes.a, 'b.bin': sizes.b, 'd.bin': sizes.d });
    expect(await usageOf(id)).toBe(sizes.a + sizes.b + sizes.d);
  });

  it('refuses a declared length that cannot fit before reading the body: with the head alone, or once the path is known', async () => {
    const { jwt } = await newUser();
    const disk = watchDisk();
    // Over the upload limit: answered before a byte of the body is sent.
    const form = multipartAround({ path: 'home:/huge.bin' });
    const headOnly = await SocketUpload.open(port, jwt, form.contentType, form.before.length + 2 * LIMIT + form.after.length);
    const first = await headOnly.answer();
    expect(first.status).toBe(413);
    expect(first.body.code).toBe('vfs.tooLarge');
    headOnly.close();

    // Over what the quota leaves beside an upload in flight (600 KiB held): with the head alone too.
    const holding = await startUpload(jwt, 'home:/holding.bin', 600 * KiB);
    await holding.upload.send(Buffer.alloc(KiB, 0x61));
    await vi.waitFor(() => expect(disk.writes).toBe(1), SETTLED);
    const beside = await SocketUpload.open(port, jwt, form.contentType, 500 * KiB);
    const second = await beside.answer();
    expect(second.status).toBe(413);
    expect(second.body).toMatchObject({ code: 'vfs.quotaExceeded', message: vfsErrorText('quotaExceeded', { quota: '1.0 MiB' }) });
    beside.close();
    await holding.rest(KiB);
    expect((await holding.upload.answer()).status).toBe(200);
    holding.upload.close();

    // Over the room left once what it replaces is known: answered when its path has been read, with 1 KiB of its
    // 500 sent (the form's reader needs a few bytes past a part's head to see where the head ends).
    const over = await startUpload(jwt, 'home:/over.bin', 500 * KiB);
    await over.upload.send(Buffer.alloc(KiB, 0x61));
    const answer = await over.upload.answer();
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('vfs.quotaExceeded');
    over.upload.close();
    // Nothing of the refused uploads reached the blob store.
    expect(disk.writes).toBe(1);
  });

  it("goes on reading a refused upload's body after answering it: the client sends the rest and sees the connection end, never a reset", async () => {
    const { jwt } = await newUser();
    const form = multipartAround({ path: 'home:/refused.bin' });
    const SIZE = 16 * 1024 * KiB;
    const upload = await SocketUpload.open(port, jwt, form.contentType, form.before.length + SIZE + form.after.length);
    const answer = await upload.answer();
    expect(answer.status).toBe(413);
    // The answer says the connection closes...
    expect(answer.headers).toMatch(/\r\nconnection: close\r\n/i);
    // ...but the server goes on reading: 16 MiB sent after the answer, more than the sockets' buffers hold, arrive
    // without a reset (a socket closed at once would answer them with one), and then the connection ends cleanly.
    await upload.send(form.before);
    await upload.sendContent(SIZE, 256 * KiB);
    await upload.send(form.after);
    upload.socket.end();
    await upload.closed;
    expect(upload.failure).toBeNull();
    expect(upload.socket.readableEnded).toBe(true);
  });

  it('bounds an upload without a length while it streams: it holds what room there is, and one beside it is refused as it passes the rest', async () => {
    const { jwt, id } = await newUser();
    const disk = watchDisk();
    const first = await startUpload(jwt, 'home:/first.bin', 500 * KiB, { chunked: true });
    await first.upload.sendContent(16 * KiB);
    await vi.waitFor(() => expect(disk.writes).toBe(1), SETTLED);
    // The first holds the upload limit (700 KiB) of the 1 MiB: the second may take what is left, 324 KiB, not 400.
    const second = await startUpload(jwt, 'home:/second.bin', 400 * KiB, { chunked: true });
    await second.rest();
    const refused = await second.upload.answer();
    expect(refused.status).toBe(413);
    expect(refused.body.code).toBe('vfs.quotaExceeded');
    await first.rest(16 * KiB);
    expect((await first.upload.answer()).status).toBe(200);
    for (const s of [first, second]) s.upload.close();
    expect(disk.most).toBeLessThanOrEqual(QUOTA);
    expect(await usageOf(id)).toBe(500 * KiB);

    // Alone, past the room: refused as soon as it passes it, having put no more than that on disk.
    const alone = await startUpload(jwt, 'home:/alone.bin', 600 * KiB, { chunked: true });
    await alone.rest();
    expect((await alone.upload.answer()).body.code).toBe('vfs.quotaExceeded');
    alone.upload.close();
    expect(disk.most).toBeLessThanOrEqual(QUOTA);
  });

  it('gives the space back however an upload ends: stored, refused while streaming, cut short, failed, or refused at its commit', async () => {
    const { jwt, id, client } = await newUser();
    const abortsBefore = t.logs.filter((line) => line.includes('"vfs.upload-aborted"')).length;
    const aborted = await startUpload(jwt, 'home:/aborted.bin', 600 * KiB);
    await aborted.upload.sendContent(100 * KiB);
    aborted.upload.close();
    await vi.waitFor(() => expect(t.logs.filter((line) => line.includes('"vfs.upload-aborted"')).length).toBe(abortsBefore + 1), SETTLED);

    const stored = await startUpload(jwt, 'home:/stored.bin', 600 * KiB);
    await stored.rest();
    expect((await stored.upload.answer()).status).toBe(200);
    stored.upload.close();
    expect((await client.post('unlink', { path: 'home:/stored.bin' })).statusCode).toBe(200);

    const streaming = await startUpload(jwt, 'home:/streaming.bin', 2 * QUOTA, { chunked: true });
    await streaming.rest();
    expect((await streaming.upload.answer()).status).toBe(413);
    streaming.upload.close();

    const blobs = t.services.stores.vfsBlobs;
    vi.spyOn(blobs, 'write').mockRejectedValueOnce(new Error('the disk failed'));
    const failed = await startUpload(jwt, 'home:/failed.bin', 600 * KiB);
    await failed.rest();
    expect((await failed.upload.answer()).status).toBe(500);
    failed.upload.close();
    vi.restoreAllMocks();

    // The upload before its path: its space is held without knowing the path, which is refused at the commit.
    const boundary = 'atriumUploadFirst';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="late.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      Buffer.alloc(600 * KiB, 0x63),
      Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\nhome:/Missing/late.bin\r\n--${boundary}--\r\n`),
    ]);
    const commit = await SocketUpload.open(port, jwt, `multipart/form-data; boundary=${boundary}`, body.length);
    await commit.send(body);
    expect((await commit.answer()).body.code).toBe('vfs.notFound');
    commit.close();

    // Copies hold their space too, and give it back.
    expect((await client.write('home:/small.bin', Buffer.alloc(100 * KiB))).statusCode).toBe(200);
    expect((await client.post('copy', { from: 'home:/small.bin', to: 'home:/copy.bin' })).statusCode).toBe(200);
    await client.post('unlink', { path: 'home:/small.bin' });
    await client.post('unlink', { path: 'home:/copy.bin' });
    expect(await usageOf(id)).toBe(0);

    // Nothing is held any more: the whole quota can be used by one upload (under the limit) and another beside it.
    // On the disk, no temporary file is left either (a bucket keeps none: TEST_BLOB_STORE=s3).
    if (!t.config.objectStorage) await vi.waitFor(() => expect(fs.readdirSync(path.join(t.config.dataDir, 'files', 'tmp'))).toEqual([]), SETTLED);
    const all = await startUpload(jwt, 'home:/all.bin', LIMIT);
    await all.rest();
    expect((await all.upload.answer()).status).toBe(200);
    all.upload.close();
    expect((await client.write('home:/rest.bin', Buffer.alloc(QUOTA - LIMIT))).statusCode).toBe(200);
    expect(await usageOf(id)).toBe(QUOTA);
  });

  it('logs an upload its client cut short at info level without a stack, not as a server error', async () => {
    const { jwt } = await newUser();
    const before = t.logs.length;
    const cut = await startUpload(jwt, 'home:/cut.bin', 600 * KiB);
    await cut.upload.sendContent(64 * KiB);
    cut.upload.close();
    await vi.waitFor(() => expect(t.logs.slice(before).some((line) => line.includes('"vfs.upload-aborted"'))).toBe(true), SETTLED);
    const lines = t.logs.slice(before).map((line) => JSON.parse(line) as { level: number; event?: string });
    expect(lines.find((line) => line.event === 'vfs.upload-aborted')).toMatchObject({ level: 30 });
    expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    expect(t.logs.slice(before).filter(hasStackTrace)).toEqual([]);
  });

  it("refuses what the disk's free space cannot take, before reading it or as soon as it passes it", async () => {
    const { jwt } = await newUser();
    // A disk of 100 MiB (1 MiB of it left to the database) with 300 KiB free for files.
    vi.spyOn(t.services.stores.vfsBlobs, 'space').mockResolvedValue({ free: 1024 * KiB + 300 * KiB, size: 100 * 1024 * KiB });
    const declared = await startUpload(jwt, 'home:/declared.bin', 500 * KiB);
    const answer = await declared.upload.answer();
    expect(answer.status).toBe(507);
    expect(answer.body).toMatchObject({ code: 'vfs.diskFull', message: vfsErrorText('diskFull') });
    declared.upload.close();
    const chunked = await startUpload(jwt, 'home:/chunked.bin', 500 * KiB, { chunked: true });
    await chunked.rest();
    expect((await chunked.upload.answer()).body.code).toBe('vfs.diskFull');
    chunked.upload.close();
    const fits = await startUpload(jwt, 'home:/fits.bin', 200 * KiB);
    await fits.rest();
    expect((await fits.upload.answer()).status).toBe(200);
    fits.upload.close();
  });
});
