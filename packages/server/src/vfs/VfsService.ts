import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DIRECTORY_MIME,
  isVfsPath,
  mimeOfFilename,
  parseVfsPath,
  VFS_MAX_DEPTH,
  VFS_NAME_RULES,
  VFS_READDIR_MAX_ENTRIES,
  VFS_SEARCH_MAX_RESULTS,
  vfsNameRuleBroken,
  type VfsEntry,
  type VfsMountpoint,
} from '@atrium/shared';
import type { Log } from '../logger.js';
import { readIndexedContent } from './contentText.js';
import type { FileUrlSigner } from './FileUrlSigner.js';
import type { MountDefinition } from './mounts.js';
import { LocalSpaceReservations, type SpaceReservations } from './SpaceReservations.js';
import { BlobTooLargeError, type StoredBlob, type VfsBlobStore } from './VfsBlobStore.js';
import { VfsError } from './VfsError.js';
import type { NewVfsNode, VfsNodeRecord, VfsStore } from './VfsStore.js';
import { WriteSpaces, type DeclaredLength, type WriteSpace } from './WriteSpaces.js';

/** Entries above which a folder's listing is a costly call (docs/ARCHITECTURE.md, "Costly calls"). */
export const LARGE_LISTING_ENTRIES = 1_000;

/** SHA-256 of no bytes: the hash of an empty file, which has no blob. */
const EMPTY_SHA256 = crypto.createHash('sha256').digest('hex');

/** Who calls: a signed-in user (with the session, for signed file addresses), or an operator through the command line. */
export interface VfsCaller {
  /** null for an operator writing on nobody's behalf. */
  userId: string | null;
  sessionId: string | null;
  /** The active organisation, which the organisation mountpoints belong to. */
  account: { id: string; name: string } | null;
  /** Operators may write read-only mountpoints, and their files count against nobody's space. */
  operator?: boolean;
}

/** One mountpoint for one caller: its declaration and whose files (the scope) it shows. */
export interface MountInstance {
  def: MountDefinition;
  scope: string;
  label: string;
}

/** A path resolved against the database, as far as it exists. */
interface Resolved {
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

export interface VfsServiceOptions {
  mounts: readonly MountDefinition[];
  quota: number;
  uploadLimit: number;
  /** Base of the versioned API, for the signed `url` of file entries. */
  apiPrefix: string;
  /** The content origin (CONTENT_URL): signed addresses are absolute under it; relative to this server without one. */
  contentOrigin?: string | null;
  now?: () => Date;
  /** Where the space of writes in flight is held; this process's memory by default. */
  reservations?: SpaceReservations;
}

/** A finished change, for live updates: the directories whose listing changed. */
export type VfsChangeListener = (change: { caller: VfsCaller; directories: string[]; organisation: string | null }) => void;

/**
 * The virtual filesystem's operations (docs/behaviour/files.md): paths are
 * resolved name by name against the database, inside one mount instance, so
 * no spelling of a path reaches another user's or organisation's entries;
 * contents go to the blob store first and the database records them after,
 * in one transaction with the owner's used space.
 */
export class VfsService {
  private readonly now: () => Date;
  private readonly listeners = new Set<VfsChangeListener>();
  private readonly spaces: WriteSpaces;

  constructor(
    private readonly store: VfsStore,
    private readonly blobs: VfsBlobStore,
    private readonly signer: FileUrlSigner,
    private readonly options: VfsServiceOptions,
    private readonly log: Log,
  ) {
    this.now = options.now ?? (() => new Date());
    const reservations = options.reservations ?? new LocalSpaceReservations((owner) => store.usage(owner));
    this.spaces = new WriteSpaces(reservations, blobs, options.quota, options.uploadLimit);
  }

