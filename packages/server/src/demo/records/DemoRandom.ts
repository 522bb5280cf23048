/**
 * A seeded source of randomness for demo data: the same seed gives the same
 * sequence on every machine (mulberry32 over a 32-bit hash of the seed), so
 * the demo records are the same on every first start and in tests.
 */
export class DemoRandom {
  private state: number;

  constructor(seed: string) {
    // FNV-1a: spreads similar seeds ("Audits:northwind", "Audits:contoso") far apart.
    let h = 0x811c9dc5;
    for (let i = 0; i < seed.length; i++) {
      h ^= seed.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    this.state = h >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('nothing to pick from');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of the items, each as likely as its weight. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  }

  /** `count` different items, in random order. */
  some<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    return out;
  }
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The day (YYYY-MM-DD, UTC) `days` after `now`'s day. */
export function dayAfter(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** The day itself when it is Monday to Friday, else the Monday after. */
export function workdayFrom(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const weekday = d.getUTCDay();
  const shift = weekday === 6 ? 2 : weekday === 0 ? 1 : 0;
  return new Date(d.getTime() + shift * DAY_MS).toISOString().slice(0, 10);
}

/** The working day `count` working days after `day` (Saturdays and Sundays skipped). */
export function addWorkdays(day: string, count: number): string {
  let d = new Date(`${day}T00:00:00Z`).getTime();
  let left = count;
  while (left > 0) {
    d += DAY_MS;
    const weekday = new Date(d).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return new Date(d).toISOString().slice(0, 10);
}

/** Days from one day to another (negative when `to` is earlier). */
export function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A moment on a day, at hours and minutes UTC. */
export function at(day: string, hours: number, minutes = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + hours * HOUR_MS + minutes * MINUTE_MS);
}

/** The earlier of a moment and `latest` (records cannot have been created after now). */
export function notAfter(moment: Date, latest: Date): Date {
  return moment.getTime() <= latest.getTime() ? moment : latest;
}
