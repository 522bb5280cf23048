import type { FileEntry, FileSystem, FileSystemChange, Mountpoint, ReadTypes, WriteOptions } from './FileSystem.js';

/**
 * A FileSystem whose implementation is loaded on its first call, so that the
 * signed-in shell does not carry the filesystem client before anybody uses
 * a file (docs/PERFORMANCE.md). Listeners subscribed before the load are
 * attached once it has loaded; `notify` tells them of changes made
 * elsewhere (another tab, another user: the socket's 'vfs:changed').
 */
export class LazyFileSystem implements FileSystem {
  readonly #load: () => Promise<FileSystem>;
  #loading: Promise<FileSystem> | null = null;
  readonly #listeners = new Set<(change: FileSystemChange) => void>();

  constructor(load: () => Promise<FileSystem>) {
    this.#load = load;
  }

  /** The implementation (loaded once; a failed load is tried again on the next call). */
  loaded(): Promise<FileSystem> {
    this.#loading ??= this.#load().then(
      (fs) => {
        fs.subscribe((change) => this.notify(change));
        return fs;
      },
      (error: unknown) => {
        this.#loading = null;
        throw error;
      },
    );
    return this.#loading;
  }

  /** Tells the listeners of a change. */
  notify(change: FileSystemChange): void {
    for (const listener of [...this.#listeners]) listener(change);
  }

  async mountpoints(): Promise<Mountpoint[]> {
    return (await this.loaded()).mountpoints();
  }
  async readdir(path: string, options?: { showHiddenFiles?: boolean }): Promise<FileEntry[]> {
    return (await this.loaded()).readdir(path, options);
  }
  async exists(path: string): Promise<boolean> {
    return (await this.loaded()).exists(path);
  }
  async stat(path: string): Promise<FileEntry> {
    return (await this.loaded()).stat(path);
  }
  async readfile<K extends keyof ReadTypes = 'text'>(path: string, type?: K): Promise<ReadTypes[K]> {
    return (await this.loaded()).readfile(path, type);
  }
  async writefile(path: string, data: Blob | string | ArrayBuffer, options?: WriteOptions): Promise<FileEntry> {
    return (await this.loaded()).writefile(path, data, options);
  }
  async copy(from: string, to: string, options?: { overwrite?: boolean }): Promise<FileEntry> {
    return (await this.loaded()).copy(from, to, options);
  }
  async rename(from: string, to: string, options?: { overwrite?: boolean }): Promise<FileEntry> {
    return (await this.loaded()).rename(from, to, options);
  }
  async mkdir(path: string): Promise<FileEntry> {
    return (await this.loaded()).mkdir(path);
  }
  async unlink(path: string): Promise<boolean> {
    return (await this.loaded()).unlink(path);
  }
  async touch(path: string): Promise<FileEntry> {
    return (await this.loaded()).touch(path);
  }
  async search(root: string, pattern: string, options?: { limit?: number }): Promise<FileEntry[]> {
    return (await this.loaded()).search(root, pattern, options);
  }
  async url(path: string, options?: { download?: boolean }): Promise<string> {
    return (await this.loaded()).url(path, options);
  }
  async mount(name: string): Promise<void> {
    return (await this.loaded()).mount(name);
  }
  async unmount(name: string): Promise<void> {
    return (await this.loaded()).unmount(name);
  }
  subscribe(listener: (change: FileSystemChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
