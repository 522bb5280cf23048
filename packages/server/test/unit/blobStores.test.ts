/**
 * The blob stores' contract (vfs/VfsBlobStore.ts), run against both
 * drivers: the data folder's disk and object storage (s3rver in this
 * process, behind a proxy that refuses what real S3 refuses and records
 * what the driver asks: helpers/s3Server.ts). Then what each driver must do
 * on its own: the disk's folders and free space, S3's part sizes, listing
 * pages, ranges and unfinished uploads.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Log } from '../../src/logger.js';
import { DiskBlobStore } from '../../src/vfs/DiskBlobStore.js';
import { PART_SIZE, partSize, S3BlobStore, S3Connection } from '../../src/vfs/S3BlobStore.js';
import { SWEEP_GRACE_MS, sweepVfsBlobs } from '../../src/vfs/sweep.js';
import { BlobTooLargeError, type VfsBlobStore } from '../../src/vfs/VfsBlobStore.js';
import type { VfsStore } from '../../src/vfs/VfsStore.js';
import { startS3Server, type S3TestServer } from '../helpers/s3Server.js';

const MiB = 1024 * 1024;
const HOUR = 3600 * 1000;

/** A log that keeps its warnings. */
function recordingLog(): Log & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, debug: () => undefined, info: () => undefined, error: () => undefined, warn: (_obj: object, msg?: string) => void warnings.push(msg ?? '') };
}

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error('no such blob');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(blobs: VfsBlobStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of blobs.keys()) keys.push(blob.key);
  return keys.sort();
}

/** `content` in chunks of uneven sizes, as a network sends it. */
function unevenly(content: Buffer): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0, i = 0; at < content.length; i++) {
    const size = [65_536, 1_000_003, 17, 3 * MiB + 5][i % 4]!;
    chunks.push(content.subarray(at, at + size));
    at += size;
  }
  return Readable.from(chunks);
}

/** A source that sends `bytes` bytes and then fails, as a dropped upload does. */
function failingAfter(bytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytes) {
        this.destroy(new Error('connection reset'));
        return;
      }
      const chunk = Buffer.alloc(Math.min(MiB, bytes - sent), 1);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

/** A store of one test, and what the contract cannot ask the store itself. */
interface Opened {
  blobs: VfsBlobStore;
  /** Leaves behind what a process killed in the middle of a large write would. */
  abandon(): Promise<void>;
  /** Unfinished writes present now. */
  leftovers(): number;
}

interface Driver {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  open(): Promise<Opened>;
}

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-blobs-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const disk: Driver = {
  name: 'disk',
  setUp: async () => undefined,
  tearDown: async () => undefined,
  async open() {
    const dir = tempDir();
    const tmp = path.join(dir, 'tmp');
    return {
      blobs: new DiskBlobStore(dir),
      async abandon() {
        fs.mkdirSync(tmp, { recursive: true });
        fs.writeFileSync(path.join(tmp, `${crypto.randomUUID()}.part`), Buffer.alloc(1000));
      },
      leftovers: () => (fs.existsSync(tmp) ? fs.readdirSync(tmp).length : 0),
    };
  },
};

let s3: S3TestServer;
const s3Driver: Driver = {
  name: 's3',
  async setUp() {
    s3 = await startS3Server();
  },
  tearDown: async () => s3?.close(),
  async open() {
    // Each test under a prefix of its own: its listings see its blobs only.
    const prefix = `t-${crypto.randomUUID().slice(0, 8)}/`;
    const connection = new S3Connection(s3.config(prefix));
    const blobs = new S3BlobStore(connection, 'files');
    return {
      blobs,
      async abandon() {
        const { sdk, client } = await connection.use();
        const Key = `${blobs.prefix}${crypto.randomUUID()}`;
        const begun = await client.send(new sdk.CreateMultipartUploadCommand({ Bucket: s3.bucket, Key }));
        await client.send(new sdk.UploadPartCommand({ Bucket: s3.bucket, Key, UploadId: begun.UploadId, PartNumber: 1, Body: Buffer.alloc(PART_SIZE) }));
      },
      leftovers: () => [...s3.uploads.values()].filter((u) => u.key.startsWith(prefix)).length,
    };
  },
};

