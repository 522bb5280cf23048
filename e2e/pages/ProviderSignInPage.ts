import type { Locator, Page } from '@playwright/test';

/**
 * Page object of the local identity provider's sign-in page (idp/README.md,
 * `npm run idp`): 'Sign in to your account', Username, Password, 'Sign in'
 * and 'Cancel' (which answers the application access_denied).
 */
export class ProviderSignInPage {
  readonly heading: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly signInButton: Locator;
  readonly cancelButton: Locator;
  readonly error: Locator;

  /** `providerUrl`: the provider's address (its origin is where the page is). */
  constructor(
    readonly page: Page,
    readonly providerUrl: string,
  ) {
    this.heading = page.getByRole('heading', { name: 'Sign in to your account' });
    this.username = page.getByLabel('Username', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
    this.cancelButton = page.getByRole('button', { name: 'Cancel', exact: true });
    this.error = page.getByRole('alert');
  }

  /** True while the browser is on the provider's site. */
  isHere(): boolean {
    return new URL(this.page.url()).origin === new URL(this.providerUrl).origin;
  }

  /** Waits until the browser is on the provider's sign-in form. */
  async waitFor(): Promise<void> {
    const origin = new URL(this.providerUrl).origin;
    await this.page.waitForURL((url) => url.origin === origin);
    await this.heading.waitFor();
  }

  /** Fills in the form and presses 'Sign in'. */
  async signIn(username: string, password: string): Promise<void> {
    await this.waitFor();
    await this.username.fill(username);
    await this.password.fill(password);
    await this.signInButton.click();
  }

  /** Presses 'Cancel': the provider answers the application with an error (access_denied). */
  async cancel(): Promise<void> {
    await this.waitFor();
    await this.cancelButton.click();
  }
}
