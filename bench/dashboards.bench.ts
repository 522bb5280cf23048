/**
 * A dashboard of eight widgets in headless Chromium (Debian's /usr/bin/chromium),
 * on the production build (web/dist):
 * - the Dashboards application's chunk and the ECharts part, gzipped
 *   (the bundle budgets' figures, scripts/bundleBudgets.ts), and the ECharts
 *   charts, components and renderers bundled (from the chunk's source map:
 *   the proof that ECharts is tree-shaken to the kinds used);
 * - the time from the click on the dashboard's Open button to every widget
 *   painted (each card's `data-painted`: a chart after ECharts' `finished`
 *   event, a KPI and a table once shown; docs/behaviour/dashboards.md#painted),
 *   p50/p95 over BENCH_ROUNDS rounds (default 10):
 *   cold: the first open in a fresh page (a new browser context, nothing
 *         cached): the ECharts chunk is fetched and evaluated, the
 *         dashboard, its datasets and its eight queries asked;
 *   warm: Back, then the same dashboard opened again in the same page
 *         (ECharts loaded; the queries asked again).
 * The dashboard (bar, stacked bar, line, area, pie, donut, KPI, table over the
 * demo's Incidents) is made through the API as the user. The server's dataset
 * cache answers the queries after the uncounted first round, cold and warm alike;
 * the server's rate of a user's costly calls is lifted (COSTLY_CALLS_RATE), not
 * the number at once. Beside the paint, the time to the last query answered.
 * Prints figures; asserts nothing. Needs `npm run build` first.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { DashboardDefinitionInput, WidgetKind } from '@atrium/shared/dashboards';
import type { Page } from 'playwright-core';
import { gzippedSize, measureBudgets, readBudgetConfig } from '../scripts/bundleBudgets.js';
import { armPressTimer, clearSavedSession, freePort, launchChromium, percentile, readPressTimer, repo, signIn, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const dist = path.join(repo, 'web/dist');
if (!fs.existsSync(path.join(dist, '.vite/manifest.json'))) throw new Error('web/dist is missing: run `npm run build` first');

/** A user whose home widget shows a welcome text, not a dashboard: nothing on the desktop fetches ECharts before the open. */
const USER = 'liam';
/** The Dashboards window's widget cards (the home widget on the desktop's background has cards too). */
const CARD = '[data-testid="window"][data-app="Dashboards"] .dsh-card';
const TITLE = 'Paint benchmark';
const WIDGETS = 8;
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

// ---- sizes ----

/**
 * The ECharts parts a chunk installs, from its source map: each chart,
 * component and renderer that ECharts can register has an install module
 * (echarts/lib/chart/bar/install.js, component/legend/installLegendScroll.js,
 * renderer/installCanvasRenderer.js); helpers shared by the parts have none.
 */
function echartsParts(chunkFile: string): Record<'charts' | 'components' | 'renderers', string[]> {
  const map = JSON.parse(fs.readFileSync(path.join(dist, `${chunkFile}.map`), 'utf8')) as { sources: string[] };
  const parts = { charts: new Set<string>(), components: new Set<string>(), renderers: new Set<string>() };
  for (const source of map.sources) {
    const part = /node_modules\/echarts\/lib\/(chart|component)\/([^/]+)\/install\w*\.js$/.exec(source);
    if (part) parts[part[1] === 'chart' ? 'charts' : 'components'].add(part[2]!);
    const renderer = /node_modules\/echarts\/lib\/renderer\/install(\w+)Renderer\.js$/.exec(source);
    if (renderer) parts.renderers.add(renderer[1]!.toLowerCase());
  }
  return { charts: [...parts.charts].sort(), components: [...parts.components].sort(), renderers: [...parts.renderers].sort() };
}

function printSizes(): void {
  const figures = measureBudgets(dist, readBudgetConfig(path.join(repo, 'web/budgets.json')));
  const of = (name: string) => figures.find((f) => f.name === name);
  console.log('Chunks (web/dist, gzip level 9; budgets in web/budgets.json):');
  for (const name of ['signed-in shell JavaScript', 'Dashboards application JavaScript', "Dashboards' ECharts JavaScript"]) {
    const figure = of(name);
    if (!figure) continue;
    // The shell's files are many: named for the others only, each with its own size.
    const files = name.startsWith('signed-in') ? `${figure.files.length} files` : figure.files.map((f) => `${path.basename(f)} ${kib(gzippedSize(dist, f))}`).join(', ');
    console.log(`  ${name.padEnd(36)} ${kib(figure.bytes).padStart(10)} of ${kib(figure.budget).padStart(10)}   ${files}`);
  }
  const echarts = of("Dashboards' ECharts JavaScript")?.files[0];
  if (echarts) {
    const parts = echartsParts(echarts);
    console.log(`ECharts bundled: charts ${parts.charts.join(', ')}; components ${parts.components.join(', ')}; renderers ${parts.renderers.join(', ') || '-'}`);
  }
}

// ---- the dashboard ----

const incidents = (dimensions: string[], measures = ['incidents']) => ({ app: 'Incidents', dataset: 'incidents', dimensions, measures });
const at = (i: number) => ({ x: (i % 4) * 3, y: Math.floor(i / 4) * 3, w: 3, h: 3 });

