/**
 * Mountpoints and paths (docs/behaviour/files.md#paths): which mount
 * instance a path names for a caller, and the path resolved name by name
 * against the database in one query, with the checks every operation makes
 * on what it found.
 */
import { isVfsPath, parseVfsPath, VFS_MAX_DEPTH, VFS_NAME_RULES, vfsNameRuleBroken, type VfsMountpoint } from '@atrium/shared';
import type { Caller } from '../access/Caller.js';
import type { MountDefinition } from './mounts.js';
import type { VfsGuards } from './VfsGuards.js';
import { VfsError } from './VfsError.js';
import type { VfsNodeRecord, VfsStore } from './VfsStore.js';

/** Who calls: a signed-in user (with the session, for signed file addresses), or an operator through the command line. */
export interface VfsCaller {
  /** null for an operator writing on nobody's behalf. */
  userId: string | null;
  sessionId: string | null;
  /** The active organisation, which the organisation mountpoints belong to. */
  account: { id: string; name: string } | null;
  /** Operators may write read-only mountpoints, and their files count against nobody's space. */
  operator?: boolean;
  /** The request's caller, whose rights decide what a guarded mountpoint shows them (VfsGuards.ts). */
  caller?: Caller;
  /** The read-only mountpoint the service that owns it writes on the user's behalf (their files count against their space). */
  forMount?: string;
}

/** One mountpoint for one caller: its declaration and whose files (the scope) it shows. */
export interface MountInstance {
  def: MountDefinition;
  scope: string;
  label: string;
}

/** A path resolved against the database, as far as it exists. */
export interface Resolved {
  instance: MountInstance;
  /** The path as given, for the texts. */
  text: string;
  names: string[];
  /** The entry the path names, or null when it does not exist. */
  node: VfsNodeRecord | null;
  /** The directory that holds (or would hold) it; null when that does not exist either, or for a root. */
  parent: VfsNodeRecord | null;
  /** Every directory from the root down to `parent`, for the into-itself check. */
  ancestors: VfsNodeRecord[];
  /** Why `parent` is null: the first missing or non-directory prefix. */
  brokenAt: { path: string; reason: 'notFound' | 'notADirectory' } | null;
}

export class VfsPaths {
  constructor(
    private readonly mounts: readonly MountDefinition[],
    private readonly store: VfsStore,
    private readonly guards: VfsGuards,
  ) {}

  /** The declaration of a mountpoint by name. */
  definition(name: string): MountDefinition | undefined {
    return this.mounts.find((m) => m.name === name);
  }

  /** The caller's mountpoints, disabled ones included (listed as not mounted). */
  mountpoints(caller: VfsCaller): VfsMountpoint[] {
    return this.mounts
      .filter((def) => def.scope !== 'organisation' || caller.account !== null)
      .map((def) => ({
        name: def.name,
        label: labelOf(def, caller),
        ...(def.label.includes('{organisation}') && caller.account ? { organisation: caller.account.name } : {}),
        root: `${def.name}:/`,
        adapter: 'database',
        enabled: def.enabled,
        mounted: def.enabled,
        attributes: { visibility: def.visibility, local: true, searchable: def.searchable, readOnly: def.readOnly },
      }));
  }

  /** The mount instance of a mountpoint name for a caller. */
  instance(caller: VfsCaller, name: string): MountInstance {
    const def = this.definition(name);
    // An organisation mountpoint of a caller without an organisation does not exist for them.
    if (!def || (def.scope === 'organisation' && !caller.account) || (def.scope === 'user' && !caller.userId)) {
      throw new VfsError('filesystemNotFound', { name });
    }
    if (!def.enabled) throw new VfsError('notMounted', { name });
    const scope = def.scope === 'user' ? caller.userId! : def.scope === 'organisation' ? caller.account!.id : 'global';
    return { def, scope, label: labelOf(def, caller) };
  }

  /** Whether an entry belongs to a mount instance the caller can open. */
  async maySee(caller: VfsCaller, node: VfsNodeRecord, isMember: (accountId: string) => Promise<boolean>): Promise<boolean> {
    const def = this.definition(node.mount);
    if (!def?.enabled) return false;
    if (def.scope === 'global') return node.scope === 'global';
    if (def.scope === 'user') return caller.userId !== null && node.scope === caller.userId;
    if (caller.userId === null || !(await isMember(node.scope))) return false;
    if (!this.guards.guarded(def.name)) return true;
    const path = (await this.store.pathsOf([node.id])).get(node.id);
    return path !== undefined && (await this.guards.filter(caller, def.name, node.scope, [path.slice(1).split('/')], (names) => names)).length === 1;
  }

