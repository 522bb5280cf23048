import { describe, expect, it } from 'vitest';
import { fromWallTime, hourIn, isTimeZone, startOfDayIn, toWallTime } from './timeZones.js';

describe('time zones', () => {
  it('knows the zones by their names, and nothing else', () => {
    expect(['UTC', 'Europe/Oslo', 'Asia/Ho_Chi_Minh', 'America/Los_Angeles'].filter(isTimeZone)).toHaveLength(4);
    expect(['', 'Mars/Olympus', 'Europe/Oslo; drop', 'x'.repeat(65)].filter(isTimeZone)).toEqual([]);
  });

  it('gives the hour and the start of the day on a zone’s clock, in winter and summer time', () => {
    const winter = new Date('2026-11-27T23:30:00Z');
    expect(hourIn('Europe/Oslo', winter)).toBe(0);
    expect(startOfDayIn('Europe/Oslo', winter).toISOString()).toBe('2026-11-27T23:00:00.000Z');
    expect(hourIn('Asia/Shanghai', winter)).toBe(7);
    expect(startOfDayIn('Asia/Shanghai', winter).toISOString()).toBe('2026-11-27T16:00:00.000Z');
    const summer = new Date('2027-07-01T05:00:00Z');
    expect(hourIn('America/Los_Angeles', summer)).toBe(22);
    expect(startOfDayIn('America/Los_Angeles', summer).toISOString()).toBe('2027-06-30T07:00:00.000Z');
    expect(startOfDayIn('UTC', summer).toISOString()).toBe('2027-07-01T00:00:00.000Z');
  });

  it('moves to the wall clock and back, and treats a name that is no zone as UTC', () => {
    const at = Date.parse('2027-03-28T12:00:00Z');
    expect(new Date(toWallTime('Europe/Oslo', at)).toISOString()).toBe('2027-03-28T14:00:00.000Z');
    expect(fromWallTime('Europe/Oslo', toWallTime('Europe/Oslo', at))).toBe(at);
    expect(toWallTime('Mars/Olympus', at)).toBe(at);
  });
});
