import type { Locator, Page } from '@playwright/test';

/** Page object of a Priorities window (apps/priorities): its views, colour counters, order, rows and pages. */
export class PrioritiesObject {
  readonly window: Locator;
  readonly root: Locator;
  readonly rows: Locator;
  readonly range: Locator;
  readonly page: Locator;
  readonly sort: Locator;
  readonly order: Locator;
  readonly notice: Locator;

  constructor(readonly browserPage: Page) {
    this.window = browserPage.locator('[data-testid="window"][data-app="Priorities"]');
    this.root = this.window.getByTestId('priorities');
    this.rows = this.root.getByTestId('priorities.task');
    this.range = this.root.getByTestId('priorities.range');
    this.page = this.root.getByTestId('priorities.page');
    this.sort = this.root.getByRole('combobox', { name: 'Sort by' });
    this.order = this.root.getByTestId('priorities.order');
    this.notice = this.root.getByTestId('priorities.notice');
  }

  /** Waits until what was asked is shown (no request under way). */
  async settled(): Promise<void> {
    await this.root.locator(':scope[data-status="ready"], :scope[data-status="failed"]').waitFor();
    await this.root.locator('[data-busy]').waitFor({ state: 'detached' });
  }

  tab(name: 'My Priorities' | 'My Follow Up' | 'My Snoozed Items'): Locator {
    return this.root.getByRole('tab', { name });
  }

  /** A colour counter ('RED', 'YELLOW', 'GREEN', 'BLUE'). */
  filter(colour: string): Locator {
    return this.root.locator(`[data-testid="priorities.filter"][data-colour="${colour}"]`);
  }

  get all(): Locator {
    return this.root.getByTestId('priorities.filter.all');
  }

  /** The number a counter shows. */
  async count(colour: string): Promise<string> {
    return (await this.filter(colour).getByTestId('priorities.filter.count').textContent()) ?? '';
  }

  /** A row by its task's name. */
  row(name: string): Locator {
    return this.rows.filter({ has: this.browserPage.getByTestId('priorities.task.name').getByText(name, { exact: true }) });
  }

  /** The rows' task names, in order. */
  names(): Promise<string[]> {
    return this.rows.getByTestId('priorities.task.name').allTextContents();
  }

  /** The rows' colours and end dates (ISO, '' when none), in order. */
  rowOrder(): Promise<Array<{ colour: string; end: string }>> {
    return this.rows.evaluateAll((rows) => rows.map((row) => ({ colour: (row as HTMLElement).dataset.colour ?? '', end: (row as HTMLElement).dataset.end ?? '' })));
  }

  action(row: Locator, name: 'Edit' | 'Comments' | 'Snooze' | 'Unsnooze or extend' | 'Complete'): Locator {
    return row.getByRole('button', { name, exact: true });
  }
}
