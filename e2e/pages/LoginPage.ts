import type { Locator, Page } from '@playwright/test';

/** Page object of the login page (docs/behaviour/login-page.md). */
export class LoginPage {
  readonly username: Locator;
  readonly password: Locator;
  readonly loginButton: Locator;
  readonly forgotLink: Locator;
  readonly error: Locator;
  readonly title: Locator;

  constructor(readonly page: Page) {
    this.username = page.getByLabel('Username', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.loginButton = page.getByRole('button', { name: 'Login', exact: true });
    this.forgotLink = page.getByRole('link', { name: 'Forgot your password' });
    this.error = page.getByRole('alert');
    this.title = page.getByRole('heading', { level: 1 });
  }

  async open(address = '/'): Promise<void> {
    await this.page.goto(address);
    await this.username.waitFor();
  }

  /** Opens the login page and waits until the announcements have loaded. */
  async openWithSlides(): Promise<number> {
    await this.open();
    await this.slider.active().waitFor();
    return this.slider.slides().count();
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.loginButton.click();
  }

  slider = {
    slides: () => this.page.getByTestId('slider.slide'),
    active: () => this.page.locator('[data-testid="slider.slide"][data-active="true"]'),
    next: () => this.page.getByTestId('slider.next'),
    previous: () => this.page.getByTestId('slider.previous'),
    readMore: () => this.page.locator('[data-testid="slider.slide"][data-active="true"] [data-testid="slider.readMore"]'),
    fullscreen: () => this.page.locator('[data-testid="slider.slide"][data-active="true"] [data-testid="slider.fullscreen"]'),
    details: () => this.page.getByTestId('slider.details'),
    visitLink: () => this.page.getByTestId('slider.visitLink'),
    close: () => this.page.getByTestId('slider.close'),
  };
}