  /** Called after every change that commits. */
  onChange(listener: VfsChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get uploadLimit(): number {
    return this.options.uploadLimit;
  }

  /** Whom and which file a signed file address was made for, when its token is genuine and unexpired; nothing is looked up. */
  verifyToken(token: unknown) {
    return this.signer.verify(token);
  }

  // ---- Mountpoints ----

  /** The caller's mountpoints, disabled ones included (listed as not mounted). */
  mountpoints(caller: VfsCaller): VfsMountpoint[] {
    return this.options.mounts
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
    const def = this.options.mounts.find((m) => m.name === name);
    // An organisation mountpoint of a caller without an organisation does not exist for them.
    if (!def || (def.scope === 'organisation' && !caller.account) || (def.scope === 'user' && !caller.userId)) {
      throw new VfsError('filesystemNotFound', { name });
    }
    if (!def.enabled) throw new VfsError('notMounted', { name });
    const scope = def.scope === 'user' ? caller.userId! : def.scope === 'organisation' ? caller.account!.id : 'global';
    return { def, scope, label: labelOf(def, caller) };
  }

  // ---- Reading ----

  async exists(caller: VfsCaller, path: string): Promise<boolean> {
    return (await this.resolve(caller, path)).node !== null;
  }

  async stat(caller: VfsCaller, path: string): Promise<VfsEntry> {
    const r = await this.resolve(caller, path);
    if (!r.node) throw new VfsError('notFound', { path });
    return (await this.present(caller, r.instance, [r.node], [formatPath(r)]))[0]!;
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
    const r = await this.resolve(caller, path);
    const dir = this.existingDirectory(r);
    const entries = (all: VfsNodeRecord[]) => {
      const children = all.filter((c) => options.showHiddenFiles || !c.name.startsWith('.'));
      const base = formatPath(r).replace(/\/$/, '');
      return this.present(
        caller,
        r.instance,
        children,
        children.map((c) => `${base}/${c.name}`),
      );
    };
    if (!costly) return entries(await this.store.children(dir.id, VFS_READDIR_MAX_ENTRIES));
    const first = await this.store.children(dir.id, LARGE_LISTING_ENTRIES + 1);
    if (first.length <= LARGE_LISTING_ENTRIES) return entries(first);
    return costly(async () => entries(await this.store.children(dir.id, VFS_READDIR_MAX_ENTRIES)));
  }

  /** The file a path names, for reading its content. */
  async file(caller: VfsCaller, path: string): Promise<{ node: VfsNodeRecord; entry: VfsEntry }> {
    const r = await this.resolve(caller, path);
    if (!r.node) throw new VfsError('notFound', { path });
    if (r.node.isDirectory) throw new VfsError('isADirectory', { path });
    const [entry] = await this.present(caller, r.instance, [r.node], [formatPath(r)]);
    return { node: r.node, entry: entry! };
  }

  /**
   * A file by id, when the caller may see it (its mount instance is one of
   * the caller's); anything else is *does not exist*, whether or not it does.
   */
  async fileById(caller: VfsCaller, id: string, isMember: (accountId: string) => Promise<boolean>): Promise<VfsNodeRecord> {
    const node = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) ? await this.store.findById(id) : null;
    if (!node || node.isDirectory || !(await this.maySee(caller, node, isMember))) throw new VfsError('notFound', { path: id });
    return node;
  }

  /** Whether an entry belongs to a mount instance the caller can open. */
  async maySee(caller: VfsCaller, node: VfsNodeRecord, isMember: (accountId: string) => Promise<boolean>): Promise<boolean> {
    const def = this.options.mounts.find((m) => m.name === node.mount);
    if (!def?.enabled) return false;
    if (def.scope === 'global') return node.scope === 'global';
    if (def.scope === 'user') return caller.userId !== null && node.scope === caller.userId;
    return caller.userId !== null && (await isMember(node.scope));
  }

  /** The content of a file entry (a range of it), empty files included. */
  async content(node: VfsNodeRecord, range?: { start: number; end: number }): Promise<Readable> {
    if (!node.blobKey || node.size === 0) return Readable.from([]);
    const stream = await this.blobs.read(node.blobKey, range);
    if (!stream) {
      this.log.error({ event: 'vfs.blob-missing', id: node.id }, 'a file has no content in the blob store');
      throw new Error('blob missing');
    }
    return stream;
  }

