import { describe, expect, it } from 'vitest';
import { addDays, addMonths, daysFrom, layoutWeek, monthGrid, monthRange, sameDayIn, weekdayOf } from './calendarGrid.js';

describe('month grid', () => {
  it('starts on the Monday on or before the first and ends on the Sunday on or after the last', () => {
    // November 2026 begins on a Sunday and ends on a Monday.
    const weeks = monthGrid({ year: 2026, month: 11 });
    expect(weeks).toHaveLength(6);
    expect(weeks[0]![0]).toEqual({ key: '2026-10-26', day: 26, inMonth: false });
    expect(weeks[0]![6]).toEqual({ key: '2026-11-01', day: 1, inMonth: true });
    expect(weeks[5]![0]).toEqual({ key: '2026-11-30', day: 30, inMonth: true });
    expect(weeks[5]![6]).toEqual({ key: '2026-12-06', day: 6, inMonth: false });
  });

  it('crosses the year: December 2026 runs into January 2027', () => {
    const weeks = monthGrid({ year: 2026, month: 12 });
    expect(weeks[0]![0]!.key).toBe('2026-11-30');
    expect(weeks.at(-1)!.at(-1)!.key).toBe('2027-01-03');
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(31);
  });

  it('holds four weeks for a February that begins on a Monday and has 28 days', () => {
    expect(monthGrid({ year: 2027, month: 2 })).toHaveLength(4);
  });

  it('knows leap years', () => {
    expect(monthRange({ year: 2028, month: 2 })).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthRange({ year: 2100, month: 2 }).last).toBe('2100-02-28');
  });

  it('counts days the same across daylight saving changes (the last Sundays of March and October)', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(daysFrom('2026-03-01', '2026-04-01')).toBe(31);
    expect(daysFrom('2026-10-01', '2026-11-01')).toBe(31);
  });

  it('every month from 2000 to 2100: each day once, in order, whole weeks from Monday', () => {
    const wrong: string[] = [];
    for (let year = 2000; year <= 2100; year++) {
      for (let month = 1; month <= 12; month++) {
        const days = monthGrid({ year, month }).flat();
        const { first, last } = monthRange({ year, month });
        const inMonth = days.filter((d) => d.inMonth);
        const ok =
          days.length % 7 === 0 &&
          weekdayOf(days[0]!.key) === 0 &&
          days.every((d, i) => i === 0 || daysFrom(days[i - 1]!.key, d.key) === 1) &&
          inMonth[0]!.key === first &&
          inMonth.at(-1)!.key === last;
        if (!ok) wrong.push(`${year}-${month}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('moves by months across years, and to the last day of a shorter month', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    expect(addMonths({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
    expect(sameDayIn('2027-01-31', { year: 2027, month: 2 })).toBe('2027-02-28');
    expect(sameDayIn('2027-01-15', { year: 2027, month: 2 })).toBe('2027-02-15');
  });
});

describe('a week of spans', () => {
  const span = (item: string, start: string, end = start) => ({ item, start, end });

  it('cuts a span that goes on before and after the week to the week, saying so', () => {
    const { segments } = layoutWeek('2026-11-23', [span('long', '2026-11-20', '2026-12-02')], 3);
    expect(segments).toEqual([{ item: 'long', startColumn: 0, endColumn: 6, lane: 0, continuesBefore: true, continuesAfter: true }]);
  });

  it('puts overlapping spans in separate lanes and a later one back in a free lane', () => {
    const { segments } = layoutWeek('2026-11-23', [span('a', '2026-11-23', '2026-11-25'), span('b', '2026-11-24'), span('c', '2026-11-26', '2026-11-27')], 3);
    expect(segments.map((s) => [s.item, s.lane, s.startColumn, s.endColumn])).toEqual([
      ['a', 0, 0, 2],
      ['b', 1, 1, 1],
      ['c', 0, 3, 4],
    ]);
  });

  it('counts what does not fit as more, on each of its days', () => {
    const spans = ['a', 'b', 'c', 'd', 'e'].map((item) => span(item, '2026-11-25'));
    spans.push(span('f', '2026-11-24', '2026-11-26'));
    const { segments, more } = layoutWeek('2026-11-23', spans, 3);
    expect(segments).toHaveLength(3);
    expect(more).toEqual([0, 0, 3, 0, 0, 0, 0]);
    // The three-day span goes first (longer spans get a lane before shorter ones starting later).
    expect(segments[0]!.item).toBe('f');
  });
});
