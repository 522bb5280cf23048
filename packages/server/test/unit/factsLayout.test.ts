import { describe, expect, it } from 'vitest';
import { AppDeclaration, type AppDeclarationInput } from '@atrium/shared/apps';
import { dateKey, dayOf, factRow, factsLayout, numberSlot, textSlot } from '../../src/datasets/factsLayout.js';

const L = (en: string) => ({ en_EN: en });

const declaration = AppDeclaration.parse({
  name: 'Service',
  version: '1.0.0',
  label: L('Service'),
  category: 'organization',
  entities: {
    ticket: {
      label: L('Ticket'),
      pluralLabel: L('Tickets'),
      naming: { series: 'T-{#####}' },
      titleField: 'subject',
      fields: {
        subject: { type: 'text', label: L('Subject') },
        service: { type: 'choice', label: L('Service'), choices: [{ value: 'mail', label: L('Mail') }, { value: 'web', label: L('Web') }] },
        opened: { type: 'datetime', label: L('Opened') },
        due: { type: 'date', label: L('Due') },
        hours: { type: 'number', label: L('Hours') },
        cost: { type: 'decimal', label: L('Cost') },
        urgent: { type: 'boolean', label: L('Urgent') },
        agent: { type: 'user', label: L('Agent') },
        owner: { type: 'text', label: L('A field named owner') },
      },
      rights: { everyone: { actions: ['read'] } },
    },
  },
  datasets: {
    tickets: {
      label: L('Tickets'),
      entity: 'ticket',
      time: 'opened',
      dimensions: {
        service: { label: L('Service'), field: 'service' },
        month: { label: L('Month'), field: 'opened', part: 'month' },
        week: { label: L('Week'), field: 'opened', part: 'week' },
        dueQuarter: { label: L('Due'), field: 'due', part: 'quarter' },
        urgent: { label: L('Urgent'), field: 'urgent' },
        ownerField: { label: L('Owner field'), field: 'owner' },
        created: { label: L('Created'), field: 'createdAt', part: 'year' },
        again: { label: L('Service again'), field: 'service' },
      },
      measures: {
        count: { label: L('Count'), op: 'count' },
        hours: { label: L('Hours'), op: 'sum', field: 'hours' },
        avgHours: { label: L('Average'), op: 'avg', field: 'hours' },
        cost: { label: L('Cost'), op: 'max', field: 'cost' },
        agents: { label: L('Agents'), op: 'distinct', field: 'agent' },
        perTicket: { label: L('Per ticket'), ratio: { numerator: 'hours', denominator: 'count' } },
      },
    },
  },
} satisfies AppDeclarationInput);
const dataset = declaration.datasets!.tickets!;
const entity = declaration.entities.ticket!;

describe('the layout of a dataset\'s facts', () => {
  it('gives each distinct field and part one text slot, each measured field one number slot, and keeps an entity\'s own field named owner', () => {
    const layout = factsLayout(dataset, entity);
    expect(layout).toEqual({
      entity: 'ticket',
      texts: [
        { field: 'service' },
        { field: 'opened', part: 'month' },
        { field: 'opened', part: 'week' },
        { field: 'due', part: 'quarter' },
        { field: 'urgent' },
        { field: 'owner' },
        { field: '@createdAt', part: 'year' },
        { field: 'agent' },
      ],
      numbers: ['hours', 'cost'],
      time: 'opened',
    });
    expect(textSlot(layout, entity, 'opened', 'week')).toBe(2);
    expect(textSlot(layout, entity, 'createdAt', 'year')).toBe(6);
    expect(textSlot(layout, entity, 'opened', 'day')).toBe(-1);
    expect(numberSlot(layout, 'cost')).toBe(1);
  });

  it("names the record's owner apart from the fields when the entity has no field of that name", () => {
    const { owner: _owner, ...fields } = entity.fields;
    const layout = factsLayout({ ...dataset, dimensions: { who: { label: L('Who'), field: 'owner' } } }, { ...entity, fields });
    expect(layout.texts).toEqual([{ field: '@owner' }, { field: 'agent' }]);
  });
});

describe('date keys', () => {
  it('cut a day to its year, quarter, month, ISO week and day, as keys that sort as text', () => {
    expect(['year', 'quarter', 'month', 'week', 'day'].map((p) => dateKey('2026-08-21', p as 'year'))).toEqual(['2026', '2026-Q3', '2026-08', '2026-W34', '2026-08-21']);
    // ISO weeks near the new year belong to the year of their Thursday.
    expect(dateKey('2027-01-01', 'week')).toBe('2026-W53');
    expect(dateKey('2024-12-30', 'week')).toBe('2025-W01');
    expect(dateKey('2026-01-01', 'week')).toBe('2026-W01');
    expect(dateKey('2026-03-31', 'quarter')).toBe('2026-Q1');
  });

  it('read a date or a moment in UTC, and nothing from what is not a day', () => {
    expect(dayOf('2026-08-21')).toBe('2026-08-21');
    expect(dayOf('2026-08-21T23:30:00.000Z')).toBe('2026-08-21');
    expect([dayOf('2026-02-30'), dayOf('0000-01-01'), dayOf('21.08.2026'), dayOf(20260821), dayOf(null)]).toEqual([null, null, null, null, null]);
    expect(dayOf('2024-02-29')).toBe('2024-02-29');
  });
});

describe("a record's facts", () => {
  const layout = factsLayout(dataset, entity);
  it('hold the values as keys, dates cut to their part, numbers as numbers and the time field\'s day', () => {
    const row = factRow(layout, {
      data: { service: 'mail', opened: '2026-08-21T22:15:00.000Z', due: '2026-10-02', hours: 2.5, cost: 120, urgent: false, agent: 'u-1', owner: '' },
      ownerId: 'u-9',
      createdAt: new Date('2025-12-31T23:59:00Z'),
    });
    expect(row.texts.slice(0, 9)).toEqual(['mail', '2026-08', '2026-W34', '2026-Q4', 'false', null, '2025', 'u-1', null]);
    expect(row.texts).toHaveLength(20);
    expect(row.numbers.slice(0, 3)).toEqual([2.5, 120, null]);
    expect(row.numbers).toHaveLength(12);
    expect(row.at).toBe('2026-08-21');
    expect(row.ownerId).toBe('u-9');
  });

  it('leave empty what a record does not hold', () => {
    const row = factRow(layout, { data: { hours: 'x' }, ownerId: null, createdAt: new Date('2026-01-01T00:00:00Z') });
    expect(row.texts.filter((t) => t !== null)).toEqual(['2026']);
    expect(row.numbers.every((n) => n === null)).toBe(true);
    expect(row.at).toBeNull();
  });
});
