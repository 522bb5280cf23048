import { describe, expect, it, vi } from 'vitest';
import { DashboardsApi } from './DashboardsApi.js';
import { DashboardListModel } from './DashboardListModel.js';
import { DashboardModel } from './DashboardModel.js';
import { requestedDashboard } from './DashboardsAppModel.js';
import { byStatus, dashboard, DASHBOARD_UUID, testDrilldown, testServer, widget, type TestServer } from './testServer.js';
import type { DatasetQuery } from '@atrium/shared/dashboards';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(server: TestServer, drilldown = testDrilldown()) {
  const model = new DashboardModel({ api: new DashboardsApi(server.request), drilldown, today: () => '2026-08-21', locale: () => 'en_EN' });
  return { model, drilldown };
}

const lastQueryOf = (server: TestServer, predicate: (q: DatasetQuery) => boolean = () => true) => [...server.queries].reverse().find(predicate);

describe('a dashboard', () => {
  it('runs each placed widget with the time range when its dataset has a time field', async () => {
    const server = testServer([dashboard([widget('a'), widget('b', { position: { x: 6, y: 0, w: 6, h: 3 } }), widget('hidden', { position: undefined })], { timeRange: 'last7Days' })]);
    const { model } = setup(server);
    await model.open(DASHBOARD_UUID);
    await settle();
    expect(model.getState().slots.map((s) => s.id)).toEqual(['a', 'b']);
    expect(server.queries).toHaveLength(2);
    expect(server.queries[0]!.range).toEqual({ from: '2026-08-15', to: '2026-08-21' });
    model.setTimeRange({ key: 'all' });
    await settle();
    expect(lastQueryOf(server)!.range).toBeUndefined();
  });

  it("applies a dashboard filter's chosen value to the widgets of its dataset only", async () => {
    const other = widget('other', { query: { app: 'CRM', dataset: 'deals', measures: ['count'], dimensions: [], filters: [], sort: [] }, position: { x: 0, y: 4, w: 4, h: 2 } });
    const server = testServer([dashboard([widget('a'), other], { filters: [{ app: 'Incidents', dataset: 'incidents', dimension: 'status' }] })]);
    const { model } = setup(server);
    await model.open(DASHBOARD_UUID);
    server.queries.length = 0;
    model.chooseFilter(0, 'open');
    await settle();
    expect(server.queries).toHaveLength(1);
    expect(server.queries[0]!.filters).toEqual([{ dimension: 'status', op: 'eq', value: 'open' }]);
    model.chooseFilter(0, null);
    await settle();
    expect(lastQueryOf(server)!.filters).toEqual([]);
  });

  it('filters the other widgets of the same dataset by a cross-filter click, and a chip takes it away', async () => {
    const source = widget('source', { click: 'crossFilter' });
    const server = testServer([dashboard([source, widget('b', { position: { x: 6, y: 0, w: 6, h: 3 } })])]);
    const { model } = setup(server);
    await model.open(DASHBOARD_UUID);
    await settle();
    server.queries.length = 0;
    await model.click('source', { elementId: 'open', data: { status: 'open', count: 4 } });
    await settle();
    expect(model.getState().crossFilters).toEqual([{ slotId: 'source', app: 'Incidents', dataset: 'incidents', dimension: 'status', value: 'open' }]);
    expect(server.queries).toHaveLength(1);
    expect(server.queries[0]!.filters).toEqual([{ dimension: 'status', op: 'eq', value: 'open' }]);
    model.removeCrossFilter(model.getState().crossFilters[0]!);
    await settle();
    expect(model.getState().crossFilters).toEqual([]);
    expect(lastQueryOf(server)!.filters).toEqual([]);
  });

  it('drills a slot into the next widget with the filled filter and title, and rolls back up', async () => {
    const top = widget('top', { drilldown: { target: 'widget', nextWidgetId: 'detail', filter: [{ dimension: 'status', op: 'eq', value: '{status}' }], widgetTitle: 'Incidents {status}', maxDepth: 3 } });
    const detail = widget('detail', { position: undefined, kind: 'table', query: { app: 'Incidents', dataset: 'incidents', measures: ['count'], dimensions: ['assignee'], filters: [], sort: [] } });
    const server = testServer([dashboard([top, detail])]);
    const { model, drilldown } = setup(server);
    await model.open(DASHBOARD_UUID);
    await model.click('top', { elementId: 'open', data: { status: 'open', count: 4 } });
    await settle();
    const slot = model.getState().slots[0]!;
    expect(slot.widget.id).toBe('detail');
    // The title reads the choice's label; the filter keeps its value.
    expect(slot.title).toBe('Incidents Open');
    expect(lastQueryOf(server)).toMatchObject({ dimensions: ['assignee'], filters: [{ dimension: 'status', op: 'eq', value: 'open' }] });
    expect(drilldown.drills).toEqual([{ widgetId: 'top', elementId: 'open', target: 'widget' }]);
    model.rollUp('top', 0);
    await settle();
    expect(model.getState().slots[0]!.widget.id).toBe('top');
    expect(model.getState().slots[0]!.title).toBe('Widget top');
  });

  it("fills a deeper drill's placeholders from the filters of the drills before it, where the clicked element has no value of its own", async () => {
    const byStatus = widget('top', { drilldown: { target: 'widget', nextWidgetId: 'byAssignee', filter: [{ dimension: 'status', op: 'eq', value: '{status}' }], widgetTitle: 'Status {status}', maxDepth: 3 } });
    const byAssignee = widget('byAssignee', {
      position: undefined,
      query: { app: 'Incidents', dataset: 'incidents', measures: ['count'], dimensions: ['assignee'], filters: [], sort: [] },
      drilldown: { target: 'widget', nextWidgetId: 'list', filter: [{ dimension: 'assignee', op: 'eq', value: '{assignee}' }], widgetTitle: 'Status {status} of {assignee}', maxDepth: 3 },
    });
    const list = widget('list', { position: undefined, kind: 'table' });
    const server = testServer([dashboard([byStatus, byAssignee, list])]);
    const { model } = setup(server);
    await model.open(DASHBOARD_UUID);
    await model.click('top', { elementId: 'open', data: { status: 'open', count: 4 } });
    await settle();
    await model.click('top', { elementId: 'u-1', data: { assignee: 'u-1', count: 2 } });
    await settle();
    expect(model.getState().drillFailure).toBeNull();
    expect(model.getState().slots[0]).toMatchObject({ title: 'Status Open of u-1', widget: { id: 'list' } });
    expect(lastQueryOf(server)!.filters).toEqual([
      { dimension: 'status', op: 'eq', value: 'open' },
      { dimension: 'assignee', op: 'eq', value: 'u-1' },
    ]);
  });

  it('says why a drill failed when a placeholder names no value of the element', async () => {
    const top = widget('top', { drilldown: { target: 'widget', nextWidgetId: 'top', filter: [{ dimension: 'status', op: 'eq', value: '{missing}' }], maxDepth: 3 } });
    const server = testServer([dashboard([top])]);
    const { model } = setup(server);
    await model.open(DASHBOARD_UUID);
    await model.click('top', { elementId: 'open', data: { status: 'open' } });
    expect(model.getState().drillFailure).toMatchObject({ code: 'keyNotFound', key: 'missing' });
  });

  it("opens the records behind an element of a records drill, in the widget's dataset with the element's filter", async () => {
    const top = widget('top', { drilldown: { target: 'records', filter: [{ dimension: 'status', op: 'eq', value: '{status}' }], maxDepth: 3 } });
    const server = testServer([dashboard([top])]);
    const { model, drilldown } = setup(server);
    await model.open(DASHBOARD_UUID);
    await model.click('top', { elementId: 'open', data: { status: 'open' } });
    expect(model.getState().drillFailure).toBeNull();
    expect(drilldown.launches).toEqual([{ app: 'Incidents', args: { dataset: 'incidents', filters: [{ dimension: 'status', op: 'eq', value: 'open' }] } }]);
  });

  it('applies the filter and title it was opened with (a drill from another dashboard), and releases its stacks when closed', async () => {
    const server = testServer([dashboard([widget('a')])]);
    const { model, drilldown } = setup(server);
    await model.open(DASHBOARD_UUID, { filter: [{ dimension: 'status', op: 'eq', value: 'closed' }, { dimension: 'unknownHere', op: 'eq', value: 'x' }], dashboardTitle: 'Closed incidents' });
    await settle();
    expect(model.getState().title).toBe('Closed incidents');
    expect(server.queries[0]!.filters).toEqual([{ dimension: 'status', op: 'eq', value: 'closed' }]);
    model.dispose();
    expect(drilldown.released).toEqual([DASHBOARD_UUID]);
  });

  it("asks a KPI's figure of the previous period too, when the dashboard has a time range", async () => {
    const server = testServer([dashboard([widget('k', { kind: 'kpi', query: { app: 'Incidents', dataset: 'incidents', measures: ['count'], dimensions: [], filters: [], sort: [] } })], { timeRange: 'last30Days' })]);
    server.answer = (q) => ({ ...byStatus([]), columns: [{ key: 'count', kind: 'measure', type: 'number' }], rows: [[q.range?.from === '2026-07-23' ? 12 : 10]] });
    const { model } = setup(server);
    await model.open(DASHBOARD_UUID);
    await settle();
    expect(server.queries.map((q) => q.range)).toEqual([{ from: '2026-07-23', to: '2026-08-21' }, { from: '2026-06-23', to: '2026-07-22' }]);
    expect(model.widget('k')!.getState()).toMatchObject({ status: 'ready', result: { rows: [[12]] }, previous: { rows: [[10]] } });
  });

  it("shows the server's text when the dashboard cannot be opened", async () => {
    const { model } = setup(testServer([]));
    await model.open('22222222-2222-4222-8222-222222222222');
    expect(model.getState()).toMatchObject({ status: 'failed', error: { message: 'This dashboard does not exist or is not shared with you.', notFound: true } });
  });
});

