import type { Locator, Page } from '@playwright/test';

/** Page object of the forgot-password screen (#forgotpassword). */
export class ForgotPasswordPage {
  readonly heading: Locator;
  readonly username: Locator;
  readonly send: Locator;
  readonly goBack: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Recover Password' });
    this.username = page.getByLabel('Username', { exact: true });
    this.send = page.getByRole('button', { name: 'Email me a recovery link' });
    this.goBack = page.getByRole('button', { name: 'Go Back' });
  }

  message(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }
}

/** Page object of the reset-password screen (?resetpassword=CODE). */
export class ResetPasswordPage {
  readonly password: Locator;
  readonly confirmation: Locator;
  readonly submit: Locator;
  readonly cancel: Locator;

  constructor(readonly page: Page) {
    this.password = page.getByLabel('Enter Password', { exact: true });
    this.confirmation = page.getByLabel('Re-Enter Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Submit' });
    this.cancel = page.getByRole('button', { name: 'Cancel' });
  }

  async enter(password: string, confirmation = password): Promise<void> {
    await this.password.fill(password);
    await this.confirmation.fill(confirmation);
    await this.submit.click();
  }

  message(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }
}
