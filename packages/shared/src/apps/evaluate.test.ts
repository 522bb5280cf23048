import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { Condition } from './condition.js';
import { colourOf, daysBetween, evaluateCondition, labelOf, withComputedValues } from './evaluate.js';

const ctx = { userId: 'u-1', now: Date.parse('2026-11-27T10:00:00Z') };
const fields = { due: { type: 'date' }, at: { type: 'datetime' }, n: { type: 'number' }, s: { type: 'choice' }, tags: { type: 'multiChoice' }, who: { type: 'user' }, t: { type: 'text' } } as const;

describe('conditions over a record', () => {
  it('compares numbers, days and moments, and never orders an empty value', () => {
    expect(evaluateCondition({ field: 'n', op: 'gte', value: 15 }, { n: 15 }, fields, ctx)).toBe(true);
    expect(evaluateCondition({ field: 'n', op: 'lt', value: 15 }, { n: null }, fields, ctx)).toBe(false);
    expect(evaluateCondition({ field: 'due', op: 'lt', value: { relative: { days: 0 } } }, { due: '2026-11-26' }, fields, ctx)).toBe(true);
    expect(evaluateCondition({ field: 'due', op: 'lt', value: { relative: { days: 0 } } }, { due: '2026-11-27' }, fields, ctx)).toBe(false);
    expect(evaluateCondition({ field: 'at', op: 'gt', value: { relative: { hours: -1 } } }, { at: '2026-11-27T09:30:00.000Z' }, fields, ctx)).toBe(true);
  });

  it('knows empty, in, contains and the one asking', () => {
    expect(evaluateCondition({ field: 't', op: 'empty' }, { t: '  ' }, fields, ctx)).toBe(true);
    expect(evaluateCondition({ field: 's', op: 'in', value: ['a', 'b'] }, { s: 'b' }, fields, ctx)).toBe(true);
    expect(evaluateCondition({ field: 's', op: 'notIn', value: ['a', 'b'] }, { s: 'b' }, fields, ctx)).toBe(false);
    expect(evaluateCondition({ field: 'tags', op: 'contains', value: 'x' }, { tags: ['y', 'x'] }, fields, ctx)).toBe(true);
    expect(evaluateCondition({ field: 't', op: 'contains', value: 'FIRE' }, { t: 'Fire drill' }, fields, ctx)).toBe(true);
    expect(evaluateCondition({ field: 'who', op: 'eq', value: { me: true } }, { who: 'u-1' }, fields, ctx)).toBe(true);
    expect(evaluateCondition({ not: { any: [{ field: 's', op: 'eq', value: 'a' }, { field: 'n', op: 'gt', value: 3 }] } }, { s: 'b', n: 1 }, fields, ctx)).toBe(true);
  });

  it('gives the colour of the first rule that holds, else blue', () => {
    const rule = { red: { field: 'n', op: 'gte', value: 15 }, yellow: { field: 'n', op: 'gte', value: 8 }, green: { field: 'n', op: 'notEmpty' } } as const;
    expect([20, 10, 2, null].map((n) => colourOf(rule, { n }, fields, ctx))).toEqual(['RED', 'YELLOW', 'GREEN', 'BLUE']);
    expect(colourOf(undefined, { n: 1 }, fields, ctx)).toBe('BLUE');
  });

  it('refuses a malformed condition at the path of the mistake', () => {
    const issues = (c: unknown) => z.safeParse(Condition, c).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ field: 'n' })).toEqual(['op: must be one of eq, ne, lt, lte, gt, gte, in, notIn, empty, notEmpty, contains']);
    expect(issues({ field: 'n', op: 'gt' })).toEqual(['value: is required with op gt']);
    expect(issues({ field: 'n', op: 'in', value: 3 })).toEqual(['value: must be a list with op in']);
    expect(issues({ all: [{ field: 'n', op: 'eq', value: 1 }], any: [] })?.length).toBeGreaterThan(0);
    expect(issues({ all: [{ field: 'n', op: 'nope' }] })?.[0]).toMatch(/^all\.0\.op/);
  });
});

describe('computed values', () => {
  it('counts days between two days, both counted, with or without weekends', () => {
    expect(daysBetween('2026-11-27', '2026-12-02')).toBe(6);
    expect(daysBetween('2026-11-27', '2026-12-02', true)).toBe(4);
    expect(daysBetween('2026-11-28', '2026-11-29', true)).toBe(0);
    expect(daysBetween('2026-12-02', '2026-11-27')).toBeNull();
    expect(daysBetween('2026-11-02', '2026-11-30', true)).toBe(21);
  });

  it('fills products, sums and a child table column total', () => {
    const entity = {
      fields: {
        a: { type: 'number', label: { en_EN: 'a' } },
        b: { type: 'number', label: { en_EN: 'b' } },
        p: { type: 'number', label: { en_EN: 'p' }, computed: { product: ['a', 'b'] } },
        s: { type: 'number', label: { en_EN: 's' }, computed: { sum: ['a', 'b'] } },
        rows: { type: 'table', label: { en_EN: 'r' }, fields: {} },
        t: { type: 'number', label: { en_EN: 't' }, computed: { sumOf: { table: 'rows', field: 'v' } } },
      },
    } as const;
    expect(withComputedValues(entity as never, { a: 3, b: 4, rows: [{ v: 1 }, { v: 2.5 }, {}] })).toMatchObject({ p: 12, s: 7, t: 3.5 });
    expect(withComputedValues(entity as never, { a: 3, b: null })).toMatchObject({ p: null, s: null, t: 0 });
  });

  it('labels in the locale asked, else in English', () => {
    expect(labelOf({ en_EN: 'Risk', de_DE: 'Risiko' }, 'de_DE')).toBe('Risiko');
    expect(labelOf({ en_EN: 'Risk' }, 'fr_FR')).toBe('Risk');
  });
});