describe('a widget', () => {
  async function opened(server: TestServer) {
    server.dashboards.push(dashboard([widget('a')]));
    const { model } = setup(server);
    await model.open(DASHBOARD_UUID);
    await settle();
    return model.widget('a')!;
  }

  it('is empty without rows and truncated when more rows matched', async () => {
    const server = testServer();
    server.answer = () => byStatus([]);
    const w = await opened(server);
    expect(w.getState().status).toBe('empty');
    server.answer = () => byStatus([['open', 1]], true);
    await w.retry();
    expect(w.getState().status).toBe('truncated');
  });

  it("fails with the server's text, and says so apart when the figures took too long", async () => {
    const server = testServer();
    const w = await opened(server);
    server.failWith = { status: 400, body: { code: 'datasets.unknownMeasure', message: "The dataset 'incidents' has no measure 'cost2'." } };
    await w.retry();
    expect(w.getState()).toMatchObject({ status: 'failed', error: { message: "The dataset 'incidents' has no measure 'cost2'." } });
    expect(w.getState().error!.details).toContain('datasets.unknownMeasure (400)');
    server.failWith = { status: 503, body: { code: 'datasets.timeout', message: 'The figures took too long to compute and were stopped. Narrow the filters or the time range, then try again.' } };
    await w.retry();
    expect(w.getState().status).toBe('timedOut');
  });

  it('aborts the request of a cancelled query, says it was stopped, and runs it again on retry', async () => {
    const server = testServer();
    const w = await opened(server);
    server.hold = true;
    const running = w.retry();
    expect(w.getState().status).toBe('loading');
    await vi.waitFor(() => expect(server.queries).toHaveLength(2));
    w.cancel();
    expect(w.getState().status).toBe('cancelled');
    await running;
    expect(server.aborted).toEqual([server.queries[1]]);
    expect(w.getState().status).toBe('cancelled');
    server.hold = false;
    await w.retry();
    expect(w.getState().status).toBe('ready');
  });

  it('aborts an older query that a newer one replaces, and the running ones when the widget goes', async () => {
    const server = testServer();
    const w = await opened(server);
    server.hold = true;
    const older = w.retry();
    await vi.waitFor(() => expect(server.queries).toHaveLength(2));
    const newer = w.retry();
    await older;
    expect(server.aborted).toEqual([server.queries[1]]);
    await vi.waitFor(() => expect(server.queries).toHaveLength(3));
    w.dispose();
    await newer;
    expect(server.aborted).toHaveLength(2);
  });
});

