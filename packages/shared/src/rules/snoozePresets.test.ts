import { describe, expect, it } from 'vitest';
import { snoozePresets, snoozePresetTime } from './snoozePresets.js';

/** A local time (the presets speak of the user's own clock). */
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime();

describe('snooze presets', () => {
  it('names one hour on, tomorrow at 09:00 and the Monday of next week at 09:00', () => {
    // Wednesday 25 November 2026, 16:20.
    const now = local(2026, 11, 25, 16, 20);
    expect(snoozePresetTime('hour', now)).toBe(local(2026, 11, 25, 17, 20));
    expect(snoozePresetTime('tomorrow', now)).toBe(local(2026, 11, 26, 9));
    expect(snoozePresetTime('nextWeek', now)).toBe(local(2026, 11, 30, 9));
  });

  it('takes next week from a Sunday as the next day, and from a Monday as seven days on', () => {
    expect(snoozePresetTime('nextWeek', local(2026, 11, 29, 23, 30))).toBe(local(2026, 11, 30, 9));
    expect(snoozePresetTime('nextWeek', local(2026, 11, 30, 8))).toBe(local(2026, 12, 7, 9));
    // Across a month and a year.
    expect(snoozePresetTime('tomorrow', local(2026, 12, 31, 22))).toBe(local(2027, 1, 1, 9));
  });

  it('refuses a preset past the end date or, for an extension, not after the current snooze', () => {
    const now = local(2026, 11, 25, 16, 20);
    const end = new Date(local(2026, 11, 27, 12)).toISOString();
    expect(snoozePresets(now, end).map((p) => [p.preset, p.refused])).toEqual([
      ['hour', null],
      ['tomorrow', null],
      ['nextWeek', 'afterEnd'],
    ]);
    const current = local(2026, 11, 26, 12);
    expect(snoozePresets(now, end, current).map((p) => p.refused)).toEqual(['notLater', 'notLater', 'afterEnd']);
    // An end within the hour leaves no preset.
    expect(snoozePresets(now, new Date(now + 30 * 60_000).toISOString()).every((p) => p.refused === 'afterEnd')).toBe(true);
  });
});
