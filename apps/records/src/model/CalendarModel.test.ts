import { describe, expect, it } from 'vitest';
import { Entity } from '@atrium/shared/apps';
import { CalendarModel, calendarQueries, spanOf, utcZone, type CalendarZone } from './CalendarModel.js';
import { TestCalls, testChanges, testRecord } from './testCalls.js';
import { leaveRequest } from './testEntity.js';

const NOW = Date.parse('2026-11-27T12:00:00Z');

function calendar(entity: Entity = leaveRequest) {
  const calls = new TestCalls(entity);
  calls.records = [
    testRecord('LR-2026-00001', { title: 'Ski week', from: '2026-11-28', to: '2026-12-04' }),
    testRecord('LR-2026-00002', { title: 'Dentist', from: '2026-11-03', to: null }),
    testRecord('LR-2026-00003', { title: 'Autumn', from: '2026-10-29', to: '2026-11-02' }),
    testRecord('LR-2026-00004', { title: 'October', from: '2026-10-05', to: '2026-10-06' }),
    testRecord('LR-2026-00005', { title: 'New year', from: '2026-12-31', to: '2027-01-02' }),
  ];
  const opened: string[] = [];
  const model = new CalendarModel({ calls, app: 'Leave', entityKey: 'request', entity, open: (name) => opened.push(name), now: () => NOW, zone: utcZone });
  return { calls, model, opened };
}

const shown = (model: CalendarModel) => model.getState().spans.map((s) => s.item.name);

describe('the queries of a month', () => {
  it('ask for records starting by its last day and ending from its first, and for those without an end starting in it', () => {
    expect(calendarQueries(leaveRequest, { year: 2026, month: 11 }, utcZone).map((q) => q.filters)).toEqual([
      [
        { field: 'from', op: 'lte', value: '2026-11-30' },
        { field: 'to', op: 'gte', value: '2026-11-01' },
      ],
      [
        { field: 'from', op: 'gte', value: '2026-11-01' },
        { field: 'from', op: 'lte', value: '2026-11-30' },
        { field: 'to', op: 'empty' },
      ],
    ]);
  });

  it('take one query when the end is required, or when there is no end', () => {
    const to = leaveRequest.fields.to!;
    const required = Entity.parse({ ...leaveRequest, fields: { ...leaveRequest.fields, to: { ...to, required: true } } });
    expect(calendarQueries(required, { year: 2027, month: 2 }, utcZone)).toHaveLength(1);
    const startOnly = Entity.parse({ ...leaveRequest, views: { calendar: { start: 'from' } } });
    expect(calendarQueries(startOnly, { year: 2027, month: 2 }, utcZone).map((q) => q.filters)).toEqual([
      [
        { field: 'from', op: 'gte', value: '2027-02-01' },
        { field: 'from', op: 'lte', value: '2027-02-28' },
      ],
    ]);
  });

  it('compare a date-and-time field with the moments the month and the next one begin in the time zone', () => {
    const meeting = Entity.parse({
      ...leaveRequest,
      fields: { ...leaveRequest.fields, at: { type: 'datetime', label: { en_EN: 'At' } } },
      views: { calendar: { start: 'at' } },
    });
    const berlinWinter: CalendarZone = { dayOf: (iso) => new Date(Date.parse(iso) + 3_600_000).toISOString().slice(0, 10), startOf: (day) => new Date(Date.parse(`${day}T00:00:00Z`) - 3_600_000).toISOString() };
    expect(calendarQueries(meeting, { year: 2026, month: 12 }, berlinWinter)[0]!.filters).toEqual([
      { field: 'at', op: 'gte', value: '2026-11-30T23:00:00.000Z' },
      { field: 'at', op: 'lt', value: '2026-12-31T23:00:00.000Z' },
    ]);
    // 23:30 UTC on 31 December is already New Year's Day in that zone.
    const span = spanOf(meeting, testRecord('M-1', { at: '2026-12-31T23:30:00.000Z' }), berlinWinter);
    expect([span!.start, span!.end]).toEqual(['2027-01-01', '2027-01-01']);
  });
});

