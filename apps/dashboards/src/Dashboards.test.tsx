import { renderApplication } from '@atrium/app-kit/testing';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import metadata from '../metadata.json';
import runtime from './index.js';
import { DashboardsApi } from './model/DashboardsApi.js';
import { DashboardsAppModel } from './model/DashboardsAppModel.js';
import { editorApi } from './model/EditorModel.js';
import { byStatus, dashboard, DASHBOARD_UUID, testDrilldown, testServer, widget, type TestServer } from './model/testServer.js';
import { DashboardsView } from './views/DashboardsView.js';
import { DataTable } from './views/DataTable.js';
import { renderView } from './views/testRender.js';

afterEach(() => cleanup());

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

async function show(server: TestServer, open?: string) {
  const asked: string[] = [];
  const model = new DashboardsAppModel({ api: new DashboardsApi(server.request), editorApi: editorApi(server.request), drilldown: testDrilldown(), today: () => '2026-08-21', locale: () => 'en_EN' });
  await renderView(<DashboardsView model={model} today={() => '2026-08-21'} confirm={async (q) => (asked.push(q.message), true)} />);
  await act(async () => {
    if (open) model.openDashboard(open);
    else await model.list.load();
  });
  await settle();
  return { model, asked };
}

const card = (id: string) => screen.getByTestId(`widget.${id}`);

describe('the list of dashboards', () => {
  it('shows each dashboard with its sharing and widgets, and opens one', async () => {
    const server = testServer([dashboard([widget('a', { kind: 'table' })])]);
    server.summaries = [{ uuid: DASHBOARD_UUID, title: 'Operations', description: 'Incidents by status', sharing: { kind: 'organisation' }, owner: { id: 'u1', name: 'Olivia Hart' }, widgets: 1, mayEdit: false, updatedAt: '2026-11-20T10:00:00.000Z' }];
    await show(server);
    const item = screen.getByTestId('list.item');
    expect(item.textContent).toContain('Incidents by status');
    expect(item.textContent).toContain('The whole organisation');
    expect(item.textContent).toContain('Widgets: 1');
    fireEvent.click(within(item).getByRole('button', { name: 'Open Operations' }));
    await settle();
    expect(screen.getByTestId('dashboard.title').textContent).toBe('Operations');
    expect(screen.queryByTestId('dashboard.edit')).toBeNull();
    fireEvent.click(screen.getByTestId('dashboard.back'));
    await settle();
    expect(screen.getByTestId('list.item')).toBeTruthy();
  });

  it('says when nothing is shared, and offers Retry when the list fails', async () => {
    const server = testServer();
    server.failWith = { status: 500, body: { code: 'internal', message: 'The server is unwell' } };
    await show(server);
    expect(screen.getByTestId('list.failed').textContent).toContain('The server is unwell');
    server.failWith = null;
    fireEvent.click(screen.getByTestId('list.retry'));
    await settle();
    expect(screen.getByTestId('list.empty').textContent).toBe('No dashboard is shared with you yet.');
  });
});

