/**
 * What the parts of the filesystem's service share: the stores, the paths,
 * the space of writes, the change events, and the few rules every write
 * follows (a new entry's record, whose space it counts against, the file
 * entries answered).
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { parseVfsPath, type VfsEntry } from '@atrium/shared';
import type { Log } from '../logger.js';
import type { FileUrlSigner } from './FileUrlSigner.js';
import type { MountDefinition } from './mounts.js';
import type { SpaceReservations } from './SpaceReservations.js';
import { VfsChanges } from './VfsChanges.js';
import { VfsGuards } from './VfsGuards.js';
import type { VfsBlobStore } from './VfsBlobStore.js';
import { VfsPaths, type Resolved, type VfsCaller } from './VfsPaths.js';
import type { NewVfsNode, VfsNodeRecord, VfsStore } from './VfsStore.js';
import { WriteSpaces } from './WriteSpaces.js';
import { LocalSpaceReservations } from './SpaceReservations.js';

/** SHA-256 of no bytes: the hash of an empty file, which has no blob. */
export const EMPTY_SHA256 = crypto.createHash('sha256').digest('hex');

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

export class VfsContext {
  readonly now: () => Date;
  readonly paths: VfsPaths;
  readonly spaces: WriteSpaces;
  readonly changes: VfsChanges;
  readonly guards = new VfsGuards();

  constructor(
    readonly store: VfsStore,
    readonly blobs: VfsBlobStore,
    private readonly signer: FileUrlSigner,
    readonly options: VfsServiceOptions,
    readonly log: Log,
  ) {
    this.now = options.now ?? (() => new Date());
    this.paths = new VfsPaths(options.mounts, store, this.guards);
    const reservations = options.reservations ?? new LocalSpaceReservations((owner) => store.usage(owner));
    this.spaces = new WriteSpaces(reservations, blobs, options.quota, options.uploadLimit);
    this.changes = new VfsChanges(options.mounts, this.guards);
  }

  /** Whose space a caller's writes take: nobody's for an operator. */
  ownerOf(caller: VfsCaller): string | null {
    return caller.operator ? null : caller.userId;
  }

  /** The record of a new entry at a resolved path, below `parent`. */
  newNode(caller: VfsCaller, r: Pick<Resolved, 'instance' | 'names'>, parent: VfsNodeRecord, content: Pick<NewVfsNode, 'isDirectory' | 'mime' | 'size' | 'blobKey' | 'sha256'>, at: Date): NewVfsNode {
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

  /** Adds to an owner's used space, refusing growth past the quota (the transaction then rolls back). */
  async account(store: VfsStore, owner: string | null, delta: number): Promise<void> {
    if (!owner || delta === 0) return;
    const total = await store.addUsage(owner, delta);
    if (delta > 0 && total > this.options.quota) throw this.spaces.error('quota');
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

  async deleteBlobs(keys: Array<string | null>): Promise<void> {
    for (const key of keys) {
      if (!key) continue;
      // A blob left behind is swept at the next start.
      await this.blobs.delete(key).catch((err: unknown) => this.log.warn({ err, event: 'vfs.blob-delete-failed' }, 'a file content could not be deleted'));
    }
  }

  /** The file entry of a node at a path as the caller wrote it (without its trailing slash). */
  entry(caller: VfsCaller, path: string, node: VfsNodeRecord): VfsEntry {
    this.paths.instance(caller, parseVfsPath(path).mount);
    const shown = path.length > 1 && path.endsWith('/') && !path.endsWith(':/') ? path.slice(0, -1) : path;
    return this.present(caller, [node], [shown])[0]!;
  }

  /** File entries (docs/behaviour/files.md#file-entries) of nodes at the given paths. */
  present(caller: VfsCaller, nodes: VfsNodeRecord[], paths: string[]): VfsEntry[] {
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
}