describe.each([disk, s3Driver])('the $name blob store', (driver) => {
  beforeAll(() => driver.setUp());
  afterAll(() => driver.tearDown());

  it('says whether other servers share it', async () => {
    expect((await driver.open()).blobs.shared).toBe(driver.name === 's3');
  });

  it('stores, reads and deletes content, and deleting or reading a missing blob is no error', async () => {
    const { blobs } = await driver.open();
    const blob = await blobs.write(Readable.from([Buffer.from('hello')]));
    expect(blob).toMatchObject({ size: 5, sha256: crypto.createHash('sha256').update('hello').digest('hex') });
    expect((await bytesOf(await blobs.read(blob.key))).toString()).toBe('hello');
    await blobs.delete(blob.key);
    expect(await blobs.read(blob.key)).toBeNull();
    await expect(blobs.delete(blob.key)).resolves.toBeUndefined();
    expect(await blobs.read(crypto.randomUUID())).toBeNull();
  });

  it('stores empty content', async () => {
    const { blobs } = await driver.open();
    const blob = await blobs.write(Readable.from([]));
    expect(blob.size).toBe(0);
    expect((await bytesOf(await blobs.read(blob.key))).length).toBe(0);
  });

  it('stores content larger than two parts byte for byte, with its size and SHA-256, telling the bytes as they pass', async () => {
    const { blobs } = await driver.open();
    const content = crypto.randomBytes(2 * PART_SIZE + 123_457);
    const told: number[] = [];
    const blob = await blobs.write(unevenly(content), { progress: (bytes) => told.push(bytes) });
    expect(blob.size).toBe(content.length);
    expect(blob.sha256).toBe(crypto.createHash('sha256').update(content).digest('hex'));
    expect((await bytesOf(await blobs.read(blob.key))).equals(content)).toBe(true);
    expect(told.at(-1)).toBe(content.length);
    expect(told.every((bytes, i) => i === 0 || bytes > told[i - 1]!)).toBe(true);
  });

  it('reads an inclusive range, within one part and across two', async () => {
    const { blobs } = await driver.open();
    const content = crypto.randomBytes(PART_SIZE + 1000);
    const blob = await blobs.write(Readable.from([content]));
    expect((await bytesOf(await blobs.read(blob.key, { start: 10, end: 19 }))).equals(content.subarray(10, 20))).toBe(true);
    const across = { start: PART_SIZE - 5, end: PART_SIZE + 4 };
    expect((await bytesOf(await blobs.read(blob.key, across))).equals(content.subarray(across.start, across.end + 1))).toBe(true);
    expect((await bytesOf(await blobs.read(blob.key, { start: content.length - 1, end: content.length - 1 }))).equals(content.subarray(-1))).toBe(true);
  });

  it('refuses content past maxBytes and keeps nothing of it, small or spread over parts', async () => {
    const { blobs, leftovers } = await driver.open();
    await expect(blobs.write(Readable.from([Buffer.alloc(101)]), { maxBytes: 100 })).rejects.toBeInstanceOf(BlobTooLargeError);
    await expect(blobs.write(unevenly(Buffer.alloc(PART_SIZE * 2 + 10)), { maxBytes: PART_SIZE * 2 })).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await keysOf(blobs)).toEqual([]);
    expect(leftovers()).toBe(0);
    // Exactly the limit is allowed.
    expect((await blobs.write(Readable.from([Buffer.alloc(100)]), { maxBytes: 100 })).size).toBe(100);
  });

  it('keeps nothing of a write whose source fails', async () => {
    const { blobs, leftovers } = await driver.open();
    await expect(blobs.write(failingAfter(1000))).rejects.toThrow('connection reset');
    await expect(blobs.write(failingAfter(PART_SIZE + MiB))).rejects.toThrow('connection reset');
    expect(await keysOf(blobs)).toEqual([]);
    expect(leftovers()).toBe(0);
  });

  it('lists every stored blob with its size and time', async () => {
    const { blobs } = await driver.open();
    const before = Date.now() - 2000;
    const written = await Promise.all([1, 20, 300].map((n) => blobs.write(Readable.from([Buffer.alloc(n)]))));
    const listed = [];
    for await (const blob of blobs.keys()) listed.push(blob);
    expect(listed.map((b) => [b.key, b.size]).sort()).toEqual(written.map((b) => [b.key, b.size]).sort());
    for (const blob of listed) expect(blob.modified.getTime()).toBeGreaterThanOrEqual(before);
  });

  it('never shows what a killed write left, and removes unfinished writes older than asked, leaving younger ones (another server may be writing them)', async () => {
    const { blobs, abandon, leftovers } = await driver.open();
    await abandon();
    expect(await keysOf(blobs)).toEqual([]);
    const log = recordingLog();
    expect(await blobs.removeTemporaries(new Date(Date.now() - HOUR), log)).toBe(0);
    expect(leftovers()).toBe(1);
    expect(await blobs.removeTemporaries(new Date(Date.now() + 5000), log)).toBe(1);
    expect(leftovers()).toBe(0);
    expect(log.warnings).toEqual([]);
  });

  it('sweeps blobs no entry refers to and unfinished writes, in a shared store once older than the grace period, and never a referenced one', async () => {
    const { blobs, abandon, leftovers } = await driver.open();
    const [kept, orphan] = await Promise.all(['kept', 'orphan'].map((text) => blobs.write(Readable.from([Buffer.from(text)]))));
    await abandon();
    const files = { referencedBlobKeys: async (keys: string[]) => new Set(keys.filter((k) => k === kept!.key)) } as unknown as VfsStore;
    const log = recordingLog();
    // A bucket's just-written content may be another server's, about to be recorded; a disk's is this server's alone.
    const first = await sweepVfsBlobs(files, blobs, log);
    expect(first).toEqual(blobs.shared ? { temporaries: 0, orphans: 0, kept: 1, young: 1 } : { temporaries: 1, orphans: 1, kept: 1, young: 0 });
    const later = new Date(Date.now() + SWEEP_GRACE_MS + 5000);
    expect(await sweepVfsBlobs(files, blobs, log, later)).toEqual(blobs.shared ? { temporaries: 1, orphans: 1, kept: 1, young: 0 } : { temporaries: 0, orphans: 0, kept: 1, young: 0 });
    expect(await keysOf(blobs)).toEqual([kept!.key]);
    expect(orphan!.key).not.toBe(kept!.key);
    expect(leftovers()).toBe(0);
  });
});

