import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { apiToken, saveSettings } from '../helpers/api.js';
import { Desktop } from '../pages/Desktop.js';
import { LoginPage } from '../pages/LoginPage.js';
import { PanelObject } from '../pages/PanelObject.js';

/** The relative luminance (0 black to 1 white) of the computed background colour of an element. */
async function backgroundLuminance(element: Locator): Promise<number> {
  const colour = await element.evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => Number(v) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/**
 * Applications (docs/behaviour/applications.md: launching from the page
 * address, singletons, visibility, launch errors). Hello, Broken and Outdated are packages the
 * server was given as an operator does (copied into its packages folder and
 * registered with the command line: e2e/serve.sh), not part of the build.
 */
test.describe('launching applications', () => {
  // A launch failure is logged as an error with its id (docs/behaviour/applications.md#launch-errors).
  test.use({ expectedConsoleErrors: [/^Launch error [2-9A-Z]{4}-[2-9A-Z]{4}: /] });

  test('the app of the page address launches after sign-in, with the other parameters as options, and the address returns to the root', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open('/?app=Hello&greeting=hi');
    await expect(page).toHaveURL(/\/$/);
    await login.signIn('demo', 'Demo@1234');
    const desktop = new Desktop(page);
    await desktop.waitUntilStarted();
    await desktop.acceptPrivacyPolicy();
    const hello = desktop.appWindows('Hello');
    await expect(hello).toHaveCount(1);
    await expect(hello.getByTestId('window.title')).toHaveText('Hello');
    await expect(hello.getByText('Hello, Dana Demo!')).toBeVisible();
    await expect(hello.getByText('"greeting":"hi"')).toBeVisible();
    // Its style sheet came with it.
    await expect(hello.locator('.hello-app__greeting')).toHaveCSS('font-size', '18px');
    // Launched once: after a reload it is back from the saved session, not from the address, so without its options.
    await page.reload();
    await desktop.waitUntilStarted();
    await expect(desktop.appWindows('Hello')).toHaveCount(1);
    await expect(desktop.appWindows('Hello').getByText('Hello, Dana Demo!')).toBeVisible();
    await expect(desktop.appWindows('Hello').getByText('"greeting":"hi"')).toHaveCount(0);
    await desktop.appWindows('Hello').getByTestId('window.close').click();
  });

  test('a signed-in user opening an address with an app gets it at once, in its own language', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    await page.goto('/?app=Hello');
    await expect(desktop.appWindows('Hello').getByText('Hello, Dana Demo!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('Preferences is a singleton: opening it again focuses the open window and signals it instead of opening a second', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    await desktop.openPreferences();
    const preferences = desktop.appWindows('Preferences');
    await expect(preferences).toHaveCount(1);
    const first = await desktop.openTestWindow();
    await expect(first.frame).toHaveAttribute('data-focused', 'true');
    await desktop.openPreferences();
    await expect(preferences).toHaveAttribute('data-attention', 'true');
    await expect(preferences).toHaveAttribute('data-focused', 'true');
    await expect(preferences).toHaveCount(1);
    await expect(preferences).not.toHaveAttribute('data-attention', 'true');
  });

  test('an app the user has not been given is refused with the access message, a padlock and what to do next', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    await page.goto('/?app=Campaigns');
    const alert = desktop.dialog('alert');
    await expect(alert.message).toHaveText("You don't have access to Campaigns App");
    await expect(alert.message.locator('svg')).toHaveAttribute('data-icon', 'refused');
    await expect(alert.view.getByTestId('dialog.hint')).toHaveText(
      'If you need it, ask an administrator of Northwind Trading for access. The applications you can use are in the application menu (Alt+A).',
    );
    await alert.button('Close').click();
    await expect(alert.view).toHaveCount(0);
    await expect(desktop.appWindows('Campaigns')).toHaveCount(0);
  });

  test('a package whose files fail to load shows the launch-error alert with the restart hint', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    await page.goto('/?app=Broken');
    const alert = desktop.dialog('alert');
    await expect(alert.title).toHaveText('Launch Error');
    await expect(alert.message).toContainText("Package Loading 'Broken' failed");
    await expect(alert.message).toContainText('Please use the package upgrade option and restart the app');
    await expect(desktop.appWindows('Broken')).toHaveCount(0);
  });

  test('a package written for an older shell shows the launch-error alert with the upgrade hint and its stack', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    await page.goto('/?app=Outdated');
    const alert = desktop.dialog('alert');
    await expect(alert.message).toContainText("An exception occured in 'Outdated'");
    await expect(alert.message).toContainText('Please upgrade package and try again');
    await alert.button('Details').click();
    await expect(alert.control('dialog.alert.details')).toHaveValue(/ReactDOM\.render/);
  });
});

