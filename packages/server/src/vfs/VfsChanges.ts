/**
 * Change events of the filesystem, for live updates: after each change that
 * commits, the directories whose listing changed, once per mount instance
 * touched; directories of an organisation's mountpoints go to its members,
 * those of global and guarded mountpoints to nobody.
 */
import { parseVfsPath } from '@atrium/shared';
import type { MountDefinition } from './mounts.js';
import type { VfsGuards } from './VfsGuards.js';
import type { VfsCaller } from './VfsPaths.js';

/** A finished change, for live updates: the directories whose listing changed. */
export interface VfsChange {
  caller: VfsCaller;
  directories: string[];
  organisation: string | null;
  /** Made through this server, or through another one (heard of on the event bus: docs/DEPLOYMENT.md). */
  origin: 'here' | 'elsewhere';
}
export type VfsChangeListener = (change: VfsChange) => void;

export class VfsChanges {
  private readonly listeners = new Set<VfsChangeListener>();

  constructor(
    private readonly mounts: readonly MountDefinition[],
    private readonly guards: VfsGuards,
  ) {}

  /** Called after every change that commits; returns the function that stops it. */
  onChange(listener: VfsChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells the listeners, once per mount instance touched. */
  changed(caller: VfsCaller, directories: string[]): void {
    const byOrganisation = new Map<string | null, string[]>();
    for (const directory of new Set(directories)) {
      const def = this.mounts.find((m) => m.name === parseVfsPath(directory).mount);
      const organisation = def?.scope === 'organisation' ? (caller.account?.id ?? null) : null;
      // A guarded mountpoint's paths name what not every member may see: its owner announces its own changes.
      if (def?.scope === 'global' || (def && this.guards.guarded(def.name))) continue;
      byOrganisation.set(organisation, [...(byOrganisation.get(organisation) ?? []), directory]);
    }
    for (const [organisation, dirs] of byOrganisation) {
      for (const listener of this.listeners) listener({ caller, directories: dirs, organisation, origin: 'here' });
    }
  }

  /** A change made through another server, for the live updates of this one's sockets. */
  changedElsewhere(change: { userId: string | null; directories: string[]; organisation: string | null }): void {
    const caller: VfsCaller = { userId: change.userId, sessionId: null, account: null };
    for (const listener of this.listeners) listener({ caller, directories: change.directories, organisation: change.organisation, origin: 'elsewhere' });
  }
}
