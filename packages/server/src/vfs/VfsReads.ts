/**
 * Reading the filesystem (docs/behaviour/files.md): whether a path exists,
 * its entry, a folder's entries, a file and its content, and the search of
 * a mountpoint by name.
 */
import { VFS_READDIR_MAX_ENTRIES, VFS_SEARCH_MAX_RESULTS, type VfsEntry } from '@atrium/shared';
import type { VfsContext } from './VfsContext.js';
import { VfsError } from './VfsError.js';
import { existingDirectory, formatPath, type VfsCaller } from './VfsPaths.js';
import type { VfsNodeRecord } from './VfsStore.js';

/** Entries above which a folder's listing is a costly call (docs/ARCHITECTURE.md, "Costly calls"). */
export const LARGE_LISTING_ENTRIES = 1_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class VfsReads {
  constructor(private readonly ctx: VfsContext) {}

  async exists(caller: VfsCaller, path: string): Promise<boolean> {
    return (await this.ctx.paths.resolve(caller, path)).node !== null;
  }

  async stat(caller: VfsCaller, path: string): Promise<VfsEntry> {
    const r = await this.ctx.paths.resolve(caller, path);
    if (!r.node) throw new VfsError('notFound', { path });
    return this.ctx.present(caller, [r.node], [formatPath(r)])[0]!;
  }

  /**
   * A folder's entries. A folder of more than LARGE_LISTING_ENTRIES is
   * listed and presented inside `costly` when given (the caller's limits on
   * costly calls: docs/ARCHITECTURE.md, "Costly calls"); the first look,
   * bounded, tells which it is.
   */
  async readdir(
    caller: VfsCaller,
    path: string,
    options: { showHiddenFiles?: boolean } = {},
    costly?: <T>(work: () => Promise<T>) => Promise<T>,
  ): Promise<VfsEntry[]> {
    const r = await this.ctx.paths.resolve(caller, path);
    const dir = existingDirectory(r);
    const entries = async (all: VfsNodeRecord[]) => {
      const shown = all.filter((c) => options.showHiddenFiles || !c.name.startsWith('.'));
      // In a guarded mountpoint, only the entries the caller may see.
      const children = await this.ctx.guards.filter(caller, r.instance.def.name, r.instance.scope, shown, (c) => [...r.names, c.name]);
      const base = formatPath(r).replace(/\/$/, '');
      return this.ctx.present(
        caller,
        children,
        children.map((c) => `${base}/${c.name}`),
      );
    };
    if (!costly) return entries(await this.ctx.store.children(dir.id, VFS_READDIR_MAX_ENTRIES));
    const first = await this.ctx.store.children(dir.id, LARGE_LISTING_ENTRIES + 1);
    if (first.length <= LARGE_LISTING_ENTRIES) return entries(first);
    return costly(async () => entries(await this.ctx.store.children(dir.id, VFS_READDIR_MAX_ENTRIES)));
  }

  /** The file a path names, for reading its content. */
  async file(caller: VfsCaller, path: string): Promise<{ node: VfsNodeRecord; entry: VfsEntry }> {
    const r = await this.ctx.paths.resolve(caller, path);
    if (!r.node) throw new VfsError('notFound', { path });
    if (r.node.isDirectory) throw new VfsError('isADirectory', { path });
    const [entry] = this.ctx.present(caller, [r.node], [formatPath(r)]);
    return { node: r.node, entry: entry! };
  }

  /**
   * A file by id, when the caller may see it (its mount instance is one of
   * the caller's); anything else is *does not exist*, whether or not it does.
   */
  async fileById(caller: VfsCaller, id: string, isMember: (accountId: string) => Promise<boolean>): Promise<VfsNodeRecord> {
    const node = UUID.test(id) ? await this.ctx.store.findById(id) : null;
    if (!node || node.isDirectory || !(await this.ctx.paths.maySee(caller, node, isMember))) throw new VfsError('notFound', { path: id });
    return node;
  }

  /** Entries of a mountpoint (below `root`) whose name matches a pattern, the first by name. */
  async search(caller: VfsCaller, root: string, pattern: string, options: { limit?: number } = {}): Promise<VfsEntry[]> {
    const r = await this.ctx.paths.resolve(caller, root);
    if (!r.instance.def.searchable) throw new VfsError('notSearchable', { name: r.instance.def.name });
    const dir = existingDirectory(r);
    const found = await this.ctx.store.search({
      mount: r.instance.def.name,
      scope: r.instance.scope,
      underId: dir.parentId === null ? null : dir.id,
      like: likePattern(pattern),
      limit: Math.min(options.limit ?? VFS_SEARCH_MAX_RESULTS, VFS_SEARCH_MAX_RESULTS),
    });
    const paths = await this.ctx.store.pathsOf(found.map((n) => n.id));
    const pathOf = (n: VfsNodeRecord) => paths.get(n.id) ?? '/';
    const shown = await this.ctx.guards.filter(caller, r.instance.def.name, r.instance.scope, found, (n) => pathOf(n).slice(1).split('/'));
    return this.ctx.present(
      caller,
      shown,
      shown.map((n) => `${r.instance.def.name}:${pathOf(n)}`),
    );
  }
}

/**
 * A search pattern as a LIKE pattern over lower-case names: '*' any run,
 * '?' one character, LIKE's own metacharacters escaped; a pattern without
 * a wildcard matches names containing it.
 */
export function likePattern(pattern: string): string {
  const lower = pattern.toLowerCase();
  const escaped = [...lower].map((c) => (c === '*' ? '%' : c === '?' ? '_' : c === '%' || c === '_' || c === '\\' ? `\\${c}` : c)).join('');
  return /[*?]/.test(lower) ? escaped : `%${escaped}%`;
}