  async search(caller: VfsCaller, root: string, pattern: string, options: { limit?: number } = {}): Promise<VfsEntry[]> {
    const r = await this.resolve(caller, root);
    if (!r.instance.def.searchable) throw new VfsError('notSearchable', { name: r.instance.def.name });
    const dir = this.existingDirectory(r);
    const found = await this.store.search({
      mount: r.instance.def.name,
      scope: r.instance.scope,
      underId: dir.parentId === null ? null : dir.id,
      like: likePattern(pattern),
      limit: Math.min(options.limit ?? VFS_SEARCH_MAX_RESULTS, VFS_SEARCH_MAX_RESULTS),
    });
    const paths = await this.store.pathsOf(found.map((n) => n.id));
    return this.present(
      caller,
      r.instance,
      found,
      found.map((n) => `${r.instance.def.name}:${paths.get(n.id) ?? '/'}`),
    );
  }

  // ---- Writing ----

  async mkdir(caller: VfsCaller, path: string): Promise<VfsEntry> {
    const r = await this.resolve(caller, path);
    this.writable(caller, r);
    this.checkNewName(r);
    if (r.node) throw new VfsError('alreadyExists', { path });
    const parent = this.existingParent(r);
    // One statement: a name taken meanwhile is refused by the unique index, a parent deleted meanwhile by its key.
    const node = await this.store
      .insert(this.newNode(caller, r, parent, { isDirectory: true, mime: DIRECTORY_MIME, size: 0, blobKey: null, sha256: null }, this.now()))
      .catch((e: unknown) => {
        throw constraintError(e, path) ?? e;
      });
    this.changed(caller, [parentOf(path)]);
    return this.entry(caller, path, node);
  }

  async touch(caller: VfsCaller, path: string): Promise<VfsEntry> {
    const r = await this.resolve(caller, path);
    this.writable(caller, r);
    if (r.node && r.node.parentId === null) throw new VfsError('rootImmutable', { name: r.instance.def.name });
    this.checkNewName(r);
    const parent = r.node ? r.parent! : this.existingParent(r);
    const name = r.names.at(-1)!;
    // One statement: a new empty file, or the modification time of what the name already is (created meanwhile too).
    const node = await this.store
      .insertOrTouch(this.newNode(caller, r, parent, { isDirectory: false, mime: mimeOfFilename(name), size: 0, blobKey: null, sha256: EMPTY_SHA256 }, this.now()))
      .catch((e: unknown) => {
        throw constraintError(e, path) ?? e;
      });
    this.changed(caller, [parentOf(path)]);
    return this.entry(caller, path, node);
  }

  /**
   * Refuses, before any of its body is read, an upload whose declared
   * length cannot fit whatever it replaces (docs/behaviour/files.md#quotas).
   */
  async checkUploadLength(caller: VfsCaller, declared: DeclaredLength): Promise<void> {
    await this.spaces.check({ owner: this.ownerOf(caller), declared, limit: this.options.uploadLimit });
  }

  /**
   * Checks a write before its content is read, so that a refused upload is
   * answered at once, and holds the space its content may take
   * (docs/behaviour/files.md#quotas): the caller releases it once the
   * content is recorded or given up. Without the path (an upload sent
   * before it) only the space is held, with no credit for a file replaced.
   */
  async prepareWrite(caller: VfsCaller, path: string | null, options: { overwrite?: boolean } = {}, declared: DeclaredLength | null = null): Promise<WriteSpace> {
    const owner = this.ownerOf(caller);
    let credit = 0;
    if (path !== null) {
      const r = await this.resolve(caller, path);
      this.writable(caller, r);
      this.checkNewName(r);
      this.checkReplace(r, path, options);
      this.existingParent(r);
      if (r.node && owner && r.node.ownerId === owner) credit = r.node.size;
    }
    return this.spaces.reserve({ owner, credit, declared, limit: this.options.uploadLimit });
  }

  /**
   * writefile: stores the content, then records it (replacing an existing
   * file unless `overwrite` is false). The content is read once, streaming;
   * past the upload limit, the caller's free space or the disk's it is
   * refused and nothing is kept. `length`, when known, is checked first;
   * `content` may be a function that opens it once the write is accepted.
   */
  async writefile(caller: VfsCaller, path: string, content: Readable | (() => Readable), options: { overwrite?: boolean } = {}, length?: number): Promise<VfsEntry> {
    const space = await this.prepareWrite(caller, path, options, length === undefined ? null : { bytes: length, slack: 0 });
    try {
      const blob = await this.storeContent(typeof content === 'function' ? content() : content, space);
      return await this.commitWrite(caller, path, blob, options);
    } finally {
      space.release();
    }
  }

