import type { Locator, Page } from '@playwright/test';
import { signInThroughApi } from '../helpers/signIn.js';
import { DialogObject } from './DialogObject.js';
import { LoginPage } from './LoginPage.js';
import { WindowObject } from './WindowObject.js';

/** Page object of the signed-in desktop (docs/behaviour/desktop.md) and its developer entry (development build). */
export class Desktop {
  readonly surface: Locator;
  readonly windows: Locator;
  readonly developerButton: Locator;
  readonly result: Locator;
  readonly snapPreview: Locator;

  constructor(readonly page: Page) {
    this.surface = page.getByTestId('desktop');
    this.windows = page.getByTestId('window');
    this.developerButton = page.getByTestId('devtools.button');
    this.result = page.getByTestId('devtools.result');
    this.snapPreview = page.getByTestId('window.snapPreview');
  }

  /**
   * Signs in (as the demo user by default; on another server when given its
   * address) as a returning user does, with the session stored in the page
   * (e2e/helpers/signIn.ts: no trip through the login form), and waits until
   * the desktop has started. A user who has not accepted the organisation's
   * privacy policy yet is asked once, after the first sign-in: accepted here
   * (e2e/tests/privacyPolicy.spec.ts tests the dialog itself).
   */
  async signIn(username = 'demo', password = 'Demo@1234', address = '/'): Promise<void> {
    await signInThroughApi(this.page, username, password, address);
    await this.waitUntilStarted();
    await this.acceptPrivacyPolicy();
  }

  /** Signs in through the login form, as signIn() otherwise (a sign-in greets the user with a notification). */
  async signInWithForm(username = 'demo', password = 'Demo@1234', address = '/'): Promise<void> {
    const login = new LoginPage(this.page);
    await login.open(address);
    await login.signIn(username, password);
    await this.waitUntilStarted();
    await this.acceptPrivacyPolicy();
  }

  /** Waits until the desktop has started (settings, packages, the privacy check and the restored session). */
  async waitUntilStarted(): Promise<void> {
    await this.page.locator('[data-testid="desktop"][data-started="true"]').waitFor();
  }

  /** The privacy-policy dialog after a first sign-in. */
  privacyDialog(): Locator {
    return this.page.getByRole('dialog', { name: /^Privacy policy of / });
  }

  /** Accepts the privacy policy when the desktop asks for it (once started: the question is decided by then). */
  async acceptPrivacyPolicy(): Promise<void> {
    if ((await this.surface.getAttribute('data-privacy-policy')) !== 'open') return;
    const dialog = this.privacyDialog();
    await dialog.waitFor();
    await dialog.getByRole('checkbox', { name: 'I have read and agree to the privacy policy' }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Runs an entry of the developer menu ('openWindow', 'confirmYesNo', ...). */
  async developer(entry: string): Promise<void> {
    await this.developerButton.click();
    await this.page.getByTestId(`devtools.${entry}`).click();
  }

  /** Opens 'Test window N' from the developer menu and returns it. */
  async openTestWindow(): Promise<WindowObject> {
    const before = await this.windows.count();
    await this.developer('openWindow');
    await this.windows.nth(before).waitFor();
    return this.windowAt(before);
  }

  /** The window at a position in opening order. */
  async windowAt(index: number): Promise<WindowObject> {
    const wid = await this.windows.nth(index).getAttribute('data-wid');
    if (!wid) throw new Error(`no window at ${index}`);
    return new WindowObject(this.page, wid);
  }

  /** The window with that title. */
  async windowTitled(title: string): Promise<WindowObject> {
    const frame = this.windows.filter({ has: this.page.getByTestId('window.title').getByText(title, { exact: true }) });
    const wid = await frame.getAttribute('data-wid');
    if (!wid) throw new Error(`no window titled ${title}`);
    return new WindowObject(this.page, wid);
  }

  /** The focused window's wid, null when none. */
  async focusedWid(): Promise<string | null> {
    return this.page.locator('[data-testid="window"][data-focused="true"]').getAttribute('data-wid', { timeout: 2000 }).catch(() => null);
  }

  /** The wid of the window that holds DOM focus, null when none. */
  async domFocusWid(): Promise<string | null> {
    const holder = this.page.locator('[data-testid="window"]:focus-within');
    return (await holder.count()) === 1 ? holder.getAttribute('data-wid') : null;
  }

  /** The size of the window area (the windows' viewport: the desktop less its panels and footer line). */
  async size(): Promise<{ width: number; height: number }> {
    const b = await this.page.getByTestId('desktop.area').boundingBox();
    if (!b) throw new Error('no desktop');
    return { width: b.width, height: b.height };
  }

  /** The windows of an application (their frames carry data-app). */
  appWindows(name: string): Locator {
    return this.page.locator(`[data-testid="window"][data-app="${name}"]`);
  }

  /** The user card's 'Edit Preferences' button (the profile menu's, until the panel arrives). */
  /** The panel's profile menu button (its name carries the user's name). */
  get profileButton(): Locator {
    return this.page.getByRole('button', { name: /^Profile menu of / });
  }

  /** Opens Preferences as a user does: the profile menu's Edit Preferences. */
  async openPreferences(): Promise<void> {
    await this.profileButton.click();
    await this.page.getByRole('menuitem', { name: 'Edit Preferences' }).click();
  }

  /** Notifications on screen with that title. */
  notification(title: string): Locator {
    return this.page.getByTestId('notification').filter({ has: this.page.getByTestId('notification.title').getByText(title, { exact: true }) });
  }

  dialog(kind: string): DialogObject {
    return new DialogObject(this.page, kind);
  }

  /** Runs a developer-menu entry that opens a dialog and waits for the dialog of that kind. */
  async openDialog(entry: string, kind: string): Promise<DialogObject> {
    await this.developer(entry);
    const dialog = this.dialog(kind);
    await dialog.view.waitFor();
    return dialog;
  }

  /** Closes every window through the window manager, as their close buttons would (a dialog answers with its negative button). */
  async closeAllWindows(): Promise<void> {
    await this.page.evaluate(() => {
      const dev = (window as unknown as { atriumDev?: { windows: { windows(): ReadonlyArray<{ wid: number }>; close(wid: number): boolean } } }).atriumDev;
      if (!dev) throw new Error('not a development build');
      for (const record of [...dev.windows.windows()].reverse()) dev.windows.close(record.wid);
    });
    await this.windows.first().waitFor({ state: 'detached' });
  }
}
