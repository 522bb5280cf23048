import type { Locator, Page } from '@playwright/test';

/** Page object of the signed-in page (the desktop shell arrives later). */
export class SignedInPage {
  readonly signOut: Locator;

  constructor(readonly page: Page) {
    this.signOut = page.getByRole('button', { name: 'Sign Out' });
  }

  greeting(name: string): Locator {
    return this.page.getByText(`Welcome, ${name}`);
  }
}
