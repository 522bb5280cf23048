import { describe, expect, it } from 'vitest';
import { Dataset } from '@atrium/shared/apps';
import { DatasetQuery } from '@atrium/shared/dashboards';
import { rollupPlan } from '../../src/datasets/rollupSql.js';

const L = (en: string) => ({ en_EN: en });

const dataset = Dataset.parse({
  label: L('Tickets'),
  entity: 'ticket',
  time: 'opened',
  dimensions: { service: { label: L('Service'), field: 'service' } },
  measures: {
    count: { label: L('Tickets'), op: 'count' },
    hours: { label: L('Hours'), op: 'sum', field: 'hours' },
    avgHours: { label: L('Average hours'), op: 'avg', field: 'hours' },
    minHours: { label: L('Least hours'), op: 'min', field: 'hours' },
    agents: { label: L('Agents'), op: 'distinct', field: 'agent' },
    perTicket: { label: L('Hours a ticket'), ratio: { numerator: 'hours', denominator: 'count' } },
    spread: { label: L('Least to average'), ratio: { numerator: 'minHours', denominator: 'avgHours' } },
  },
});

const query = (extra: Record<string, unknown>) => DatasetQuery.parse({ app: 'Desk', dataset: 'tickets', dimensions: ['service'], measures: ['count'], ...extra });

describe('which queries the roll-up answers, and the days at the edges of a range', () => {
  it('answers counts, sums, averages and their ratios; not a least, a distinct count, the records or a scope over their values', () => {
    expect(rollupPlan(dataset, query({ measures: ['count', 'hours', 'avgHours', 'perTicket'] }), false)).toEqual({ edges: [] });
    expect(rollupPlan(dataset, query({ measures: [] }), false)).toEqual({ edges: [] });
    for (const measures of [['minHours'], ['agents'], ['spread'], ['count', 'agents']]) expect(rollupPlan(dataset, query({ measures }), false)).toBeNull();
    expect(rollupPlan(dataset, query({ detail: true, measures: [] }), false)).toBeNull();
    expect(rollupPlan(dataset, query({}), true)).toBeNull();
  });

  it('reads whole months from the roll-up and the days before and after them from the facts', () => {
    expect(rollupPlan(dataset, query({ range: { from: '2026-02-01', to: '2026-04-30' } }), false)).toEqual({ fromMonth: '2026-02-01', toMonth: '2026-04-01', edges: [] });
    expect(rollupPlan(dataset, query({ range: { from: '2026-02-10', to: '2026-06-03' } }), false)).toEqual({
      fromMonth: '2026-03-01',
      toMonth: '2026-05-01',
      edges: [
        { from: '2026-02-10', to: '2026-02-28' },
        { from: '2026-06-01', to: '2026-06-03' },
      ],
    });
    // Leap years, the year's turn, and open ends.
    expect(rollupPlan(dataset, query({ range: { from: '2024-01-31', to: '2024-02-29' } }), false)).toEqual({ fromMonth: '2024-02-01', toMonth: '2024-02-01', edges: [{ from: '2024-01-31', to: '2024-01-31' }] });
    expect(rollupPlan(dataset, query({ range: { from: '2025-12-15' } }), false)).toEqual({ fromMonth: '2026-01-01', edges: [{ from: '2025-12-15', to: '2025-12-31' }] });
    expect(rollupPlan(dataset, query({ range: { to: '2026-01-20' } }), false)).toEqual({ toMonth: '2025-12-01', edges: [{ from: '2026-01-01', to: '2026-01-20' }] });
  });

  it('leaves a range without a whole month to the facts, and ignores a range on a dataset without time', () => {
    expect(rollupPlan(dataset, query({ range: { from: '2026-03-02', to: '2026-03-30' } }), false)).toBeNull();
    expect(rollupPlan(dataset, query({ range: { from: '2026-03-15', to: '2026-04-10' } }), false)).toBeNull();
    const timeless = Dataset.parse({ ...dataset, time: undefined });
    expect(rollupPlan(timeless, query({ range: { from: '2026-03-15', to: '2026-04-10' } }), false)).toEqual({ edges: [] });
  });
});