describe("a widget's states", () => {
  it('says there is no data, and how many rows a truncated answer shows', async () => {
    const server = testServer([dashboard([widget('a', { kind: 'table' })])]);
    server.answer = () => byStatus([]);
    const { model } = await show(server, DASHBOARD_UUID);
    expect(within(card('a')).getByTestId('widget.empty').textContent).toBe('No data for these filters');
    server.answer = () => byStatus([['open', 4], ['closed', 9]], true);
    await act(() => model.getState().open!.widget('a')!.retry());
    expect(within(card('a')).getByTestId('widget.truncated').textContent).toBe('Showing the first 2 rows');
    expect(within(card('a')).getAllByTestId('widget.row')).toHaveLength(2);
  });

  it("shows the server's text with the details behind a disclosure, and Retry runs the query again", async () => {
    const server = testServer([dashboard([widget('a', { kind: 'table' })])]);
    server.answer = () => {
      throw Object.assign(new Error('refused'), { status: 400, body: { code: 'datasets.unknownMeasure', message: "The dataset 'incidents' has no measure 'costs'." } });
    };
    await show(server, DASHBOARD_UUID);
    const failed = within(card('a')).getByTestId('widget.failed');
    expect(failed.textContent).toContain("The dataset 'incidents' has no measure 'costs'.");
    fireEvent.click(within(failed).getByTestId('widget.details'));
    expect(within(failed).getByTestId('widget.detailsText').textContent).toContain('datasets.unknownMeasure');
    server.answer = () => byStatus([['open', 4]]);
    fireEvent.click(within(failed).getByTestId('widget.retry'));
    await settle();
    expect(card('a').dataset.status).toBe('ready');
  });

  it('offers Cancel while the figures load, which abandons the request, and Retry after', async () => {
    const server = testServer([dashboard([widget('a', { kind: 'table' })])]);
    server.hold = true;
    await show(server, DASHBOARD_UUID);
    fireEvent.click(within(card('a')).getByTestId('widget.cancel'));
    expect(within(card('a')).getByTestId('widget.cancelled').textContent).toContain('Loading was stopped.');
    await settle();
    expect(server.aborted).toHaveLength(1);
    server.hold = false;
    server.release();
    fireEvent.click(within(card('a')).getByTestId('widget.retry'));
    await settle();
    expect(within(card('a')).getAllByTestId('widget.row')).toHaveLength(2);
  });

  it('shows a KPI with its band and its change on the previous period', async () => {
    const kpi = widget('k', { kind: 'kpi', threshold: { red: 5, yellow: 10, higherIsBetter: true }, query: { app: 'Incidents', dataset: 'incidents', measures: ['count'], dimensions: [], filters: [], sort: [] } });
    const server = testServer([dashboard([kpi], { timeRange: 'last7Days' })]);
    server.answer = (q) => ({ ...byStatus([]), columns: [{ key: 'count', kind: 'measure', type: 'number' }], rows: [[q.range?.from === '2026-08-15' ? 12 : 8]] });
    await show(server, DASHBOARD_UUID);
    const figure = within(card('k')).getByTestId('widget.kpi');
    expect(figure.dataset.band).toBe('green');
    expect(figure.textContent).toContain('12');
    expect(within(figure).getByTestId('widget.kpi.change').textContent).toContain('Up 50% on the previous period');
    expect(figure.textContent).toContain('Green: on track');
  });
});

describe('tables and drill-down', () => {
  const drilling = () =>
    widget('top', {
      kind: 'bar',
      title: 'By status',
      drilldown: { target: 'widget', nextWidgetId: 'people', filter: [{ dimension: 'status', op: 'eq', value: '{status}' }], widgetTitle: 'Status {status}', maxDepth: 3 },
    });
  const people = widget('people', { kind: 'table', position: undefined, title: 'By assignee', query: { app: 'Incidents', dataset: 'incidents', measures: ['count'], dimensions: ['assignee'], filters: [], sort: [] } });

  it("shows a chart's data as a table whose columns sort from their header buttons, and Enter on a row drills; the path rolls back up", async () => {
    const server = testServer([dashboard([drilling(), people])]);
    await show(server, DASHBOARD_UUID);
    fireEvent.click(within(card('top')).getByTestId('widget.showData'));
    const table = within(card('top')).getByTestId('widget.table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Status', 'Incidents']);
    const sortByCount = within(table).getByRole('button', { name: 'Incidents' });
    fireEvent.click(sortByCount);
    fireEvent.click(sortByCount);
    expect(within(table).getAllByTestId('widget.row').map((r) => r.textContent)).toEqual(['Closed9', 'Open4']);
    expect(within(table).getAllByRole('columnheader')[1]!.getAttribute('aria-sort')).toBe('descending');
    const open = within(table).getAllByTestId('widget.row')[1]!;
    open.focus();
    fireEvent.keyDown(open, { key: 'Enter' });
    await settle();
    expect(within(card('top')).getByRole('heading').textContent).toBe('Status Open');
    // The row drilled is gone with its level: the keyboard goes on from the title of the level shown.
    expect(document.activeElement).toBe(within(card('top')).getByRole('heading'));
    expect(server.queries.at(-1)).toMatchObject({ dimensions: ['assignee'], filters: [{ dimension: 'status', op: 'eq', value: 'open' }] });
    const path = within(card('top')).getByTestId('widget.breadcrumb');
    expect(within(path).getByText('Status Open').getAttribute('aria-current')).toBe('location');
    const up = within(path).getByRole('button', { name: 'By status' });
    up.focus();
    fireEvent.click(up);
    await settle();
    expect(within(card('top')).getByRole('heading').textContent).toBe('By status');
    expect(within(card('top')).queryByTestId('widget.breadcrumb')).toBeNull();
    expect(document.activeElement).toBe(within(card('top')).getByRole('heading'));
  });

  it("heads the records' own columns of a drill to detail in the user's words, and the dimensions by their labels", async () => {
    const result = { columns: [{ key: 'name', kind: 'record' as const, type: 'name' as const }, { key: 'title', kind: 'record' as const, type: 'title' as const }, { key: 'status', kind: 'dimension' as const, type: 'choice' as const }], rows: [['INC-1', 'Mail is down', 'open']], truncated: false, people: {}, links: {}, readAt: '' };
    const server = testServer();
    const fmt = { locale: 'de_DE', t: (key: string) => key, info: (await new DashboardsApi(server.request).datasets())[0], result };
    await renderView(<DataTable result={result} fmt={fmt} caption="Incidents" />, 'de_DE');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Datensatz', 'Titel', 'Status']);
  });

  it('filters the other widgets of the dataset by a row, shown as a chip that takes it away', async () => {
    const source = widget('source', { kind: 'table', click: 'crossFilter', title: 'Source' });
    const other = widget('other', { kind: 'table', title: 'Other', position: { x: 6, y: 0, w: 6, h: 3 } });
    const server = testServer([dashboard([source, other])]);
    await show(server, DASHBOARD_UUID);
    server.queries.length = 0;
    fireEvent.keyDown(within(card('source')).getAllByTestId('widget.row')[0]!, { key: 'Enter' });
    await settle();
    const chip = screen.getByTestId('dashboard.chip.cross');
    expect(chip.textContent).toBe('Status: Open');
    expect(server.queries).toEqual([expect.objectContaining({ filters: [{ dimension: 'status', op: 'eq', value: 'open' }] })]);
    fireEvent.click(within(chip).getByRole('button', { name: 'Remove the filter Status: Open' }));
    await settle();
    expect(screen.queryByTestId('dashboard.chip.cross')).toBeNull();
    expect(server.queries.at(-1)!.filters).toEqual([]);
  });
});

