import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canSnooze, DEFAULT_YELLOW_WINDOW_MS, isValidSnoozeDate, maySnooze, rygRange, rygStatus, RYG_STATUSES, type RygStatus } from './ryg.js';

const HOUR = 3600_000;
/** A fixed "now" for every case: the rules take the time, they never read a clock. */
const NOW = Date.UTC(2026, 5, 15, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

describe('task colours', () => {
  it('is RED once the end date has passed, YELLOW within the two-day window, GREEN later, BLUE without an end date', () => {
    expect(rygStatus(NOW - 1, NOW)).toBe('RED');
    expect(rygStatus(NOW, NOW)).toBe('YELLOW');
    expect(rygStatus(NOW + 47 * HOUR, NOW)).toBe('YELLOW');
    expect(rygStatus(NOW + 48 * HOUR, NOW)).toBe('GREEN');
    expect(rygStatus(iso(NOW + 30 * 24 * HOUR), NOW)).toBe('GREEN');
    expect(rygStatus(null, NOW)).toBe('BLUE');
    expect(rygStatus('not a date', NOW)).toBe('BLUE');
  });

  it('follows a configured yellow window', () => {
    expect(rygStatus(NOW + 2 * HOUR, NOW, HOUR)).toBe('GREEN');
    expect(rygStatus(NOW + HOUR / 2, NOW, HOUR)).toBe('YELLOW');
    expect(DEFAULT_YELLOW_WINDOW_MS).toBe(48 * HOUR);
  });

  it('changes colour as the clock moves on, never back', () => {
    const end = NOW + 72 * HOUR;
    const colours = [0, 24, 25, 71, 72, 73].map((h) => rygStatus(end, NOW + h * HOUR));
    expect(colours).toEqual(['GREEN', 'GREEN', 'YELLOW', 'YELLOW', 'YELLOW', 'RED']);
  });

  it('puts every end date in the range of exactly the colour rygStatus gives it', () => {
    const inRange = (status: RygStatus, end: number | null, now: number, window: number) => {
      const range = rygRange(status, now, window);
      if (range.none) return end === null;
      return end !== null && (range.from === null || end >= range.from) && (range.to === null || end < range.to);
    };
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: NOW - 1000 * HOUR, max: NOW + 1000 * HOUR }), { nil: null }),
        fc.integer({ min: NOW - 100 * HOUR, max: NOW + 100 * HOUR }),
        fc.integer({ min: 1, max: 500 * HOUR }),
        (end, now, window) => {
          const matching = RYG_STATUSES.filter((s) => inRange(s, end, now, window));
          expect(matching).toEqual([rygStatus(end, now, window)]);
        },
      ),
    );
  });
});

describe('snooze rules', () => {
  const task = (end: number | null, now = NOW) => ({ rygStatus: rygStatus(end, now), end_date: end === null ? null : iso(end) });

  it('allows snoozing only green tasks whose end date has not passed', () => {
    expect(canSnooze(task(NOW + 72 * HOUR), NOW)).toBe(true);
    expect(canSnooze(task(NOW + 24 * HOUR), NOW)).toBe(false);
    expect(canSnooze(task(NOW - HOUR), NOW)).toBe(false);
    expect(canSnooze(task(null), NOW)).toBe(false);
    // A colour computed earlier does not outlive the end date.
    expect(canSnooze({ rygStatus: 'GREEN', end_date: iso(NOW - 1) }, NOW)).toBe(false);
  });

  it('takes a snooze date after now and no later than the end date', () => {
    const end = iso(NOW + 72 * HOUR);
    expect(isValidSnoozeDate(NOW + HOUR, end, NOW)).toBe(true);
    expect(isValidSnoozeDate(NOW + 72 * HOUR, end, NOW)).toBe(true);
    expect(isValidSnoozeDate(NOW + 72 * HOUR + 1, end, NOW)).toBe(false);
    expect(isValidSnoozeDate(NOW, end, NOW)).toBe(false);
    expect(isValidSnoozeDate(NOW - HOUR, end, NOW)).toBe(false);
    expect(isValidSnoozeDate(Number.NaN, end, NOW)).toBe(false);
    expect(isValidSnoozeDate(NOW + HOUR, 'soon', NOW)).toBe(false);
  });

  it('takes an extension only after the current snooze', () => {
    const end = iso(NOW + 72 * HOUR);
    const current = NOW + 24 * HOUR;
    expect(isValidSnoozeDate(NOW + 48 * HOUR, end, NOW, current)).toBe(true);
    expect(isValidSnoozeDate(current, end, NOW, current)).toBe(false);
    expect(isValidSnoozeDate(NOW + 12 * HOUR, end, NOW, current)).toBe(false);
    expect(isValidSnoozeDate(NOW + 73 * HOUR, end, NOW, current)).toBe(false);
  });

  it('lets only the assignee snooze, and only what canSnooze allows', () => {
    const green = { rygStatus: 'GREEN' as const, end_date: new Date(NOW + 5 * 24 * HOUR).toISOString(), assignee: { id: 'ada' } };
    expect(maySnooze(green, 'ada', NOW)).toBe(true);
    // A follower sees the task but may not snooze it; nor may anyone signed out.
    expect(maySnooze(green, 'bob', NOW)).toBe(false);
    expect(maySnooze(green, null, NOW)).toBe(false);
    expect(maySnooze({ ...green, rygStatus: 'RED' }, 'ada', NOW)).toBe(false);
  });
});
