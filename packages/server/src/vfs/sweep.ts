import type { Log } from '../logger.js';
import type { VfsBlobStore } from './VfsBlobStore.js';
import type { VfsStore } from './VfsStore.js';

/**
 * How old a blob or an unfinished write in a shared store (a bucket) must be
 * before the sweep touches it. Another server on the same bucket may be
 * between storing a content and recording it, or in the middle of a
 * multipart upload, which S3 dates from its start and which may run for
 * hours (uploads have no overall time limit): a day leaves them be
 * (docs/behaviour/files.md#storage).
 */
export const SWEEP_GRACE_MS = 24 * 3600 * 1000;

/** The latest time a Date can hold: older than it is everything. */
const EVERYTHING = new Date(8.64e15);

/**
 * What the sweep may take: everything in a store of this server's own
 * (nothing else writes to it before the sweep ends), only what is older
 * than the grace period in a shared one.
 */
export function sweepCutoff(blobs: VfsBlobStore, now: Date): Date {
  return blobs.shared ? new Date(now.getTime() - SWEEP_GRACE_MS) : EVERYTHING;
}

/**
 * At start: deletes what a stopped or killed process left in the blob store
 * (docs/behaviour/files.md#storage): unfinished writes, and blobs no entry
 * refers to (written but never recorded, or replaced and not yet deleted);
 * in a shared store only what is older than the grace period, so that it
 * is safe while other servers write to it (sweepCutoff). Logged with the
 * counts; `young` counts the unreferenced blobs left for a later sweep.
 */
export async function sweepVfsBlobs(
  store: VfsStore,
  blobs: VfsBlobStore,
  log: Log,
  now: Date = new Date(),
): Promise<{ temporaries: number; orphans: number; kept: number; young: number }> {
  const olderThan = sweepCutoff(blobs, now);
  const temporaries = await blobs.removeTemporaries(olderThan, log);
  let orphans = 0;
  let kept = 0;
  let young = 0;
  let batch: { key: string; modified: Date }[] = [];
  const flush = async () => {
    const referenced = await store.referencedBlobKeys(batch.map((b) => b.key));
    for (const { key, modified } of batch) {
      if (referenced.has(key)) kept++;
      else if (modified >= olderThan) young++;
      else {
        await blobs.delete(key);
        orphans++;
      }
    }
    batch = [];
  };
  for await (const blob of blobs.keys()) {
    batch.push(blob);
    if (batch.length >= 1000) await flush();
  }
  await flush();
  log.info({ event: 'vfs.swept', temporaries, orphans, kept, young }, 'file store swept');
  return { temporaries, orphans, kept, young };
}
