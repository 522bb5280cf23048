/**
 * A map whose entries expire at a time given with each, holding at most
 * `maxEntries`: past that, the entry stored longest ago is dropped first.
 * Expired entries are never returned and are dropped when met. Times are
 * milliseconds of the injected clock, so tests move time by hand.
 */
export class ExpiringCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    readonly maxEntries: number,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** The value stored under a key, unless it has expired. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.nowMs() < entry.expiresAt) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Stores a value until `expiresAt` (ms); a time already past stores nothing. */
  set(key: K, value: V, expiresAt: number): void {
    if (this.maxEntries <= 0 || expiresAt <= this.nowMs()) return;
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose value matches. */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Entries held, expired ones not yet met included. */
  get size(): number {
    return this.entries.size;
  }
}