  /** Streams content into the blob store within its held space, refusing it past that with the text of what bounds it. */
  async storeContent(content: Readable, space: WriteSpace): Promise<StoredBlob> {
    try {
      return await this.blobs.write(content, { maxBytes: space.maxBytes, progress: (bytes) => space.wrote(bytes) });
    } catch (e) {
      if (e instanceof BlobTooLargeError) throw this.spaces.error(space.bound);
      throw e;
    }
  }

  /** Deletes stored content that will not be recorded (a write refused after its upload). */
  async discard(blob: StoredBlob): Promise<void> {
    await this.deleteBlobs([blob.key]);
  }

  tooLargeError(): VfsError {
    return this.spaces.error('limit');
  }

  /** Records stored content at a path (the second half of writefile); the blob is deleted when this fails. */
  async commitWrite(caller: VfsCaller, path: string, blob: StoredBlob, options: { overwrite?: boolean } = {}): Promise<VfsEntry> {
    let replaced: string | null = null;
    let committed = false;
    try {
      // What search knows of a text file's content, read back before the transaction (docs/behaviour/search.md#files).
      const content = await readIndexedContent(this.blobs, blob, mimeOfFilename(lastName(path))).catch(() => null);
      const node = await this.store.transaction(async (store) => {
        const r = await this.resolve(caller, path, store);
        this.writable(caller, r);
        this.checkNewName(r);
        this.checkReplace(r, path, options);
        const parent = this.existingParent(r);
        const at = this.now();
        const stored = { size: blob.size, blobKey: blob.size === 0 ? null : blob.key, sha256: blob.sha256 };
        if (r.node) {
          replaced = r.node.blobKey;
          const owner = this.ownerOf(caller);
          if (r.node.ownerId === owner) await this.account(store, owner, blob.size - r.node.size);
          else {
            await this.account(store, r.node.ownerId, -r.node.size);
            await this.account(store, owner, blob.size);
          }
          return store.update(r.node.id, { ...stored, mime: mimeOfFilename(r.node.name), ownerId: this.ownerOf(caller), modifiedAt: at }, content);
        }
        await this.account(store, this.ownerOf(caller), blob.size);
        return store.insert(this.newNode(caller, r, parent, { isDirectory: false, mime: mimeOfFilename(r.names.at(-1)!), ...stored }, at), content ?? undefined);
      });
      committed = true;
      if (blob.size === 0) await this.blobs.delete(blob.key);
      if (replaced) await this.deleteBlobs([replaced]);
      this.changed(caller, [parentOf(path)]);
      return this.entry(caller, path, node);
    } catch (e) {
      // Recorded content is the file's now, whatever failed after.
      if (!committed) await this.blobs.delete(blob.key);
      throw e;
    }
  }

  async unlink(caller: VfsCaller, path: string): Promise<boolean> {
    const gone = await this.store.transaction(async (store) => {
      const r = await this.resolve(caller, path, store);
      this.writable(caller, r);
      if (!r.node) throw new VfsError('notFound', { path });
      if (r.node.parentId === null) throw new VfsError('rootImmutable', { name: r.instance.def.name });
      const subtree = await store.subtree(r.node.id);
      await store.remove(r.node.id);
      for (const [owner, bytes] of bytesByOwner(subtree)) await store.addUsage(owner, -bytes);
      return subtree;
    });
    await this.deleteBlobs(gone.map((n) => n.blobKey));
    this.changed(caller, [parentOf(path)]);
    return true;
  }