  /** Resolves a path name by name, in one query once the mount instance's root exists. */
  async resolve(caller: VfsCaller, text: string, store: VfsStore = this.store): Promise<Resolved> {
    const { instance, names } = this.checked(caller, text);
    // Only writes resolve paths inside a transaction; a guarded mountpoint is written by its owner alone, and its
    // guard is not asked there (it reads other tables, which the embedded database's one connection would wait for).
    if (store !== this.store) this.guards.refuseWrite(caller, instance.def.name);
    return this.walked(caller, instance, text, names, store);
  }

  /**
   * For a write that need not know what the path names now (touch: the
   * database decides between a new file and a touched one): the path
   * checked as `resolve` checks it, and its folder resolved (from memory,
   * once walked, on the embedded database). Null for a mount's root.
   */
  async resolveParent(caller: VfsCaller, text: string): Promise<{ target: Pick<Resolved, 'instance' | 'text' | 'names'>; parent: Resolved } | null> {
    const { instance, mount, names } = this.checked(caller, text);
    if (names.length === 0) return null;
    const folder = names.slice(0, -1);
    return { target: { instance, text, names }, parent: await this.walked(caller, instance, `${mount}:/${folder.join('/')}`, folder, this.store) };
  }

  /** A path's mount instance and names, each name checked. */
  private checked(caller: VfsCaller, text: string): { instance: MountInstance; mount: string; names: string[] } {
    if (!isVfsPath(text)) throw new VfsError('pathMismatch', { path: String(text) });
    const { mount, path } = parseVfsPath(text);
    const instance = this.instance(caller, mount);
    const names = path === '/' ? [] : path.slice(1).split('/');
    // One trailing slash is allowed ('home:/Documents/').
    if (names.length > 1 && names.at(-1) === '') names.pop();
    for (const name of names) {
      if (name === '.' || name === '..') throw new VfsError('outsideMount', { path: text });
      // Names on the way are looked up: entries made before the rules against misleading names stay reachable.
      const rule = vfsNameRuleBroken(name, 'existing');
      if (rule) throw new VfsError('invalidName', { name, rule: VFS_NAME_RULES[rule] });
    }
    if (names.length > VFS_MAX_DEPTH) throw new VfsError('tooDeep', { path: text });
    return { instance, mount, names };
  }

  private async walked(caller: VfsCaller, instance: MountInstance, text: string, names: string[], store: VfsStore): Promise<Resolved> {
    const mount = instance.def.name;
    // What lies past the names the caller may see (a guarded mountpoint's) is answered as if it did not exist.
    const visible = await this.guards.visible(caller, mount, instance.scope, names);
    let chain = await store.walk(mount, instance.scope, names);
    if (chain.length === 0) {
      // First use of this mount instance: its root is created, then the path walked again.
      await store.root(mount, instance.scope);
      chain = await store.walk(mount, instance.scope, names);
    }
    chain = chain.slice(0, visible + 1);
    const result = (node: VfsNodeRecord | null, parent: VfsNodeRecord | null, ancestors: VfsNodeRecord[], brokenAt: Resolved['brokenAt']): Resolved => ({
      instance,
      text,
      names,
      node,
      parent,
      ancestors,
      brokenAt,
    });
    const prefix = (length: number) => `${mount}:/${names.slice(0, length).join('/')}`;
    if (names.length === 0) return result(chain[0]!, null, [], null);
    // chain[i] is the entry of names[0..i) (chain[0] the root); it ends early at a missing name or past a file.
    const deepest = chain.length - 1;
    if (deepest === names.length) return result(chain[deepest]!, chain[deepest - 1]!, chain.slice(0, deepest), null);
    const last = chain[deepest]!;
    if (!last.isDirectory) return result(null, null, chain.slice(0, deepest), { path: prefix(deepest), reason: 'notADirectory' });
    if (deepest === names.length - 1) return result(null, last, chain, null);
    return result(null, null, chain, { path: prefix(deepest + 1), reason: 'notFound' });
  }
}

