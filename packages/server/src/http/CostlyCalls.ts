/**
 * Limits on the calls that cost the server much per call (global search,
 * the filesystem's search, large folder listings), so that one user cannot
 * slow everyone else down (docs/SECURITY.md, "Costly calls"; how a route
 * joins: docs/ARCHITECTURE.md, "Costly calls"):
 *
 * - per user, at most `perUser` such calls under way or waiting at once,
 *   and at most `rate` of them admitted within any `window` seconds; past
 *   either, the call is refused at once with the seconds after which one
 *   would be admitted (exact for the rate: when the oldest admission leaves
 *   the window; 1 s for the concurrency, as nobody knows when a call ends);
 * - for everybody together, at most `concurrency` such calls run at once;
 *   the others wait for a turn, users taking turns in rotation (a user with
 *   many waiting calls gets one turn per round like any other), and one
 *   that waits longer than `maxWait` is refused.
 *
 * A call admitted, at once or at its turn, starts only after the event loop
 * has gone round once (`setImmediate`). The embedded database runs in this
 * thread and answers through promises only, so a search started right away
 * would run every statement before the loop reads another request: every
 * waiting request of every user would queue behind it, and the next one, and
 * so on. Deferred, each costly call starts after the requests already
 * arrived have been read: the ordinary ones are answered first, the costly
 * ones take their place in the queue or are refused.
 *
 * With several servers on one PostgreSQL (docs/DEPLOYMENT.md, "What the
 * database shares by itself"), a user's rate is also counted in the
 * database (`sharedRate`), in fixed windows of `window` seconds, so that N
 * servers give a user the budget of one; the concurrency limits stay each
 * server's own, as they guard that server's capacity.
 *
 * Refused calls do not count towards the rate. Times are those of the
 * injected clock (tests move the window by hand); the wait for a turn is
 * timed with the injected timers.
 */

/** Why a call was refused and when to try again. */
export class TooManyCalls extends Error {
  override name = 'TooManyCalls';
  constructor(
    /** 'rate': too many within the window; 'concurrency': too many of the user's at once; 'busy': no turn came in time. */
    readonly reason: 'rate' | 'concurrency' | 'busy',
    /** Whole seconds, at least 1. */
    readonly retryAfter: number,
  ) {
    super(`too many costly calls (${reason}): retry after ${retryAfter} s`);
  }
}

export interface CostlyCallLimits {
  /** A user's calls under way or waiting at once. */
  perUser: number;
  /** A user's calls admitted within `window`. */
  rate: number;
  /** Seconds. */
  window: number;
  /** Calls of all users running at once. */
  concurrency: number;
  /** Milliseconds a call may wait for its turn. */
  maxWait: number;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Counts one more admission of a key within a window of `windowMs`: the count in this window and the milliseconds left of it. */
export type SharedRate = (key: string, windowMs: number) => Promise<{ current: number; ttl: number }>;

interface Waiter {
  start(): void;
  fail(error: TooManyCalls): void;
  timer: unknown;
}

interface UserState {
  /** Calls running or waiting. */
  active: number;
  /** Times (ms) of the admissions within the window, oldest first. */
  admitted: number[];
  waiting: Waiter[];
}

/** Users' entries looked at for pruning every this many admissions. */
const PRUNE_EVERY = 1024;

export class CostlyCalls {
  private readonly users = new Map<string, UserState>();
  /** Users with calls waiting, in the order they get a turn (a Set keeps insertion order: re-adding moves to the back). */
  private readonly turns = new Set<string>();
  private running = 0;
  private admissions = 0;

  constructor(
    readonly limits: CostlyCallLimits,
    private readonly nowMs: () => number = Date.now,
    private readonly timers: Timers = { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout) },
    /** The count the servers share, on PostgreSQL; none on the embedded database (one server). */
    private readonly sharedRate?: SharedRate,
  ) {}

