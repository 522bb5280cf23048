import type { FileSystem, FileSystemChange } from './FileSystem.js';

/** The operations a LazyFileSystem hands on to the loaded implementation. */
const OPERATIONS = ['mountpoints', 'readdir', 'exists', 'stat', 'readfile', 'writefile', 'copy', 'rename', 'mkdir', 'unlink', 'touch', 'search', 'url', 'mount', 'unmount'] as const;

/**
 * A FileSystem whose implementation is loaded on its first call, so that the
 * signed-in shell does not carry the filesystem client before anybody uses
 * a file (docs/PERFORMANCE.md). Listeners subscribed before the load are
 * attached once it has loaded; `notify` tells them of changes made
 * elsewhere (another tab, another user: the socket's 'vfs:changed').
 */
export interface LazyFileSystem extends FileSystem {
  /** The implementation (loaded once; a failed load is tried again on the next call). */
  loaded(): Promise<FileSystem>;
  /** Tells the listeners of a change. */
  notify(change: FileSystemChange): void;
}

export function lazyFileSystem(load: () => Promise<FileSystem>): LazyFileSystem {
  let loading: Promise<FileSystem> | null = null;
  const listeners = new Set<(change: FileSystemChange) => void>();
  const lazy = {
    loaded() {
      loading ??= load().then(
        (fs) => {
          fs.subscribe((change) => lazy.notify(change));
          return fs;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    notify(change: FileSystemChange) {
      for (const listener of [...listeners]) listener(change);
    },
    subscribe(listener: (change: FileSystemChange) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  } as LazyFileSystem;
  for (const name of OPERATIONS) {
    (lazy as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const fs = (await lazy.loaded()) as unknown as Record<string, (...a: unknown[]) => unknown>;
      return fs[name]!(...args);
    };
  }
  return lazy;
}
