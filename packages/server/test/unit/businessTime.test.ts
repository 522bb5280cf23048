/** Business time (docs/behaviour/workflows.md#due-dates): Monday to Friday, 09:00 to 17:00 UTC, or the organisation's own. */
import { describe, expect, it } from 'vitest';
import { addBusinessDays, addBusinessHours, addCalendarDays, calendarOf, DEFAULT_CALENDAR, dueAt, dueOfValue, escalationAt, type BusinessCalendar } from '../../src/workflows/businessTime.js';

const at = (iso: string) => new Date(iso);
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('business time', () => {
  it('counts business hours within the working day and carries over to the next one', () => {
    // 2026-11-23 is a Monday.
    expect(iso(addBusinessHours(at('2026-11-23T10:00:00Z'), 4))).toBe('2026-11-23T14:00:00.000Z');
    expect(iso(addBusinessHours(at('2026-11-23T15:00:00Z'), 4))).toBe('2026-11-24T11:00:00.000Z');
    expect(iso(addBusinessHours(at('2026-11-23T09:00:00Z'), 8))).toBe('2026-11-23T17:00:00.000Z');
  });

  it('starts outside business hours from the next opening, skipping the weekend', () => {
    expect(iso(addBusinessHours(at('2026-11-23T06:00:00Z'), 1))).toBe('2026-11-23T10:00:00.000Z');
    expect(iso(addBusinessHours(at('2026-11-27T16:00:00Z'), 2))).toBe('2026-11-30T10:00:00.000Z');
    expect(iso(addBusinessHours(at('2026-11-28T12:00:00Z'), 1))).toBe('2026-11-30T10:00:00.000Z');
  });

  it('adds business days over weekends and calendar days as they come', () => {
    expect(iso(addBusinessDays(at('2026-11-26T11:00:00Z'), 2))).toBe('2026-11-30T11:00:00.000Z');
    expect(iso(addBusinessDays(at('2026-11-29T11:00:00Z'), 1))).toBe('2026-12-01T09:00:00.000Z');
    expect(iso(addCalendarDays(at('2026-11-26T11:00:00Z'), 3))).toBe('2026-11-29T11:00:00.000Z');
  });

  it('takes a date field as due at the close of that day, a moment as itself, nothing as none', () => {
    expect(iso(dueOfValue('2026-12-03'))).toBe('2026-12-03T17:00:00.000Z');
    expect(iso(dueOfValue('2026-12-03T08:30:00.000Z'))).toBe('2026-12-03T08:30:00.000Z');
    expect(dueOfValue(null)).toBeNull();
    expect(iso(dueAt({ field: 'deadline' }, at('2026-11-23T10:00:00Z'), { deadline: '2026-12-01' }))).toBe('2026-12-01T17:00:00.000Z');
    expect(dueAt(undefined, at('2026-11-23T10:00:00Z'), {})).toBeNull();
    expect(iso(dueAt({ days: 1, business: false }, at('2026-11-27T10:00:00Z'), {}))).toBe('2026-11-28T10:00:00.000Z');
  });

  it('escalates business hours after the due time, and never without one', () => {
    expect(iso(escalationAt(at('2026-11-23T16:00:00Z'), 2))).toBe('2026-11-24T10:00:00.000Z');
    expect(escalationAt(null, 2)).toBeNull();
    expect(escalationAt(at('2026-11-23T16:00:00Z'), undefined)).toBeNull();
  });

  describe("in an organisation's own time zone and hours", () => {
    const oslo: BusinessCalendar = { timeZone: 'Europe/Oslo', days: [1, 2, 3, 4, 5], opens: 9 * 60, closes: 17 * 60 };

    it('counts business hours on the local clock, in winter and in summer time', () => {
      // 08:30 UTC is 09:30 in Oslo in November (UTC+1): four hours later it is 13:30 there.
      expect(iso(addBusinessHours(at('2026-11-23T08:30:00Z'), 4, oslo))).toBe('2026-11-23T12:30:00.000Z');
      // Friday 16:00 in Oslo: one hour that day, the second from Monday's opening.
      expect(iso(addBusinessHours(at('2026-11-27T15:00:00Z'), 2, oslo))).toBe('2026-11-30T09:00:00.000Z');
      // In June (UTC+2) the day closes at 15:00 UTC.
      expect(iso(addBusinessHours(at('2027-06-07T14:00:00Z'), 2, oslo))).toBe('2027-06-08T08:00:00.000Z');
    });

    it('keeps the local time of day across the change to summer time', () => {
      // Friday 26 March 2027, 16:00 CET; the clocks go forward on Sunday 28 March: Monday 10:00 is 08:00 UTC.
      expect(iso(addBusinessHours(at('2027-03-26T15:00:00Z'), 2, oslo))).toBe('2027-03-29T08:00:00.000Z');
      expect(iso(addBusinessDays(at('2027-03-26T10:00:00Z'), 1, oslo))).toBe('2027-03-29T09:00:00.000Z');
      expect(iso(addCalendarDays(at('2027-03-27T12:00:00Z'), 1, oslo))).toBe('2027-03-28T11:00:00.000Z');
      // And back to winter time on Sunday 31 October 2027.
      expect(iso(addBusinessDays(at('2027-10-29T10:00:00Z'), 1, oslo))).toBe('2027-11-01T11:00:00.000Z');
    });

    it('takes a date alone as due at the local closing', () => {
      expect(iso(dueOfValue('2026-12-03', oslo))).toBe('2026-12-03T16:00:00.000Z');
      expect(iso(dueOfValue('2027-04-01', oslo))).toBe('2027-04-01T15:00:00.000Z');
      expect(iso(dueAt({ field: 'deadline' }, at('2026-11-23T10:00:00Z'), { deadline: '2026-12-01' }, oslo))).toBe('2026-12-01T16:00:00.000Z');
    });

    it('works the declared days and hours: Sunday to Thursday, 08:00 to 16:00, west of UTC too', () => {
      const dubai: BusinessCalendar = { timeZone: 'Asia/Dubai', days: [0, 1, 2, 3, 4], opens: 8 * 60, closes: 16 * 60 };
      // Thursday 15:00 in Dubai (UTC+4): one hour that day, the next on Sunday from 08:00.
      expect(iso(addBusinessHours(at('2026-11-26T11:00:00Z'), 2, dubai))).toBe('2026-11-29T05:00:00.000Z');
      expect(iso(addBusinessDays(at('2026-11-26T06:00:00Z'), 1, dubai))).toBe('2026-11-29T06:00:00.000Z');
      const newYork: BusinessCalendar = { ...DEFAULT_CALENDAR, timeZone: 'America/New_York' };
      // 08:00 in New York (UTC-5) is before the opening: one hour after 09:00 is 10:00 there.
      expect(iso(addBusinessHours(at('2026-11-23T13:00:00Z'), 1, newYork))).toBe('2026-11-23T15:00:00.000Z');
      // Due at 16:00 there: one hour that day, the second from Tuesday's opening.
      expect(iso(escalationAt(at('2026-11-23T21:00:00Z'), 2, newYork))).toBe('2026-11-24T15:00:00.000Z');
    });

    it('reads a stored calendar, and falls back to the default for anything it cannot use', () => {
      expect(calendarOf({ timeZone: 'Europe/Oslo', days: [1, 2, 3, 4, 5], opens: 480, closes: 960 })).toEqual({ timeZone: 'Europe/Oslo', days: [1, 2, 3, 4, 5], opens: 480, closes: 960 });
      expect(calendarOf(null)).toEqual(DEFAULT_CALENDAR);
      expect(calendarOf({ timeZone: 'Mars/Olympus', days: [1], opens: 480, closes: 960 })).toEqual(DEFAULT_CALENDAR);
      expect(calendarOf({ timeZone: 'UTC', days: [], opens: 480, closes: 960 })).toEqual(DEFAULT_CALENDAR);
      expect(calendarOf({ timeZone: 'UTC', days: [1], opens: 960, closes: 480 })).toEqual(DEFAULT_CALENDAR);
    });
  });
});
