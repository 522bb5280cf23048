import { describe, expect, it } from 'vitest';
import { datePartText, measureText, valueText } from './format.js';
import { changeIsGood, kpiBand, kpiChange } from './kpi.js';
import { isDay, localDay, previousRange, rangeOf } from './timeRange.js';
import { byStatus, INCIDENTS } from './testServer.js';

const t = (key: string, vars: Record<string, unknown> = {}) => {
  const texts: Record<string, string> = { 'dashboards.value.quarter': 'Q{{quarter}} {{year}}', 'dashboards.value.week': 'Week {{week}}, {{year}}', 'dashboards.value.none': '(none)', 'dashboards.value.yes': 'Yes', 'dashboards.value.no': 'No' };
  return (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k]));
};

describe('time ranges', () => {
  it('gives the days of each range as of today, both ends included', () => {
    const today = '2026-08-21';
    expect(rangeOf({ key: 'all' }, today)).toBeUndefined();
    expect(rangeOf({ key: 'last7Days' }, today)).toEqual({ from: '2026-08-15', to: today });
    expect(rangeOf({ key: 'last30Days' }, today)).toEqual({ from: '2026-07-23', to: today });
    expect(rangeOf({ key: 'last90Days' }, today)).toEqual({ from: '2026-05-24', to: today });
    expect(rangeOf({ key: 'thisMonth' }, today)).toEqual({ from: '2026-08-01', to: today });
    expect(rangeOf({ key: 'thisQuarter' }, today)).toEqual({ from: '2026-07-01', to: today });
    expect(rangeOf({ key: 'thisYear' }, today)).toEqual({ from: '2026-01-01', to: today });
    expect(rangeOf({ key: 'last12Months' }, today)).toEqual({ from: '2025-08-22', to: today });
  });

  it('takes chosen days in either order', () => {
    expect(rangeOf({ key: 'custom', from: '2026-03-10', to: '2026-03-01' }, '2026-08-21')).toEqual({ from: '2026-03-01', to: '2026-03-10' });
  });

  it('compares with the period of the same length just before', () => {
    expect(previousRange({ from: '2026-08-15', to: '2026-08-21' })).toEqual({ from: '2026-08-08', to: '2026-08-14' });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(previousRange(undefined)).toBeUndefined();
  });

  it('knows a real day from a wrong one, and today in the local zone', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(localDay(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('KPI', () => {
  it('is red below red, yellow below yellow and green above when higher is better', () => {
    const threshold = { red: 50, yellow: 80, higherIsBetter: true };
    expect([kpiBand(49, threshold), kpiBand(50, threshold), kpiBand(79, threshold), kpiBand(80, threshold)]).toEqual(['red', 'yellow', 'yellow', 'green']);
  });

  it('turns the bands round when lower is better, and has none without a threshold or a figure', () => {
    const threshold = { red: 10, yellow: 5, higherIsBetter: false };
    expect([kpiBand(11, threshold), kpiBand(10, threshold), kpiBand(6, threshold), kpiBand(5, threshold)]).toEqual(['red', 'yellow', 'yellow', 'green']);
    expect(kpiBand(3, undefined)).toBeNull();
    expect(kpiBand(null, threshold)).toBeNull();
  });

  it('gives the change against the previous period, and says whether it is good news', () => {
    expect(kpiChange(125, 100)).toBeCloseTo(0.25);
    expect(kpiChange(50, -100)).toBeCloseTo(1.5);
    expect(kpiChange(5, 0)).toBeNull();
    expect(kpiChange(5, null)).toBeNull();
    expect(changeIsGood(0.2, { red: 1, yellow: 2, higherIsBetter: false })).toBe(false);
    expect(changeIsGood(-0.2, { red: 1, yellow: 2, higherIsBetter: false })).toBe(true);
    expect(changeIsGood(0, undefined)).toBeNull();
  });
});

describe('values', () => {
  const ctx = { locale: 'en_EN', t, info: INCIDENTS, result: { ...byStatus([]), people: { 'u-1': 'Liam Berg' } } };

  it('shows date parts as a reader says them', () => {
    expect(datePartText('2026-08', ctx)).toBe('Aug 2026');
    expect(datePartText('2026-Q3', ctx)).toBe('Q3 2026');
    expect(datePartText('2026-W34', ctx)).toBe('Week 34, 2026');
    expect(datePartText('2026', ctx)).toBe('2026');
    expect(datePartText('2026-08', { ...ctx, locale: 'de_DE' })).toMatch(/Aug\.? 2026/);
  });

  it('shows choices by their label, people by their name, and no value as such', () => {
    expect(valueText({ key: 'status', kind: 'dimension', type: 'choice' }, 'open', ctx)).toBe('Open');
    expect(valueText({ key: 'status', kind: 'dimension', type: 'choice' }, 'open', { ...ctx, locale: 'de_DE' })).toBe('Offen');
    expect(valueText({ key: 'assignee', kind: 'dimension', type: 'user' }, 'u-1', ctx)).toBe('Liam Berg');
    expect(valueText({ key: 'assignee', kind: 'dimension', type: 'user' }, null, ctx)).toBe('(none)');
  });

  it('shows a choice by the label its answer carries when the datasets could not be read, never by its value', () => {
    const answer = { ...ctx.result, choices: { team: { quality: { en_EN: 'Quality', de_DE: 'Qualität' } } } };
    const column = { key: 'team', kind: 'dimension', type: 'choice' } as const;
    expect(valueText(column, 'quality', { ...ctx, info: undefined, result: answer })).toBe('Quality');
    expect(valueText(column, 'quality', { ...ctx, locale: 'de_DE', info: undefined, result: answer })).toBe('Qualität');
  });

  it("shows figures in the user's language with the measure's decimals and currency", () => {
    expect(measureText('count', 12345, ctx)).toBe('12,345');
    expect(measureText('count', 12345, { ...ctx, locale: 'de_DE' })).toBe('12.345');
    expect(measureText('cost', 1234.5, ctx)).toBe('€1,234.50');
  });
});
