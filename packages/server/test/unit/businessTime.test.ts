/** Business time (docs/behaviour/workflows.md#due-dates): Monday to Friday, 09:00 to 17:00 UTC. */
import { describe, expect, it } from 'vitest';
import { addBusinessDays, addBusinessHours, addCalendarDays, dueAt, dueOfValue, escalationAt } from '../../src/workflows/businessTime.js';

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
});
