/**
 * Business time (docs/behaviour/workflows.md#due-dates): Monday to Friday,
 * 09:00 to 17:00, in UTC (organisations declare no time zone). Pure rules:
 * a moment in, a moment out.
 */
import type { DueRule } from '@atrium/shared/apps';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The business day's opening and closing hours (UTC). */
export const BUSINESS_OPENS = 9;
export const BUSINESS_CLOSES = 17;

const isWeekday = (ms: number) => {
  const day = new Date(ms).getUTCDay();
  return day !== 0 && day !== 6;
};
const midnight = (ms: number) => ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);

/** The first business moment at or after `ms`: itself within business hours, else the next opening. */
function nextBusinessMoment(ms: number): number {
  let day = midnight(ms);
  let at = ms;
  for (;;) {
    const opens = day + BUSINESS_OPENS * HOUR_MS;
    const closes = day + BUSINESS_CLOSES * HOUR_MS;
    if (isWeekday(day) && at < closes) return Math.max(at, opens);
    day += DAY_MS;
    at = day;
  }
}

/**
 * `hours` business hours after `from`: counted only within business hours;
 * a start outside them counts from the next opening, and an amount that
 * ends exactly at a closing ends there (not at the next opening).
 */
export function addBusinessHours(from: Date, hours: number): Date {
  let left = Math.round(hours * HOUR_MS);
  let at = nextBusinessMoment(from.getTime());
  for (;;) {
    const closes = midnight(at) + BUSINESS_CLOSES * HOUR_MS;
    if (left <= closes - at) return new Date(at + left);
    left -= closes - at;
    at = nextBusinessMoment(closes);
  }
}

/**
 * `days` business days after `from`: the same time of day on the
 * `days`-th weekday after it. A start at a weekend counts from Monday's
 * opening.
 */
export function addBusinessDays(from: Date, days: number): Date {
  let at = from.getTime();
  if (!isWeekday(at)) at = nextBusinessMoment(at);
  for (let left = days; left > 0; ) {
    at += DAY_MS;
    if (isWeekday(at)) left -= 1;
  }
  return new Date(at);
}

/** `days` calendar days after `from`. */
export function addCalendarDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

/** A date field's value as a due moment: a date alone is due at that day's closing; a moment is itself; anything else: none. */
export function dueOfValue(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const ms = Date.parse(day ? `${value}T${String(BUSINESS_CLOSES).padStart(2, '0')}:00:00Z` : value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** When a state's work is due, entered at `at` with these values; null without a due rule (or an empty date field). */
export function dueAt(rule: DueRule | undefined, at: Date, values: Readonly<Record<string, unknown>>): Date | null {
  if (!rule) return null;
  if ('businessHours' in rule) return addBusinessHours(at, rule.businessHours);
  if ('days' in rule) return rule.business ? addBusinessDays(at, rule.days) : addCalendarDays(at, rule.days);
  return dueOfValue(values[rule.field]);
}

/** When an open task is also given to its assignee's manager: `hours` business hours after it is due. */
export function escalationAt(due: Date | null, hours: number | undefined): Date | null {
  return due === null || hours === undefined ? null : addBusinessHours(due, hours);
}
