/**
 * The virtual filesystem's operations (docs/behaviour/files.md), one class
 * for the routes and the command line, each concern in a part of its own:
 * paths and mountpoints (VfsPaths.ts), reading (VfsReads.ts), writing and
 * the space of writes (VfsWrites.ts), deleting, renaming and copying
 * (VfsMoves.ts), change events (VfsChanges.ts), and what they share
 * (VfsContext.ts).
 */
import type { Readable } from 'node:stream';
import type { VfsEntry, VfsMountpoint } from '@atrium/shared';
import type { Log } from '../logger.js';
import type { FileUrlSigner } from './FileUrlSigner.js';
import type { VfsChangeListener } from './VfsChanges.js';
import { VfsContext, type VfsServiceOptions } from './VfsContext.js';
import type { VfsError } from './VfsError.js';
import type { MountGuard } from './VfsGuards.js';
import { VfsMoves } from './VfsMoves.js';
import type { MountInstance, VfsCaller } from './VfsPaths.js';
import { VfsReads } from './VfsReads.js';
import type { StoredBlob, VfsBlobStore } from './VfsBlobStore.js';
import type { VfsNodeRecord, VfsStore } from './VfsStore.js';
import { VfsWrites } from './VfsWrites.js';
import type { DeclaredLength, WriteSpace } from './WriteSpaces.js';

export type { VfsChangeListener } from './VfsChanges.js';
export type { VfsServiceOptions } from './VfsContext.js';
export type { MountGuard } from './VfsGuards.js';
export type { MountInstance, VfsCaller } from './VfsPaths.js';
export { LARGE_LISTING_ENTRIES, likePattern } from './VfsReads.js';

/**
 * Paths are resolved name by name against the database, inside one mount
 * instance, so no spelling of a path reaches another user's or
 * organisation's entries; contents go to the blob store first and the
 * database records them after, with the owner's used space.
 */
export class VfsService {
  private readonly ctx: VfsContext;
  private readonly reads: VfsReads;
  private readonly writes: VfsWrites;
  private readonly moves: VfsMoves;

  constructor(
    store: VfsStore,
    blobs: VfsBlobStore,
    private readonly signer: FileUrlSigner,
    options: VfsServiceOptions,
    log: Log,
  ) {
    this.ctx = new VfsContext(store, blobs, signer, options, log);
    this.reads = new VfsReads(this.ctx);
    this.writes = new VfsWrites(this.ctx);
    this.moves = new VfsMoves(this.ctx);
  }

  /** Called after every change that commits. */
  onChange(listener: VfsChangeListener): () => void {
    return this.ctx.changes.onChange(listener);
  }

  /** A change made through another server (the event bus), for the live updates of this one's sockets. */
  changedElsewhere(change: { userId: string | null; directories: string[]; organisation: string | null }): void {
    this.ctx.changes.changedElsewhere(change);
  }

  get uploadLimit(): number {
    return this.ctx.options.uploadLimit;
  }

  /** Whom and which file a signed file address was made for, when its token is genuine and unexpired; nothing is looked up. */
  verifyToken(token: unknown) {
    return this.signer.verify(token);
  }

  // ---- Mountpoints ----

  /** Puts a mountpoint's paths under a guard that says what each caller may see of them (VfsGuards.ts). */
  guard(mount: string, guard: MountGuard): void {
    this.ctx.guards.set(mount, guard);
  }

  /** The caller's mountpoints, disabled ones included (listed as not mounted). */
  mountpoints(caller: VfsCaller): VfsMountpoint[] {
    return this.ctx.paths.mountpoints(caller);
  }

  /** The mount instance of a mountpoint name for a caller. */
  instance(caller: VfsCaller, name: string): MountInstance {
    return this.ctx.paths.instance(caller, name);
  }

  // ---- Reading ----

  exists(caller: VfsCaller, path: string): Promise<boolean> {
    return this.reads.exists(caller, path);
  }

  stat(caller: VfsCaller, path: string): Promise<VfsEntry> {
    return this.reads.stat(caller, path);
  }

