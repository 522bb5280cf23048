/**
 * The arithmetic of a month calendar on day keys (`YYYY-MM-DD`): days are
 * counted on the UTC calendar, so that a daylight-saving change never makes
 * a day 23 or 25 hours long and skips or repeats it. Weeks start on Monday.
 */

/** A day as `YYYY-MM-DD`. */
export type DayKey = string;

/** A month: its year and its number (1–12). */
export interface Month {
  year: number;
  month: number;
}

const DAY_MS = 86_400_000;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** The key of a day of the UTC calendar. */
export function dayKey(year: number, month: number, day: number): DayKey {
  const date = new Date(Date.UTC(year, month - 1, day));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Days since 1970-01-01 of a day key. */
function serial(key: DayKey): number {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** The day so many days after (or before, when negative) another. */
export function addDays(key: DayKey, days: number): DayKey {
  const date = new Date((serial(key) + days) * DAY_MS);
  return dayKey(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** Days from one day to another (negative when the second is earlier). */
export function daysFrom(from: DayKey, to: DayKey): number {
  return serial(to) - serial(from);
}

/** The day of the week, Monday 0 to Sunday 6. */
export function weekdayOf(key: DayKey): number {
  return (new Date(serial(key) * DAY_MS).getUTCDay() + 6) % 7;
}

/** The month a day belongs to. */
export function monthOf(key: DayKey): Month {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return { year, month };
}

/** The month so many months after (or before) another. */
export function addMonths(month: Month, count: number): Month {
  const index = month.year * 12 + (month.month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The first and the last day of a month. */
export function monthRange(month: Month): { first: DayKey; last: DayKey } {
  const first = dayKey(month.year, month.month, 1);
  return { first, last: addDays(dayKey(month.year, month.month + 1, 1), -1) };
}

/** The same day of the month in another month, or that month's last day when it is shorter (31 January → 28 February). */
export function sameDayIn(key: DayKey, month: Month): DayKey {
  const day = Number(key.slice(8, 10));
  const { last } = monthRange(month);
  return day > Number(last.slice(8, 10)) ? last : dayKey(month.year, month.month, day);
}

/** One day of the grid. */
export interface GridDay {
  key: DayKey;
  /** Its number in the month (1–31). */
  day: number;
  inMonth: boolean;
}

/** The weeks a month's grid shows: from the Monday on or before its first day to the Sunday on or after its last (4 to 6 weeks). */
export function monthGrid(month: Month): GridDay[][] {
  const { first, last } = monthRange(month);
  const start = addDays(first, -weekdayOf(first));
  const end = addDays(last, 6 - weekdayOf(last));
  const weeks: GridDay[][] = [];
  for (let key = start; daysFrom(key, end) >= 0; key = addDays(key, 7)) {
    weeks.push(
      Array.from({ length: 7 }, (_, i) => {
        const day = addDays(key, i);
        return { key: day, day: Number(day.slice(8, 10)), inMonth: day >= first && day <= last };
      }),
    );
  }
  return weeks;
}

/** A record's days on the calendar: from its first to its last (the same day when it has no end). */
export interface Span<T> {
  item: T;
  start: DayKey;
  end: DayKey;
}

/** A span's part within one week: its first and last column (0 = Monday) and its lane (row) in that week. */
export interface Segment<T> {
  item: T;
  startColumn: number;
  endColumn: number;
  lane: number;
  /** The span goes on before this week, or after it. */
  continuesBefore: boolean;
  continuesAfter: boolean;
}

/** One week of the grid laid out: the segments shown in their lanes, and for each day how many more are not shown. */
export interface WeekLayout<T> {
  segments: Segment<T>[];
  /** Per column (Monday first), the spans on that day left out for want of room ("+3 more"). */
  more: number[];
}

/**
 * Lays out the spans of one week (its Monday given): longer and earlier
 * spans first, each in the first lane free on all its days; spans that fit
 * in no lane below `lanes` are counted on each of their days as "more".
 */
export function layoutWeek<T>(monday: DayKey, spans: readonly Span<T>[], lanes: number): WeekLayout<T> {
  const sunday = addDays(monday, 6);
  const inWeek = spans
    .filter((s) => s.start <= sunday && s.end >= monday)
    .map((s) => ({ span: s, startColumn: Math.max(0, daysFrom(monday, s.start)), endColumn: Math.min(6, daysFrom(monday, s.end)) }))
    .sort((a, b) => a.startColumn - b.startColumn || b.endColumn - b.startColumn - (a.endColumn - a.startColumn));
  const taken: boolean[][] = Array.from({ length: lanes }, () => Array<boolean>(7).fill(false));
  const segments: Segment<T>[] = [];
  const more = Array<number>(7).fill(0);
  for (const { span, startColumn, endColumn } of inWeek) {
    const lane = taken.findIndex((row) => row.slice(startColumn, endColumn + 1).every((used) => !used));
    if (lane < 0) {
      for (let c = startColumn; c <= endColumn; c++) more[c]!++;
      continue;
    }
    for (let c = startColumn; c <= endColumn; c++) taken[lane]![c] = true;
    segments.push({ item: span.item, startColumn, endColumn, lane, continuesBefore: span.start < monday, continuesAfter: span.end > sunday });
  }
  return { segments, more };
}
