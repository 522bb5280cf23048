/**
 * Writing the filesystem (docs/behaviour/files.md): folders, empty files
 * and contents. A write's path is resolved once, when it is checked before
 * its content is read; the content goes to the blob store, then one
 * statement records it with its owner's used space, provided the entry is
 * still as resolved. When it is not (a race with another call), the write
 * is recorded the careful way: resolved again in one short transaction.
 */
import type { Readable } from 'node:stream';
import { DIRECTORY_MIME, mimeOfFilename, type VfsEntry } from '@atrium/shared';
import { readIndexedContent } from './contentText.js';
import { EMPTY_SHA256, type VfsContext } from './VfsContext.js';
import { BlobTooLargeError, type StoredBlob } from './VfsBlobStore.js';
import { VfsError } from './VfsError.js';
import { checkNewName, checkReplace, checkWritable, existingFolder, existingParent, lastName, parentOf, type Resolved, type VfsCaller } from './VfsPaths.js';
import type { NodeContent, VfsNodeRecord } from './VfsStore.js';
import type { DeclaredLength, WriteSpace } from './WriteSpaces.js';

export class VfsWrites {
  /** The resolution of each write checked and not yet recorded, by caller and path (forgotten when its space is released). */
  private readonly checked = new WeakMap<VfsCaller, Map<string, Resolved>>();

  constructor(private readonly ctx: VfsContext) {}

  async mkdir(caller: VfsCaller, path: string): Promise<VfsEntry> {
    const r = await this.ctx.paths.resolve(caller, path);
    checkWritable(caller, r);
    checkNewName(r);
    if (r.node) throw new VfsError('alreadyExists', { path });
    const parent = existingParent(r);
    // One statement: a name taken meanwhile is refused by the unique index, a parent deleted meanwhile by its key.
    const node = await this.ctx.store
      .insert(this.ctx.newNode(caller, r, parent, { isDirectory: true, mime: DIRECTORY_MIME, size: 0, blobKey: null, sha256: null }, this.ctx.now()))
      .catch((e: unknown) => {
        throw constraintError(e, path) ?? e;
      });
    this.ctx.changes.changed(caller, [parentOf(path)]);
    return this.ctx.entry(caller, path, node);
  }

  async touch(caller: VfsCaller, path: string): Promise<VfsEntry> {
    // Only the folder is looked up: what the name is now, the statement finds out.
    const found = await this.ctx.paths.resolveParent(caller, path);
    if (!found) {
      const root = await this.ctx.paths.resolve(caller, path);
      checkWritable(caller, root);
      throw new VfsError('rootImmutable', { name: root.instance.def.name });
    }
    const r = found.target;
    checkWritable(caller, r);
    checkNewName(r);
    const parent = existingFolder(found.parent);
    const name = r.names.at(-1)!;
    // One statement: a new empty file, or the modification time of what the name already is (created meanwhile too).
    const node = await this.ctx.store
      .insertOrTouch(this.ctx.newNode(caller, r, parent, { isDirectory: false, mime: mimeOfFilename(name), size: 0, blobKey: null, sha256: EMPTY_SHA256 }, this.ctx.now()))
      .catch((e: unknown) => {
        throw constraintError(e, path) ?? e;
      });
    this.ctx.changes.changed(caller, [parentOf(path)]);
    return this.ctx.entry(caller, path, node);
  }

  /**
   * Refuses, before any of its body is read, an upload whose declared
   * length cannot fit whatever it replaces (docs/behaviour/files.md#quotas).
   */
  async checkUploadLength(caller: VfsCaller, declared: DeclaredLength): Promise<void> {
    await this.ctx.spaces.check({ owner: this.ctx.ownerOf(caller), declared, limit: this.ctx.options.uploadLimit });
  }

