import { expect, type Locator, type Page } from '@playwright/test';

/** Where the bars of a bar chart are on its canvas, in CSS pixels from the canvas's top left, left to right. */
export interface BarPositions {
  y: number;
  xs: number[];
}

/**
 * Page object of one widget of an open dashboard (docs/behaviour/dashboards.md#widgets),
 * found by the id of the widget placed in its slot (a drill shows another
 * widget in the same slot).
 */
export class WidgetObject {
  readonly title: Locator;
  readonly breadcrumb: Locator;
  readonly showData: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly chart: Locator;
  readonly kpi: Locator;

  constructor(
    readonly page: Page,
    readonly root: Locator,
  ) {
    this.title = root.locator('.dsh-card__title');
    this.breadcrumb = root.getByTestId('widget.breadcrumb');
    this.showData = root.getByTestId('widget.showData');
    this.table = root.getByTestId('widget.table');
    this.rows = root.getByTestId('widget.row');
    this.chart = root.getByTestId('widget.chart');
    this.kpi = root.getByTestId('widget.kpi');
  }

  /** Waits until the widget shows figures (or why it has none): its query answered. */
  async settled(): Promise<void> {
    await this.root.locator(':scope:not([data-status="loading"])').waitFor();
  }

  /** The kind of widget the slot shows now (bar, pie, table, …). */
  kind(): Promise<string | null> {
    return this.root.getAttribute('data-kind');
  }

  /** The levels of its drill path, the placed widget first. */
  levels(): Promise<string[]> {
    return this.breadcrumb.getByRole('listitem').allTextContents();
  }

  /** A level of the drill path that rolls up to it (every level but the last is a button). */
  crumb(label: string): Locator {
    return this.breadcrumb.getByRole('button', { name: label, exact: true });
  }

  /** Shows a chart's data as a table (the table the keyboard and screen readers reach its elements by), once. */
  async openData(): Promise<void> {
    await this.settled();
    if ((await this.showData.count()) > 0 && (await this.showData.getAttribute('aria-pressed')) === 'false') await this.showData.click();
    await this.table.waitFor();
  }

  /** The row of its table whose first cell reads so (a category, a record's name). */
  row(first: string): Locator {
    return this.rows.filter({ has: this.page.locator('td:first-child', { hasText: new RegExp(`^${escape(first)}$`) }) });
  }

  /** The texts of the table's rows, a row as its cells' texts. */
  cells(): Promise<string[][]> {
    return this.rows.evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')));
  }

  /** A key figure's number, its grouping left out (102,969 reads 102969). */
  async figure(): Promise<number> {
    const text = (await this.root.locator('.dsh-kpi__value').textContent()) ?? '';
    return Number(text.replace(/[^\d.-]/g, ''));
  }

  /**
   * Where the bars of the chart's canvas are: the colour most of the
   * chart's saturated pixels have is its bars' (one series), and the row of
   * pixels where most of it is cuts every bar. Waits until the chart shows
   * `count` bars (its first drawing grows them from the axis).
   */
  async bars(count: number): Promise<BarPositions> {
    // A pointer over the chart would draw one bar emphasised, in another colour.
    await this.page.mouse.move(0, 0);
    const canvas = this.chart.locator('canvas').first();
    let found: BarPositions = { y: 0, xs: [] };
    await expect
      .poll(async () => {
        found = await canvas.evaluate(barsOnCanvas);
        return found.xs.length;
      }, { message: 'the bars drawn on the chart' })
      .toBe(count);
    return found;
  }

  /** Clicks the chart's canvas on the bar at that place from the left (0: the first), as a user does. */
  async clickBar(index: number, count: number): Promise<void> {
    const bars = await this.bars(count);
    await this.chart.locator('canvas').first().click({ position: { x: bars.xs[index]!, y: bars.y } });
  }
}