  async rename(caller: VfsCaller, from: string, to: string, options: { overwrite?: boolean } = {}): Promise<VfsEntry> {
    let replaced: string | null = null;
    const node = await this.store.transaction(async (store) => {
      const src = await this.resolve(caller, from, store);
      if (!src.node) throw new VfsError('notFound', { path: from });
      if (src.node.parentId === null) throw new VfsError('rootImmutable', { name: src.instance.def.name });
      this.writable(caller, src);
      const dst = await this.resolve(caller, to, store);
      this.writable(caller, dst);
      if (dst.node?.id === src.node.id) return src.node;
      this.checkNewName(dst);
      this.checkTarget(src, dst, from, to, options);
      const parent = this.existingParent(dst);
      this.checkDepth(dst, to, src.node.isDirectory ? await store.subtree(src.node.id) : [src.node]);
      if (dst.node) {
        replaced = dst.node.blobKey;
        await store.remove(dst.node.id);
        await this.account(store, dst.node.ownerId, -dst.node.size);
      }
      return store.move(src.node.id, { parentId: parent.id, name: dst.names.at(-1)!, mount: dst.instance.def.name, scope: dst.instance.scope, modifiedAt: src.node.modifiedAt });
    });
    if (replaced) await this.blobs.delete(replaced);
    this.changed(caller, [parentOf(from), parentOf(to)]);
    return this.entry(caller, to, node);
  }

  async copy(caller: VfsCaller, from: string, to: string, options: { overwrite?: boolean } = {}): Promise<VfsEntry> {
    const src = await this.resolve(caller, from);
    if (!src.node) throw new VfsError('notFound', { path: from });
    const dst = await this.resolve(caller, to);
    this.writable(caller, dst);
    this.checkNewName(dst);
    this.checkTarget(src, dst, from, to, options);
    this.existingParent(dst);
    const subtree = src.node.isDirectory ? await this.store.subtree(src.node.id) : [src.node];
    this.checkDepth(dst, to, subtree);
    const total = subtree.reduce((sum, n) => sum + n.size, 0);
    const owner = this.ownerOf(caller);
    // The copies' space is held before their contents are written, as an upload's is (no upload limit: nothing is uploaded).
    const credit = dst.node && owner && dst.node.ownerId === owner ? dst.node.size : 0;
    const space = await this.spaces.reserve({ owner, credit, declared: { bytes: total, slack: 0 }, limit: Number.MAX_SAFE_INTEGER });
    // Copies have blobs of their own (docs/behaviour/files.md#storage), written before the rows that name them.
    const copies = new Map<string, StoredBlob>();
    let replaced: string | null = null;
    try {
      let written = 0;
      for (const n of subtree) {
        if (!n.blobKey || n.size === 0) continue;
        const before = written;
        copies.set(n.id, await this.blobs.write(await this.content(n), { progress: (bytes) => space.wrote((written = before + bytes)) }));
      }
      const node = await this.store.transaction(async (store) => {
        const target = await this.resolve(caller, to, store);
        this.writable(caller, target);
        this.checkTarget(src, target, from, to, options);
        const parent = this.existingParent(target);
        if (target.node) {
          replaced = target.node.blobKey;
          await store.remove(target.node.id);
          await this.account(store, target.node.ownerId, -target.node.size);
        }
        await this.account(store, owner, total);
        const at = this.now();
        const ids = new Map<string, string>();
        const rows: NewVfsNode[] = subtree.map((n, i) => {
          const id = crypto.randomUUID();
          ids.set(n.id, id);
          const copy = copies.get(n.id);
          return {
            ...this.newNode(caller, target, parent, { isDirectory: n.isDirectory, mime: n.mime, size: n.size, blobKey: copy?.key ?? null, sha256: n.sha256 }, at),
            id,
            parentId: i === 0 ? parent.id : ids.get(n.parentId!)!,
            name: i === 0 ? target.names.at(-1)! : n.name,
          };
        });
        await store.insertMany(rows);
        // Copies are found by their text as their originals are.
        const files = subtree.filter((n) => !n.isDirectory && n.size > 0).map((n) => ({ from: n.id, to: ids.get(n.id)! }));
        if (files.length > 0) await store.copyContents(files, { mount: target.instance.def.name, scope: target.instance.scope });
        return (await store.findById(rows[0]!.id))!;
      });
      if (replaced) await this.blobs.delete(replaced);
      this.changed(caller, [parentOf(to)]);
      return this.entry(caller, to, node);
    } catch (e) {
      await this.deleteBlobs([...copies.values()].map((b) => b.key));
      throw e;
    } finally {
      space.release();
    }
  }

  // ---- Inside ----

