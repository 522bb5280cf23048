import {
  basenameVfsPath,
  humanFileSize,
  isVfsPath,
  parentVfsPath,
  parseVfsPath,
  VFS_BUILTIN_MOUNT_LABELS,
  VFS_ERRORS,
  VFS_NAME_RULES,
  vfsNameRuleBroken,
  type Envelope,
  type VfsEntry,
  type VfsErrorCode,
  type VfsMountpoint,
  type VfsOperation,
} from '@atrium/shared';
import { RequestError } from '../api/RequestError.js';
import type { RequestClient, RequestOptions } from '../api/RequestClient.js';
import type { FileEntry, FileSystem, FileSystemChange, Mountpoint, ReadTypes, WriteOptions } from './FileSystem.js';
import { FileSystemError } from '@atrium/sdk';

/** What HttpFileSystem needs of the signed-in request machinery (Session.core: bearer token, refresh and retry). */
export type VfsRequestClient = Pick<RequestClient, 'get' | 'post' | 'upload'>;

/** Where the calls go: `/vfs/{operation}` at the server's root (docs/API.md, "Files"). */
export const VFS_BASE = 'vfs';

/**
 * The user's filesystems on the server (docs/behaviour/files.md): the
 * FileSystem interface over `GET /vfs/mountpoints` and the eleven
 * `/vfs/{operation}` calls of @atrium/shared's api/vfs.ts, through the
 * signed-in request client, so that an expired token is refreshed and the
 * call retried as everywhere else.
 *
 * - GET operations (exists, stat, readdir, readfile) send `path` and
 *   `options` (JSON text) in the query; the others POST JSON bodies;
 *   writefile is multipart (`path`, `options`, then the file part `upload`)
 *   and reports progress and can be cancelled (WriteOptions).
 * - Error envelopes (`code: 'vfs.<code>'`, `params`) become FileSystemErrors.
 * - Mounting is the client's state (docs/behaviour/files.md#mountpoints): a
 *   filesystem unmounted here refuses every operation with 'Filesystem
 *   '{name}' not mounted' without asking the server; a path naming no known
 *   filesystem fails with 'Filesystem not found for '{path}''; a malformed
 *   one with 'Given path '{path}' does not match 'name:/path''.
 * - Subscribers hear of the changes this client made.
 */
export class HttpFileSystem implements FileSystem {
  readonly #client: VfsRequestClient;
  readonly #listeners = new Set<(change: FileSystemChange) => void>();
  /** The server's mountpoints, fetched on the first call that needs them. */
  #known: Promise<VfsMountpoint[]> | null = null;
  /** Filesystems unmounted on this client, and those mounted here that the server lists as unmounted. */
  readonly #unmounted = new Set<string>();
  readonly #mounted = new Set<string>();

  readonly #translate: ((key: string, vars?: Record<string, unknown>) => string) | null;

  /** `translate` shows the built-in mountpoints' labels in the user's language. */
  constructor(client: VfsRequestClient, options: { translate?: (key: string, vars?: Record<string, unknown>) => string } = {}) {
    this.#client = client;
    this.#translate = options.translate ?? null;
  }

