import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { apiToken, saveSettings } from '../helpers/api.js';
import { Desktop } from '../pages/Desktop.js';
import { ResetPasswordPage } from '../pages/RecoveryPages.js';

/**
 * What a new user meets, tried as one would (docs/behaviour/applications.md,
 * dialogs.md, desktop.md#loading-overlay, password-recovery.md): every
 * application the demo user is given opens a window with content and no
 * error; a launch failure reads as a sentence, its technical details behind
 * Details; the Viewer without a page says what it is for; a dark theme boots
 * dark; a broken appicon falls back to the default logo; a window waiting
 * for its dialog is not veiled.
 */

/**
 * The demo user's applications (the profile's apps, as the server gives
 * them), each with the title its window shows: an organisation page's
 * start options' title in the Viewer, else its name; `page` says whether it
 * is an organisation page (opened in the Viewer) or a built-in package.
 */
async function grantedApps(page: Page): Promise<Array<{ name: string; title: string; page: boolean; declared: boolean }>> {
  const token = await apiToken(page.request, 'demo');
  const response = await page.request.get('/api/v1/user/me/a+p+acc+ap+t', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  const apps = ((await response.json()) as { data: { apps: Array<{ name: string; is_base_app: boolean; app_type?: number; start_options?: string }> } }).data.apps;
  return apps.map((app) => ({ name: app.name, title: (JSON.parse(app.start_options || '{}') as { title?: string }).title ?? app.name, page: app.is_base_app && app.app_type !== 3, declared: app.app_type === 3 }));
}

/**
 * Signs the demo user in and waits for the desktop. The privacy policy of a
 * first sign-in has its own journey: here it counts as accepted already
 * (through the API), so that no dialog of it, arriving late, covers what
 * this journey looks at.
 */
async function signIn(page: Page): Promise<Desktop> {
  const token = await apiToken(page.request, 'demo');
  const accepted = await page.request.post('/api/v1/user/me/updateLoggedIn', { data: {}, headers: { authorization: `Bearer ${token}` } });
  expect(accepted.ok()).toBe(true);
  const desktop = new Desktop(page);
  await desktop.signIn();
  return desktop;
}

test.describe('a new user', () => {
  // Playwright's own helper scripts, not the page's, are refused in the Viewer's sandboxed frame while the journey reads it.
  test.use({ expectedConsoleErrors: [/^Blocked script execution in '[^']*\/resources\//] });

  test('opens every application the demo grants: each a window with content, none an error', async ({ page }) => {
    test.setTimeout(120_000);
    const desktop = await signIn(page);
    const apps = await grantedApps(page);
    // Every category keeps at least one application that opens.
    expect(apps.length).toBeGreaterThanOrEqual(7);
    // The built-in Priorities, Dashboards and Global Search are given too, and open as themselves.
    expect(apps.filter((a) => !a.page && !a.declared).map((a) => a.name).sort()).toEqual(['Dashboards', 'GlobalSearch', 'Priorities']);
    // So are the declared applications of Northwind, in Records.
    expect(apps.filter((a) => a.declared).map((a) => a.name).sort()).toEqual(['Audits', 'CRM', 'Incidents', 'LeaveRequests', 'MeetingActions', 'RiskRegister', 'TeamCalendar']);
    for (const { name, title, page: isPage, declared } of apps) {
      await test.step(name, async () => {
        await page.goto(`/?app=${name}`);
        if (declared) {
          // A declared application opens in Records, titled by its label, at its list.
          const window = desktop.windows.filter({ has: page.getByTestId('window.title').getByText(title, { exact: true }) });
          await expect(window).toHaveAttribute('data-app', 'Records');
          await expect(window.getByTestId('records.list').or(window.getByTestId('records.board')).or(window.getByTestId('records.calendar'))).toBeVisible();
          await expect(desktop.dialog('alert').view).toHaveCount(0);
          await window.getByTestId('window.close').click();
          await expect(window).toHaveCount(0);
          return;
        }
        if (!isPage) {
          const window = desktop.appWindows(name);
          await expect(window).toHaveCount(1);
          await expect(window.getByTestId('window.body')).not.toBeEmpty();
          await expect(desktop.dialog('alert').view).toHaveCount(0);
          await window.getByTestId('window.close').click();
          await expect(window).toHaveCount(0);
          return;
        }
        const window = desktop.windows.filter({ has: page.getByTestId('window.title').getByText(title, { exact: true }) });
        await expect(window).toHaveCount(1);
        await expect(window).toHaveAttribute('data-app', 'Viewer');
        // The organisation's page is there, with its heading.
        await expect(window.frameLocator('[data-testid="viewer.frame"]').getByRole('heading', { level: 1 })).toBeVisible();
        await expect(desktop.dialog('alert').view).toHaveCount(0);
        await window.getByTestId('window.close').click();
        await expect(window).toHaveCount(0);
      });
    }
  });

  test('opening the Viewer without a page shows what it is for and where pages are opened from, its title once', async ({ page }) => {
    const desktop = await signIn(page);
    await page.goto('/?app=Viewer');
    const viewer = desktop.appWindows('Viewer');
    await expect(viewer.getByTestId('window.title')).toHaveText('Viewer');
    const empty = viewer.getByTestId('viewer.empty');
    await expect(empty.getByRole('heading', { name: 'Nothing to show' })).toBeVisible();
    await expect(empty).toContainText('The viewer shows the web applications of your profile. Open one from the application menu.');
    await expect(viewer.getByTestId('viewer.frame')).toHaveCount(0);
    // Closed, so that the desktop session saved for the demo user does not bring it back to the next journey.
    await desktop.closeAllWindows();
  });

  test("an organisation page's title is the window's title only, not repeated inside the window", async ({ page }) => {
    const desktop = await signIn(page);
    await page.goto('/?app=Handbook');
    // The Viewer showing the page (an empty Viewer of an earlier journey may come back with the desktop session).
    const viewer = desktop.appWindows('Viewer').filter({ has: page.getByTestId('viewer.frame') });
    await expect(viewer.getByTestId('window.title')).toHaveText('Company Handbook');
    await expect(viewer.getByTestId('viewer.frame')).toBeVisible();
    await expect(viewer.getByTestId('window.body')).not.toContainText('Company Handbook');
    await desktop.closeAllWindows();
  });
});

test.describe('a launch that fails', () => {
  test.use({ expectedConsoleErrors: [/^Launch error [2-9A-Z]{4}-[2-9A-Z]{4}: /] });

  test('reads as a sentence with what to do; the details, with an error id to quote, only once Details is expanded', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const desktop = await signIn(page);
    const logged: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && logged.push(message.text())));
    await page.goto('/?app=Broken');
    const alert = desktop.dialog('alert');
    await expect(alert.title).toHaveText('Launch Error');
    await expect(alert.message).toHaveText("Package Loading 'Broken' failed: Failed to fetch dynamically imported module\nPlease use the package upgrade option and restart the app", { useInnerText: true });
    await expect(alert.message.locator('svg')).toHaveAttribute('data-icon', 'error');
    // Nothing technical is the first thing read: no address, no stack.
    await expect(alert.view).not.toContainText('http');
    await expect(alert.view.getByRole('textbox')).toHaveCount(0);
    // One control named Close: the alert's own button.
    await expect(alert.window.getByRole('button', { name: 'Close' })).toHaveCount(1);
    await expect(alert.button('Close')).toBeFocused();

    const details = alert.button('Details');
    await expect(details).toHaveAttribute('aria-expanded', 'false');
    await details.click();
    await expect(details).toHaveAttribute('aria-expanded', 'true');
    const text = alert.view.getByRole('textbox', { name: 'Error details' });
    await expect(text).toBeVisible();
    await expect(text).toHaveValue(/^Package Loading 'Broken' failed: Failed to fetch dynamically imported module: http:\/\/127\.0\.0\.1:\d+\/packages\/.+\/Broken\/main\.js/);
    const id = (await alert.view.getByTestId('dialog.alert.errorId').textContent())!.replace('Error ID: ', '');
    expect(id).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    // The log holds the same id with the details, for support to find.
    expect(logged.some((line) => line.startsWith(`Launch error ${id}: Package Loading 'Broken' failed`))).toBe(true);

    await alert.view.getByRole('button', { name: 'Copy details' }).click();
    await expect(alert.view.getByRole('status')).toHaveText('Copied');
    // The product's pages may write the clipboard but never read it (docs/SECURITY.md, Permissions-Policy): read it back from a page of this origin without that policy.
    const reader = await context.newPage();
    await reader.route('**/e2e-clipboard', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Clipboard</title>' }));
    await reader.goto('/e2e-clipboard');
    await reader.bringToFront();
    const copied = await reader.evaluate(() => navigator.clipboard.readText());
    await reader.close();
    expect(copied.startsWith(`Error ID: ${id}\nPackage Loading 'Broken' failed`)).toBe(true);

    await alert.button('Close').click();
    await expect(alert.view).toHaveCount(0);
    await expect(desktop.appWindows('Broken')).toHaveCount(0);
  });

  test('a refused application is a refusal, not an error: a padlock, no details, one Close, nothing logged', async ({ page }) => {
    const desktop = await signIn(page);
    const logged: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && logged.push(message.text())));
    await page.goto('/?app=Campaigns');
    const alert = desktop.dialog('alert');
    await expect(alert.message).toHaveText("You don't have access to Campaigns App");
    await expect(alert.message.locator('svg')).toHaveAttribute('data-icon', 'refused');
    await expect(alert.button('Details')).toHaveCount(0);
    await expect(alert.window.getByRole('button', { name: 'Close' })).toHaveCount(1);
    expect(logged.filter((line) => line.startsWith('Launch error'))).toEqual([]);
  });
});