/** Eight widgets, one of each kind a dashboard draws, over the demo's incidents. */
const BENCH_DASHBOARD: DashboardDefinitionInput = {
  title: TITLE,
  timeRange: 'all',
  widgets: [
    { id: 'bar', kind: 'bar', title: 'By service', query: incidents(['service']) },
    { id: 'stacked', kind: 'stackedBar', title: 'By month and severity', query: incidents(['month', 'severity']) },
    { id: 'line', kind: 'line', title: 'Resolution by week', query: incidents(['week'], ['averageResolve', 'longestResolve']) },
    { id: 'area', kind: 'area', title: 'By month', query: incidents(['month']) },
    { id: 'pie', kind: 'pie', title: 'By severity', query: incidents(['severity']) },
    { id: 'donut', kind: 'donut', title: 'By status', query: incidents(['status']) },
    { id: 'kpi', kind: 'kpi', title: 'Incidents', query: incidents([]) },
    { id: 'table', kind: 'table', title: 'By service and severity', query: incidents(['service', 'severity']) },
  ].map((widget, i) => ({ ...widget, kind: widget.kind as WidgetKind, click: 'none' as const, position: at(i) })),
};

/** Makes the dashboard as the user (private to them) through the API; its uuid. */
async function createDashboard(base: string): Promise<string> {
  const jwt = await signIn(base, USER);
  const answer = await fetch(`${base}/api/v1/dashboards`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${jwt}` },
    body: JSON.stringify({ definition: BENCH_DASHBOARD, sharing: { kind: 'private' } }),
  });
  const body = (await answer.json()) as { data?: { uuid?: string } };
  if (!answer.ok || !body.data?.uuid) throw new Error(`creating the dashboard failed: ${answer.status} ${JSON.stringify(body)}`);
  return body.data.uuid;
}

// ---- timing ----

/** Signs in at the page address that launches Dashboards: its window shows the list of dashboards. */
async function signInToDashboards(page: Page, base: string): Promise<void> {
  await clearSavedSession(base, USER);
  await page.goto(`${base}/?app=Dashboards`);
  await page.getByLabel('Username', { exact: true }).fill(USER);
  await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('button', { name: `Open ${TITLE}`, exact: true }).waitFor();
}

/** One open: the click to every widget painted, and to the last of its eight queries answered. */
interface Open {
  painted: number;
  queried: number;
}

/** Clicks Open on the list and times it to every widget painted, on the page's clock (armPressTimer). */
async function timeOpen(page: Page): Promise<Open> {
  await armPressTimer(page, [{ selector: `${CARD}[data-painted="true"]`, count: WIDGETS }]);
  await page.getByRole('button', { name: `Open ${TITLE}`, exact: true }).click();
  const painted = await readPressTimer(page);
  const cards = await page.locator(CARD).count();
  if (cards !== WIDGETS) throw new Error(`the dashboard shows ${cards} widgets, not ${WIDGETS}`);
  const ready = await page.locator(`${CARD}[data-status="ready"]`).count();
  if (ready !== WIDGETS) throw new Error(`${WIDGETS - ready} widgets show no figures (their data-status is not ready)`);
  // The queries' answers as the browser's resource timing has them (a script of its own, as armPressTimer's).
  const queried = (await page.evaluate(`(() => {
    const answers = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/datasets/query') && e.startTime >= window.__pressed);
    performance.clearResourceTimings();
    return answers.length ? Math.max(...answers.map((e) => e.responseEnd)) - window.__pressed : NaN;
  })()`)) as number;
  return { painted, queried };
}

printSizes();
const dataDir = tempDir('atrium-bench-dashboards-');
// BENCH_PORT: a port of your own rather than any free one.
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
// A user's costly calls are limited to 60 a minute: the rounds ask 16 queries each within seconds (a person opens a
// dashboard far less often), and refused ones are asked again seconds later, which this would time. The limit of a
// user's costly calls at once, and the server's at once, stay as they are.
const server = startAtrium(dataDir, port, { COSTLY_CALLS_RATE: '1000000' });
const browser = await launchChromium();
try {
  const base = `http://127.0.0.1:${port}`;
  // The demo data is written first: minutes on a busy machine.
  await waitForOk(`${base}/readyz`, performance.now(), 300_000);
  await createDashboard(base);
  const cold: Open[] = [];
  const warm: Open[] = [];
  // One round more than counted: the first warms the server (its dataset cache) and the disk.
  for (let i = 0; i <= rounds; i++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    let echartsFetched = false;
    page.on('request', (request) => void (echartsFetched ||= /\/assets\/echarts-[^/]*\.js$/.test(request.url())));
    await signInToDashboards(page, base);
    if (echartsFetched) throw new Error('ECharts was fetched before the dashboard was opened: the cold open would not fetch it');
    const first = await timeOpen(page);
    if (!echartsFetched) throw new Error('the cold open did not fetch ECharts');
    await page.getByTestId('dashboard.back').click();
    await page.getByRole('button', { name: `Open ${TITLE}`, exact: true }).waitFor();
    const again = await timeOpen(page);
    await context.close();
    if (i === 0) continue;
    cold.push(first);
    warm.push(again);
  }
  const cells = (xs: number[]) => `${percentile(xs, 50).toFixed(0).padStart(6)} ${percentile(xs, 95).toFixed(0).padStart(6)}`;
  const row = (name: string, opens: Open[]) => `  ${name.padEnd(44)} ${cells(opens.map((o) => o.painted))}   ${cells(opens.map((o) => o.queried))} ${String(opens.length).padStart(6)}`;
  console.log(`\nOpen to all ${WIDGETS} widgets painted, and to the last query answered (ms, on the page's clock):`);
  console.log(`  ${''.padEnd(44)} ${'all painted'.padStart(13)}   ${'last answer'.padStart(13)}`);
  console.log(`  ${''.padEnd(44)} ${'p50'.padStart(6)} ${'p95'.padStart(6)}   ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'opens'.padStart(6)}`);
  console.log(row('cold (fresh page: ECharts chunk fetched)', cold));
  console.log(row('warm (opened again in the same page)', warm));
} finally {
  await browser.close();
  await stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