describe('the list', () => {
  it('holds the dashboards the server answers, and its failure', async () => {
    const server = testServer();
    server.summaries = [{ uuid: DASHBOARD_UUID, title: 'Operations', sharing: { kind: 'organisation' }, owner: null, widgets: 3, mayEdit: false, updatedAt: '2026-11-20T10:00:00.000Z' }];
    const list = new DashboardListModel(new DashboardsApi(server.request));
    await list.load();
    expect(list.getState()).toMatchObject({ status: 'ready', dashboards: [{ title: 'Operations', widgets: 3 }] });
    server.failWith = { status: 500, body: { code: 'internal', message: 'Something went wrong' } };
    await list.load();
    expect(list.getState()).toMatchObject({ status: 'failed', error: { message: 'Something went wrong' } });
  });
});

describe('a dashboard that could not be opened', () => {
  it('opens on Retry once the server answers', async () => {
    const server = testServer([dashboard([widget('a')])]);
    server.failWith = { status: 500, body: { code: 'internal', message: 'Something went wrong' } };
    const { model } = setup(server);
    await model.open(DASHBOARD_UUID);
    expect(model.getState()).toMatchObject({ status: 'failed', error: { notFound: false } });
    server.failWith = null;
    await model.retry();
    expect(model.getState().status).toBe('ready');
  });
});

