import {
  basenameVfsPath,
  DIRECTORY_MIME,
  formatVfsPath,
  humanFileSize,
  mimeOfFilename,
  parentVfsPath,
  parseVfsPath,
  VFS_SEARCH_MAX_RESULTS,
  vfsNameRuleBroken,
  VFS_NAME_RULES,
  type VfsErrorCode,
} from '@atrium/shared';
import { FileSystemError, wildcardMatcher, type FileEntry, type FileSystem, type FileSystemChange, type Mountpoint, type ReadTypes, type WriteOptions } from '../index.js';

/**
 * A mountpoint for MemoryFileSystem: mounted, enabled, root 'name:/', global,
 * local, searchable and writable unless the overrides say otherwise.
 */
export function memoryMountpoint(
  name: string,
  overrides: Partial<Omit<Mountpoint, 'attributes'>> & { attributes?: Partial<Mountpoint['attributes']> } = {},
): Mountpoint {
  const { attributes, ...rest } = overrides;
  return {
    name,
    label: name,
    root: `${name}:/`,
    adapter: 'memory',
    enabled: true,
    mounted: true,
    ...rest,
    attributes: { visibility: 'global', local: true, searchable: true, readOnly: false, ...attributes },
  };
}

/** 'home:/a/b/' and 'home:/a/b' name the same node. */
function normalise(path: string): string {
  const { mount, path: inner } = parseVfsPath(path);
  const trimmed = inner.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
  return formatVfsPath({ mount, path: trimmed });
}

interface MemoryNode {
  /** null: a directory. */
  content: Uint8Array | null;
  mime: string;
  created: string;
  modified: string;
}

const encoder = new TextEncoder();

/**
 * A FileSystem held in memory, for tests and for running the client without a
 * server. `files` maps 'name:/a/b.txt' to its text, or null for a directory;
 * parent directories exist implicitly. It follows the same rules and answers
 * the same failures (FileSystemError with the server's codes) as the server
 * (docs/behaviour/files.md), so that what works on it works on the server.
 * `url()` answers blob: addresses; an optional `delay` (ms) makes every call
 * take that long, to see loading states.
 */
export class MemoryFileSystem implements FileSystem {
  readonly #mountpoints: Mountpoint[];
  readonly #nodes = new Map<string, MemoryNode>();
  readonly #listeners = new Set<(change: FileSystemChange) => void>();
  readonly #now: () => Date;
  #ids = new Map<string, string>();
  #nextId = 1;
  /** Whether changes are made unheard (unheard()). */
  #muted = false;

