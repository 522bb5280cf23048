import type { Clock } from '../env.js';

interface Timer {
  id: number;
  at: number;
  fn: () => void;
  every: number | null;
}

/**
 * A clock whose time only moves when a test says so. advance(ms) runs the
 * timers that fall due, in time order, each at its own moment (intervals
 * repeat); settle() also lets pending promises run between timers.
 */
export class FakeClock implements Clock {
  #now: number;
  #nextId = 1;
  readonly #timers = new Map<number, Timer>();

  constructor(start = Date.UTC(2026, 0, 15, 9, 0, 0)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    return this.#add(fn, ms, null);
  }

  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number);
  }

  setInterval(fn: () => void, ms: number): unknown {
    return this.#add(fn, ms, Math.max(1, ms));
  }

  clearInterval(handle: unknown): void {
    this.#timers.delete(handle as number);
  }

  /** Number of timers waiting. */
  get pending(): number {
    return this.#timers.size;
  }

  /** Moves time forward by ms, running every timer that falls due on the way (synchronously). */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (let timer = this.#due(end); timer; timer = this.#due(end)) this.#fire(timer);
    this.#now = end;
  }

  /**
   * Like advance, but lets promise callbacks run after each timer, so that
   * async work started by a timer (an aborted fetch, a retry) completes.
   */
  async settle(ms = 0): Promise<void> {
    const end = this.#now + ms;
    await flushPromises();
    for (let timer = this.#due(end); timer; timer = this.#due(end)) {
      this.#fire(timer);
      await flushPromises();
    }
    this.#now = end;
    await flushPromises();
  }

  #add(fn: () => void, ms: number, every: number | null): number {
    const id = this.#nextId++;
    this.#timers.set(id, { id, at: this.#now + Math.max(0, ms), fn, every });
    return id;
  }

  #due(end: number): Timer | undefined {
    let first: Timer | undefined;
    for (const timer of this.#timers.values()) if (timer.at <= end && (!first || timer.at < first.at || (timer.at === first.at && timer.id < first.id))) first = timer;
    return first;
  }

  #fire(timer: Timer): void {
    this.#now = timer.at;
    if (timer.every === null) this.#timers.delete(timer.id);
    else timer.at += timer.every;
    timer.fn();
  }
}

/** Lets every queued promise callback (and what they queue in turn) run. */
export async function flushPromises(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => globalThis.setTimeout(resolve, 0));
}
