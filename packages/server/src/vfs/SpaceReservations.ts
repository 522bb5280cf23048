/**
 * Space held for writes in flight (docs/behaviour/files.md#quotas): an
 * upload or a copy holds its bytes against its owner's quota and the disk
 * before it writes any, and gives them back once its content is recorded
 * or given up, so that writes running side by side can never put more on
 * disk than the quota allows.
 */

/** What a hold is decided on. */
export interface SpaceFigures {
  /** The owner's used bytes as recorded in the database (0 without an owner). */
  used: number;
  /** Bytes other writes in flight hold for the same owner. */
  heldByOwner: number;
  /** Bytes writes in flight, every owner's, may still put on disk: held and not written yet. */
  pendingOnDisk: number;
}

/** Space held for one write in flight. */
export interface SpaceHold {
  readonly bytes: number;
  /** Tells how many bytes the write has put on disk so far (the disk's free space counts them already). */
  wrote(total: number): void;
  /** Gives the space back; later calls do nothing. */
  release(): void;
}

/**
 * Where holds are kept. One process keeps them in memory
 * (LocalSpaceReservations); servers sharing one database need them in
 * that database (docs/behaviour/files.md#several-servers).
 */
export interface SpaceReservations {
  /** What writes in flight hold now (not the recorded usage), for a check that holds nothing. */
  held(owner: string | null): Promise<Omit<SpaceFigures, 'used'>>;
  /**
   * Holds space for a write of `owner` (null: an operator's write, which
   * counts against nobody): `decide` gets the figures and answers how many
   * bytes to hold, or throws to refuse. Reading the figures and holding are
   * one step: no other hold comes between them, and none released
   * meanwhile is missed.
   */
  hold(owner: string | null, decide: (figures: SpaceFigures) => number): Promise<SpaceHold>;
}

/** Times the figures are read again when a hold of the owner was released while the usage was read. */
const MAX_REREADS = 3;

interface OwnerHolds {
  held: number;
  /** Bytes released so far, ever growing: a change tells that a write finished meanwhile. */
  released: number;
  /** hold() calls under way, which keep this record alive (they compare `released`). */
  deciding: number;
}

/**
 * Holds in this process's memory, beside the usage the database records:
 * right for one server process, which sees every write of its data folder.
 *
 * A write's usage is recorded (its transaction committed) before its hold
 * is released, so a hold released before the usage is read is counted by
 * the database, and one still held is counted here. One released while the
 * usage is being read may be in neither: the usage is then read again, and
 * after a few such races the released bytes count as still held, which
 * can refuse a write that would have fitted but never lets one past the quota.
 */
export class LocalSpaceReservations implements SpaceReservations {
  private readonly owners = new Map<string, OwnerHolds>();
  private readonly live = new Set<{ bytes: number; written: number }>();

  constructor(private readonly usage: (owner: string) => Promise<number>) {}

  async held(owner: string | null): Promise<Omit<SpaceFigures, 'used'>> {
    return { heldByOwner: owner ? (this.owners.get(owner)?.held ?? 0) : 0, pendingOnDisk: this.pending() };
  }

  async hold(owner: string | null, decide: (figures: SpaceFigures) => number): Promise<SpaceHold> {
    if (!owner) return this.add(null, decide({ used: 0, heldByOwner: 0, pendingOnDisk: this.pending() }));
    const record = this.record(owner);
    record.deciding++;
    try {
      for (let reads = 1; ; reads++) {
        const releasedBefore = record.released;
        const used = await this.usage(owner);
        const releasedMeanwhile = record.released - releasedBefore;
        if (releasedMeanwhile > 0 && reads < MAX_REREADS) continue;
        return this.add(owner, decide({ used, heldByOwner: record.held + releasedMeanwhile, pendingOnDisk: this.pending() }));
      }
    } finally {
      record.deciding--;
      this.forgetIfIdle(owner);
    }
  }

  private add(owner: string | null, requested: number): SpaceHold {
    const bytes = Math.max(0, Math.floor(requested));
    const entry = { bytes, written: 0 };
    this.live.add(entry);
    if (owner) this.record(owner).held += bytes;
    let released = false;
    return {
      bytes,
      wrote: (total) => {
        entry.written = Math.min(bytes, Math.max(entry.written, total));
      },
      release: () => {
        if (released) return;
        released = true;
        this.live.delete(entry);
        if (!owner) return;
        const record = this.record(owner);
        record.held -= bytes;
        record.released += bytes;
        this.forgetIfIdle(owner);
      },
    };
  }

  private pending(): number {
    let bytes = 0;
    for (const entry of this.live) bytes += entry.bytes - entry.written;
    return bytes;
  }

  private record(owner: string): OwnerHolds {
    let record = this.owners.get(owner);
    if (!record) {
      record = { held: 0, released: 0, deciding: 0 };
      this.owners.set(owner, record);
    }
    return record;
  }

  private forgetIfIdle(owner: string): void {
    const record = this.owners.get(owner);
    if (record && record.held === 0 && record.deciding === 0) this.owners.delete(owner);
  }
}
