import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DiskBlobStore } from './DiskBlobStore.js';
import type { S3BlobStore } from './S3BlobStore.js';

/** What a move did: blobs copied, found already in the bucket, that failed (kept on the disk), and local copies removed. */
export interface MoveCounts {
  copied: number;
  /** Bytes copied. */
  bytes: number;
  present: number;
  failed: { key: string; reason: string }[];
  removed: number;
}

export interface MoveOptions {
  /** The SHA-256 the database records for some of the keys (what a content must hash to). */
  recordedHashes(keys: string[]): Promise<Map<string, string>>;
  /** Delete each local copy once its object in the bucket is verified. */
  removeLocal: boolean;
  /** Told of each blob done. */
  onBlob?(key: string, outcome: 'copied' | 'present' | 'failed'): void;
}

async function sha256Of(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const hash = crypto.createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copies every blob of a disk store into a bucket under the same key
 * (docs/DEPLOYMENT.md, "Moving files to a bucket"), checking each copy's
 * length against the file's and its SHA-256 against the database's where
 * it records one; a copy that fails the check is deleted again. Resumable:
 * a key already in the bucket with the file's length is not copied again.
 * With `removeLocal`, a local copy goes only once its object is verified:
 * a copy made now by the checks above, one found in the bucket by reading
 * it back and comparing hashes.
 */
export async function moveBlobsToBucket(from: DiskBlobStore, to: S3BlobStore, options: MoveOptions): Promise<MoveCounts> {
  const counts: MoveCounts = { copied: 0, bytes: 0, present: 0, failed: [], removed: 0 };
  const inBucket = new Map<string, number>();
  for await (const object of to.keys()) inBucket.set(object.key, object.size);

  const moveOne = async (key: string, size: number, recorded: string | undefined) => {
    const fail = (reason: string) => {
      counts.failed.push({ key, reason });
      options.onBlob?.(key, 'failed');
    };
    if (inBucket.get(key) === size) {
      if (options.removeLocal) {
        const [there, here] = await Promise.all([sha256Of(await to.read(key)), recorded ? recorded : sha256Of(await from.read(key))]);
        if (there !== here) return fail(`the object in the bucket does not match (SHA-256 ${there ?? 'none'}, expected ${here ?? 'none'})`);
        await from.delete(key);
        counts.removed++;
      }
      counts.present++;
      return options.onBlob?.(key, 'present');
    }
    const local = await from.read(key);
    if (!local) return fail('the file went away');
    const stored = await to.writeAs(key, local);
    const reason =
      stored.size !== size ? `${stored.size} bytes copied of ${size}` : recorded && stored.sha256 !== recorded ? `SHA-256 ${stored.sha256}, the database records ${recorded}` : null;
    if (reason) {
      await to.delete(key);
      return fail(reason);
    }
    counts.copied++;
    counts.bytes += size;
    if (options.removeLocal) {
      await from.delete(key);
      counts.removed++;
    }
    options.onBlob?.(key, 'copied');
  };

  let batch: { key: string; size: number }[] = [];
  const flush = async () => {
    const recorded = await options.recordedHashes(batch.map((b) => b.key));
    for (const { key, size } of batch) {
      await moveOne(key, size, recorded.get(key)).catch((e: unknown) => {
        counts.failed.push({ key, reason: e instanceof Error ? e.message : String(e) });
        options.onBlob?.(key, 'failed');
      });
    }
    batch = [];
  };
  for await (const blob of from.keys()) {
    batch.push(blob);
    if (batch.length >= 1000) await flush();
  }
  await flush();
  return counts;
}
