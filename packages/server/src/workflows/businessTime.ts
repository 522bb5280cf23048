/**
 * Business time (docs/behaviour/workflows.md#due-dates): the working days
 * and hours of the organisation, in its time zone (Monday to Friday, 09:00
 * to 17:00 UTC unless its operator set them). Pure rules: a moment in, a
 * moment out.
 *
 * The sums are done on the organisation's wall clock: a moment is moved to
 * its local date and time written as if it were UTC, counted there with
 * plain days and hours, and moved back. Working hours lie away from the
 * night-time changes of daylight saving, so an hour of business is an hour.
 */
import { z } from 'zod';
import { fromWallTime, isTimeZone, toWallTime } from '@atrium/shared';
import type { DueRule } from '@atrium/shared/apps';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** When an organisation works: weekdays (0 Sunday … 6 Saturday) and hours, in an IANA time zone. */
export interface BusinessCalendar {
  timeZone: string;
  /** Working weekdays, 0 (Sunday) to 6 (Saturday), at least one. */
  days: readonly number[];
  /** Opening and closing, minutes after local midnight; opens < closes. */
  opens: number;
  closes: number;
}

/** Every organisation's calendar until its operator sets one. */
export const DEFAULT_CALENDAR: BusinessCalendar = { timeZone: 'UTC', days: [1, 2, 3, 4, 5], opens: 9 * 60, closes: 17 * 60 };

/** A calendar as stored (accounts.business_calendar): checked when read, the default for anything else. */
export const BusinessCalendarSchema = z
  .object({
    timeZone: z.string().refine(isTimeZone),
    days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
    opens: z.number().int().min(0).max(24 * 60),
    closes: z.number().int().min(0).max(24 * 60),
  })
  .refine((c) => c.opens < c.closes);

/** The stored calendar, or the default when it is none or not one. */
export function calendarOf(stored: unknown): BusinessCalendar {
  const parsed = BusinessCalendarSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_CALENDAR;
}

/** A moment's local date and time, written as UTC. */
const toWall = (c: BusinessCalendar, ms: number) => toWallTime(c.timeZone, ms);
/** The moment a local date and time (written as UTC) is. */
const fromWall = (c: BusinessCalendar, wall: number) => fromWallTime(c.timeZone, wall);

const isWorkday = (c: BusinessCalendar, wall: number) => c.days.includes(new Date(wall).getUTCDay());
const midnight = (wall: number) => wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);

/** The first business moment at or after `wall`: itself within business hours, else the next opening (on the wall clock). */
function nextBusinessMoment(c: BusinessCalendar, wall: number): number {
  let day = midnight(wall);
  let at = wall;
  for (;;) {
    const opens = day + c.opens * MINUTE_MS;
    const closes = day + c.closes * MINUTE_MS;
    if (isWorkday(c, day) && at < closes) return Math.max(at, opens);
    day += DAY_MS;
    at = day;
  }
}

/**
 * `hours` business hours after `from`: counted only within business hours;
 * a start outside them counts from the next opening, and an amount that
 * ends exactly at a closing ends there (not at the next opening).
 */
export function addBusinessHours(from: Date, hours: number, c: BusinessCalendar = DEFAULT_CALENDAR): Date {
  let left = Math.round(hours * HOUR_MS);
  let at = nextBusinessMoment(c, toWall(c, from.getTime()));
  for (;;) {
    const closes = midnight(at) + c.closes * MINUTE_MS;
    if (left <= closes - at) return new Date(fromWall(c, at + left));
    left -= closes - at;
    at = nextBusinessMoment(c, closes);
  }
}

/**
 * `days` business days after `from`: the same time of day on the
 * `days`-th working day after it. A start on a day off counts from the
 * next working day's opening.
 */
export function addBusinessDays(from: Date, days: number, c: BusinessCalendar = DEFAULT_CALENDAR): Date {
  let at = toWall(c, from.getTime());
  if (!isWorkday(c, at)) at = nextBusinessMoment(c, at);
  for (let left = days; left > 0; ) {
    at += DAY_MS;
    if (isWorkday(c, at)) left -= 1;
  }
  return new Date(fromWall(c, at));
}

/** `days` calendar days after `from`, at the same time of day on the organisation's clock. */
export function addCalendarDays(from: Date, days: number, c: BusinessCalendar = DEFAULT_CALENDAR): Date {
  return new Date(fromWall(c, toWall(c, from.getTime()) + days * DAY_MS));
}

/** A date field's value as a due moment: a date alone is due at that day's closing; a moment is itself; anything else: none. */
export function dueOfValue(value: unknown, c: BusinessCalendar = DEFAULT_CALENDAR): Date | null {
  if (typeof value !== 'string') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = Date.parse(`${value}T00:00:00Z`);
    return Number.isNaN(day) ? null : new Date(fromWall(c, day + c.closes * MINUTE_MS));
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** When a state's work is due, entered at `at` with these values; null without a due rule (or an empty date field). */
export function dueAt(rule: DueRule | undefined, at: Date, values: Readonly<Record<string, unknown>>, c: BusinessCalendar = DEFAULT_CALENDAR): Date | null {
  if (!rule) return null;
  if ('businessHours' in rule) return addBusinessHours(at, rule.businessHours, c);
  if ('days' in rule) return rule.business ? addBusinessDays(at, rule.days, c) : addCalendarDays(at, rule.days, c);
  return dueOfValue(values[rule.field], c);
}

/** When an open task is also given to its assignee's manager: `hours` business hours after it is due. */
export function escalationAt(due: Date | null, hours: number | undefined, c: BusinessCalendar = DEFAULT_CALENDAR): Date | null {
  return due === null || hours === undefined ? null : addBusinessHours(due, hours, c);
}
