/**
 * Deleting, renaming and copying (docs/behaviour/files.md): each in one
 * short transaction that resolves its paths inside it; the blobs replaced
 * or deleted go after it commits, copies' blobs are written before it.
 */
import crypto from 'node:crypto';
import type { VfsEntry } from '@atrium/shared';
import type { VfsContext } from './VfsContext.js';
import type { StoredBlob } from './VfsBlobStore.js';
import { VfsError } from './VfsError.js';
import { checkDepth, checkNewName, checkTarget, checkWritable, existingParent, parentOf, type VfsCaller } from './VfsPaths.js';
import type { NewVfsNode, VfsNodeRecord } from './VfsStore.js';

export class VfsMoves {
  constructor(private readonly ctx: VfsContext) {}

  async unlink(caller: VfsCaller, path: string): Promise<boolean> {
    const gone = await this.ctx.store.transaction(async (store) => {
      const r = await this.ctx.paths.resolve(caller, path, store);
      checkWritable(caller, r);
      if (!r.node) throw new VfsError('notFound', { path });
      if (r.node.parentId === null) throw new VfsError('rootImmutable', { name: r.instance.def.name });
      const subtree = await store.subtree(r.node.id);
      await store.remove(r.node.id);
      for (const [owner, bytes] of bytesByOwner(subtree)) await store.addUsage(owner, -bytes);
      return subtree;
    });
    await this.ctx.deleteBlobs(gone.map((n) => n.blobKey));
    this.ctx.changes.changed(caller, [parentOf(path)]);
    return true;
  }

  async rename(caller: VfsCaller, from: string, to: string, options: { overwrite?: boolean } = {}): Promise<VfsEntry> {
    let replaced: string | null = null;
    const node = await this.ctx.store.transaction(async (store) => {
      const src = await this.ctx.paths.resolve(caller, from, store);
      if (!src.node) throw new VfsError('notFound', { path: from });
      if (src.node.parentId === null) throw new VfsError('rootImmutable', { name: src.instance.def.name });
      checkWritable(caller, src);
      const dst = await this.ctx.paths.resolve(caller, to, store);
      checkWritable(caller, dst);
      if (dst.node?.id === src.node.id) return src.node;
      checkNewName(dst);
      checkTarget(src, dst, from, to, options);
      const parent = existingParent(dst);
      checkDepth(dst, to, src.node.isDirectory ? await store.subtree(src.node.id) : [src.node]);
      if (dst.node) {
        replaced = dst.node.blobKey;
        await store.remove(dst.node.id);
        await this.ctx.account(store, dst.node.ownerId, -dst.node.size);
      }
      return store.move(src.node.id, { parentId: parent.id, name: dst.names.at(-1)!, mount: dst.instance.def.name, scope: dst.instance.scope, modifiedAt: src.node.modifiedAt });
    });
    if (replaced) await this.ctx.blobs.delete(replaced);
    this.ctx.changes.changed(caller, [parentOf(from), parentOf(to)]);
    return this.ctx.entry(caller, to, node);
  }

  async copy(caller: VfsCaller, from: string, to: string, options: { overwrite?: boolean } = {}): Promise<VfsEntry> {
    const src = await this.ctx.paths.resolve(caller, from);
    if (!src.node) throw new VfsError('notFound', { path: from });
    const dst = await this.ctx.paths.resolve(caller, to);
    checkWritable(caller, dst);
    checkNewName(dst);
    checkTarget(src, dst, from, to, options);
    existingParent(dst);
    // A folder of a guarded mountpoint is copied with what the caller may see of it.
    const folder = { mount: src.instance.def.name, scope: src.instance.scope, names: src.names };
    const subtree = src.node.isDirectory ? await this.ctx.guards.subtree(caller, folder, await this.ctx.store.subtree(src.node.id)) : [src.node];
    checkDepth(dst, to, subtree);
    const total = subtree.reduce((sum, n) => sum + n.size, 0);
    const owner = this.ctx.ownerOf(caller);
    // The copies' space is held before their contents are written, as an upload's is (no upload limit: nothing is uploaded).
    const credit = dst.node && owner && dst.node.ownerId === owner ? dst.node.size : 0;
    const space = await this.ctx.spaces.reserve({ owner, credit, declared: { bytes: total, slack: 0 }, limit: Number.MAX_SAFE_INTEGER });
    // Copies have blobs of their own (docs/behaviour/files.md#storage), written before the rows that name them.
    const copies = new Map<string, StoredBlob>();
    let replaced: string | null = null;
    try {
      let written = 0;
      for (const n of subtree) {
        if (!n.blobKey || n.size === 0) continue;
        const before = written;
        copies.set(n.id, await this.ctx.blobs.write(await this.ctx.content(n), { progress: (bytes) => space.wrote((written = before + bytes)) }));
      }
      const node = await this.ctx.store.transaction(async (store) => {
        const target = await this.ctx.paths.resolve(caller, to, store);
        checkWritable(caller, target);
        checkTarget(src, target, from, to, options);
        const parent = existingParent(target);
        if (target.node) {
          replaced = target.node.blobKey;
          await store.remove(target.node.id);
          await this.ctx.account(store, target.node.ownerId, -target.node.size);
        }
        await this.ctx.account(store, owner, total);
        const at = this.ctx.now();
        const ids = new Map<string, string>();
        const rows: NewVfsNode[] = subtree.map((n, i) => {
          const id = crypto.randomUUID();
          ids.set(n.id, id);
          const copy = copies.get(n.id);
          return {
            ...this.ctx.newNode(caller, target, parent, { isDirectory: n.isDirectory, mime: n.mime, size: n.size, blobKey: copy?.key ?? null, sha256: n.sha256 }, at),
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
      if (replaced) await this.ctx.blobs.delete(replaced);
      this.ctx.changes.changed(caller, [parentOf(to)]);
      return this.ctx.entry(caller, to, node);
    } catch (e) {
      await this.ctx.deleteBlobs([...copies.values()].map((b) => b.key));
      throw e;
    } finally {
      space.release();
    }
  }
}

function bytesByOwner(nodes: VfsNodeRecord[]): Map<string, number> {
  const bytes = new Map<string, number>();
  for (const n of nodes) if (n.ownerId && n.size > 0) bytes.set(n.ownerId, (bytes.get(n.ownerId) ?? 0) + n.size);
  return bytes;
}