  /** Resolves a path name by name (docs/behaviour/files.md#paths). */
  private async resolve(caller: VfsCaller, text: string, store: VfsStore = this.store): Promise<Resolved> {
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
    let chain = await store.walk(instance.def.name, instance.scope, names);
    if (chain.length === 0) {
      // First use of this mount instance: its root is created, then the path walked again.
      await store.root(instance.def.name, instance.scope);
      chain = await store.walk(instance.def.name, instance.scope, names);
    }
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

  /** The name a write makes or writes to must pass every name rule (docs/behaviour/files.md#names). */
  private checkNewName(r: Resolved): void {
    const name = r.names.at(-1);
    const rule = name === undefined ? null : vfsNameRuleBroken(name);
    if (rule) throw new VfsError('invalidName', { name: name!, rule: VFS_NAME_RULES[rule] });
  }

  private existingDirectory(r: Resolved): VfsNodeRecord {
    if (!r.node) throw new VfsError('notFound', { path: r.text });
    if (!r.node.isDirectory) throw new VfsError('notADirectory', { path: r.text });
    return r.node;
  }

  private existingParent(r: Resolved): VfsNodeRecord {
    if (r.parent) return r.parent;
    if (r.brokenAt) throw new VfsError(r.brokenAt.reason, { path: r.brokenAt.path });
    // A root has no parent: it exists already.
    throw new VfsError('alreadyExists', { path: r.text });
  }

  private writable(caller: VfsCaller, r: Resolved): void {
    if (r.instance.def.readOnly && !caller.operator) throw new VfsError('readOnly', { name: r.instance.def.name });
  }

  /** Whether a file may be written over what the path names now. */
  private checkReplace(r: Resolved, path: string, options: { overwrite?: boolean }): void {
    if (!r.node) return;
    if (r.node.isDirectory) throw new VfsError('isADirectory', { path });
    if (options.overwrite === false) throw new VfsError('alreadyExists', { path });
  }

  /** The checks of copy and rename on their target. */
  private checkTarget(src: Resolved, dst: Resolved, from: string, to: string, options: { overwrite?: boolean }): void {
    const source = src.node!;
    if (source.isDirectory && dst.ancestors.some((a) => a.id === source.id)) throw new VfsError('intoItself', { from, to });
    if (dst.node?.id === source.id && source.isDirectory) throw new VfsError('intoItself', { from, to });
    if (!dst.node) return;
    if (dst.node.isDirectory || source.isDirectory || options.overwrite === false || dst.node.id === source.id) throw new VfsError('alreadyExists', { path: to });
  }

  /** Refuses a copy or move that would nest entries deeper than VFS_MAX_DEPTH. */
  private checkDepth(dst: Resolved, to: string, subtree: VfsNodeRecord[]): void {
    const depth = new Map<string, number>();
    let deepest = 0;
    for (const [i, n] of subtree.entries()) {
      const d = i === 0 ? 0 : (depth.get(n.parentId!) ?? 0) + 1;
      depth.set(n.id, d);
      deepest = Math.max(deepest, d);
    }
    if (dst.names.length + deepest > VFS_MAX_DEPTH) throw new VfsError('tooDeep', { path: to });
  }

  private newNode(
    caller: VfsCaller,
    r: Resolved,
    parent: VfsNodeRecord,
    content: Pick<NewVfsNode, 'isDirectory' | 'mime' | 'size' | 'blobKey' | 'sha256'>,
    at: Date,
  ): NewVfsNode {
    return {
      id: crypto.randomUUID(),
      mount: r.instance.def.name,
      scope: r.instance.scope,
      parentId: parent.id,
      name: r.names.at(-1)!,
      ...content,
      ownerId: this.ownerOf(caller),
      accountId: caller.account?.id ?? null,
      createdAt: at,
      modifiedAt: at,
    };
  }

  private ownerOf(caller: VfsCaller): string | null {
    return caller.operator ? null : caller.userId;
  }

  /** Adds to an owner's used space, refusing growth past the quota (the transaction then rolls back). */
  private async account(store: VfsStore, owner: string | null, delta: number): Promise<void> {
    if (!owner || delta === 0) return;
    const total = await store.addUsage(owner, delta);
    if (delta > 0 && total > this.options.quota) throw this.spaces.error('quota');
  }

  private async entry(caller: VfsCaller, path: string, node: VfsNodeRecord): Promise<VfsEntry> {
    const instance = this.instance(caller, parseVfsPath(path).mount);
    const shown = path.length > 1 && path.endsWith('/') && !path.endsWith(':/') ? path.slice(0, -1) : path;
    return (await this.present(caller, instance, [node], [shown]))[0]!;
  }

  /** File entries (docs/behaviour/files.md#file-entries) of nodes at the given paths. */
  private async present(caller: VfsCaller, _instance: MountInstance, nodes: VfsNodeRecord[], paths: string[]): Promise<VfsEntry[]> {
    return nodes.map((node, i) => {
      const entry: VfsEntry = {
        isDirectory: node.isDirectory,
        isFile: !node.isDirectory,
        mime: node.mime,
        size: node.size,
        path: paths[i]!,
        filename: node.name,
        id: node.id,
        parent_id: node.parentId,
        stat: { created: node.createdAt.toISOString(), modified: node.modifiedAt.toISOString(), ...(node.isDirectory ? {} : { hash: node.sha256 ?? EMPTY_SHA256 }) },
      };
      if (!node.isDirectory && caller.sessionId && caller.userId) {
        entry.url = `${this.options.contentOrigin ?? ''}${this.options.apiPrefix}/file/${node.id}/data?token=${this.signer.sign(caller.sessionId, caller.userId, node.id)}`;
      }
      return entry;
    });
  }

  private async deleteBlobs(keys: Array<string | null>): Promise<void> {
    for (const key of keys) {
      if (!key) continue;
      // A blob left behind is swept at the next start.
      await this.blobs.delete(key).catch((err: unknown) => this.log.warn({ err, event: 'vfs.blob-delete-failed' }, 'a file content could not be deleted'));
    }
  }

  /** Tells the listeners, once per mount instance touched: directories of organisation mountpoints go to its members. */
  private changed(caller: VfsCaller, directories: string[]): void {
    const byOrganisation = new Map<string | null, string[]>();
    for (const directory of new Set(directories)) {
      const def = this.options.mounts.find((m) => m.name === parseVfsPath(directory).mount);
      const organisation = def?.scope === 'organisation' ? (caller.account?.id ?? null) : null;
      if (def?.scope === 'global') continue;
      byOrganisation.set(organisation, [...(byOrganisation.get(organisation) ?? []), directory]);
    }
    for (const [organisation, dirs] of byOrganisation) {
      for (const listener of this.listeners) listener({ caller, directories: dirs, organisation });
    }
  }
}

/**
 * The filesystem's text for a write refused by the database's constraints
 * (a race with another call): the name taken meanwhile, or the folder gone.
 */
function constraintError(e: unknown, path: string): VfsError | null {
  const code = (e as { code?: unknown; cause?: { code?: unknown } } | null)?.code ?? (e as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (code === '23505') return new VfsError('alreadyExists', { path });
  if (code === '23503') return new VfsError('notFound', { path: parentOf(path) });
  return null;
}

/** A mountpoint's label for a caller: '{organisation}' becomes the organisation's name. */
function labelOf(def: MountDefinition, caller: VfsCaller): string {
  return def.label.replace('{organisation}', caller.account?.name ?? '');
}

/** The path of a resolved entry without a trailing slash (a root keeps its '/'). */
function formatPath(r: Resolved): string {
  return `${r.instance.def.name}:/${r.names.join('/')}`;
}

/** The last name of a path ('home:/a/b.txt/' → 'b.txt'). */
function lastName(path: string): string {
  if (!isVfsPath(path)) return '';
  const trimmed = parseVfsPath(path).path.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

function parentOf(path: string): string {
  const { mount, path: inner } = parseVfsPath(path);
  const trimmed = inner.replace(/\/+$/, '');
  const at = trimmed.lastIndexOf('/');
  return `${mount}:${at <= 0 ? '/' : trimmed.slice(0, at)}`;
}

function bytesByOwner(nodes: VfsNodeRecord[]): Map<string, number> {
  const bytes = new Map<string, number>();
  for (const n of nodes) if (n.ownerId && n.size > 0) bytes.set(n.ownerId, (bytes.get(n.ownerId) ?? 0) + n.size);
  return bytes;
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
