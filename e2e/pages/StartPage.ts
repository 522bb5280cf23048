import type { Locator, Page } from '@playwright/test';

/** Page object of the start page served before the sign-in page exists. */
export class StartPageObject {
  readonly title: Locator;
  readonly version: Locator;

  constructor(private readonly page: Page) {
    this.title = page.getByRole('heading', { level: 1 });
    this.version = page.getByTestId('start.version');
  }

  async open(path = '/'): Promise<void> {
    await this.page.goto(path);
  }
}
