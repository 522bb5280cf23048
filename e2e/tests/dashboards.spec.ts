import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { apiToken } from '../helpers/api.js';
import { choiceLabels, createDashboard, daysBefore, deleteDashboard, queryDataset, readDashboard, records, type Query } from '../helpers/dashboards.js';
import { DashboardsObject } from '../pages/DashboardsObject.js';
import { Desktop } from '../pages/Desktop.js';
import { RecordsObject } from '../pages/RecordsObject.js';

/**
 * Dashboards in the browser (docs/behaviour/dashboards.md): Olivia, head of
 * operations at Northwind, on the demo's "Incident overview" and on a
 * dashboard of her own. Every figure the page shows is checked against
 * what the server answers her for the same query, never a number written
 * here: the demo's incidents are dated from the day the server started.
 */

const INCIDENTS = { app: 'Incidents', dataset: 'incidents' } as const;

/** Today in the browser's time zone, the day the dashboard's ranges end on. */
const browserToday = (page: Page) => page.evaluate(() => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10));

test('Olivia opens the incident overview, filters it, cross-filters it, drills three levels to an incident and its log, rolls back up, and opens the records behind a status', async ({ page, request }) => {
  test.setTimeout(120_000);
  const desktop = new Desktop(page);
  const dashboards = new DashboardsObject(page);
  const token = await apiToken(request, 'olivia');
  await desktop.signIn('olivia');
  const today = await browserToday(page);
  const last90 = { from: daysBefore(today, 89), to: today };
  const services = await choiceLabels(request, token, INCIDENTS.app, INCIDENTS.dataset, 'service');
  const severities = await choiceLabels(request, token, INCIDENTS.app, INCIDENTS.dataset, 'severity');
  const statuses = await choiceLabels(request, token, INCIDENTS.app, INCIDENTS.dataset, 'status');
  const ask = async (query: Omit<Query, 'app' | 'dataset'>) => records(await queryDataset(request, token, { ...INCIDENTS, ...query }));
  const customers = async (filters: Query['filters'], range: Query['range']) => Number((await ask({ measures: ['customers'], filters, range }))[0]?.customers ?? 0);

  await test.step('open the Dashboards application and a dashboard: every widget leaves loading', async () => {
    await dashboards.open();
    await dashboards.openDashboard('Incident overview');
    await expect(dashboards.title()).toHaveText('Incident overview – Dashboards');
    await expect(dashboards.heading).toHaveText('Incident overview');
    await expect(dashboards.dashboard.locator('.dsh-card[data-status="failed"]')).toHaveCount(0);
    await expect(dashboards.range).toHaveValue('last90Days');
    expect(await dashboards.widget('customers').figure()).toBe(await customers([], last90));
  });

  const customersKpi = dashboards.widget('customers');
  const byService = dashboards.widget('byService');
  const top = await ask({ measures: ['incidents'], dimensions: ['service'], range: last90, sort: [{ by: 'incidents', direction: 'desc' }] });

  await test.step('a dashboard filter and a time range change the figures to the server’s', async () => {
    const service = String(top[1]!.service);
    await dashboards.filter('Service').selectOption({ label: services[service]! });
    await dashboards.range.selectOption({ label: 'Last 30 days' });
    const last30 = { from: daysBefore(today, 29), to: today };
    const inService = [{ dimension: 'service', op: 'eq', value: service }];
    const expected = await ask({ measures: ['incidents'], dimensions: ['service'], filters: inService, range: last30 });
    await dashboards.settled();
    await byService.openData();
    await expect.poll(() => byService.cells()).toEqual([[services[service]!, String(expected[0]!.incidents)]]);
    await expect.poll(() => customersKpi.figure()).toBe(await customers(inService, last30));
    // Back to the dashboard as it opened, its bars drawn again.
    await dashboards.filter('Service').selectOption({ label: 'Any' });
    await dashboards.range.selectOption({ label: 'Last 90 days' });
    await byService.showData.click();
    await dashboards.settled();
    await expect.poll(() => customersKpi.figure()).toBe(await customers([], last90));
  });

  await test.step('a click on a slice of the service donut filters the other widgets, and its chip takes the filter away', async () => {
    const donut = dashboards.widget('services');
    const service = String(top[2]!.service);
    await donut.openData();
    await donut.row(services[service]!).click();
    await expect(dashboards.chip(`Service: ${services[service]!}`)).toBeVisible();
    await dashboards.settled();
    await expect.poll(() => customersKpi.figure()).toBe(await customers([{ dimension: 'service', op: 'eq', value: service }], last90));
    await dashboards.chips.getByRole('button', { name: `Remove the filter Service: ${services[service]!}` }).click();
    await expect(dashboards.chips).toHaveCount(0);
    await dashboards.settled();
    await expect.poll(() => customersKpi.figure()).toBe(await customers([], last90));
  });

  // The latest critical or high incident: the demo keeps the service's log of that day with it.
  const [incident] = await ask({ dimensions: ['service', 'severity', 'day'], detail: true, range: last90, filters: [{ dimension: 'severity', op: 'in', value: ['sev1', 'sev2'] }], sort: [{ by: 'day', direction: 'desc' }], limit: 1 });
  const service = String(incident!.service);
  const severity = String(incident!.severity);
  const serviceLabel = services[service]!;
  const severityLabel = severities[severity]!;

  await test.step('drill three levels: a bar of the chart’s canvas, a slice by its row of the data table, then the incidents', async () => {
    await byService.clickBar(top.findIndex((row) => row.service === service), top.length);
    await expect(byService.title).toHaveText(`Severities of ${serviceLabel}`);
    await expect.poll(() => byService.levels()).toEqual(['Incidents by service', `Severities of ${serviceLabel}`]);
    await expect(byService.root).toHaveAttribute('data-kind', 'pie');
    await byService.openData();
    await byService.row(severityLabel).click();
    const title = `Incidents of ${serviceLabel}, ${severityLabel}`;
    await expect(byService.title).toHaveText(title);
    await expect.poll(() => byService.levels()).toEqual(['Incidents by service', `Severities of ${serviceLabel}`, title]);
    await expect(byService.root).toHaveAttribute('data-kind', 'table');
    const filters = [
      { dimension: 'service', op: 'eq', value: service },
      { dimension: 'severity', op: 'eq', value: severity },
    ];
    const expected = await ask({ dimensions: ['service', 'severity', 'day'], detail: true, range: last90, filters });
    await expect(byService.rows).toHaveCount(expected.length);
  });

  await test.step('an incident opens its service’s log of that day in its application', async () => {
    const file = `${service}-${String(incident!.day)}.log`;
    await byService.row(String(incident!.name)).click();
    const window = page.locator('[data-testid="window"]').filter({ has: page.getByTestId('window.title').getByText(file) });
    await expect(window).toBeVisible();
    await window.getByTestId('window.close').click();
    await expect(window).toHaveCount(0);
  });

  await test.step('roll back up by the breadcrumb, one level with the keyboard', async () => {
    await byService.crumb(`Severities of ${serviceLabel}`).focus();
    await page.keyboard.press('Enter');
    await expect(byService.title).toHaveText(`Severities of ${serviceLabel}`);
    await expect.poll(() => byService.levels()).toEqual(['Incidents by service', `Severities of ${serviceLabel}`]);
    await byService.crumb('Incidents by service').click();
    await expect(byService.title).toHaveText('Incidents by service');
    await expect(byService.breadcrumb).toHaveCount(0);
    await expect(byService.root).toHaveAttribute('data-kind', 'bar');
  });

  await test.step('a status opens its incidents in Records, filtered by it', async () => {
    const byStatus = dashboards.widget('byStatus');
    await byStatus.openData();
    const [status] = await ask({ measures: ['incidents'], dimensions: ['status'], range: last90, sort: [{ by: 'incidents', direction: 'asc' }], limit: 1 });
    await byStatus.row(statuses[String(status!.status)]!).click();
    const list = new RecordsObject(page, 'Incident Tracker');
    await list.settled();
    await expect(list.quickFilter('status')).toHaveValue(String(status!.status));
    const all = await ask({ measures: ['incidents'], filters: [{ dimension: 'status', op: 'eq', value: status!.status }] });
    await expect(list.range).toContainText(`of ${Number(all[0]!.incidents).toLocaleString('en-US')}`);
    expect(new Set(await list.columnTexts('Status'))).toEqual(new Set([statuses[String(status!.status)]!]));
  });
});