  /** A folder's entries; a large one's inside `costly` when given (VfsReads.readdir). */
  readdir(caller: VfsCaller, path: string, options: { showHiddenFiles?: boolean } = {}, costly?: <T>(work: () => Promise<T>) => Promise<T>): Promise<VfsEntry[]> {
    return this.reads.readdir(caller, path, options, costly);
  }

  /** The file a path names, for reading its content. */
  file(caller: VfsCaller, path: string): Promise<{ node: VfsNodeRecord; entry: VfsEntry }> {
    return this.reads.file(caller, path);
  }

  /** A file by id, when the caller may see it; anything else is *does not exist*. */
  fileById(caller: VfsCaller, id: string, isMember: (accountId: string) => Promise<boolean>): Promise<VfsNodeRecord> {
    return this.reads.fileById(caller, id, isMember);
  }

  /** Whether an entry belongs to a mount instance the caller can open. */
  maySee(caller: VfsCaller, node: VfsNodeRecord, isMember: (accountId: string) => Promise<boolean>): Promise<boolean> {
    return this.ctx.paths.maySee(caller, node, isMember);
  }

  /** The content of a file entry (a range of it), empty files included. */
  content(node: VfsNodeRecord, range?: { start: number; end: number }): Promise<Readable> {
    return this.ctx.content(node, range);
  }

  search(caller: VfsCaller, root: string, pattern: string, options: { limit?: number } = {}): Promise<VfsEntry[]> {
    return this.reads.search(caller, root, pattern, options);
  }

  // ---- Writing ----

  mkdir(caller: VfsCaller, path: string): Promise<VfsEntry> {
    return this.writes.mkdir(caller, path);
  }

  touch(caller: VfsCaller, path: string): Promise<VfsEntry> {
    return this.writes.touch(caller, path);
  }

  /** Refuses, before any of its body is read, an upload whose declared length cannot fit. */
  checkUploadLength(caller: VfsCaller, declared: DeclaredLength): Promise<void> {
    return this.writes.checkUploadLength(caller, declared);
  }

  /** Checks a write before its content is read and holds the space it may take (VfsWrites.prepareWrite). */
  prepareWrite(caller: VfsCaller, path: string | null, options: { overwrite?: boolean } = {}, declared: DeclaredLength | null = null): Promise<WriteSpace> {
    return this.writes.prepareWrite(caller, path, options, declared);
  }

  /** Stores then records a file's content (VfsWrites.writefile). */
  writefile(caller: VfsCaller, path: string, content: Readable | (() => Readable), options: { overwrite?: boolean } = {}, length?: number): Promise<VfsEntry> {
    return this.writes.writefile(caller, path, content, options, length);
  }

  /** Streams content into the blob store within its held space. */
  storeContent(content: Readable, space: WriteSpace): Promise<StoredBlob> {
    return this.writes.storeContent(content, space);
  }

  /** Deletes stored content that will not be recorded (a write refused after its upload). */
  discard(blob: StoredBlob): Promise<void> {
    return this.writes.discard(blob);
  }

  tooLargeError(): VfsError {
    return this.writes.tooLargeError();
  }

  /** Records stored content at a path (the second half of writefile); the blob is deleted when this fails. */
  commitWrite(caller: VfsCaller, path: string, blob: StoredBlob, options: { overwrite?: boolean } = {}): Promise<VfsEntry> {
    return this.writes.commitWrite(caller, path, blob, options);
  }

  // ---- Deleting, renaming, copying ----

  unlink(caller: VfsCaller, path: string): Promise<boolean> {
    return this.moves.unlink(caller, path);
  }

  rename(caller: VfsCaller, from: string, to: string, options: { overwrite?: boolean } = {}): Promise<VfsEntry> {
    return this.moves.rename(caller, from, to, options);
  }

  copy(caller: VfsCaller, from: string, to: string, options: { overwrite?: boolean } = {}): Promise<VfsEntry> {
    return this.moves.copy(caller, from, to, options);
  }
}