describe('the disk blob store on its own', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes a blob folder again when it was removed after it was made', async () => {
    const dir = tempDir();
    const blobs = new DiskBlobStore(dir);
    const first = await blobs.write(Readable.from([Buffer.from('one')]));
    fs.rmSync(path.join(dir, 'blobs'), { recursive: true });
    // Another key in the same folder: the remembered folder is gone.
    const sameFolder = vi.spyOn(crypto, 'randomUUID').mockReturnValue(`${first.key.slice(0, 4)}${'0'.repeat(4)}-0000-4000-8000-000000000000` as `${string}-${string}-${string}-${string}-${string}`);
    const second = await blobs.write(Readable.from([Buffer.from('two')]));
    sameFolder.mockRestore();
    expect(second.key.slice(0, 4)).toBe(first.key.slice(0, 4));
    expect((await bytesOf(await blobs.read(second.key))).toString()).toBe('two');
  });

  it('reads the free space at most every half second, less what it wrote since', async () => {
    const blobs = new DiskBlobStore(tempDir());
    const statfs = vi.spyOn(fs.promises, 'statfs');
    const before = (await blobs.space())!;
    await blobs.write(Readable.from([Buffer.alloc(100_000)]));
    const after = (await blobs.space())!;
    expect(statfs).toHaveBeenCalledTimes(1);
    expect(after.free).toBe(before.free - 100_000);
    expect(after.size).toBe(before.size);
  });
});

