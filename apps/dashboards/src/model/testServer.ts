/**
 * Fakes for the models' and views' tests: a desktop.request answering the
 * dashboards and datasets calls from fixtures (recording each query, able
 * to hold or fail answers), and the desktop's drill-down engine over a
 * recording host. Never imported by production code.
 */
import type { Desktop, LaunchRequest } from '@atrium/sdk';
import { createDrilldown } from '@atrium/sdk/drilldown';
import type { DashboardDto, DashboardSummary, DatasetInfo, DatasetQuery, DatasetResult, Widget } from '@atrium/shared/dashboards';
import type { DesktopDrilldown, DrillStack } from './drill.js';

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
  failWith: { status: number; body: { code: string; message: string; params?: Record<string, string> } } | null;
  /** The dashboards saved (POST and PUT dashboards), in order. */
  saved: DashboardDto[];
  /** Holds query answers until release(); a held query whose request is aborted rejects with an AbortError, as fetch does. */
  hold: boolean;
  release(): void;
  /** The queries whose request was aborted while held. */
  aborted: DatasetQuery[];
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
    saved: [],
    hold: false,
    release: () => waiting.splice(0).forEach((go) => go()),
    aborted: [],
    request: (async (method: string, path: string, body?: unknown, options?: { signal?: AbortSignal }) => {
      if (method === 'post' && path === 'datasets/query') {
        const query = body as DatasetQuery;
        server.queries.push(query);
        const signal = options?.signal;
        signal?.throwIfAborted();
        if (server.hold) {
          await new Promise<void>((resolve, reject) => {
            waiting.push(resolve);
            signal?.addEventListener('abort', () => {
              server.aborted.push(query);
              reject(new DOMException('The operation was aborted.', 'AbortError'));
            });
          });
        }
      }
      if (server.failWith) throw Object.assign(new Error('refused'), { code: 'request.failed', ...server.failWith });
      if (method === 'post' || method === 'put') {
        const saved = save(server, method, path, body as { definition: DashboardDto['definition']; sharing: DashboardDto['sharing']; version?: number });
        if (saved) return { status: 'success', data: saved };
      }
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

/** POST dashboards (a new one, version 1) and PUT dashboards/:uuid (its version checked) as the server keeps them; null for other paths. */
function save(server: TestServer, method: 'post' | 'put', path: string, body: { definition: DashboardDto['definition']; sharing: DashboardDto['sharing']; version?: number }): DashboardDto | null {
  const at = method === 'put' ? server.dashboards.findIndex((d) => path === `dashboards/${d.uuid}`) : -1;
  if (method === 'post' ? path !== 'dashboards' : at < 0) return null;
  const before = server.dashboards[at];
  if (before && before.version !== body.version) {
    throw Object.assign(new Error('conflict'), { status: 409, body: { code: 'dashboards.conflict', message: 'changed', params: { version: String(before.version) } } });
  }
  const uuid = before?.uuid ?? `a0000000-0000-4000-8000-00000000000${server.saved.length + 1}`;
  const saved: DashboardDto = { ...(before ?? dashboard([])), uuid, definition: body.definition, sharing: body.sharing, mayEdit: true, version: (before?.version ?? 0) + 1 };
  if (before) server.dashboards[at] = saved;
  else server.dashboards.push(saved);
  server.saved.push(saved);
  return saved;
}

/**
 * The desktop's drill-down engine for tests, recording each drill, each
 * release and what the drills launched; a file target finds no file.
 */
export function testDrilldown(): DesktopDrilldown & { drills: Array<{ widgetId: string; elementId: string; target: string }>; released: string[]; launches: LaunchRequest[] } {
  const launches: LaunchRequest[] = [];
  const missing = (path: string) => Object.assign(new Error(`No file '${path}'`), { code: 'vfs.notFound', params: { path } });
  const engine = createDrilldown({
    locale: 'en_EN',
    launch: async (request) => void launches.push(request),
    openFile: async () => undefined,
    files: { stat: (path) => Promise.reject(missing(path)) },
  });
  const drills: Array<{ widgetId: string; elementId: string; target: string }> = [];
  const released: string[] = [];
  const recording = (stack: DrillStack): DrillStack => ({
    get view() {
      return stack.view;
    },
    subscribe: (listener) => stack.subscribe(listener),
    canDrill: (drilldown) => stack.canDrill(drilldown),
    rollUp: (depth) => stack.rollUp(depth),
    drill(widget, element, dashboard) {
      drills.push({ widgetId: widget.id, elementId: element.elementId, target: widget.drilldown.target });
      return stack.drill(widget, element, dashboard);
    },
  });
  return {
    drills,
    released,
    launches,
    stack: (uuid, widgetId) => recording(engine.stack(uuid, widgetId)),
    release(uuid) {
      released.push(uuid);
      engine.release(uuid);
    },
    follow: (drilldown, element, query) => engine.follow(drilldown, element, query),
  };
}
