import type { Locator, Page } from '@playwright/test';

/**
 * Page object of the global search (docs/behaviour/search.md): the panel's
 * magnifier, the search panel it opens and the GlobalSearch application's
 * window with its results.
 */
export class GlobalSearchObject {
  readonly magnifier: Locator;
  readonly panel: Locator;
  readonly input: Locator;
  readonly message: Locator;
  readonly recent: Locator;
  /** The GlobalSearch application's window(s). */
  readonly app: Locator;
  readonly results: Locator;

  constructor(readonly page: Page) {
    this.magnifier = page.getByRole('button', { name: 'Global search', exact: true });
    this.panel = page.getByRole('dialog', { name: 'What are you searching for?' });
    this.input = this.panel.getByRole('searchbox', { name: 'Search text' });
    this.message = this.panel.getByTestId('globalSearch.message');
    this.recent = this.panel.getByRole('list', { name: 'Recent' }).getByRole('button');
    this.app = page.locator('[data-testid="window"][data-app="GlobalSearch"]');
    this.results = this.app.getByTestId('globalSearchApp.result');
  }

  /** Opens the panel with the magnifier and waits for its search bar (its code and texts load with the first opening). */
  async open(): Promise<void> {
    await this.magnifier.click();
    await this.input.waitFor();
  }

  /** A filter chip of the panel (Apps, Users, Attachments, Comments, Records). */
  filter(name: 'Apps' | 'Users' | 'Attachments' | 'Comments' | 'Records'): Locator {
    return this.panel.getByRole('group', { name: 'Search in' }).getByRole('button', { name, exact: true });
  }

  /** Searches a text from the panel, with a filter or none, and waits for GlobalSearch's answer (results or the empty state). */
  async search(text: string, filter?: 'Apps' | 'Users' | 'Attachments' | 'Comments' | 'Records'): Promise<void> {
    await this.open();
    if (filter) await this.filter(filter).click();
    await this.input.fill(text);
    await this.input.press('Enter');
    await this.results.first().or(this.app.getByTestId('globalSearchApp.empty')).waitFor();
  }

  /** A tab of the application (All, Apps...), by its name without the count that follows it. */
  tab(name: string): Locator {
    return this.app.getByRole('tab', { name: new RegExp(`^${name}( \\d+)?$`) });
  }

  /** A result whose text contains this. */
  result(text: string): Locator {
    return this.results.filter({ hasText: text });
  }
}
