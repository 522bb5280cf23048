/**
 * An exclusive lock on the data folder. The embedded database has no
 * cross-process lock of its own: two servers on one folder would silently
 * lose writes, so the second one must refuse to start (docs/SECURITY.md,
 * "Data folder").
 *
 * Why it is built this way: a lock file that is checked and then written
 * ("is it there? is its process alive? then take it") lets two processes
 * that start together both see it free, and a stale file (its holder
 * crashed) must be taken over, which is the same race again. The lock is
 * therefore something the operating system grants to one process only and
 * takes back when that process ends, however it ends:
 *
 * - On Linux, a Unix socket bound in the abstract namespace under a name
 *   made of the folder's device and inode numbers. Binding is atomic (the
 *   second bind fails with EADDRINUSE) and the kernel releases the name the
 *   moment the process dies, so there is never a stale lock to take over.
 *   The folder's identity, not its path, names the lock: two spellings of
 *   one folder (a symbolic link, a relative path) meet on the same lock.
 * - Elsewhere, a lock file created atomically with its content (written
 *   to a private file, then hard-linked into place: the link fails if the
 *   lock exists, and the lock is never seen empty). A lock naming a process
 *   that no longer runs is removed only under a takeover guard (a folder
 *   created with mkdir, which only one process can create), and only if it
 *   still names that same dead process, so two processes can never both
 *   remove it and both take it.
 *
 * Either way the file `atrium.lock` names the holder's process id, for the
 * message the second server prints; on Linux it is information only.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export class DataFolderLockedError extends Error {
  override name = 'DataFolderLockedError';
}

export interface DataLock {
  release(): void;
}

/** How the lock is held: an abstract socket (Linux) or the lock file alone (elsewhere; tests use it on Linux too). */
export type DataLockMechanism = 'socket' | 'file';

export interface DataLockOptions {
  mechanism?: DataLockMechanism;
}

export const LOCK_FILE = 'atrium.lock';
/** Present only while one process removes a lock left by a process that no longer runs (file mechanism). */
const TAKEOVER_GUARD = 'atrium.lock.takeover';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process id a lock file names, or null when it is missing or unreadable. */
function holderOf(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function lockedError(dir: string, holder: number | null): DataFolderLockedError {
  const who = holder !== null && holder !== process.pid && isAlive(holder) ? ` (process ${holder})` : '';
  return new DataFolderLockedError(`The data folder ${dir} is in use by another Atrium server${who}. Stop it first, or use another DATA_DIR.`);
}

/** Writes a file with the given content under a private name first, so that it is never seen partly written. */
function writePrivate(file: string, content: string): string {
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, content, { flag: 'wx', mode: 0o600 });
  return temp;
}

/**
 * Takes the lock on `dir` (created if missing). Raises DataFolderLockedError
 * when another live process holds it.
 */
export async function acquireDataLock(dir: string, options: DataLockOptions = {}): Promise<DataLock> {
  fs.mkdirSync(dir, { recursive: true });
  const mechanism = options.mechanism ?? (process.platform === 'linux' ? 'socket' : 'file');
  return mechanism === 'socket' ? acquireSocketLock(dir) : acquireFileLock(dir);
}

async function acquireSocketLock(dir: string): Promise<DataLock> {
  const file = path.join(dir, LOCK_FILE);
  const { dev, ino } = fs.statSync(dir, { bigint: true });
  const server = net.createServer((connection) => connection.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ path: `\0atrium-${dev}-${ino}`, exclusive: true }, () => resolve());
    });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') throw lockedError(dir, holderOf(file));
    throw e;
  }
  // The socket must not keep a process alive that has nothing else to do.
  server.unref();
  try {
    // Only the holder writes the file, so a rename over a stale one is safe.
    fs.renameSync(writePrivate(file, `${process.pid}\n`), file);
  } catch (e) {
    server.close();
    throw e;
  }
  // The file goes first, while the socket still holds the lock: nobody else can have written it.
  return fileLock(file, () => server.close());
}

function acquireFileLock(dir: string): DataLock {
  const file = path.join(dir, LOCK_FILE);
  const guard = path.join(dir, TAKEOVER_GUARD);
  for (let attempt = 0; attempt < 3; attempt++) {
    const temp = writePrivate(file, `${process.pid}\n`);
    try {
      fs.linkSync(temp, file);
      return fileLock(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      fs.rmSync(temp, { force: true });
    }
    const holder = holderOf(file);
    // Unreadable or empty cannot happen with files this code writes; treat it as held rather than guess.
    if (holder === null || holder === process.pid || isAlive(holder)) throw lockedError(dir, holder);
    try {
      fs.mkdirSync(guard);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      throw new DataFolderLockedError(
        `The data folder ${dir} is being taken over by another Atrium server. If none is running, remove ${guard} and start again.`,
      );
    }
    try {
      // Under the guard nobody else removes lock files, and a live holder never leaves one naming a dead process.
      if (holderOf(file) === holder) fs.rmSync(file, { force: true });
    } finally {
      fs.rmdirSync(guard);
    }
  }
  throw new DataFolderLockedError(`Could not take the lock on ${dir}`);
}

/** Releases once: removes the lock file if it still names this process, then runs `after`. */
function fileLock(file: string, after?: () => void): DataLock {
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      // Our own file while we live: nobody else removes a lock naming a live process.
      if (holderOf(file) === process.pid) fs.rmSync(file, { force: true });
      after?.();
    },
  };
}