describe('Refresh', () => {
  it("asks every widget's figures again, even unchanged", async () => {
    const server = testServer([dashboard([widget('a'), widget('b', { position: { x: 6, y: 0, w: 6, h: 3 } })])]);
    const { model } = setup(server);
    await model.open(DASHBOARD_UUID);
    await settle();
    server.queries.length = 0;
    model.reload();
    await settle();
    expect(server.queries).toHaveLength(2);
  });
});

describe("a dashboard filter's values", () => {
  it("are a choice field's choices, else the values the dataset groups its dimension by", async () => {
    const server = testServer([dashboard([widget('a')], { filters: [{ app: 'Incidents', dataset: 'incidents', dimension: 'status' }, { app: 'Incidents', dataset: 'incidents', dimension: 'assignee' }] })]);
    server.answer = (q) => (q.dimensions[0] === 'assignee' ? { ...byStatus([]), columns: [{ key: 'assignee', kind: 'dimension', type: 'user' }, { key: 'count', kind: 'measure', type: 'number' }], rows: [['u-1', 3], [null, 1]], people: { 'u-1': 'Liam Berg' } } : byStatus([['open', 1]]));
    const { model } = setup(server);
    await model.open(DASHBOARD_UUID);
    await settle();
    expect(model.getState().filterOptions[0]).toEqual({ values: ['open', 'closed'], result: null });
    expect(model.getState().filterOptions[1]!.values).toEqual(['u-1']);
    expect(server.queries.find((q) => q.dimensions[0] === 'assignee')).toMatchObject({ measures: ['count'], limit: 200, sort: [{ by: 'assignee', direction: 'asc' }] });
  });
});

describe('a launch', () => {
  it("opens the dashboard a KPI alert's task names when its Edit launches the application", () => {
    expect(requestedDashboard({ taskId: 't-1', record: DASHBOARD_UUID })).toEqual({ uuid: DASHBOARD_UUID, filter: [], dashboardTitle: null });
    // A record without a task is not a dashboard to open; a drill's arguments win.
    expect(requestedDashboard({ record: DASHBOARD_UUID })).toBeNull();
    expect(requestedDashboard({ taskId: 't-1', record: 'x', dashboard: DASHBOARD_UUID })?.uuid).toBe(DASHBOARD_UUID);
  });
});