  /**
   * Checks a write before its content is read, so that a refused upload is
   * answered at once, and holds the space its content may take
   * (docs/behaviour/files.md#quotas): the caller releases it once the
   * content is recorded or given up. Without the path (an upload sent
   * before it) only the space is held, with no credit for a file replaced.
   * The path's resolution is kept for `commitWrite` until then.
   */
  async prepareWrite(caller: VfsCaller, path: string | null, options: { overwrite?: boolean } = {}, declared: DeclaredLength | null = null): Promise<WriteSpace> {
    const owner = this.ctx.ownerOf(caller);
    let credit = 0;
    let r: Resolved | null = null;
    if (path !== null) {
      r = await this.ctx.paths.resolve(caller, path);
      checkWritable(caller, r);
      checkNewName(r);
      checkReplace(r, path, options);
      existingParent(r);
      if (r.node && owner && r.node.ownerId === owner) credit = r.node.size;
    }
    const space = await this.ctx.spaces.reserve({ owner, credit, declared, limit: this.ctx.options.uploadLimit });
    if (path === null || !r) return space;
    const byPath = this.checked.get(caller) ?? new Map<string, Resolved>();
    this.checked.set(caller, byPath);
    byPath.set(path, r);
    const forget = () => {
      if (byPath.get(path) === r) byPath.delete(path);
    };
    return {
      get maxBytes() {
        return space.maxBytes;
      },
      get bound() {
        return space.bound;
      },
      wrote: (total) => space.wrote(total),
      release: () => {
        forget();
        space.release();
      },
    };
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
      return await this.ctx.blobs.write(content, { maxBytes: space.maxBytes, progress: (bytes) => space.wrote(bytes) });
    } catch (e) {
      if (e instanceof BlobTooLargeError) throw this.ctx.spaces.error(space.bound);
      throw e;
    }
  }

  /** Deletes stored content that will not be recorded (a write refused after its upload). */
  async discard(blob: StoredBlob): Promise<void> {
    await this.ctx.deleteBlobs([blob.key]);
  }

  tooLargeError(): VfsError {
    return this.ctx.spaces.error('limit');
  }

  /** Records stored content at a path (the second half of writefile); the blob is deleted when this fails. */
  async commitWrite(caller: VfsCaller, path: string, blob: StoredBlob, options: { overwrite?: boolean } = {}): Promise<VfsEntry> {
    let committed = false;
    const checked = this.checked.get(caller)?.get(path);
    this.checked.get(caller)?.delete(path);
    try {
      // What search knows of a text file's content, read back before it is recorded (docs/behaviour/search.md#files).
      const content = await readIndexedContent(this.ctx.blobs, blob, mimeOfFilename(lastName(path))).catch(() => null);
      const stored = { size: blob.size, blobKey: blob.size === 0 ? null : blob.key, sha256: blob.sha256 };
      const fast = checked ? await this.recordAsChecked(caller, checked, stored, content) : null;
      const { node, replaced } = fast ? { node: fast, replaced: checked?.node?.blobKey ?? null } : await this.recordCarefully(caller, path, stored, content, options);
      committed = true;
      if (blob.size === 0) await this.ctx.blobs.delete(blob.key);
      if (replaced) await this.ctx.deleteBlobs([replaced]);
      this.ctx.changes.changed(caller, [parentOf(path)]);
      return this.ctx.entry(caller, path, node);
    } catch (e) {
      // Recorded content is the file's now, whatever failed after.
      if (!committed) await this.ctx.blobs.delete(blob.key);
      throw e;
    }
  }

  /**
   * Records a write in one statement against the resolution made when it
   * was checked; null when that no longer holds (the name taken, the file
   * changed or another's), for the careful way.
   */
  private async recordAsChecked(caller: VfsCaller, r: Resolved, stored: { size: number; blobKey: string | null; sha256: string }, content: NodeContent | null): Promise<VfsNodeRecord | null> {
    const owner = this.ctx.ownerOf(caller);
    const at = this.ctx.now();
    const quota = this.ctx.options.quota;
    let result: VfsNodeRecord | 'stale' | 'quota';
    if (!r.node) {
      const node = this.ctx.newNode(caller, r, r.parent!, { isDirectory: false, mime: mimeOfFilename(r.names.at(-1)!), ...stored }, at);
      try {
        result = await this.ctx.store.insertFile({ ...node, createdAt: at, modifiedAt: at }, content, { owner, quota });
      } catch (e) {
        // A name taken or a folder deleted meanwhile: the careful way writes over it or tells which.
        if (constraintError(e, r.text)) return null;
        throw e;
      }
    } else {
      if (r.node.ownerId !== owner) return null;
      const expected = { id: r.node.id, parentId: r.node.parentId!, name: r.node.name, blobKey: r.node.blobKey, ownerId: r.node.ownerId };
      result = await this.ctx.store.replaceFile(expected, { ...stored, mime: mimeOfFilename(r.node.name), modifiedAt: at }, content, { delta: stored.size - r.node.size, quota });
    }
    if (result === 'quota') throw this.ctx.spaces.error('quota');
    return result === 'stale' ? null : result;
  }

  /** Records a write in one short transaction, resolving its path again inside it. */
  private async recordCarefully(
    caller: VfsCaller,
    path: string,
    stored: { size: number; blobKey: string | null; sha256: string },
    content: NodeContent | null,
    options: { overwrite?: boolean },
  ): Promise<{ node: VfsNodeRecord; replaced: string | null }> {
    let replaced: string | null = null;
    const node = await this.ctx.store.transaction(async (store) => {
      const r = await this.ctx.paths.resolve(caller, path, store);
      checkWritable(caller, r);
      checkNewName(r);
      checkReplace(r, path, options);
      const parent = existingParent(r);
      const at = this.ctx.now();
      const owner = this.ctx.ownerOf(caller);
      if (r.node) {
        replaced = r.node.blobKey;
        if (r.node.ownerId === owner) await this.ctx.account(store, owner, stored.size - r.node.size);
        else {
          await this.ctx.account(store, r.node.ownerId, -r.node.size);
          await this.ctx.account(store, owner, stored.size);
        }
        return store.update(r.node.id, { ...stored, mime: mimeOfFilename(r.node.name), ownerId: owner, modifiedAt: at }, content);
      }
      await this.ctx.account(store, owner, stored.size);
      return store.insert(this.ctx.newNode(caller, r, parent, { isDirectory: false, mime: mimeOfFilename(r.names.at(-1)!), ...stored }, at), content ?? undefined);
    });
    return { node, replaced };
  }
}

/**
 * The filesystem's text for a write refused by the database's constraints
 * (a race with another call): the name taken meanwhile, or the folder gone.
 */
export function constraintError(e: unknown, path: string): VfsError | null {
  const code = (e as { code?: unknown; cause?: { code?: unknown } } | null)?.code ?? (e as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (code === '23505') return new VfsError('alreadyExists', { path });
  if (code === '23503') return new VfsError('notFound', { path: parentOf(path) });
  return null;
}
