import { humanFileSize } from '@atrium/shared';
import type { SpaceFigures, SpaceReservations } from './SpaceReservations.js';
import type { DiskSpace, VfsBlobStore } from './VfsBlobStore.js';
import { VfsError } from './VfsError.js';

/** What keeps a write's content from growing: the upload limit, the owner's quota or the disk's free space. */
export type SpaceBound = 'limit' | 'quota' | 'disk';

/**
 * A content length as a request declares it: `bytes`, of which up to
 * `slack` may be something else than the content (a multipart form's other
 * fields and framing).
 */
export interface DeclaredLength {
  bytes: number;
  slack: number;
}

/** Space held for one write's content, from before its first byte is stored until it is recorded or given up. */
export interface WriteSpace {
  /** The most bytes the content may have. */
  readonly maxBytes: number;
  /** What refuses a larger content, for the refusal's text. */
  readonly bound: SpaceBound;
  /** Tells how many bytes of the content are on disk so far. */
  wrote(total: number): void;
  /** Gives the space back (once the content is recorded or deleted); later calls do nothing. */
  release(): void;
}

export interface SpaceRequest {
  /** Whose quota the content counts against; null for operators' writes, which count against nobody. */
  owner: string | null;
  /** Bytes of the owner's that the write replaces, which it may use again. */
  credit: number;
  /** The content's length as declared, when it is; without one, the space held is all the write may take. */
  declared: DeclaredLength | null;
  /** The largest content allowed whatever the space (the upload limit). */
  limit: number;
}

const MiB = 1024 * 1024;

/**
 * Disk space never given to file contents, left to the database and the
 * logs on the same disk: 1% of the disk, at most 256 MiB.
 */
export function diskHeadroom(size: number): number {
  return Math.min(256 * MiB, Math.floor(size / 100));
}

/**
 * The space rules of writes (docs/behaviour/files.md#quotas): a write's
 * content may take the least of the upload limit, the owner's room (quota
 * less recorded usage, less what their other writes in flight hold, plus
 * what the write replaces) and the disk's free space (less the headroom and
 * what every write in flight may still put there). A declared length over
 * that is refused at once; otherwise the space is held before any byte is
 * written, and the content is refused as soon as it passes it.
 */
export class WriteSpaces {
  constructor(
    private readonly reservations: SpaceReservations,
    private readonly blobs: VfsBlobStore,
    private readonly quota: number,
    private readonly uploadLimit: number,
  ) {}

  /**
   * Refuses a declared length that cannot fit whatever the write replaces,
   * holding nothing. The owner could replace all they store, so their room
   * is at most the quota less what their writes in flight hold: no usage
   * needs reading.
   */
  async check(request: Omit<SpaceRequest, 'credit'>): Promise<void> {
    const [held, disk] = await Promise.all([this.reservations.held(request.owner), this.disk()]);
    this.fit({ ...request, credit: 0 }, { ...held, used: 0 }, disk);
  }

  /** Holds the space of a write, or refuses it (a VfsError) when its declared length cannot fit. */
  async reserve(request: SpaceRequest): Promise<WriteSpace> {
    const disk = await this.disk();
    let bound: SpaceBound = 'limit';
    const hold = await this.reservations.hold(request.owner, (figures) => {
      const fit = this.fit(request, figures, disk);
      bound = fit.bound;
      return fit.bytes;
    });
    return { maxBytes: hold.bytes, bound, wrote: (total) => hold.wrote(total), release: () => hold.release() };
  }

  /** The refusal of a content past what `bound` allows. */
  error(bound: SpaceBound): VfsError {
    if (bound === 'quota') return new VfsError('quotaExceeded', { quota: humanFileSize(this.quota) });
    if (bound === 'disk') return new VfsError('diskFull');
    return new VfsError('tooLarge', { limit: humanFileSize(this.uploadLimit) });
  }

  private fit(request: SpaceRequest, figures: SpaceFigures, disk: DiskSpace | null): { bytes: number; bound: SpaceBound } {
    let cap = request.limit;
    let bound: SpaceBound = 'limit';
    if (request.owner) {
      const room = Math.max(0, this.quota + request.credit - figures.used - figures.heldByOwner);
      if (room < cap) [cap, bound] = [room, 'quota'];
    }
    if (disk) {
      const room = Math.max(0, disk.free - diskHeadroom(disk.size) - figures.pendingOnDisk);
      if (room < cap) [cap, bound] = [room, 'disk'];
    }
    const declared = request.declared;
    if (declared && declared.bytes - declared.slack > cap) throw this.error(bound);
    return { bytes: declared ? Math.min(cap, declared.bytes) : cap, bound };
  }

  /** The disk's free space; unknown (not checked) where the store cannot tell it. */
  private async disk(): Promise<DiskSpace | null> {
    return (await this.blobs.space?.().catch(() => null)) ?? null;
  }
}
