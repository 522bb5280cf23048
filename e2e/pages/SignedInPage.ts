import type { Locator, Page } from '@playwright/test';
import { Desktop } from './Desktop.js';

/**
 * Page object of the signed-in page: the desktop with its panel
 * (docs/behaviour/desktop.md). Who is signed in shows on the panel's
 * profile menu button; Sign Out is in that menu.
 */
export class SignedInPage {
  readonly desktop: Desktop;
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.desktop = new Desktop(page);
    this.panel = page.getByRole('toolbar', { name: 'Panel' }).first();
  }

  /** The profile menu button of the signed-in user (its accessible name carries the user's name). */
  profileButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Profile menu of ${name}` });
  }

  /** Waits until the desktop has started, accepting the privacy policy if this is the user's first sign-in. */
  async ready(): Promise<void> {
    await this.desktop.waitUntilStarted();
    await this.desktop.acceptPrivacyPolicy();
  }

  /** Signs out through the profile menu. */
  async signOut(name: string): Promise<void> {
    await this.profileButton(name).click();
    await this.page.getByRole('menuitem', { name: 'Sign Out' }).click();
  }
}