describe('the application', () => {
  it('opens the dashboard its launch names, with the filter and title a drill brought, and Edit for those who may change it', async () => {
    const server = testServer([{ ...dashboard([widget('a', { kind: 'table' })]), mayEdit: true }]);
    const args = { dashboard: DASHBOARD_UUID, filter: [{ dimension: 'status', op: 'eq', value: 'closed' }], dashboardTitle: 'Closed incidents' };
    const test = await renderApplication(runtime, metadata as Parameters<typeof renderApplication>[1], { args, request: server.request });
    await settle();
    expect(screen.getByTestId('dashboard.title').textContent).toBe('Closed incidents');
    expect(screen.getByTestId('dashboard.chip.opened').textContent).toBe('Status: Closed');
    expect(server.queries[0]!.filters).toEqual([{ dimension: 'status', op: 'eq', value: 'closed' }]);
    expect(screen.getByTestId('dashboard.edit')).toBeTruthy();
    expect(test.app.titles.at(-1)).toBe('Closed incidents – Dashboards');
    test.closeAll();
  });

  it("drills with the desktop's engine, rolls up by the breadcrumb, says a failure in the user's words and forgets the drills when closed", async () => {
    const top = widget('top', {
      title: 'By status',
      drilldown: { target: 'widget', nextWidgetId: 'people', filter: [{ dimension: 'status', op: 'eq', value: '{status}' }], widgetTitle: 'Status {status}', maxDepth: 3 },
    });
    const people = widget('people', { kind: 'table', position: undefined, title: 'By assignee', drilldown: { target: 'widget', nextWidgetId: 'top', filter: [{ dimension: 'assignee', op: 'eq', value: '{assignee}' }], maxDepth: 3 } });
    const server = testServer([dashboard([top, people])]);
    const test = await renderApplication(runtime, metadata as Parameters<typeof renderApplication>[1], { args: { dashboard: DASHBOARD_UUID }, request: server.request });
    await settle();
    fireEvent.click(within(card('top')).getByTestId('widget.showData'));
    fireEvent.keyDown(within(card('top')).getAllByTestId('widget.row')[0]!, { key: 'Enter' });
    await settle();
    expect(within(card('top')).getByRole('heading').textContent).toBe('Status Open');
    expect(test.app.desktop.drilldown.stack(DASHBOARD_UUID, 'top').view.depth).toBe(1);
    // The rows of the next widget have no assignee: the engine refuses, and the dashboard says why.
    fireEvent.keyDown(within(card('top')).getAllByTestId('widget.row')[0]!, { key: 'Enter' });
    await settle();
    expect(screen.getByTestId('dashboard.drillFailure').textContent).toContain("The clicked element has no value for 'assignee'.");
    fireEvent.click(within(within(card('top')).getByTestId('widget.breadcrumb')).getByRole('button', { name: 'By status' }));
    await settle();
    expect(within(card('top')).getByRole('heading').textContent).toBe('By status');
    expect(server.queries.at(-1)!.filters).toEqual([]);
    fireEvent.keyDown(within(card('top')).getAllByTestId('widget.row')[1]!, { key: 'Enter' });
    await settle();
    expect(within(card('top')).getByRole('heading').textContent).toBe('Status Closed');
    test.closeAll();
    // The window closed: its drills are forgotten, the dashboard opens again undrilled.
    expect(test.app.desktop.drilldown.stack(DASHBOARD_UUID, 'top').view.depth).toBe(0);
  });
});

