import type { Log } from '../logger.js';
import type { VfsBlobStore } from './VfsBlobStore.js';
import type { VfsStore } from './VfsStore.js';

/**
 * At start, before any write: deletes what a stopped or killed process left
 * in the blob store (docs/behaviour/files.md#storage): temporary files of
 * unfinished writes, and blobs no entry refers to (written but never
 * recorded, or replaced and not yet deleted). Logged with the counts.
 */
export async function sweepVfsBlobs(store: VfsStore, blobs: VfsBlobStore, log: Log): Promise<{ temporaries: number; orphans: number; kept: number }> {
  const temporaries = await blobs.removeTemporaries();
  let orphans = 0;
  let kept = 0;
  let batch: string[] = [];
  const flush = async () => {
    const referenced = await store.referencedBlobKeys(batch);
    for (const key of batch) {
      if (referenced.has(key)) kept++;
      else {
        await blobs.delete(key);
        orphans++;
      }
    }
    batch = [];
  };
  for await (const key of blobs.keys()) {
    batch.push(key);
    if (batch.length >= 1000) await flush();
  }
  await flush();
  log.info({ event: 'vfs.swept', temporaries, orphans, kept }, 'file store swept');
  return { temporaries, orphans, kept };
}
