/**
 * Fakes for the models' and views' tests: a desktop.request answering the
 * dashboards and datasets calls from fixtures (recording each query, able
 * to hold or fail answers), and a drill-down engine with the desktop's
 * rules for widget targets. Never imported by production code.
 */
import type { Desktop } from '@atrium/sdk';
import type { DashboardDto, DashboardSummary, DatasetInfo, DatasetQuery, DatasetResult, DrillFilter, Drilldown, Widget } from '@atrium/shared/dashboards';
import type { DesktopDrilldown, DrillStack, DrillView } from './drill.js';

export const DASHBOARD_UUID = '11111111-1111-4111-8111-111111111111';

export const INCIDENTS: DatasetInfo = {
  app: 'Incidents',
  appLabel: { en_EN: 'Incidents' },
  key: 'incidents',
  label: { en_EN: 'Incidents' },
  entity: 'incident',
  time: 'openedAt',
  dimensions: [
    { key: 'status', label: { en_EN: 'Status' }, type: 'choice', choices: [{ value: 'open', label: { en_EN: 'Open', de_DE: 'Offen' } }, { value: 'closed', label: { en_EN: 'Closed', de_DE: 'Geschlossen' } }] },
    { key: 'month', label: { en_EN: 'Month' }, type: 'datePart', part: 'month' },
    { key: 'assignee', label: { en_EN: 'Assignee' }, type: 'user' },
  ],
  measures: [{ key: 'count', label: { en_EN: 'Incidents' } }, { key: 'cost', label: { en_EN: 'Cost' }, currency: 'EUR', decimals: 2 }],
  hierarchies: [],
};

/** A widget over the incidents dataset. */
export function widget(id: string, more: Partial<Widget> = {}): Widget {
  return {
    id,
    kind: 'bar',
    title: `Widget ${id}`,
    query: { app: 'Incidents', dataset: 'incidents', measures: ['count'], dimensions: ['status'], filters: [], sort: [] },
    click: 'drill',
    position: { x: 0, y: 0, w: 6, h: 3 },
    ...more,
  };
}

