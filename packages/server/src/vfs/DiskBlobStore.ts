import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Log } from '../logger.js';
import { BlobMeter } from './BlobMeter.js';
import type { BlobListing, ByteRange, DiskSpace, StoredBlob, VfsBlobStore } from './VfsBlobStore.js';

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Chunk size of the file streams: large chunks keep a gigabyte's copy to a few thousand system calls. */
const CHUNK = 1024 * 1024;
/** How long the disk's free space, as last read, stands (less what this store wrote since). */
const SPACE_TTL_MS = 500;

/**
 * Blobs as files under one folder (`<data>/files`): `blobs/<k[0..2]>/<k[2..4]>/<key>`,
 * keys being server-made uuids, so no user text ever becomes part of a disk
 * path. A write goes to `tmp/<key>.part`, is flushed to disk (fsync), renamed
 * into place and the folder flushed too: a crash leaves either no blob or
 * the whole one, and at most a temporary file that a later start deletes.
 * Folders made once are remembered (a folder removed meanwhile is made
 * again), and the disk's free space is read at most every SPACE_TTL_MS,
 * less the bytes written since: a small write costs few system calls.
 */
export class DiskBlobStore implements VfsBlobStore {
  /** A folder of this server's own (the data-folder lock keeps any other server off it). */
  readonly shared = false;
  private readonly blobsDir: string;
  private readonly tmpDir: string;
  /** Folders known to exist. */
  private readonly made = new Set<string>();
  /** The free space last read, when, and the bytes written since. */
  private lastSpace: { space: DiskSpace | null; at: number; written: number } | null = null;

  constructor(private readonly dir: string) {
    this.blobsDir = path.join(dir, 'blobs');
    this.tmpDir = path.join(dir, 'tmp');
  }

  private file(key: string): string {
    if (!KEY.test(key)) throw new Error(`Invalid blob key '${key}'`);
    return path.join(this.blobsDir, key.slice(0, 2), key.slice(2, 4), key);
  }

  async write(source: Readable, options: { maxBytes?: number; progress?: (bytes: number) => void } = {}): Promise<StoredBlob> {
    await this.folder(this.tmpDir);
    const key = crypto.randomUUID();
    const temp = path.join(this.tmpDir, `${key}.part`);
    const meter = new BlobMeter(options.maxBytes ?? Number.MAX_SAFE_INTEGER, options.progress);
    // `flush`: the content is on disk before the file is closed.
    const out = fs.createWriteStream(temp, { flags: 'wx', mode: 0o600, highWaterMark: CHUNK, flush: true });
    try {
      await pipeline(source, meter, out);
      const target = this.file(key);
      await this.folder(path.dirname(target));
      await fs.promises.rename(temp, target).catch(async (e: unknown) => {
        // The folder was removed after it was made: made again, once.
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        this.made.delete(path.dirname(target));
        await this.folder(path.dirname(target));
        await fs.promises.rename(temp, target);
      });
      await syncFile(path.dirname(target));
      if (this.lastSpace) this.lastSpace.written += meter.size;
      return { key, size: meter.size, sha256: meter.digest() };
    } catch (e) {
      // A source that fails at once fails the pipeline while the file is still being opened: its removal waits for the
      // stream to be closed, or the file would be made after it was removed and stay behind.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await fs.promises.rm(temp, { force: true });
      // The source may still be flowing (a limit was hit): stop reading it.
      if (!source.destroyed) source.resume();
      throw e;
    }
  }

  /** Makes a folder (and its parents) unless it was made before. */
  private async folder(dir: string): Promise<void> {
    if (this.made.has(dir)) return;
    await fs.promises.mkdir(dir, { recursive: true });
    this.made.add(dir);
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
    await fs.promises.unlink(this.file(key)).catch((e: unknown) => {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    });
  }

  async *keys(): AsyncIterable<BlobListing> {
    for (const first of await listDir(this.blobsDir)) {
      for (const second of await listDir(path.join(this.blobsDir, first))) {
        for (const name of await listDir(path.join(this.blobsDir, first, second))) {
          if (!KEY.test(name)) continue;
          const stat = await fs.promises.stat(path.join(this.blobsDir, first, second, name)).catch(() => null);
          // Deleted since the folder was read: no longer stored.
          if (stat) yield { key: name, size: stat.size, modified: stat.mtime };
        }
      }
    }
  }

  async space(): Promise<DiskSpace | null> {
    const last = this.lastSpace;
    if (last && performance.now() - last.at < SPACE_TTL_MS) return last.space && { free: Math.max(0, last.space.free - last.written), size: last.space.size };
    await this.folder(this.dir);
    const disk = await fs.promises.statfs(this.dir);
    // Some file systems (network, FUSE) report no size at all: their free space is unknown, not zero.
    const space = disk.blocks > 0 ? { free: disk.bavail * disk.bsize, size: disk.blocks * disk.bsize } : null;
    this.lastSpace = { space, at: performance.now(), written: 0 };
    return space;
  }

  async removeTemporaries(olderThan: Date, _log: Log): Promise<number> {
    let removed = 0;
    for (const name of await listDir(this.tmpDir)) {
      const file = path.join(this.tmpDir, name);
      // A write in progress keeps its temporary file's time fresh.
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat || stat.mtime >= olderThan) continue;
      await fs.promises.rm(file, { force: true, recursive: true });
      removed++;
    }
    return removed;
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
