/**
 * Mountpoints whose entries another service's rights decide (the records'
 * attachments: docs/behaviour/records.md#attachments). The filesystem asks
 * the mountpoint's guard, for every path it resolves there, how much of it
 * the caller may see; what lies past that is answered as if it did not
 * exist. Listings and search results keep only what the caller may see.
 * The service that owns such a mountpoint writes it with a caller whose
 * `forMount` names it, which the guard does not question.
 */
import { VfsError } from './VfsError.js';
import type { VfsCaller } from './VfsPaths.js';
import type { VfsNodeRecord } from './VfsStore.js';

export interface MountGuard {
  /**
   * For each path (its names below the mountpoint's root, in the mount
   * instance `scope`), how many of its leading names the caller may see:
   * its length when they may see all of it.
   */
  visibleNames(caller: VfsCaller, scope: string, paths: ReadonlyArray<readonly string[]>): Promise<number[]>;
}

export class VfsGuards {
  private readonly guards = new Map<string, MountGuard>();

  /** Puts a mountpoint under a guard (the records service, once built). */
  set(mount: string, guard: MountGuard): void {
    this.guards.set(mount, guard);
  }

  /** Whether a mountpoint's entries are guarded (their changes are then not announced to every member). */
  guarded(mount: string): boolean {
    return this.guards.has(mount);
  }

  /** The guard a caller's reads of a mountpoint go through; none for the service that owns it, or an operator. */
  private guardFor(caller: VfsCaller, mount: string): MountGuard | null {
    if (caller.operator || caller.forMount === mount) return null;
    return this.guards.get(mount) ?? null;
  }

  /** Refuses a write of a guarded mountpoint by anyone but its owner, whatever the path (so that nothing is told of it). */
  refuseWrite(caller: VfsCaller, mount: string): void {
    if (this.guardFor(caller, mount)) throw new VfsError('readOnly', { name: mount });
  }

  /** How many leading names of one path the caller may see. */
  async visible(caller: VfsCaller, mount: string, scope: string, names: readonly string[]): Promise<number> {
    const guard = this.guardFor(caller, mount);
    if (!guard || names.length === 0) return names.length;
    const [count] = await guard.visibleNames(caller, scope, [names]);
    return Math.min(count ?? 0, names.length);
  }

  /** Of a folder's subtree (the folder first, each entry after its parent), what the caller may see: what a copy of it takes. */
  async subtree(caller: VfsCaller, folder: { mount: string; scope: string; names: readonly string[] }, nodes: VfsNodeRecord[]): Promise<VfsNodeRecord[]> {
    if (!this.guardFor(caller, folder.mount)) return nodes;
    const namesOf = new Map<string, string[]>();
    nodes.forEach((n, i) => namesOf.set(n.id, i === 0 ? [...folder.names] : [...(namesOf.get(n.parentId ?? '') ?? []), n.name]));
    const shown = new Set((await this.filter(caller, folder.mount, folder.scope, nodes, (n) => namesOf.get(n.id)!)).map((n) => n.id));
    const kept = new Set<string>();
    return nodes.filter((n, i) => {
      const keep = i === 0 || (shown.has(n.id) && kept.has(n.parentId ?? ''));
      if (keep) kept.add(n.id);
      return keep;
    });
  }

  /** The items whose whole path the caller may see, in their order. */
  async filter<T>(caller: VfsCaller, mount: string, scope: string, items: T[], namesOf: (item: T) => string[]): Promise<T[]> {
    const guard = this.guardFor(caller, mount);
    if (!guard || items.length === 0) return items;
    const paths = items.map(namesOf);
    const counts = await guard.visibleNames(caller, scope, paths);
    return items.filter((_, i) => (counts[i] ?? 0) >= paths[i]!.length);
  }
}