describe('the S3 blob store on its own', () => {
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());

  function store(): S3BlobStore {
    return new S3BlobStore(new S3Connection(s3.config(`t-${crypto.randomUUID().slice(0, 8)}/`)), 'files');
  }
  const ofStore = (blobs: S3BlobStore) => s3.requests.filter((r) => r.key.startsWith(blobs.prefix) || r.query.get('prefix') === blobs.prefix);

  it('stores small content with one PutObject and large content in parts of 8 MiB but the last', async () => {
    const blobs = store();
    await blobs.write(Readable.from([Buffer.alloc(PART_SIZE - 1)]));
    await blobs.write(unevenly(Buffer.alloc(2 * PART_SIZE + 5)));
    const calls = ofStore(blobs).map((r) => `${r.method} ${r.query.has('partNumber') ? `part ${r.query.get('partNumber')} ${r.bytes}` : r.query.has('uploads') ? 'begin' : r.query.has('uploadId') ? 'complete' : r.bytes}`);
    expect(calls).toEqual(['PUT 8388607', 'POST begin', `PUT part 1 ${PART_SIZE}`, `PUT part 2 ${PART_SIZE}`, 'PUT part 3 5', 'POST complete']);
    expect(ofStore(blobs).every((r) => r.status === 200)).toBe(true);
  });

  it('grows the part size only past 1,000 parts, so that 10,000 parts hold more than S3 can store', () => {
    expect([partSize(0), partSize(999), partSize(1000), partSize(2999)]).toEqual([8 * MiB, 8 * MiB, 16 * MiB, 32 * MiB]);
    let total = 0;
    for (let n = 0; n < 10_000; n++) total += partSize(n);
    expect(total).toBeGreaterThan(5 * 1024 ** 4);
    expect(partSize(9_999)).toBeLessThanOrEqual(5 * 1024 * MiB);
  });

  it('aborts the multipart upload of content past maxBytes', async () => {
    const blobs = store();
    // The content passes the limit only once its first part has been sent.
    const partSent = async () => {
      while (!ofStore(blobs).some((r) => r.query.has('partNumber') && r.status === 200)) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    const source = Readable.from(
      (async function* () {
        yield Buffer.alloc(PART_SIZE);
        await partSent();
        yield Buffer.alloc(PART_SIZE);
      })(),
    );
    await expect(blobs.write(source, { maxBytes: PART_SIZE + 1 })).rejects.toBeInstanceOf(BlobTooLargeError);
    const calls = ofStore(blobs);
    expect(calls.map((r) => r.method)).toEqual(['POST', 'PUT', 'DELETE']);
    expect(calls[2]!.query.get('uploadId')).toBe(calls[1]!.query.get('uploadId'));
  });

  it('follows the continuation tokens of a listing asking 1,000 keys a page, however few a page holds', async () => {
    const blobs = store();
    const written = await Promise.all(Array.from({ length: 7 }, () => blobs.write(Readable.from([Buffer.from('x')]))));
    s3.options.pageLimit = 3;
    try {
      expect(await keysOf(blobs)).toEqual(written.map((b) => b.key).sort());
    } finally {
      s3.options.pageLimit = 1000;
    }
    const lists = ofStore(blobs).filter((r) => r.query.get('list-type') === '2');
    expect(lists.map((r) => [r.query.get('max-keys'), r.query.has('continuation-token')])).toEqual([
      ['1000', false],
      ['1000', true],
      ['1000', true],
    ]);
  });

  it('tells no free space (a bucket has no disk of the server to fill), so that only the upload limit and quotas bound a write', async () => {
    expect(await store().space()).toBeNull();
  });

  it('asks a range with the Range header', async () => {
    const blobs = store();
    const blob = await blobs.write(Readable.from([Buffer.from('0123456789')]));
    expect((await bytesOf(await blobs.read(blob.key, { start: 2, end: 4 }))).toString()).toBe('234');
    expect(ofStore(blobs).at(-1)!.range).toBe('bytes=2-4');
  });

  it('logs, rather than fails, where the server cannot list unfinished uploads, pointing at a lifecycle rule', async () => {
    const blobs = store();
    s3.options.listUploads = false;
    const log = recordingLog();
    try {
      expect(await blobs.removeTemporaries(new Date(), log)).toBe(0);
    } finally {
      s3.options.listUploads = true;
    }
    expect(log.warnings).toEqual([expect.stringContaining('lifecycle rule')]);
  });

  it('names the operation and the reason when the bucket is missing, never the credentials', async () => {
    const blobs = new S3BlobStore(new S3Connection({ ...s3.config(), bucket: 'no-such-bucket' }), 'files');
    const failure = blobs.write(Readable.from([Buffer.from('x')]));
    await expect(failure).rejects.toThrow(/PutObject failed: NoSuchBucket/);
    await expect(failure).rejects.not.toThrow(/S3RVER/);
  });
});