test('Olivia finds a drill of her own dashboard refused, then changes that widget’s title, kind and click in the editor: saved, and so after a reload', async ({ page, request }) => {
  const desktop = new Desktop(page);
  const dashboards = new DashboardsObject(page);
  const token = await apiToken(request, 'olivia');
  const title = `Journey incidents ${test.info().workerIndex}-${Date.now()}`;
  // Its drill names a status the bars (by severity) do not have: a dashboard saved through the API, not by the editor.
  const uuid = await createDashboard(request, token, {
    title,
    widgets: [
      {
        id: 'bySeverity',
        kind: 'bar',
        title: 'Incidents by severity',
        query: { ...INCIDENTS, dimensions: ['severity'], measures: ['incidents'] },
        drilldown: { target: 'records', filter: [{ dimension: 'status', op: 'eq', value: '{status}' }] },
        position: { x: 0, y: 0, w: 12, h: 4 },
      },
    ],
  });
  try {
    await desktop.signIn('olivia');
    await dashboards.open();
    await dashboards.openDashboard(title);
    const widget = dashboards.widget('bySeverity');

    await test.step('a drill whose element lacks its key is refused with the drill-down’s words', async () => {
      await widget.openData();
      await widget.rows.first().click();
      await expect(dashboards.drillFailure).toContainText("The clicked element has no value for 'status'.");
      await expect(page.locator('[data-testid="window"][data-app="Records"]')).toHaveCount(0);
      await dashboards.drillFailure.getByRole('button', { name: 'Dismiss' }).click();
      await expect(dashboards.drillFailure).toHaveCount(0);
    });

    await test.step('the editor changes the widget’s title, kind and click, and saves', async () => {
      await dashboards.edit.click();
      const editor = dashboards.editor;
      await editor.getByTestId('dashboards.editor.select').filter({ hasText: 'Incidents by severity' }).click();
      const form = editor.getByTestId('dashboards.editor.widgetForm');
      await form.getByLabel('Title', { exact: true }).fill('Severities, all time');
      await form.getByLabel('Kind', { exact: true }).selectOption('table');
      await form.getByLabel('When an element is clicked', { exact: true }).selectOption('none');
      await expect(editor.getByTestId('dashboards.editor.problems')).toHaveCount(0);
      await editor.getByTestId('dashboards.editor.save').click();
      await expect(editor).toHaveCount(0);
      await dashboards.settled();
      await expect(widget.title).toHaveText('Severities, all time');
      await expect(widget.root).toHaveAttribute('data-kind', 'table');
    });

    await test.step('read again after a reload, the change is there', async () => {
      await page.goto(`/?app=Dashboards&dashboard=${uuid}`);
      await desktop.waitUntilStarted();
      await dashboards.settled();
      await expect(widget.title).toHaveText('Severities, all time');
      await expect(widget.root).toHaveAttribute('data-kind', 'table');
      const saved = await readDashboard(request, token, uuid);
      expect(saved.definition.widgets.map((w) => [w.kind, w.click])).toEqual([['table', 'none']]);
      // Nothing drills any more: a row says nothing.
      await widget.rows.first().click();
      await expect(dashboards.drillFailure).toHaveCount(0);
    });
  } finally {
    await deleteDashboard(request, token, uuid);
  }
});
