import type { Locator, Page } from '@playwright/test';

/** A home widget answer (GET profile/user/{uuid}) as the server sends it. */
export type HomeAnswer = { type: 'html'; html: string; dashboard_uuid: null } | { type: 'dashboard'; html: null; dashboard_uuid: string };

/** Page object of the home widget on the desktop's background (docs/behaviour/desktop.md#home-widget). */
export class HomeWidgetObject {
  readonly region: Locator;
  readonly frame: Locator;
  readonly dashboard: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByTestId('home');
    this.frame = page.getByTestId('home.frame');
    this.dashboard = page.getByTestId('home.dashboard');
  }

  /** Makes the server's home answer this one for the page (before the desktop asks). */
  async answerWith(answer: HomeAnswer): Promise<void> {
    await this.page.unroute('**/api/v1/profile/user/*');
    await this.page.route('**/api/v1/profile/user/*', (route) => route.fulfill({ json: { status: 'success', data: answer } }));
  }

  /** The frame's document once it has loaded it. */
  async shownDocument(): Promise<string> {
    await this.page.locator('[data-testid="home.frame"][data-state="shown"]').waitFor();
    return (await this.frame.getAttribute('srcdoc')) ?? '';
  }
}
