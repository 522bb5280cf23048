import { basenameVfsPath, formatVfsPath, parentVfsPath, parseVfsPath, VfsMessages } from '@atrium/shared';
import { DIRECTORY_MIME, type FileEntry, type FileSystem, type Mountpoint } from './FileSystem.js';
import { humanFileSize } from './humanFileSize.js';
import { mimeOfFilename } from './mimeOfFilename.js';

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

/**
 * A FileSystem held in memory, for tests and for running the client without a
 * server. `files` maps 'name:/a/b.txt' to its text, or null for a directory;
 * parent directories exist implicitly. Listings put directories first, then
 * sort by name. Errors and mount/unmount follow docs/behaviour/files.md.
 */
export class MemoryFileSystem implements FileSystem {
  readonly #mountpoints: Mountpoint[];
  /** Normalised path -> content (null: directory). */
  readonly #nodes = new Map<string, string | null>();

  constructor(tree: { mountpoints: Mountpoint[]; files: Record<string, string | null> }) {
    this.#mountpoints = tree.mountpoints.map((m) => ({ ...m, attributes: { ...m.attributes } }));
    for (const m of this.#mountpoints) this.#nodes.set(normalise(m.root), null);
    for (const [path, content] of Object.entries(tree.files)) {
      let at = normalise(path);
      this.#nodes.set(at, content);
      for (let parent = parentVfsPath(at); parent !== at; at = parent, parent = parentVfsPath(at)) {
        if (this.#nodes.get(parent) === undefined) this.#nodes.set(parent, null);
      }
    }
  }

  async mountpoints(): Promise<Mountpoint[]> {
    return this.#mountpoints.map((m) => ({ ...m, attributes: { ...m.attributes } }));
  }

  async readdir(path: string): Promise<FileEntry[]> {
    const dir = this.#resolve(path);
    if (this.#nodes.get(dir) !== null) throw new Error(`'${path}' is not a directory`);
    const entries: FileEntry[] = [];
    for (const [at, content] of this.#nodes) {
      if (at !== dir && parentVfsPath(at) === dir) entries.push(this.#entry(at, content));
    }
    return entries.sort((a, b) => Number(b.isDirectory) - Number(a.isDirectory) || a.filename.localeCompare(b.filename));
  }

  async exists(path: string): Promise<boolean> {
    return this.#nodes.has(this.#resolve(path));
  }

  async stat(path: string): Promise<FileEntry> {
    const at = this.#resolve(path);
    const content = this.#nodes.get(at);
    if (content === undefined) throw new Error(`'${path}' does not exist`);
    return this.#entry(at, content);
  }

  /** Marks a filesystem mounted; an error if it is already (docs/behaviour/files.md#mountpoints). */
  mount(name: string): void {
    const mountpoint = this.#find(name);
    if (mountpoint.mounted) throw new Error(VfsMessages.alreadyMounted(name));
    mountpoint.mounted = true;
  }

  /** Marks a filesystem unmounted; an error if it is not mounted (docs/behaviour/files.md#mountpoints). */
  unmount(name: string): void {
    const mountpoint = this.#find(name);
    if (!mountpoint.mounted) throw new Error(VfsMessages.notMounted(name));
    mountpoint.mounted = false;
  }

  #find(name: string): Mountpoint {
    const mountpoint = this.#mountpoints.find((m) => m.name === name);
    if (!mountpoint) throw new Error(VfsMessages.filesystemNotFound(name));
    return mountpoint;
  }

  /** The normalised path, after checking its form and that its filesystem is there and mounted. */
  #resolve(path: string): string {
    const at = normalise(path);
    const { mount } = parseVfsPath(at);
    const mountpoint = this.#mountpoints.find((m) => m.name === mount);
    if (!mountpoint) throw new Error(VfsMessages.filesystemNotFoundFor(path));
    if (!mountpoint.mounted) throw new Error(VfsMessages.notMounted(mount));
    return at;
  }

  #entry(path: string, content: string | null): FileEntry {
    const filename = basenameVfsPath(path);
    const size = content === null ? 0 : new TextEncoder().encode(content).length;
    return {
      isDirectory: content === null,
      isFile: content !== null,
      mime: content === null ? DIRECTORY_MIME : mimeOfFilename(filename),
      size,
      humanSize: humanFileSize(size),
      path,
      filename,
    };
  }
}
