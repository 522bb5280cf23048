import { ExpiringCache } from './ExpiringCache.js';
import type { SessionEvent, SessionEvents } from './SessionEvents.js';

export interface RememberedOptions {
  /** Seconds an answer of the database is reused; 0 turns remembering off. */
  ttlSeconds: number;
  /** Most entries held; past that the oldest goes first. */
  maxEntries: number;
}

/** What an event may forget: one entry, or every entry whose value matches. */
export interface Forgettable<K, V> {
  delete(key: K): void;
  deleteWhere(matches: (value: V) => boolean): void;
}

/**
 * Answers of the database remembered per key for `ttlSeconds`, and
 * forgotten on this process's session events as `forget` decides
 * (docs/ARCHITECTURE.md, "Session checks"). Every event is counted: an
 * answer read before one came is used for its call and not stored, so a
 * race cannot keep what was just forgotten. A change made by another
 * process is seen at most `ttlSeconds` later. The session check, the
 * caller and the profile's lists are each one of these.
 */
export class Remembered<K, V> {
  private readonly entries: ExpiringCache<K, V>;
  private generation = 0;

  constructor(
    private readonly options: RememberedOptions,
    events: SessionEvents,
    forget: (event: Exclude<SessionEvent, { kind: 'resync' }>, entries: Forgettable<K, V>) => void,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.entries = new ExpiringCache(options.ttlSeconds > 0 ? options.maxEntries : 0, nowMs);
    events.subscribe((event) => {
      this.generation++;
      // Events may have been missed: nothing remembered is trusted.
      if (event.kind === 'resync') this.entries.clear();
      else forget(event, this.entries);
    });
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** To be taken before reading the database; hand it to `set` with the answer. */
  snapshot(): number {
    return this.generation;
  }

  /** Remembers an answer until `ttlSeconds` from now, or `until` (ms) if sooner, unless an event came since `snapshot`. */
  set(key: K, value: V, snapshot: number, until = Number.POSITIVE_INFINITY): void {
    if (snapshot !== this.generation) return;
    this.entries.set(key, value, Math.min(this.nowMs() + this.options.ttlSeconds * 1000, until));
  }

  /** The remembered value of a key when `usable` accepts it, else `read`'s answer (remembered). */
  async read(key: K, read: () => Promise<V>, usable: (value: V) => boolean = () => true): Promise<V> {
    const remembered = this.entries.get(key);
    if (remembered !== undefined && usable(remembered)) return remembered;
    const snapshot = this.generation;
    const value = await read();
    this.set(key, value, snapshot);
    return value;
  }

  /** Entries held (expired ones not yet met included). */
  get size(): number {
    return this.entries.size;
  }
}
