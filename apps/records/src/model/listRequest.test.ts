import { AppDeclaration, type DeclaredAppDto } from '@atrium/shared/apps';
import { describe, expect, it } from 'vitest';
import { daysOfDateKey, listOf, listRequestOf } from './listRequest.js';
import { RecordsApi } from './RecordsApi.js';
import { RecordsAppModel } from './RecordsAppModel.js';
import { LEAVE_APP, LEAVE_DECLARATION, manyRecords, testClock, testServer } from './testServer.js';

const label = (en_EN: string) => ({ en_EN });
const declaration = AppDeclaration.parse({
  ...LEAVE_DECLARATION,
  datasets: {
    leaves: {
      label: label('Leaves'),
      entity: 'LeaveRequest',
      dimensions: {
        kindOf: { label: label('Kind'), field: 'kind' },
        month: { label: label('Month'), field: 'from', part: 'month' },
        week: { label: label('Week'), field: 'from', part: 'week' },
        created: { label: label('Created'), field: 'createdAt', part: 'day' },
      },
      measures: { count: { label: label('Leaves'), op: 'count' } },
    },
  },
});

describe('the list a launch asks for', () => {
  it('reads a dataset or an entity and the filters from the arguments, and nothing else', () => {
    expect(listRequestOf({ app: 'LeaveRequests', record: 'LR-1' })).toBeNull();
    expect(listRequestOf({ dataset: 'leaves', filters: [{ dimension: 'kindOf', op: 'eq', value: 'sick' }] })).toEqual({ dataset: 'leaves', entity: null, filters: [{ dimension: 'kindOf', op: 'eq', value: 'sick' }] });
    expect(listRequestOf({ entity: 'LeaveRequest', filters: 'not a list' })).toEqual({ dataset: null, entity: 'LeaveRequest', filters: [] });
  });

  it("turns a dataset's filters into filters of its entity's fields, a date part's key into the days it spans", () => {
    const list = listOf(declaration, {
      dataset: 'leaves',
      entity: null,
      filters: [
        { dimension: 'kindOf', op: 'eq', value: 'sick' },
        { dimension: 'month', op: 'eq', value: '2026-08' },
        { dimension: 'week', op: 'gt', value: '2026-W34' },
        { dimension: 'created', op: 'eq', value: '2026-08-21' },
        { dimension: 'nope', op: 'eq', value: 'x' },
        'garbage',
      ],
    });
    // A part compared otherwise than equal, and a column the entity's fields lack, are left out.
    expect(list).toEqual({
      entity: 'LeaveRequest',
      filters: [
        { field: 'kind', op: 'eq', value: 'sick' },
        { field: 'from', op: 'gte', value: '2026-08-01' },
        { field: 'from', op: 'lte', value: '2026-08-31' },
      ],
    });
  });

  it("keeps an entity's filters that name its fields, and names no list for an unknown entity or dataset", () => {
    expect(listOf(declaration, { dataset: null, entity: 'LeaveRequest', filters: [{ field: 'kind', op: 'eq', value: 'annual' }, { field: 'missing', op: 'eq', value: 1 }, { field: 'kind', op: 'bad' }] })).toEqual({
      entity: 'LeaveRequest',
      filters: [{ field: 'kind', op: 'eq', value: 'annual' }],
    });
    expect(listOf(declaration, { dataset: null, entity: 'Nothing', filters: [] })).toBeNull();
    expect(listOf(declaration, { dataset: 'nothing', entity: null, filters: [] })).toBeNull();
  });

  it('knows the days of each date part', () => {
    expect(daysOfDateKey('year', '2026')).toEqual(['2026-01-01', '2026-12-31']);
    expect(daysOfDateKey('quarter', '2026-Q3')).toEqual(['2026-07-01', '2026-09-30']);
    expect(daysOfDateKey('month', '2024-02')).toEqual(['2024-02-01', '2024-02-29']);
    // ISO weeks: 2026-W01 starts on Monday 29 December 2025; 2026-W34 on 17 August.
    expect(daysOfDateKey('week', '2026-W01')).toEqual(['2025-12-29', '2026-01-04']);
    expect(daysOfDateKey('week', '2026-W34')).toEqual(['2026-08-17', '2026-08-23']);
    expect(daysOfDateKey('day', '2026-08-21')).toEqual(['2026-08-21', '2026-08-21']);
    expect(daysOfDateKey('month', '2026-Q3')).toBeNull();
    expect(daysOfDateKey('day', 'soon')).toBeNull();
  });
});

describe('RecordsAppModel.showList', () => {
  it("shows the dataset's entity with its filters, and the list asks the server for them", async () => {
    const server = testServer(manyRecords(3));
    const clock = testClock();
    const app: DeclaredAppDto = { ...LEAVE_APP, declaration };
    const api = Object.assign(new RecordsApi(server.request), { apps: async () => [app] });
    const model = new RecordsAppModel({ api, schedule: clock.schedule, settings: { get: () => undefined, set: () => undefined }, onRecordsChanged: () => () => undefined }, 'LeaveRequests');
    expect(model.showList({ dataset: 'leaves', entity: null, filters: [] })).toBe(false);
    await model.load();
    expect(model.showList({ dataset: 'leaves', entity: null, filters: [{ dimension: 'kindOf', op: 'eq', value: 'sick' }] })).toBe(true);
    expect(model.getState()).toMatchObject({ entity: 'LeaveRequest', mode: 'list' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(model.list('LeaveRequest').getState().filters).toEqual([{ field: 'kind', op: 'eq', value: 'sick' }]);
    expect(server.queries().at(-1)?.filters).toEqual([{ field: 'kind', op: 'eq', value: 'sick' }]);
    model.dispose();
  });
});
