/**
 * Turns on the embedded database's one connection (docs/PERFORMANCE.md,
 * "The embedded database"). Every statement outside a transaction, and
 * every transaction as a whole, is one unit of work; units wait here for
 * the connection and take it one at a time.
 *
 * Two classes of work wait apart: ordinary calls and costly ones (global
 * search, the filesystem's search, large listings: the work that
 * `CostlyCalls` admits runs as costly through `runAsCostly`). While both
 * wait, ordinary units take `ordinaryPerCostly` turns for each costly one,
 * so a flood of searches, each running statement after statement, leaves
 * the other calls most of the connection; alone, either class takes every
 * turn; before each costly turn the event loop goes round once, so that
 * calls waiting on the network come to ask for theirs. Within a class,
 * units go in the order they came.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** The class of the work under way in this asynchronous context. */
export type WorkClass = 'ordinary' | 'costly';

const currentClass = new AsyncLocalStorage<WorkClass>();

/** Runs `work` (and everything it starts) as costly work on the database. */
export function runAsCostly<T>(work: () => Promise<T>): Promise<T> {
  return currentClass.run('costly', work);
}

/** The class of the work that calls this: ordinary unless inside `runAsCostly`. */
export function workClass(): WorkClass {
  return currentClass.getStore() ?? 'ordinary';
}

interface Waiting {
  start(): void;
}

export class DatabaseTurns {
  private busy = false;
  private readonly waiting: Record<WorkClass, Waiting[]> = { ordinary: [], costly: [] };
  /** Ordinary turns given since the last costly one, while costly work waited. */
  private ordinaryInARow = 0;
  /** Whether the event loop has gone round since a costly unit became next. */
  private yielded = false;

  constructor(private readonly ordinaryPerCostly = 4) {}

  /** Runs `work` when its turn comes; the connection is its own until it settles. */
  async run<T>(work: () => Promise<T>, kind: WorkClass = workClass()): Promise<T> {
    if (this.busy || this.waiting.ordinary.length > 0 || this.waiting.costly.length > 0) {
      await new Promise<void>((resolve) => this.waiting[kind].push({ start: resolve }));
    } else {
      this.busy = true;
    }
    try {
      return await work();
    } finally {
      this.next();
    }
  }

  /** Units waiting, by class. */
  stats(): Record<WorkClass, number> {
    return { ordinary: this.waiting.ordinary.length, costly: this.waiting.costly.length };
  }

  /**
   * Gives the connection to the next unit, or frees it. Before a costly
   * unit's turn the event loop goes round once: the embedded database
   * answers through promises only, so units handed on at once would run
   * back to back while the calls waiting on the network or a timer could
   * not even ask for a turn.
   */
  private next(): void {
    const { ordinary, costly } = this.waiting;
    if (ordinary.length > 0 && (costly.length === 0 || this.ordinaryInARow < this.ordinaryPerCostly)) {
      this.ordinaryInARow = costly.length === 0 ? 0 : this.ordinaryInARow + 1;
      this.yielded = false;
      ordinary.shift()!.start();
      return;
    }
    if (costly.length === 0) {
      this.busy = false;
      return;
    }
    if (!this.yielded) {
      this.yielded = true;
      setImmediate(() => this.next());
      return;
    }
    this.yielded = false;
    this.ordinaryInARow = 0;
    costly.shift()!.start();
  }
}
