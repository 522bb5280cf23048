import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobTooLargeError, type ByteRange, type DiskSpace, type StoredBlob, type VfsBlobStore } from './VfsBlobStore.js';

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Chunk size of the file streams: large chunks keep a gigabyte's copy to a few thousand system calls. */
const CHUNK = 1024 * 1024;

/** Counts and hashes what passes, and fails past a byte limit. */
class Meter extends Transform {
  size = 0;
  private readonly hash = crypto.createHash('sha256');
  constructor(
    private readonly maxBytes: number,
    private readonly progress?: (bytes: number) => void,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(new BlobTooLargeError(this.maxBytes));
    this.hash.update(chunk);
    this.progress?.(this.size);
    done(null, chunk);
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

/**
 * Blobs as files under one folder (`<data>/files`): `blobs/<k[0..2]>/<k[2..4]>/<key>`,
 * keys being server-made uuids, so no user text ever becomes part of a disk
 * path. A write goes to `tmp/<key>.part`, is flushed to disk (fsync), renamed
 * into place and the folder flushed too: a crash leaves either no blob or
 * the whole one, and at most a temporary file that the next start deletes.
 */
export class DiskBlobStore implements VfsBlobStore {
  private readonly blobsDir: string;
  private readonly tmpDir: string;

  constructor(private readonly dir: string) {
    this.blobsDir = path.join(dir, 'blobs');
    this.tmpDir = path.join(dir, 'tmp');
  }

  private file(key: string): string {
    if (!KEY.test(key)) throw new Error(`Invalid blob key '${key}'`);
    return path.join(this.blobsDir, key.slice(0, 2), key.slice(2, 4), key);
  }

  async write(source: Readable, options: { maxBytes?: number; progress?: (bytes: number) => void } = {}): Promise<StoredBlob> {
    await fs.promises.mkdir(this.tmpDir, { recursive: true });
    const key = crypto.randomUUID();
    const temp = path.join(this.tmpDir, `${key}.part`);
    const meter = new Meter(options.maxBytes ?? Number.MAX_SAFE_INTEGER, options.progress);
    try {
      await pipeline(source, meter, fs.createWriteStream(temp, { flags: 'wx', mode: 0o600, highWaterMark: CHUNK }));
      await syncFile(temp);
      const target = this.file(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(temp, target);
      await syncFile(path.dirname(target));
      return { key, size: meter.size, sha256: meter.digest() };
    } catch (e) {
      await fs.promises.rm(temp, { force: true });
      // The source may still be flowing (a limit was hit): stop reading it.
      if (!source.destroyed) source.resume();
      throw e;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    const file = this.file(key);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    // Opened first: a blob deleted meanwhile is still read whole from the open file.
    return handle.createReadStream({ highWaterMark: CHUNK, ...(range ? { start: range.start, end: range.end } : {}) });
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }

  async *keys(): AsyncIterable<string> {
    for (const first of await listDir(this.blobsDir)) {
      for (const second of await listDir(path.join(this.blobsDir, first))) {
        for (const name of await listDir(path.join(this.blobsDir, first, second))) if (KEY.test(name)) yield name;
      }
    }
  }

  async space(): Promise<DiskSpace | null> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const disk = await fs.promises.statfs(this.dir);
    // Some file systems (network, FUSE) report no size at all: their free space is unknown, not zero.
    return disk.blocks > 0 ? { free: disk.bavail * disk.bsize, size: disk.blocks * disk.bsize } : null;
  }

  async removeTemporaries(): Promise<number> {
    const names = await listDir(this.tmpDir);
    await Promise.all(names.map((name) => fs.promises.rm(path.join(this.tmpDir, name), { force: true, recursive: true })));
    return names.length;
  }
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return await fs.promises.readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

/** Flushes a file's content, or a folder's entries (a rename into it), to disk. */
async function syncFile(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