test('a dark-theme user reloading sees the dark page from the first frame, not a light one, until the desktop is there', async ({ page }) => {
  const token = await apiToken(page.request, 'demo');
  await saveSettings(page.request, token, { 'desktop.theme': 'Nocturne' });
  try {
    await signIn(page);
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
    // Hold the page at its very start (its configuration) to look at it before anything else has loaded.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/client-config', async (route) => (await held, route.continue()));
    const reload = page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-boot-appearance', 'dark');
    expect(await page.evaluate(() => [getComputedStyle(document.documentElement).colorScheme, getComputedStyle(document.documentElement).backgroundColor, getComputedStyle(document.body).backgroundColor])).toEqual([
      'dark',
      'rgb(20, 25, 34)',
      'rgb(20, 25, 34)',
    ]);
    // The loading overlay shows (after its delay) over that page, with nothing light of its own.
    await expect(page.getByTestId('loading.spinner')).toBeVisible();
    await expect(page.getByTestId('loading.overlay')).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    release();
    await reload;
    await page.unroute('**/client-config');
    // Nothing was painted before the page had those colours: the first paint comes after them.
    const [boot, firstPaint] = await page.evaluate(() => [performance.getEntriesByName('atrium:boot-appearance')[0]?.startTime, performance.getEntriesByName('first-paint')[0]?.startTime]);
    expect(boot).toBeDefined();
    expect(firstPaint).toBeGreaterThanOrEqual(boot!);
    await expect(page.locator('[data-testid="desktop"][data-started="true"]')).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-boot-appearance');
    await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
  } finally {
    await saveSettings(page.request, token, { 'desktop.theme': 'Vision' });
  }
});

test('a broken appicon on the reset-password screen gives way to the default logo', async ({ page }) => {
  await page.goto('/?resetpassword=first-use-never-issued&appicon=/no-such-icon.png');
  await new ResetPasswordPage(page).submit.waitFor();
  const logo = page.locator('.atr-brand__logo');
  await expect(logo).toHaveAttribute('src', '/logo.svg');
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test('a window waiting for its dialog keeps its look: no veil, no spinner; only its title bar is dimmed', async ({ page }) => {
  const desktop = await signIn(page);
  const save = await desktop.openDialog('fileSave', 'file');
  await save.button('OK').click();
  await desktop.dialog('confirm').view.waitFor();
  const cover = save.window.getByTestId('window.loading');
  await expect(cover).toHaveAttribute('data-reason', 'dialog');
  await expect(cover).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(save.window.locator('.atr-window__spinner')).toHaveCount(0);
  await expect(save.window).toHaveAttribute('data-focused', 'false');
  // The dimmed title bar of a window in the background, not the focused one's.
  const header = save.window.getByTestId('window.header');
  const focusedHeader = desktop.dialog('confirm').window.getByTestId('window.header');
  expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(await focusedHeader.evaluate((el) => getComputedStyle(el).backgroundColor));
});