  /**
   * Admits a call of a user, waiting for its turn when all places are
   * taken; resolves to the function that ends it (call it exactly once,
   * whatever happens). Rejects with TooManyCalls when refused.
   */
  async enter(userId: string): Promise<() => void> {
    const now = this.nowMs();
    const state = this.users.get(userId) ?? { active: 0, admitted: [], waiting: [] };
    this.users.set(userId, state);
    const windowMs = this.limits.window * 1000;
    while (state.admitted.length > 0 && state.admitted[0]! <= now - windowMs) state.admitted.shift();
    if (state.admitted.length >= this.limits.rate) {
      throw new TooManyCalls('rate', Math.max(1, Math.ceil((state.admitted[0]! + windowMs - now) / 1000)));
    }
    if (state.active >= this.limits.perUser) throw new TooManyCalls('concurrency', 1);
    state.active++;
    if (this.sharedRate) await this.countShared(userId, state, windowMs);
    state.admitted.push(now);
    if (++this.admissions % PRUNE_EVERY === 0) this.prune(now);
    if (this.running < this.limits.concurrency && this.turns.size === 0) {
      this.running++;
      await new Promise((resolve) => setImmediate(resolve));
      return this.leaver(userId, state);
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: resolve,
        fail: reject,
        timer: this.timers.setTimeout(() => this.giveUp(userId, state, waiter), this.limits.maxWait),
      };
      state.waiting.push(waiter);
      this.turns.add(userId);
    });
    return this.leaver(userId, state);
  }

  /** Counts the admission where every server counts it; refuses (and gives back the place taken) past the rate. */
  private async countShared(userId: string, state: UserState, windowMs: number): Promise<void> {
    let shared: { current: number; ttl: number };
    try {
      shared = await this.sharedRate!(`costly|${userId}`, windowMs);
    } catch {
      // The count could not be kept (the database gone): this server's own count decides, as on one server.
      return;
    }
    if (shared.current > this.limits.rate) {
      state.active--;
      if (state.active === 0 && state.admitted.length === 0) this.users.delete(userId);
      throw new TooManyCalls('rate', Math.max(1, Math.ceil(shared.ttl / 1000)));
    }
  }

  /** Runs `work` as a call of the user (see `enter`). */
  async run<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const leave = await this.enter(userId);
    try {
      return await work();
    } finally {
      leave();
    }
  }

  /** What is under way: calls running, calls waiting, users known. */
  stats(): { running: number; waiting: number; users: number } {
    let waiting = 0;
    for (const state of this.users.values()) waiting += state.waiting.length;
    return { running: this.running, waiting, users: this.users.size };
  }

  private leaver(userId: string, state: UserState): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.running--;
      state.active--;
      if (state.active === 0 && state.admitted.length === 0) this.users.delete(userId);
      this.next();
    };
  }

  /** Gives free places to waiting calls, one user after another. */
  private next(): void {
    while (this.running < this.limits.concurrency && this.turns.size > 0) {
      const userId = this.turns.values().next().value as string;
      this.turns.delete(userId);
      const state = this.users.get(userId);
      const waiter = state?.waiting.shift();
      if (!state || !waiter) continue;
      if (state.waiting.length > 0) this.turns.add(userId);
      this.timers.clearTimeout(waiter.timer);
      this.running++;
      setImmediate(waiter.start);
    }
  }

  private giveUp(userId: string, state: UserState, waiter: Waiter): void {
    const index = state.waiting.indexOf(waiter);
    if (index < 0) return;
    state.waiting.splice(index, 1);
    if (state.waiting.length === 0) this.turns.delete(userId);
    state.active--;
    waiter.fail(new TooManyCalls('busy', Math.max(1, Math.ceil(this.limits.maxWait / 1000))));
  }

  /** Forgets users with nothing under way and no admission left in the window. */
  private prune(now: number): void {
    const since = now - this.limits.window * 1000;
    for (const [userId, state] of this.users) {
      if (state.active === 0 && (state.admitted.at(-1) ?? -Infinity) <= since) this.users.delete(userId);
    }
  }
}
