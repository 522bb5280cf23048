import type { TimeRangeKey } from './dashboard.js';
import type { DatasetRange } from './query.js';

/**
 * A dashboard's time range (docs/behaviour/dashboards.md#time-range): one of
 * TIME_RANGES, or days the user chose. Turned into the days of the
 * dataset query (both included) from today's date in the user's time zone,
 * and into the period of the same length just before it, which a KPI
 * compares its figure with.
 */
export type TimeRangeChoice = { key: TimeRangeKey } | { key: 'custom'; from: string; to: string };

const DAY_MS = 86_400_000;

/** A day (YYYY-MM-DD) as a count of days since 1970-01-01. */
function dayNumber(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

function dayOf(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

function ymd(y: number, monthIndex: number, d: number): string {
  return dayOf(Math.round(Date.UTC(y, monthIndex, d) / DAY_MS));
}

/** Today in the local time zone of `now`. */
export function localDay(now: Date): string {
  return ymd(now.getFullYear(), now.getMonth(), now.getDate());
}

/** A day of the YYYY-MM-DD form that exists. */
export function isDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && dayOf(dayNumber(value)) === value;
}

/** The days of a choice, as of `today`; undefined for `all` (no range). */
export function rangeOf(choice: TimeRangeChoice, today: string): DatasetRange | undefined {
  const t = dayNumber(today);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  switch (choice.key) {
    case 'all':
      return undefined;
    case 'custom':
      return choice.from <= choice.to ? { from: choice.from, to: choice.to } : { from: choice.to, to: choice.from };
    case 'last7Days':
      return { from: dayOf(t - 6), to: today };
    case 'last30Days':
      return { from: dayOf(t - 29), to: today };
    case 'last90Days':
      return { from: dayOf(t - 89), to: today };
    case 'thisMonth':
      return { from: ymd(y, m - 1, 1), to: today };
    case 'thisQuarter':
      return { from: ymd(y, Math.floor((m - 1) / 3) * 3, 1), to: today };
    case 'thisYear':
      return { from: ymd(y, 0, 1), to: today };
    case 'last12Months':
      // The same day a year ago is the day after the range's first one: twelve whole months up to today.
      return { from: dayOf(dayNumber(ymd(y - 1, m - 1, d)) + 1), to: today };
  }
}

/** The period of the same number of days that ends the day before `range` starts; undefined without both ends. */
export function previousRange(range: DatasetRange | undefined): DatasetRange | undefined {
  if (!range?.from || !range.to) return undefined;
  const from = dayNumber(range.from);
  const days = dayNumber(range.to) - from + 1;
  return { from: dayOf(from - days), to: dayOf(from - 1) };
}
