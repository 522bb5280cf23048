import fs from 'node:fs';
import path from 'node:path';
import type { Log } from '../logger.js';
import { sweepCutoff } from '../vfs/sweep.js';
import type { VfsBlobStore } from '../vfs/VfsBlobStore.js';

const FLAT_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * At start, before any write: readies the resources' blob store (its folder
 * `dir`). Blobs of earlier versions, kept flat as `<dir>/<id>`, move into the
 * store's layout (`<dir>/blobs/..`, the same as the files'), their leftover
 * `<id>.part` files and the store's own unfinished writes go (in a shared
 * store only those older than the sweep's grace period: sweepCutoff). Logged with the counts when there was anything
 * to do. (With object storage `dir` holds nothing of the kind: only the
 * unfinished writes are looked for.)
 */
export async function prepareResourceBlobs(dir: string, blobs: VfsBlobStore, log: Log, now: Date = new Date()): Promise<{ moved: number; temporaries: number }> {
  let names: string[] = [];
  try {
    names = await fs.promises.readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  let moved = 0;
  let temporaries = await blobs.removeTemporaries(sweepCutoff(blobs, now), log);
  for (const name of names) {
    const file = path.join(dir, name);
    if (name.endsWith('.part') && FLAT_KEY.test(name.slice(0, -5))) {
      await fs.promises.rm(file, { force: true });
      temporaries++;
    } else if (FLAT_KEY.test(name)) {
      const target = path.join(dir, 'blobs', name.slice(0, 2), name.slice(2, 4), name);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(file, target);
      moved++;
    }
  }
  if (moved > 0 || temporaries > 0) log.info({ event: 'resources.prepared', moved, temporaries }, 'resource store prepared');
  return { moved, temporaries };
}
