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
 * turn. Within a class, units go in the order they came.
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

  /** Gives the connection to the next unit, or frees it. */
  private next(): void {
    const { ordinary, costly } = this.waiting;
    let turn: Waiting | undefined;
    if (ordinary.length > 0 && (costly.length === 0 || this.ordinaryInARow < this.ordinaryPerCostly)) {
      turn = ordinary.shift();
      this.ordinaryInARow = costly.length === 0 ? 0 : this.ordinaryInARow + 1;
    } else {
      turn = costly.shift();
      this.ordinaryInARow = 0;
    }
    if (!turn) {
      this.busy = false;
      return;
    }
    turn.start();
  }
}
