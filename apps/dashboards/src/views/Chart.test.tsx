import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardsApi } from '../model/DashboardsApi.js';
import { DashboardsAppModel } from '../model/DashboardsAppModel.js';
import { editorApi } from '../model/EditorModel.js';
import { dashboard, DASHBOARD_UUID, testDrilldown, testServer, widget, type TestServer } from '../model/testServer.js';
import { DashboardsView } from './DashboardsView.js';
import { renderView } from './testRender.js';

/** ECharts as the charts see it: each chart's handlers, and the figures last set; `finish` is ECharts telling it has drawn them. */
const charts = vi.hoisted(() => {
  const made: Array<{ handlers: Map<string, Set<() => void>>; options: unknown[]; disposed: boolean }> = [];
  const instance = () => {
    const chart = { handlers: new Map<string, Set<() => void>>(), options: [] as unknown[], disposed: false };
    made.push(chart);
    return {
      on: (event: string, handler: () => void) => void (chart.handlers.get(event) ?? chart.handlers.set(event, new Set()).get(event)!).add(handler),
      off: (event: string, handler: () => void) => void chart.handlers.get(event)?.delete(handler),
      setOption: (option: unknown) => void chart.options.push(option),
      resize: () => undefined,
      dispose: () => void (chart.disposed = true),
    };
  };
  return { made, instance, finish: (i: number) => made[i]!.handlers.get('finished')?.forEach((handler) => handler()) };
});
vi.mock('./echarts.js', () => ({ loadCharts: () => ({ init: () => charts.instance() }) }));

afterEach(() => {
  cleanup();
  charts.made.length = 0;
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

async function open() {
  const server = testServer([dashboard([widget('bars'), widget('figure', { kind: 'kpi', query: { app: 'Incidents', dataset: 'incidents', measures: ['count'], dimensions: [], filters: [], sort: [] } }), widget('rows', { kind: 'table' })])]);
  server.hold = true;
  const model = new DashboardsAppModel({ api: new DashboardsApi(server.request), editorApi: editorApi(server.request), drilldown: testDrilldown(), today: () => '2026-08-21', locale: () => 'en_EN' });
  await renderView(<DashboardsView model={model} today={() => '2026-08-21'} confirm={async () => true} />);
  await act(async () => model.openDashboard(DASHBOARD_UUID));
  await settle();
  return server;
}

/** Lets the held queries (and those waiting their turn) answer. */
async function answer(server: TestServer) {
  server.hold = false;
  await act(async () => server.release());
  await settle();
}

const painted = (id: string) => screen.getByTestId(`widget.${id}`).getAttribute('data-painted');

describe('a widget says when it is painted (docs/behaviour/dashboards.md#painted)', () => {
  it('not while its figures load; a KPI and a table once shown, a chart once ECharts has finished drawing them', async () => {
    const server = await open();
    expect(['bars', 'figure', 'rows'].map(painted)).toEqual(['false', 'false', 'false']);
    await answer(server);
    expect(painted('figure')).toBe('true');
    expect(painted('rows')).toBe('true');
    // The chart has its figures but ECharts has not drawn them yet.
    expect(charts.made).toHaveLength(1);
    expect(charts.made[0]!.options).toHaveLength(1);
    expect(painted('bars')).toBe('false');
    act(() => charts.finish(0));
    expect(painted('bars')).toBe('true');
    expect(within(screen.getByTestId('widget.bars')).getByTestId('widget.chart').getAttribute('data-painted')).toBe('true');
  });

  it('a chart shown again (Show chart after Show data) is painted once ECharts has drawn it anew', async () => {
    const server = await open();
    await answer(server);
    act(() => charts.finish(0));
    const card = screen.getByTestId('widget.bars');
    fireEvent.click(within(card).getByTestId('widget.showData'));
    // Its data as a table: shown at once.
    expect(painted('bars')).toBe('true');
    fireEvent.click(within(card).getByTestId('widget.showData'));
    await settle();
    expect(charts.made[0]!.disposed).toBe(true);
    expect(painted('bars')).toBe('false');
    act(() => charts.finish(1));
    expect(painted('bars')).toBe('true');
  });
});