describe('editing', () => {
  it('edits the dashboard opened: Edit, a new title, Save, and the dashboard shows it as saved', async () => {
    const server = testServer([{ ...dashboard([widget('a', { kind: 'table' })]), mayEdit: true }]);
    await show(server, DASHBOARD_UUID);
    fireEvent.click(screen.getByTestId('dashboard.edit'));
    await settle();
    fireEvent.change(screen.getByLabelText('Title of the dashboard', { exact: false }), { target: { value: 'Incident operations' } });
    fireEvent.click(screen.getByTestId('dashboards.editor.save'));
    await settle();
    expect(screen.queryByTestId('dashboards.editor')).toBeNull();
    expect(screen.getByTestId('dashboard.title').textContent).toBe('Incident operations');
    expect(server.saved).toHaveLength(1);
    expect(server.saved[0]).toMatchObject({ uuid: DASHBOARD_UUID, version: 2, definition: { title: 'Incident operations' } });
    expect(within(card('a')).getAllByTestId('widget.row')).toHaveLength(2);
  });

  it('asks before Cancel throws changes away, then shows the dashboard as it was', async () => {
    const server = testServer([{ ...dashboard([widget('a', { kind: 'table' })]), mayEdit: true }]);
    const { asked } = await show(server, DASHBOARD_UUID);
    fireEvent.click(screen.getByTestId('dashboard.edit'));
    await settle();
    fireEvent.change(screen.getByLabelText('Title of the dashboard', { exact: false }), { target: { value: 'Not kept' } });
    fireEvent.click(screen.getByTestId('dashboards.editor.cancel'));
    await settle();
    expect(asked).toHaveLength(1);
    expect(screen.getByTestId('dashboard.title').textContent).toBe('Operations');
    expect(server.saved).toEqual([]);
  });

  it("says a refused save in the user's words: only the owner may change it", async () => {
    const server = testServer([{ ...dashboard([widget('a', { kind: 'table' })]), mayEdit: true }]);
    await show(server, DASHBOARD_UUID);
    fireEvent.click(screen.getByTestId('dashboard.edit'));
    await settle();
    server.failWith = { status: 403, body: { code: 'dashboards.forbidden', message: 'Only the owner of this dashboard or an administrator of the organisation may change it' } };
    fireEvent.change(screen.getByLabelText('Title of the dashboard', { exact: false }), { target: { value: 'Mine now' } });
    fireEvent.click(screen.getByTestId('dashboards.editor.save'));
    await settle();
    expect(screen.getByTestId('dashboards.editor.saveProblem').textContent).toBe(
      'The dashboard could not be saved: Only the owner of this dashboard or an administrator of the organisation may change it.',
    );
  });

  it('makes a new dashboard from the list: New dashboard, a title, Save, and it opens', async () => {
    const server = testServer();
    await show(server);
    fireEvent.click(screen.getByTestId('list.new'));
    await settle();
    fireEvent.change(screen.getByLabelText('Title of the dashboard', { exact: false }), { target: { value: 'Sales' } });
    fireEvent.click(screen.getByTestId('dashboards.editor.save'));
    await settle();
    expect(server.saved).toHaveLength(1);
    expect(server.saved[0]).toMatchObject({ version: 1, definition: { title: 'Sales', widgets: [] } });
    expect(screen.getByTestId('dashboard.title').textContent).toBe('Sales');
    expect(screen.getByTestId('dashboard.edit')).toBeTruthy();
  });
});