describe('the calendar', () => {
  it("opens at today's month and places records from their first to their last day", async () => {
    const { model } = calendar();
    expect(model.getState()).toMatchObject({ month: { year: 2026, month: 11 }, today: '2026-11-27', focus: '2026-11-27' });
    await model.load();
    expect(shown(model)).toEqual(['LR-2026-00003', 'LR-2026-00002', 'LR-2026-00001']);
    expect(model.getState().spans.find((s) => s.item.name === 'LR-2026-00001')).toMatchObject({ start: '2026-11-28', end: '2026-12-04' });
    expect(model.getState().spans.find((s) => s.item.name === 'LR-2026-00002')).toMatchObject({ start: '2026-11-03', end: '2026-11-03' });
    expect(model.recordsOn('2026-11-01').map((r) => r.name)).toEqual(['LR-2026-00003']);
    expect(model.recordsOn('2026-11-30').map((r) => r.name)).toEqual(['LR-2026-00001']);
  });

  it('moves to the next month, across the year, and back to today', async () => {
    const { model, calls } = calendar();
    await model.load();
    await model.next();
    expect(model.getState().month).toEqual({ year: 2026, month: 12 });
    expect(shown(model)).toEqual(['LR-2026-00001', 'LR-2026-00005']);
    await model.next();
    expect(model.getState().month).toEqual({ year: 2027, month: 1 });
    expect(shown(model)).toEqual(['LR-2026-00005']);
    expect(calls.queries.at(-2)!.query.filters).toEqual([
      { field: 'from', op: 'lte', value: '2027-01-31' },
      { field: 'to', op: 'gte', value: '2027-01-01' },
    ]);
    await model.showToday();
    expect(model.getState()).toMatchObject({ month: { year: 2026, month: 11 }, focus: '2026-11-27' });
    await model.previous();
    expect(shown(model)).toEqual(['LR-2026-00004', 'LR-2026-00003']);
  });

  it('moves the keyboard between days, into the next month past the last day', async () => {
    const { model } = calendar();
    await model.load();
    await model.press('ArrowRight');
    expect(model.getState().focus).toBe('2026-11-28');
    await model.press('ArrowDown');
    expect(model.getState()).toMatchObject({ focus: '2026-12-05', month: { year: 2026, month: 12 } });
    await model.press('Home');
    expect(model.getState().focus).toBe('2026-11-30');
    expect(model.getState().month).toEqual({ year: 2026, month: 11 });
    await model.press('PageDown');
    expect(model.getState()).toMatchObject({ focus: '2026-12-30', month: { year: 2026, month: 12 } });
  });

  it("lists a day's records and opens one", async () => {
    const { model, opened } = calendar();
    await model.load();
    model.selectDay('2026-11-02');
    expect(model.getState().selectedDay).toBe('2026-11-02');
    expect(model.recordsOn('2026-11-02').map((r) => r.title)).toEqual(['Autumn']);
    model.open('LR-2026-00003');
    expect(opened).toEqual(['LR-2026-00003']);
  });

  it('says why a month could not be read', async () => {
    const { model, calls } = calendar();
    calls.failNext.query = new Error('Failed to fetch');
    await model.load();
    expect(model.getState()).toMatchObject({ status: 'failed', problem: { message: 'Failed to fetch' } });
  });
});

describe('changes told by the desktop socket', () => {
  it('read the month again on a change of the entity, from start to stop', async () => {
    const changes = testChanges();
    const calls = new TestCalls(leaveRequest);
    const model = new CalendarModel({ calls, app: 'Leave', entityKey: 'request', entity: leaveRequest, open: () => undefined, now: () => NOW, zone: utcZone, onRecordsChanged: changes.listen });
    const stop = model.start();
    await new Promise((r) => setTimeout(r, 0));
    expect(model.getState()).toMatchObject({ status: 'ready', spans: [] });
    calls.records = [testRecord('LR-2026-00009', { title: 'Late', from: '2026-11-30' })];
    changes.tell({ app: 'Leave', entity: 'request', names: ['LR-2026-00009'] });
    await new Promise((r) => setTimeout(r, 0));
    expect(shown(model)).toEqual(['LR-2026-00009']);
    stop();
    expect(changes.listeners).toBe(0);
  });
});