/** Runs in the page: the bars of a one-series bar chart drawn on a canvas (see WidgetObject.bars). */
function barsOnCanvas(canvas: HTMLCanvasElement): BarPositions {
  const { width, height } = canvas;
  const pixels = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
  const colourAt = (i: number) => (pixels[i + 3] === 255 ? (pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]! : -1);
  const counts = new Map<number, number>();
  for (let i = 0; i < pixels.length; i += 4) {
    const [r, g, b] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
    if (pixels[i + 3] === 255 && Math.max(r, g, b) - Math.min(r, g, b) >= 60) counts.set(colourAt(i), (counts.get(colourAt(i)) ?? 0) + 1);
  }
  const colour = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (colour === undefined) return { y: 0, xs: [] };
  let row = 0;
  let most = 0;
  for (let y = 0; y < height; y++) {
    let n = 0;
    for (let x = 0; x < width; x++) if (colourAt((y * width + x) * 4) === colour) n++;
    if (n > most) [most, row] = [n, y];
  }
  const xs: number[] = [];
  let start = -1;
  for (let x = 0; x <= width; x++) {
    const on = x < width && colourAt((row * width + x) * 4) === colour;
    if (on && start < 0) start = x;
    if (!on && start >= 0) {
      xs.push((start + x) / 2);
      start = -1;
    }
  }
  const scale = width / canvas.getBoundingClientRect().width;
  return { y: row / scale, xs: xs.map((x) => x / scale) };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Page object of the Dashboards application's window (apps/dashboards,
 * docs/behaviour/dashboards.md#the-dashboards-application): its list, an
 * open dashboard with its time range, filters, chips and widgets, and the
 * editor in its place.
 */
export class DashboardsObject {
  readonly window: Locator;
  readonly list: Locator;
  readonly dashboard: Locator;
  readonly heading: Locator;
  readonly back: Locator;
  readonly edit: Locator;
  readonly range: Locator;
  readonly chips: Locator;
  readonly drillFailure: Locator;
  readonly editor: Locator;

  constructor(readonly page: Page) {
    this.window = page.locator('[data-testid="window"][data-app="Dashboards"]');
    this.list = this.window.getByTestId('list');
    this.dashboard = this.window.getByTestId('dashboard');
    this.heading = this.dashboard.getByTestId('dashboard.title');
    this.back = this.dashboard.getByTestId('dashboard.back');
    this.edit = this.dashboard.getByTestId('dashboard.edit');
    this.range = this.dashboard.getByTestId('dashboard.range').getByRole('combobox', { name: 'Time range' });
    this.chips = this.dashboard.getByTestId('dashboard.chips');
    this.drillFailure = this.dashboard.getByTestId('dashboard.drillFailure');
    this.editor = this.window.getByTestId('dashboards.editor');
  }

  /** Opens the application by the page's address and waits for its list. */
  async open(): Promise<void> {
    await this.page.goto('/?app=Dashboards');
    await this.list.locator(':scope[data-status="ready"]').waitFor();
  }

  /** The window's title (the dashboard shown, then the application). */
  title(): Locator {
    return this.window.getByTestId('window.title');
  }

  /** Opens a dashboard of the list by its title and waits until every widget has its figures. */
  async openDashboard(title: string): Promise<void> {
    await this.list.getByRole('button', { name: `Open ${title}`, exact: true }).click();
    await this.settled();
  }

  /** Waits until the dashboard is read and none of its widgets is loading. */
  async settled(): Promise<void> {
    await this.dashboard.locator(':scope[data-status="ready"]').waitFor();
    await expect(this.dashboard.locator('.dsh-card[data-status="loading"]')).toHaveCount(0);
  }

  /** A widget by the id of the widget placed in its slot. */
  widget(id: string): WidgetObject {
    return new WidgetObject(this.page, this.dashboard.getByTestId(`widget.${id}`));
  }

  /** A dashboard filter's select by its label (Service, Severity). */
  filter(label: string): Locator {
    return this.dashboard.locator('.dsh-filter').filter({ has: this.page.getByText(label, { exact: true }) }).getByRole('combobox');
  }

  /** A chip of a filter in force (Service: Payments). */
  chip(text: string): Locator {
    return this.chips.getByTestId(/^dashboard\.chip\./).filter({ hasText: text });
  }
}