export function dashboard(widgets: Widget[], more: Partial<DashboardDto['definition']> = {}): DashboardDto {
  return {
    uuid: DASHBOARD_UUID,
    definition: { title: 'Operations', widgets, filters: [], timeRange: 'all', ...more },
    sharing: { kind: 'organisation' },
    owner: { id: 'u-olivia', name: 'Olivia Hart' },
    mayEdit: false,
    version: 1,
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
}

/** An answer with one `status` dimension and the `count` measure. */
export function byStatus(rows: Array<[string | null, number]>, truncated = false): DatasetResult {
  return {
    columns: [
      { key: 'status', kind: 'dimension', type: 'choice' },
      { key: 'count', kind: 'measure', type: 'number' },
    ],
    rows,
    truncated,
    people: {},
    links: {},
    readAt: '2026-11-27T09:00:00.000Z',
  };
}

export interface TestServer {
  request: Desktop['request'];
  queries: DatasetQuery[];
  dashboards: DashboardDto[];
  summaries: DashboardSummary[];
  datasets: DatasetInfo[];
  /** What a query answers (default: two statuses). */
  answer: (query: DatasetQuery) => DatasetResult;
  /** Makes the next calls fail with this refusal (a RequestError-like object). */
  failWith: { status: number; body: { code: string; message: string } } | null;
  /** Holds query answers until release(). */
  hold: boolean;
  release(): void;
}

export function testServer(dashboards: DashboardDto[] = []): TestServer {
  const waiting: Array<() => void> = [];
  const server: TestServer = {
    queries: [],
    dashboards,
    summaries: [],
    datasets: [INCIDENTS],
    answer: () => byStatus([['open', 4], ['closed', 9]]),
    failWith: null,
    hold: false,
    release: () => waiting.splice(0).forEach((go) => go()),
    request: (async (method: string, path: string, body?: unknown) => {
      if (method === 'post' && path === 'datasets/query') {
        const query = body as DatasetQuery;
        server.queries.push(query);
        if (server.hold) await new Promise<void>((resolve) => waiting.push(resolve));
      }
      if (server.failWith) throw Object.assign(new Error('refused'), { code: 'request.failed', ...server.failWith });
      if (path === 'datasets') return { status: 'success', data: { datasets: server.datasets } };
      if (path === 'dashboards') return { status: 'success', data: { dashboards: server.summaries } };
      if (path === 'datasets/query') return { status: 'success', data: server.answer(body as DatasetQuery) };
      const found = server.dashboards.find((d) => path === `dashboards/${d.uuid}`);
      if (found) return { status: 'success', data: found };
      throw Object.assign(new Error('not found'), { code: 'request.failed', status: 404, body: { code: 'dashboards.notFound', message: 'This dashboard does not exist or is not shared with you.' } });
    }) as Desktop['request'],
  };
  return server;
}

/** A drill-down engine for tests: widget targets push a view with the filter's placeholders filled; every drill is recorded. */
export function testDrilldown(): DesktopDrilldown & { drills: Array<{ widgetId: string; elementId: string; target: string }>; released: string[] } {
  const stacks = new Map<string, DrillStack>();
  const engine = {
    drills: [] as Array<{ widgetId: string; elementId: string; target: string }>,
    released: [] as string[],
    stack(uuid: string, widgetId: string): DrillStack {
      const key = `${uuid}/${widgetId}`;
      let stack = stacks.get(key);
      if (!stack) stacks.set(key, (stack = fakeStack(widgetId, engine.drills)));
      return stack;
    },
    release(uuid: string) {
      engine.released.push(uuid);
      for (const key of [...stacks.keys()]) if (key.startsWith(`${uuid}/`)) stacks.delete(key);
    },
  };
  return engine;
}

function fill(value: DrillFilter['value'], data: Readonly<Record<string, unknown>>): DrillFilter['value'] {
  if (typeof value !== 'string') return value;
  return value.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (!(key in data)) throw Object.assign(new Error(`No ${key}`), { code: 'keyNotFound', key });
    return String(data[key]);
  });
}

function fakeStack(widgetId: string, drills: Array<{ widgetId: string; elementId: string; target: string }>): DrillStack {
  const listeners = new Set<() => void>();
  const views: DrillView[] = [{ widgetId, depth: 0, filter: [], widgetTitle: null, widgetFooter: null, dashboardTitle: null, entries: [] }];
  const top = () => views[views.length - 1]!;
  const tell = () => listeners.forEach((l) => l());
  return {
    get view() {
      return top();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    canDrill: (drilldown?: Drilldown) => !!drilldown && top().depth < (drilldown.maxDepth ?? 3),
    async drill(widget, element, dashboard) {
      const d = widget.drilldown;
      drills.push({ widgetId: widget.id, elementId: element.elementId, target: d.target });
      const filter = [...top().filter, ...(d.filter ?? []).map((f) => ({ ...f, value: fill(f.value, element.data) }))];
      const titles = { widgetTitle: typeof d.widgetTitle === 'string' ? (fill(d.widgetTitle, element.data) as string) : null, widgetFooter: null, dashboardTitle: typeof d.dashboardTitle === 'string' ? d.dashboardTitle : null };
      if (d.target === 'widget') {
        const entry = { widgetId: widget.id, nextWidgetId: d.nextWidgetId ?? null, target: d.target, filter, ...titles, isBound: true, maxDepth: d.maxDepth ?? 3 };
        views.push({ widgetId: d.nextWidgetId ?? widget.id, depth: top().depth + 1, filter, ...titles, entries: [...top().entries, entry] });
        tell();
      }
      return { action: 'drilldown', widgetId: widget.id, elementId: element.elementId, target: d.target, nextWidgetId: d.nextWidgetId ?? null, filter, titles, dashboardUuid: dashboard.uuid };
    },
    rollUp(depth?: number) {
      const to = depth ?? Math.max(0, top().depth - 1);
      if (to >= top().depth) return;
      views.length = to + 1;
      tell();
    },
  };
}