  constructor(tree: { mountpoints: Mountpoint[]; files: Record<string, string | Uint8Array | null> }, options: { now?: () => Date } = {}) {
    this.#now = options.now ?? (() => new Date());
    this.#mountpoints = tree.mountpoints.map((m) => ({ ...m, attributes: { ...m.attributes } }));
    for (const m of this.#mountpoints) this.#nodes.set(normalise(m.root), this.#node(null, DIRECTORY_MIME));
    for (const [path, content] of Object.entries(tree.files)) {
      let at = normalise(path);
      const bytes = typeof content === 'string' ? encoder.encode(content) : content;
      this.#nodes.set(at, this.#node(bytes, bytes === null ? DIRECTORY_MIME : mimeOfFilename(basenameVfsPath(at))));
      for (let parent = parentVfsPath(at); parent !== at; at = parent, parent = parentVfsPath(at)) {
        if (!this.#nodes.has(parent)) this.#nodes.set(parent, this.#node(null, DIRECTORY_MIME));
      }
    }
  }

  async mountpoints(): Promise<Mountpoint[]> {
    return this.#mountpoints.map((m) => ({ ...m, attributes: { ...m.attributes } }));
  }

  async readdir(path: string, options: { showHiddenFiles?: boolean } = {}): Promise<FileEntry[]> {
    const dir = this.#directory(path);
    const entries: FileEntry[] = [];
    for (const at of this.#nodes.keys()) {
      if (at !== dir && parentVfsPath(at) === dir) {
        if (!options.showHiddenFiles && basenameVfsPath(at).startsWith('.')) continue;
        entries.push(this.#entry(at));
      }
    }
    return sortEntries(entries);
  }

  async exists(path: string): Promise<boolean> {
    return this.#nodes.has(this.#resolve(path));
  }

  async stat(path: string): Promise<FileEntry> {
    return this.#entry(this.#existing(path));
  }

  async readfile<K extends keyof ReadTypes = 'text'>(path: string, type?: K): Promise<ReadTypes[K]> {
    const at = this.#existing(path);
    const node = this.#nodes.get(at) as MemoryNode;
    if (node.content === null) throw this.#error('isADirectory', { path });
    const bytes = node.content;
    const kind = (type ?? 'text') as keyof ReadTypes;
    if (kind === 'text') return new TextDecoder().decode(bytes) as ReadTypes[K];
    if (kind === 'blob') return new Blob([bytes as BlobPart], { type: node.mime }) as ReadTypes[K];
    return bytes.slice().buffer as ReadTypes[K];
  }

  async writefile(path: string, data: Blob | string | ArrayBuffer, options: WriteOptions = {}): Promise<FileEntry> {
    const at = this.#writableTarget(path);
    const existing = this.#nodes.get(at);
    if (existing?.content === null) throw this.#error('isADirectory', { path });
    if (existing && options.overwrite === false) throw this.#error('alreadyExists', { path });
    options.signal?.throwIfAborted();
    const bytes = typeof data === 'string' ? encoder.encode(data) : data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(await data.arrayBuffer());
    options.signal?.throwIfAborted();
    options.onProgress?.({ loaded: bytes.length, total: bytes.length });
    const node = this.#node(bytes, mimeOfFilename(basenameVfsPath(at)));
    if (existing) node.created = existing.created;
    this.#nodes.set(at, node);
    this.#changed('writefile', [parentVfsPath(at)]);
    return this.#entry(at);
  }

  async copy(from: string, to: string, options: { overwrite?: boolean } = {}): Promise<FileEntry> {
    const { source, target } = this.#transfer(from, to, options);
    for (const [at, node] of this.#subtree(source)) {
      this.#nodes.set(target + at.slice(source.length), { ...node, content: node.content?.slice() ?? null, created: this.#stamp(), modified: this.#stamp() });
    }
    this.#changed('copy', [parentVfsPath(target)]);
    return this.#entry(target);
  }

  async rename(from: string, to: string, options: { overwrite?: boolean } = {}): Promise<FileEntry> {
    const { source, target } = this.#transfer(from, to, options);
    const moved = [...this.#subtree(source)];
    for (const [at] of moved) this.#nodes.delete(at);
    for (const [at, node] of moved) this.#nodes.set(target + at.slice(source.length), node);
    this.#forgetIds(source);
    this.#changed('rename', [...new Set([parentVfsPath(source), parentVfsPath(target)])]);
    return this.#entry(target);
  }

  async mkdir(path: string): Promise<FileEntry> {
    const at = this.#writableTarget(path);
    if (this.#nodes.has(at)) throw this.#error('alreadyExists', { path });
    this.#nodes.set(at, this.#node(null, DIRECTORY_MIME));
    this.#changed('mkdir', [parentVfsPath(at)]);
    return this.#entry(at);
  }

  async unlink(path: string): Promise<boolean> {
    const at = this.#existing(path);
    if (at === normalise(this.#mountpointOf(at).root)) throw this.#error('rootImmutable', { name: parseVfsPath(at).mount });
    this.#writable(at);
    for (const [inner] of [...this.#subtree(at)]) this.#nodes.delete(inner);
    this.#forgetIds(at);
    this.#changed('unlink', [parentVfsPath(at)]);
    return true;
  }

  async touch(path: string): Promise<FileEntry> {
    const at = this.#writableTarget(path);
    const existing = this.#nodes.get(at);
    if (existing) existing.modified = this.#stamp();
    else this.#nodes.set(at, this.#node(new Uint8Array(), mimeOfFilename(basenameVfsPath(at))));
    this.#changed('touch', [parentVfsPath(at)]);
    return this.#entry(at);
  }

  async search(root: string, pattern: string, options: { limit?: number } = {}): Promise<FileEntry[]> {
    const dir = this.#directory(root);
    const mountpoint = this.#mountpointOf(dir);
    if (!mountpoint.attributes.searchable) throw this.#error('notSearchable', { name: mountpoint.name });
    const matches = wildcardMatcher(pattern);
    const limit = Math.min(options.limit ?? VFS_SEARCH_MAX_RESULTS, VFS_SEARCH_MAX_RESULTS);
    const prefix = dir.endsWith('/') ? dir : `${dir}/`;
    const found: FileEntry[] = [];
    for (const at of [...this.#nodes.keys()].sort()) {
      if (at.startsWith(prefix) && matches(basenameVfsPath(at))) found.push(this.#entry(at));
      if (found.length >= limit) break;
    }
    return found;
  }

  async url(path: string, options: { download?: boolean } = {}): Promise<string> {
    const at = this.#existing(path);
    const node = this.#nodes.get(at) as MemoryNode;
    if (node.content === null) throw this.#error('isADirectory', { path });
    const type = options.download ? 'application/octet-stream' : node.mime;
    return URL.createObjectURL(new Blob([node.content as BlobPart], { type }));
  }

  /** Marks a filesystem mounted; an error if it is already (docs/behaviour/files.md#mountpoints). */
  async mount(name: string): Promise<void> {
    const mountpoint = this.#find(name);
    if (mountpoint.mounted) throw this.#error('alreadyMounted', { name });
    mountpoint.mounted = true;
    this.#changed('mount', [mountpoint.root]);
  }

  /** Marks a filesystem unmounted; an error if it is not mounted (docs/behaviour/files.md#mountpoints). */
  async unmount(name: string): Promise<void> {
    const mountpoint = this.#find(name);
    if (!mountpoint.mounted) throw this.#error('notMounted', { name });
    mountpoint.mounted = false;
    this.#changed('unmount', [mountpoint.root]);
  }

  subscribe(listener: (change: FileSystemChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Makes changes the listeners do not hear of, as when they were made
   * elsewhere while the desktop's connection was down; `resync()` then
   * tells them that changes may have been missed.
   */
  async unheard<T>(work: () => Promise<T>): Promise<T> {
    this.#muted = true;
    try {
      return await work();
    } finally {
      this.#muted = false;
    }
  }

  /** Tells the listeners that changes may have been missed (the desktop does so when its connection is back). */
  resync(): void {
    for (const listener of [...this.#listeners]) listener({ operation: 'resync', directories: [] });
  }

  #changed(operation: FileSystemChange['operation'], directories: string[]): void {
    if (this.#muted) return;
    for (const listener of [...this.#listeners]) listener({ operation, directories });
  }

  #find(name: string): Mountpoint {
    const mountpoint = this.#mountpoints.find((m) => m.name === name);
    if (!mountpoint) throw this.#error('filesystemNotFound', { name });
    return mountpoint;
  }

  #mountpointOf(at: string): Mountpoint {
    return this.#find(parseVfsPath(at).mount);
  }

  /** The normalised path, after checking its form, its names and that its filesystem is there and mounted. */
  #resolve(path: string): string {
    let at: string;
    try {
      at = normalise(path);
    } catch {
      throw this.#error('pathMismatch', { path: String(path) });
    }
    const { mount, path: inner } = parseVfsPath(at);
    const mountpoint = this.#mountpoints.find((m) => m.name === mount);
    if (!mountpoint) throw this.#error('filesystemNotFoundFor', { path });
    if (!mountpoint.enabled || !mountpoint.mounted) throw this.#error('notMounted', { name: mount });
    for (const name of inner.split('/').filter((n) => n !== '')) {
      if (name === '.' || name === '..') throw this.#error('outsideMount', { path });
      // Names on the way are looked up, as the server does: entries made before the rules against misleading names stay reachable.
      const rule = vfsNameRuleBroken(name, 'existing');
      if (rule) throw this.#error('invalidName', { name, rule: VFS_NAME_RULES[rule] });
    }
    return at;
  }

  #existing(path: string): string {
    const at = this.#resolve(path);
    if (!this.#nodes.has(at)) throw this.#error('notFound', { path });
    return at;
  }

  #directory(path: string): string {
    const at = this.#existing(path);
    if ((this.#nodes.get(at) as MemoryNode).content !== null) throw this.#error('notADirectory', { path });
    return at;
  }

  #writable(at: string): void {
    const mountpoint = this.#mountpointOf(at);
    if (mountpoint.attributes.readOnly) throw this.#error('readOnly', { name: mountpoint.name });
  }

  /** A path a write may create or replace: writable filesystem, a valid name, not the root, its parent an existing directory. */
  #writableTarget(path: string): string {
    const at = this.#resolve(path);
    this.#writable(at);
    // The name written to passes every name rule.
    const name = basenameVfsPath(at);
    const rule = name === '' ? null : vfsNameRuleBroken(name);
    if (rule) throw this.#error('invalidName', { name, rule: VFS_NAME_RULES[rule] });
    if (at === normalise(this.#mountpointOf(at).root)) throw this.#error('rootImmutable', { name: parseVfsPath(at).mount });
    const parent = parentVfsPath(at);
    const node = this.#nodes.get(parent);
    if (!node) throw this.#error('notFound', { path: parent });
    if (node.content !== null) throw this.#error('notADirectory', { path: parent });
    return at;
  }

  /** Checks a copy or move: the source exists, the target may be written, is not inside the source, and may be replaced. */
  #transfer(from: string, to: string, options: { overwrite?: boolean }): { source: string; target: string } {
    const source = this.#existing(from);
    const target = this.#writableTarget(to);
    if (source === normalise(this.#mountpointOf(source).root)) throw this.#error('rootImmutable', { name: parseVfsPath(source).mount });
    if (target === source || target.startsWith(`${source}/`)) throw this.#error('intoItself', { from });
    const existing = this.#nodes.get(target);
    if (existing) {
      if (existing.content === null || (this.#nodes.get(source) as MemoryNode).content === null) throw this.#error('alreadyExists', { path: to });
      if (options.overwrite === false) throw this.#error('alreadyExists', { path: to });
    }
    return { source, target };
  }

  /** A node and everything below it. */
  *#subtree(at: string): Generator<[string, MemoryNode]> {
    for (const [inner, node] of this.#nodes) if (inner === at || inner.startsWith(`${at}/`)) yield [inner, node];
  }

  #forgetIds(at: string): void {
    for (const path of [...this.#ids.keys()]) if (path === at || path.startsWith(`${at}/`)) this.#ids.delete(path);
  }

  #stamp(): string {
    return this.#now().toISOString();
  }

  #node(content: Uint8Array | null, mime: string): MemoryNode {
    const now = this.#stamp();
    return { content, mime, created: now, modified: now };
  }

  #error(code: VfsErrorCode, params: Record<string, string>): FileSystemError {
    return new FileSystemError(code, params);
  }

  #entry(path: string): FileEntry {
    const node = this.#nodes.get(path) as MemoryNode;
    const filename = basenameVfsPath(path);
    const size = node.content?.length ?? 0;
    let id = this.#ids.get(path);
    if (!id) {
      id = `memory-${this.#nextId++}`;
      this.#ids.set(path, id);
    }
    const parent = parentVfsPath(path);
    return {
      isDirectory: node.content === null,
      isFile: node.content !== null,
      mime: node.content === null ? DIRECTORY_MIME : node.mime,
      size,
      humanSize: humanFileSize(size),
      path,
      filename,
      id,
      parent_id: parent === path ? null : (this.#ids.get(parent) ?? null),
      stat: { created: node.created, modified: node.modified },
    };
  }
}

/** Directories first, then by name (docs/behaviour/files.md#file-entries). */
export function sortEntries(entries: FileEntry[]): FileEntry[] {
  return entries.sort((a, b) => Number(b.isDirectory) - Number(a.isDirectory) || a.filename.localeCompare(b.filename));
}
