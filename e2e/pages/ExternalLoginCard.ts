import type { Locator, Page } from '@playwright/test';

/**
 * Page object of the login page's card for sign-in through an identity
 * provider (docs/behaviour/external-sign-in.md#in-the-browser): the button
 * 'Sign in with {name}', the link to the built-in form, and an error with its
 * technical details and 'Try again'. The card says what the flow is doing in
 * its `data-state` (starting, redirecting, ready, checking, signed-in, error).
 */
export class ExternalLoginCard {
  readonly card: Locator;
  readonly signInButton: Locator;
  readonly builtInLink: Locator;
  readonly status: Locator;
  readonly error: Locator;
  readonly details: Locator;
  readonly detailsSummary: Locator;
  readonly retryButton: Locator;

  /** `name`: the provider's name on the button (AUTH_PROVIDER_NAME: Keycloak, Okta by default). */
  constructor(
    readonly page: Page,
    readonly name: string,
  ) {
    this.card = page.getByTestId('external.card');
    this.signInButton = this.card.getByRole('button', { name: `Sign in with ${name}`, exact: true });
    this.builtInLink = this.card.getByRole('link', { name: 'Sign in with a username and password' });
    this.status = this.card.getByTestId('external.status');
    this.error = this.card.getByTestId('external.error');
    this.details = this.card.getByTestId('external.details');
    this.detailsSummary = this.details.getByText('Technical details', { exact: true });
    this.retryButton = this.card.getByRole('button', { name: 'Try again', exact: true });
  }

  /** Opens the site and waits for the card to offer 'Sign in with {name}' (check-sso found no provider session). */
  async open(address: string): Promise<void> {
    await this.page.goto(address);
    await this.signInButton.waitFor();
  }

  /** What the card is doing (its data-state). */
  state(): Promise<string | null> {
    return this.card.getAttribute('data-state');
  }

  /** Opens the technical details and returns their text. */
  async detailText(): Promise<string> {
    if ((await this.details.getAttribute('open')) === null) await this.detailsSummary.click();
    return (await this.details.locator('code').textContent()) ?? '';
  }
}