  async mountpoints(): Promise<Mountpoint[]> {
    this.#known = this.#fetchMountpoints();
    return (await this.#known).map((m) => this.#withState(m));
  }

  async readdir(path: string, options: { showHiddenFiles?: boolean } = {}): Promise<FileEntry[]> {
    await this.#check(path);
    return (await this.#get<VfsEntry[]>('readdir', path, options)).map(toFileEntry);
  }

  async exists(path: string): Promise<boolean> {
    await this.#check(path);
    return this.#get<boolean>('exists', path, {});
  }

  async stat(path: string): Promise<FileEntry> {
    await this.#check(path);
    return toFileEntry(await this.#get<VfsEntry>('stat', path, {}));
  }

  async readfile<K extends keyof ReadTypes = 'text'>(path: string, type?: K): Promise<ReadTypes[K]> {
    await this.#check(path);
    const response = await this.#call(() => this.#client.get<Response>(`${VFS_BASE}/readfile`, { path, options: '{}' }, { raw: true }));
    const kind = (type ?? 'text') as keyof ReadTypes;
    if (kind === 'text') return (await response.text()) as ReadTypes[K];
    if (kind === 'blob') return (await response.blob()) as ReadTypes[K];
    return (await response.arrayBuffer()) as ReadTypes[K];
  }

  async writefile(path: string, data: Blob | string | ArrayBuffer, options: WriteOptions = {}): Promise<FileEntry> {
    await this.#check(path, 'new');
    options.signal?.throwIfAborted();
    const filename = basenameVfsPath(path);
    const blob = data instanceof Blob ? data : new Blob([data]);
    const form = new FormData();
    form.append('path', path);
    form.append('options', JSON.stringify(options.overwrite === undefined ? {} : { overwrite: options.overwrite }));
    form.append('upload', blob, filename);
    const size = blob.size;
    const { onProgress } = options;
    const request: RequestOptions = {
      // An upload takes as long as it takes: the signal cancels it.
      timeout: 0,
      ...(options.signal ? { signal: options.signal } : {}),
      // Progress of the whole request body, told in bytes of the file.
      onUploadProgress: (loaded, total) => onProgress?.({ loaded: total > 0 ? Math.min(size, Math.round((loaded / total) * size)) : 0, total: size }),
    };
    const entry = toFileEntry(await this.#data<VfsEntry>(() => this.#client.upload<Envelope<VfsEntry>>(`${VFS_BASE}/writefile`, form, request)));
    onProgress?.({ loaded: size, total: size });
    this.#changed('writefile', [parentVfsPath(path)]);
    return entry;
  }

  async copy(from: string, to: string, options: { overwrite?: boolean } = {}): Promise<FileEntry> {
    await this.#check(from);
    await this.#check(to, 'new');
    const entry = toFileEntry(await this.#post<VfsEntry>('copy', { from, to, options }));
    this.#changed('copy', [parentVfsPath(to)]);
    return entry;
  }

  async rename(from: string, to: string, options: { overwrite?: boolean } = {}): Promise<FileEntry> {
    await this.#check(from);
    await this.#check(to, 'new');
    const entry = toFileEntry(await this.#post<VfsEntry>('rename', { from, to, options }));
    this.#changed('rename', [...new Set([parentVfsPath(from), parentVfsPath(to)])]);
    return entry;
  }

  async mkdir(path: string): Promise<FileEntry> {
    await this.#check(path, 'new');
    const entry = toFileEntry(await this.#post<VfsEntry>('mkdir', { path, options: {} }));
    this.#changed('mkdir', [parentVfsPath(path)]);
    return entry;
  }

  async unlink(path: string): Promise<boolean> {
    await this.#check(path);
    const done = await this.#post<boolean>('unlink', { path, options: {} });
    this.#changed('unlink', [parentVfsPath(path)]);
    return done;
  }

  async touch(path: string): Promise<FileEntry> {
    await this.#check(path, 'new');
    const entry = toFileEntry(await this.#post<VfsEntry>('touch', { path, options: {} }));
    this.#changed('touch', [parentVfsPath(path)]);
    return entry;
  }

  async search(root: string, pattern: string, options: { limit?: number } = {}): Promise<FileEntry[]> {
    await this.#check(root);
    return (await this.#post<VfsEntry[]>('search', { root, pattern, options })).map(toFileEntry);
  }

  /**
   * The entry's signed address (docs/behaviour/files.md#downloads): loads
   * without a bearer token (img and video sources, links); `download` asks
   * the server to send it as an attachment.
   */
  async url(path: string, options: { download?: boolean } = {}): Promise<string> {
    const entry = await this.stat(path);
    if (entry.isDirectory || !entry.url) throw new FileSystemError('isADirectory', { path });
    if (!options.download) return entry.url;
    return `${entry.url}${entry.url.includes('?') ? '&' : '?'}download=1`;
  }

  async mount(name: string): Promise<void> {
    const mountpoint = await this.#find(name);
    if (this.#withState(mountpoint).mounted) throw new FileSystemError('alreadyMounted', { name });
    this.#unmounted.delete(name);
    if (!mountpoint.mounted) this.#mounted.add(name);
    this.#changed('mount', [mountpoint.root]);
  }

  async unmount(name: string): Promise<void> {
    const mountpoint = await this.#find(name);
    if (!this.#withState(mountpoint).mounted) throw new FileSystemError('notMounted', { name });
    this.#mounted.delete(name);
    this.#unmounted.add(name);
    this.#changed('unmount', [mountpoint.root]);
  }

  subscribe(listener: (change: FileSystemChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(operation: FileSystemChange['operation'], directories: string[]): void {
    for (const listener of [...this.#listeners]) listener({ operation, directories });
  }

  #withState(mountpoint: VfsMountpoint): Mountpoint {
    const mounted = (mountpoint.mounted || this.#mounted.has(mountpoint.name)) && !this.#unmounted.has(mountpoint.name);
    return { ...mountpoint, label: this.#label(mountpoint), mounted, attributes: { ...mountpoint.attributes } };
  }

  /** A built-in mountpoint's label in the user's language (vfs.mount.<name>); one an operator changed as it is. */
  #label({ name, label, organisation = '' }: VfsMountpoint): string {
    const english = Object.hasOwn(VFS_BUILTIN_MOUNT_LABELS, name) ? VFS_BUILTIN_MOUNT_LABELS[name as keyof typeof VFS_BUILTIN_MOUNT_LABELS] : null;
    if (!english || !this.#translate || label !== english.replace('{organisation}', organisation)) return label;
    const key = `vfs.mount.${name}`;
    const text = this.#translate(key, { organisation });
    return text && text !== key ? text : label;
  }

  async #fetchMountpoints(): Promise<VfsMountpoint[]> {
    const list = await this.#data<VfsMountpoint[]>(() => this.#client.get<Envelope<VfsMountpoint[]>>(`${VFS_BASE}/mountpoints`));
    return Array.isArray(list) ? list : [];
  }

  /** The server's mountpoints as last fetched (fetched now the first time, or when asked about a name they lack). */
  async #lookup(name: string): Promise<VfsMountpoint | undefined> {
    if (this.#known) {
      try {
        const found = (await this.#known).find((m) => m.name === name);
        if (found) return found;
      } catch {
        // Fetched again below.
      }
    }
    this.#known = this.#fetchMountpoints();
    try {
      return (await this.#known).find((m) => m.name === name);
    } catch (error) {
      this.#known = null;
      throw error;
    }
  }

  async #find(name: string): Promise<VfsMountpoint> {
    const mountpoint = await this.#lookup(name);
    if (!mountpoint) throw new FileSystemError('filesystemNotFound', { name });
    return mountpoint;
  }

  /**
   * The client's own checks before a call: the path's form, its filesystem
   * known and mounted here, and for a path a call writes to ('new'), its
   * last name passes every name rule (docs/behaviour/files.md#names).
   */
  async #check(path: string, target: 'new' | 'existing' = 'existing'): Promise<void> {
    if (!isVfsPath(path)) throw new FileSystemError('pathMismatch', { path: String(path) });
    const { mount } = parseVfsPath(path);
    const mountpoint = await this.#lookup(mount);
    if (!mountpoint) throw new FileSystemError('filesystemNotFoundFor', { path });
    if (!this.#withState(mountpoint).mounted) throw new FileSystemError('notMounted', { name: mount });
    const name = target === 'new' ? basenameVfsPath(path) : '';
    const rule = name === '' ? null : vfsNameRuleBroken(name);
    if (rule) throw new FileSystemError('invalidName', { name, rule: VFS_NAME_RULES[rule] });
  }

  #get<T>(operation: VfsOperation, path: string, options: object): Promise<T> {
    return this.#data<T>(() => this.#client.get<Envelope<T>>(`${VFS_BASE}/${operation}`, { path, options: JSON.stringify(options) }));
  }

  #post<T>(operation: VfsOperation, body: object): Promise<T> {
    return this.#data<T>(() => this.#client.post<Envelope<T>>(`${VFS_BASE}/${operation}`, body));
  }

  async #data<T>(send: () => Promise<Envelope<T>>): Promise<T> {
    const answer = await this.#call(send);
    if (answer && typeof answer === 'object' && answer.status === 'success') return answer.data as T;
    throw new Error('The server sent no answer to the filesystem call');
  }

  /** Sends a call; a filesystem error envelope becomes a FileSystemError. */
  async #call<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw fileSystemErrorOf(error) ?? error;
    }
  }
}

/** The FileSystemError an error envelope names (`code: 'vfs.<code>'`), or null for any other failure. */
export function fileSystemErrorOf(error: unknown): FileSystemError | null {
  if (!(error instanceof RequestError)) return null;
  const body = error.body as { code?: unknown; params?: unknown; message?: unknown } | null | undefined;
  if (!body || typeof body !== 'object' || typeof body.code !== 'string' || !body.code.startsWith('vfs.')) return null;
  const kind = body.code.slice('vfs.'.length);
  if (!Object.hasOwn(VFS_ERRORS, kind)) return null;
  const params: Record<string, string> = {};
  if (body.params && typeof body.params === 'object') {
    for (const [key, value] of Object.entries(body.params as Record<string, unknown>)) if (typeof value === 'string' || typeof value === 'number') params[key] = String(value);
  }
  const failure = new FileSystemError(kind as VfsErrorCode, params, typeof body.message === 'string' ? body.message : undefined);
  return Object.assign(failure, { cause: error });
}

/** A server entry as the client's FileEntry: with its size for people. */
export function toFileEntry(entry: VfsEntry): FileEntry {
  return { ...entry, stat: { ...entry.stat }, humanSize: humanFileSize(entry.size) };
}