test.describe('the generic viewer', () => {
  // Playwright's own helper scripts, not the page's, are refused in the sandboxed frame while the journey reads it.
  test.use({ expectedConsoleErrors: [/^Blocked script execution in '[^']*\/resources\//] });

  test("an organisation's page opens in the generic viewer, sandboxed, titled after the app", async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    await page.goto('/?app=Handbook');
    const viewer = desktop.appWindows('Viewer');
    await expect(viewer.getByTestId('window.title')).toHaveText('Company Handbook');
    const frame = viewer.getByTestId('viewer.frame');
    await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
    await expect(frame).not.toHaveAttribute('sandbox', /allow-same-origin/);
    await expect(page.frameLocator('[data-testid="viewer.frame"]').getByRole('heading', { level: 1 })).toContainText('Handbook');
  });

  test("an organisation's page takes the desktop's colour scheme: dark in Nocturne, light again in Vision (docs/behaviour/applications.md#organisation-pages-in-the-dark)", async ({ page, request }) => {
    const token = await apiToken(request, 'demo');
    await saveSettings(request, token, { 'desktop.theme': 'Nocturne' });
    try {
      const desktop = new Desktop(page);
      await desktop.signIn();
      await page.goto('/?app=Policies');
      const frame = desktop.appWindows('Viewer').getByTestId('viewer.frame');
      await expect(frame).toHaveAttribute('src', /\?color-scheme=dark$/);
      const body = page.frameLocator('[data-testid="viewer.frame"]').locator('body');
      await expect(page.frameLocator('[data-testid="viewer.frame"]').getByRole('heading', { level: 1 })).toHaveText('Security Policies');
      expect(await backgroundLuminance(body)).toBeLessThan(0.05);
      // Not dimmed: the page has dark colours of its own.
      await expect(frame).toHaveCSS('filter', 'none');
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/viewer-nocturne.png` });
      await saveSettings(request, token, { 'desktop.theme': 'Vision' });
      await expect(frame).toHaveAttribute('src', /\?color-scheme=light$/);
      await expect(page.frameLocator('[data-testid="viewer.frame"]').getByRole('heading', { level: 1 })).toHaveText('Security Policies');
      await expect.poll(() => backgroundLuminance(body)).toBeGreaterThan(0.9);
    } finally {
      await saveSettings(request, token, { 'desktop.theme': null });
    }
  });

  test('organisation pages tell apart in the window list and the application menu, at 200 % zoom too (docs/behaviour/applications.md#icons-of-organisation-pages)', async ({ page }) => {
    await page.setViewportSize({ width: 640, height: 512 });
    const desktop = new Desktop(page);
    const panel = new PanelObject(page);
    await desktop.signIn();
    const titles = ['People Directory', 'Security Policies', 'Company Handbook', 'Operations Reports'];
    for (const [index, app] of ['Directory', 'Policies', 'Handbook', 'Reports'].entries()) {
      await page.goto(`/?app=${app}`);
      await expect(desktop.appWindows('Viewer')).toHaveCount(index + 1);
    }
    const entries = panel.windowList.getByTestId('panel.windows.activate');
    await expect(entries).toHaveCount(4);
    // Entries cut short still say their whole title: as their tooltip and their accessible name.
    const cut = await entries.evaluateAll((buttons) => buttons.filter((b) => { const t = b.querySelector<HTMLElement>('.atr-windowlist__title')!; return t.scrollWidth > t.clientWidth; }).length);
    expect(cut).toBeGreaterThan(0);
    for (const title of titles) {
      await expect(panel.windowEntry(title)).toHaveAttribute('title', title);
      await expect(panel.windowEntry(title)).toHaveAccessibleName(title);
    }
    // Each page its own icon, the same in the window list, the title bar and the application menu.
    const icons = await entries.evaluateAll((buttons) => buttons.map((b) => b.querySelector('img')?.getAttribute('src') ?? ''));
    expect(new Set(icons).size).toBe(4);
    expect(icons.every((src) => src.startsWith('data:image/svg+xml,'))).toBe(true);
    const directory = (await panel.windowEntry('People Directory').locator('img').getAttribute('src'))!;
    await expect(desktop.appWindows('Viewer').filter({ has: page.getByTestId('window.title').getByText('People Directory', { exact: true }) }).getByTestId('window.icon').locator('img')).toHaveAttribute('src', directory);
    // The entry with the keyboard focus shows its whole title.
    const policies = panel.windowEntry('Security Policies');
    await panel.menuButton.focus();
    for (let i = 0; i < 10 && !(await policies.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('ArrowRight');
    await expect(policies).toBeFocused();
    expect(await policies.locator('.atr-windowlist__title').evaluate((t) => t.scrollWidth <= t.clientWidth)).toBe(true);
    await panel.openAppMenu();
    await expect(panel.app('People Directory').locator('img')).toHaveAttribute('src', directory);
    await expect(panel.app('Security Policies').locator('img')).not.toHaveAttribute('src', directory);
  });
});
