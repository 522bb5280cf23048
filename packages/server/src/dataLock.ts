/**
 * An exclusive lock on the data folder. The embedded database has no
 * cross-process lock of its own: two servers on one folder would silently
 * lose writes, so the second one must refuse to start.
 */
import fs from 'node:fs';
import path from 'node:path';

export class DataFolderLockedError extends Error {
  override name = 'DataFolderLockedError';
}

export interface DataLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock file `atrium.lock` in `dir` (created if missing). A lock left
 * by a process that no longer runs is taken over; one held by a live process
 * raises DataFolderLockedError.
 */
export function acquireDataLock(dir: string): DataLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'atrium.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DataFolderLockedError(
          `The data folder ${dir} is in use by another Atrium server (process ${holder}). Stop it first, or use another DATA_DIR.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataFolderLockedError(`Could not take the lock on ${dir}`);
}
