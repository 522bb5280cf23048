import type { RecordsChange } from '@atrium/sdk';
import { describe, expect, it } from 'vitest';
import { ListModel } from './ListModel.js';
import { RecordsApi } from './RecordsApi.js';
import { LEAVE_APP, manyRecords, testClock, testServer } from './testServer.js';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(count = 25, settings: Record<string, unknown> = {}) {
  const server = testServer(manyRecords(count));
  const clock = testClock();
  const listeners = new Set<(change: RecordsChange | null) => void>();
  const stored = { ...settings };
  const list = new ListModel(
    {
      api: new RecordsApi(server.request),
      schedule: clock.schedule,
      settings: { get: <T,>(key: string) => stored[key] as T, set: (key, value) => void (stored[key] = value) },
      onRecordsChanged: (listener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    },
    'LeaveRequests',
    'LeaveRequest',
    LEAVE_APP.declaration.entities.LeaveRequest!,
    LEAVE_APP.rights.LeaveRequest!,
  );
  const tell = (change: RecordsChange | null) => listeners.forEach((l) => l(change));
  return { server, clock, list, stored, tell };
}

describe('ListModel', () => {
  it("shows the view's columns and a first page of the view's size, with the range", async () => {
    const { list } = setup(25);
    expect(list.getState().status).toBe('loading');
    await list.refresh();
    const s = list.getState();
    expect(s.columns).toEqual(['reason', 'kind', 'from', 'to', 'days']);
    expect(s.records.map((r) => r.title)).toEqual(['Trip 1', 'Trip 2', 'Trip 3', 'Trip 4', 'Trip 5', 'Trip 6', 'Trip 7', 'Trip 8', 'Trip 9', 'Trip 10']);
    expect(list.range()).toEqual({ from: 1, to: 10, total: 25, capped: false });
    expect(list.hasPrevious).toBe(false);
    expect(list.hasNext).toBe(true);
  });

  it('pages forward and back, and stops at the ends', async () => {
    const { list, server } = setup(25);
    await list.refresh();
    list.nextPage();
    list.nextPage();
    await flush();
    expect(list.range()).toEqual({ from: 21, to: 25, total: 25, capped: false });
    expect(list.hasNext).toBe(false);
    const asked = server.queries().length;
    list.nextPage();
    expect(server.queries()).toHaveLength(asked);
    list.previousPage();
    await flush();
    expect(list.range()).toEqual({ from: 11, to: 20, total: 25, capped: false });
  });

  it('pages on past a capped count while the pages are full, and learns the total on the last page', async () => {
    const { list, server } = setup(25);
    server.countCap = 10;
    await list.refresh();
    expect(list.range()).toEqual({ from: 1, to: 10, total: 10, capped: true });
    expect(list.hasNext).toBe(true);
    list.nextPage();
    await flush();
    // The page ends at the cap: more match than it counted, so there is a next page.
    expect(list.range()).toEqual({ from: 11, to: 20, total: 20, capped: true });
    expect(list.hasNext).toBe(true);
    list.nextPage();
    await flush();
    expect(list.range()).toEqual({ from: 21, to: 25, total: 25, capped: false });
    expect(list.hasNext).toBe(false);
  });

  it('sorts by a clicked column ascending, then descending, from the first page', async () => {
    const { list, server } = setup(25);
    await list.refresh();
    list.nextPage();
    await flush();
    list.sortBy('reason');
    await flush();
    expect(server.queries().at(-1)).toMatchObject({ sort: { field: 'reason', direction: 'asc' }, offset: 0 });
    expect(list.getState().records[0]!.title).toBe('Trip 1');
    expect(list.getState().records[1]!.title).toBe('Trip 10');
    list.sortBy('reason');
    await flush();
    expect(server.queries().at(-1)).toMatchObject({ sort: { field: 'reason', direction: 'desc' } });
    expect(list.getState().records[0]!.title).toBe('Trip 9');
  });

  it('asks again 250 ms after the last key of the search, once', async () => {
    const { list, server, clock } = setup(25);
    await list.refresh();
    const before = server.queries().length;
    list.setSearch('Tr');
    clock.advance(200);
    list.setSearch('Trip 2');
    clock.advance(249);
    expect(server.queries()).toHaveLength(before);
    expect(list.getState().search).toBe('Trip 2');
    clock.advance(1);
    await flush();
    expect(server.queries()).toHaveLength(before + 1);
    expect(server.queries().at(-1)!.search).toBe('Trip 2');
    expect(list.getState().records.map((r) => r.title)).toEqual(['Trip 2', 'Trip 20', 'Trip 21', 'Trip 22', 'Trip 23', 'Trip 24', 'Trip 25']);
  });

  it('filters by a quick filter and sends only complete filters', async () => {
    const { list, server } = setup(6);
    await list.refresh();
    expect(list.quickFilters).toEqual(['kind']);
    list.setQuickFilter('kind', 'sick');
    await flush();
    expect(server.queries().at(-1)!.filters).toEqual([{ field: 'kind', op: 'eq', value: 'sick' }]);
    expect(list.getState().records.map((r) => r.title)).toEqual(['Trip 2', 'Trip 4', 'Trip 6']);
    const asked = server.queries().length;
    list.setFilters([...list.getState().filters, { field: 'reason', op: 'contains', value: '' }]);
    expect(server.queries()).toHaveLength(asked);
    list.setQuickFilter('kind', undefined);
    await flush();
    expect(server.queries().at(-1)!.filters).toEqual([]);
  });

  it('keeps a saved view in the settings and applies it again', async () => {
    const { list, stored } = setup(6);
    await list.refresh();
    list.toggleColumn('days');
    list.sortBy('from');
    list.setQuickFilter('kind', 'annual');
    await flush();
    list.saveView('Annual');
    expect(stored['views.LeaveRequests.LeaveRequest']).toEqual([
      { name: 'Annual', columns: ['reason', 'kind', 'from', 'to'], filters: [{ field: 'kind', op: 'eq', value: 'annual' }], sort: { field: 'from', direction: 'asc' } },
    ]);
    const again = setup(6, stored).list;
    expect(again.getState().savedViews.map((v) => v.name)).toEqual(['Annual']);
    again.applyView('Annual');
    await flush();
    expect(again.getState()).toMatchObject({ columns: ['reason', 'kind', 'from', 'to'], activeView: 'Annual' });
    expect(again.getState().records.map((r) => r.title)).toEqual(['Trip 1', 'Trip 3', 'Trip 5']);
  });

  it("asks again for the same page when records of its entity change, not another's", async () => {
    const { list, server, tell } = setup(12);
    await list.refresh();
    list.nextPage();
    await flush();
    const asked = server.queries().length;
    tell({ app: 'LeaveRequests', entity: 'Other', names: ['X'] });
    tell({ app: 'Other', entity: 'LeaveRequest', names: ['X'] });
    expect(server.queries()).toHaveLength(asked);
    server.records.push(...manyRecords(14).slice(12));
    tell({ app: 'LeaveRequests', entity: 'LeaveRequest', names: ['LR-2026-00013'] });
    await flush();
    expect(server.queries().at(-1)!.offset).toBe(10);
    expect(list.range()).toEqual({ from: 11, to: 14, total: 14, capped: false });
  });

  it('lists the deleted records instead of the live ones, from the first page, and back', async () => {
    const { list, server } = setup(12);
    await list.refresh();
    server.records[0]!.deletedAt = '2026-03-02T09:00:00.000Z';
    list.nextPage();
    await flush();
    list.showDeleted(true);
    await flush();
    expect(server.queries().at(-1)).toMatchObject({ deleted: true, offset: 0 });
    expect(list.getState().records.map((r) => r.title)).toEqual(['Trip 1']);
    list.showDeleted(false);
    await flush();
    expect(server.queries().at(-1)!.deleted).toBeUndefined();
    expect(list.range()).toEqual({ from: 1, to: 10, total: 11, capped: false });
  });

  it('asks again when changes may have been missed (the connection came back)', async () => {
    const { list, server, tell } = setup(3);
    await list.refresh();
    server.records.push(...manyRecords(4).slice(3));
    tell(null);
    await flush();
    expect(list.range()).toEqual({ from: 1, to: 4, total: 4, capped: false });
  });

  it('says why when the server refuses, and keeps the last answer from being replaced by an older one', async () => {
    const { list, server } = setup(3);
    server.failWith = { status: 403, body: { code: 'records.forbidden', message: 'You are not allowed to do this with these records' } };
    await list.refresh();
    expect(list.getState()).toMatchObject({ status: 'failed', failure: { code: 'records.forbidden' } });
    server.failWith = null;
    server.hold = true;
    const first = list.refresh();
    list.setQuickFilter('kind', 'sick');
    server.release();
    await first;
    await flush();
    server.release();
    await flush();
    expect(list.getState().records.map((r) => r.title)).toEqual(['Trip 2']);
  });

  it("builds the CSV export's address from the list as shown, every page", async () => {
    const { list } = setup(3);
    await list.refresh();
    list.setQuickFilter('kind', 'sick');
    list.sortBy('from');
    const path = list.exportPath();
    expect(path.startsWith('records/LeaveRequests/LeaveRequest/export.csv?q=')).toBe(true);
    expect(JSON.parse(decodeURIComponent(path.split('?q=')[1]!))).toEqual({ filters: [{ field: 'kind', op: 'eq', value: 'sick' }], sort: { field: 'from', direction: 'asc' }, columns: ['reason', 'kind', 'from', 'to', 'days'] });
    // A column the user hides is left out of the file too.
    list.toggleColumn('days');
    expect(JSON.parse(decodeURIComponent(list.exportPath().split('?q=')[1]!)).columns).toEqual(['reason', 'kind', 'from', 'to']);
  });
});