export function checkNewName(r: Pick<Resolved, 'names'>): void {
  const name = r.names.at(-1);
  const rule = name === undefined ? null : vfsNameRuleBroken(name);
  if (rule) throw new VfsError('invalidName', { name: name!, rule: VFS_NAME_RULES[rule] });
}

export function existingDirectory(r: Resolved): VfsNodeRecord {
  if (!r.node) throw new VfsError('notFound', { path: r.text });
  if (!r.node.isDirectory) throw new VfsError('notADirectory', { path: r.text });
  return r.node;
}

/** The folder a new entry goes into, resolved as a path of its own: refused as its entry would be (the first name missing, or a file in the way). */
export function existingFolder(r: Resolved): VfsNodeRecord {
  if (r.node?.isDirectory) return r.node;
  if (r.brokenAt) throw new VfsError(r.brokenAt.reason, { path: r.brokenAt.path });
  throw new VfsError(r.node ? 'notADirectory' : 'notFound', { path: r.text });
}

export function existingParent(r: Resolved): VfsNodeRecord {
  if (r.parent) return r.parent;
  if (r.brokenAt) throw new VfsError(r.brokenAt.reason, { path: r.brokenAt.path });
  // A root has no parent: it exists already.
  throw new VfsError('alreadyExists', { path: r.text });
}

export function checkWritable(caller: VfsCaller, r: Pick<Resolved, 'instance'>): void {
  if (r.instance.def.readOnly && !caller.operator && caller.forMount !== r.instance.def.name) throw new VfsError('readOnly', { name: r.instance.def.name });
}

/** Whether a file may be written over what the path names now. */
export function checkReplace(r: Resolved, path: string, options: { overwrite?: boolean }): void {
  if (!r.node) return;
  if (r.node.isDirectory) throw new VfsError('isADirectory', { path });
  if (options.overwrite === false) throw new VfsError('alreadyExists', { path });
}

/** The checks of copy and rename on their target. */
export function checkTarget(src: Resolved, dst: Resolved, from: string, to: string, options: { overwrite?: boolean }): void {
  const source = src.node!;
  if (source.isDirectory && dst.ancestors.some((a) => a.id === source.id)) throw new VfsError('intoItself', { from, to });
  if (dst.node?.id === source.id && source.isDirectory) throw new VfsError('intoItself', { from, to });
  if (!dst.node) return;
  if (dst.node.isDirectory || source.isDirectory || options.overwrite === false || dst.node.id === source.id) throw new VfsError('alreadyExists', { path: to });
}

/** Refuses a copy or move that would nest entries deeper than VFS_MAX_DEPTH. */
export function checkDepth(dst: Resolved, to: string, subtree: VfsNodeRecord[]): void {
  const depth = new Map<string, number>();
  let deepest = 0;
  for (const [i, n] of subtree.entries()) {
    const d = i === 0 ? 0 : (depth.get(n.parentId!) ?? 0) + 1;
    depth.set(n.id, d);
    deepest = Math.max(deepest, d);
  }
  if (dst.names.length + deepest > VFS_MAX_DEPTH) throw new VfsError('tooDeep', { path: to });
}

/** A mountpoint's label for a caller: '{organisation}' becomes the organisation's name. */
function labelOf(def: MountDefinition, caller: VfsCaller): string {
  return def.label.replace('{organisation}', caller.account?.name ?? '');
}

/** The path of a resolved entry without a trailing slash (a root keeps its '/'). */
export function formatPath(r: Resolved): string {
  return `${r.instance.def.name}:/${r.names.join('/')}`;
}

/** The last name of a path ('home:/a/b.txt/' → 'b.txt'). */
export function lastName(path: string): string {
  if (!isVfsPath(path)) return '';
  const trimmed = parseVfsPath(path).path.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** The directory that holds a path ('home:/a/b.txt' → 'home:/a'). */
export function parentOf(path: string): string {
  const { mount, path: inner } = parseVfsPath(path);
  const trimmed = inner.replace(/\/+$/, '');
  const at = trimmed.lastIndexOf('/');
  return `${mount}:${at <= 0 ? '/' : trimmed.slice(0, at)}`;
}
