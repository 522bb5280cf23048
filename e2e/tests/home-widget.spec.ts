import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { Desktop } from '../pages/Desktop.js';
import { HomeWidgetObject } from '../pages/HomeWidgetObject.js';

/**
 * The home widget on the desktop (docs/behaviour/desktop.md#home-widget), in
 * both forms: the organisation's block with the profile in it, and the
 * user's dashboard. The server's answer is given by the journey (the page's
 * request is answered here), so that each form is shown on demand. Olivia's
 * widgets setting is switched off and on again.
 */

const DASHBOARD = '0b9f3b0e-5b8a-4c39-9d7c-2a1f0e3d4c5b';

async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

test('the home widget shows the block with the profile behind the windows, follows the Preferences switch, and shows the dashboard form', async ({ page }) => {
  const home = new HomeWidgetObject(page);
  await home.answerWith({ type: 'html', html: '<h1>Welcome, {firstname}</h1><p>{organisation} · {designation}</p>', dashboard_uuid: null });
  const desktop = new Desktop(page);
  await desktop.signIn('olivia');

  // The block, with the profile filled in, in a frame without any permission, named for assistive technology.
  await home.shownDocument();
  const frame = page.frameLocator('[data-testid="home.frame"]');
  await expect(frame.getByRole('heading', { name: 'Welcome, Olivia' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Home' })).toBeVisible();
  await expect(home.frame).toHaveAttribute('sandbox', '');
  await expect(home.frame).toHaveAttribute('title', "Your organisation's home page");

  // Below the top panel, inside the window area.
  const panel = await box(page.getByTestId('panel.top'));
  expect((await box(home.region)).y).toBeGreaterThanOrEqual(panel.y + panel.height);

  // Reached with the keyboard, and left again: the frame is no trap.
  await home.frame.focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).not.toBe('home.frame');

  // Below the windows: a maximized window covers it.
  const window = await desktop.openTestWindow();
  await window.maximizeButton.click();
  const widget = await box(home.region);
  const covering = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="window"]') !== null, { x: widget.x + widget.width / 2, y: widget.y + widget.height / 2 });
  expect(covering).toBe(true);
  await desktop.closeAllWindows();

  // A window dragged across the frame, and let go over it, follows the pointer to the end: the frame lets a drag's pointer through.
  const dragged = await desktop.openTestWindow();
  const start = await dragged.box();
  const target = await box(home.region);
  const title = await box(dragged.title);
  const [fromX, fromY] = [Math.round(title.x + title.width / 2), Math.round(title.y + title.height / 2)];
  const [dx, dy] = [Math.round(target.x + target.width / 2) - fromX, Math.round(target.y + target.height / 2) - fromY];
  await dragged.drag(dx, dy, { steps: 24, before: () => expect(page.getByTestId('desktop.area')).toHaveAttribute('data-pointer-capture', 'true') });
  const moved = await dragged.box();
  expect([moved.left - start.left, moved.top - start.top]).toEqual([dx, dy]);
  await expect(dragged.frame).toHaveAttribute('data-moving', 'false');
  await expect(page.getByTestId('desktop.area')).not.toHaveAttribute('data-pointer-capture');
  // Resized back across it too; the frame takes the pointer again afterwards.
  await dragged.resize('w', -200, 0);
  expect((await dragged.box()).width).toBe(moved.width + 200);
  expect(await home.frame.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('auto');
  await desktop.closeAllWindows();

  // The Preferences switch hides and shows it at once.
  await desktop.openPreferences();
  const preferences = desktop.appWindows('Preferences');
  await preferences.getByTestId('preferences.tab.widgets').click();
  await preferences.getByTestId('preferences.widgets.home').uncheck();
  await expect(home.region).toHaveCount(0);
  await preferences.getByTestId('preferences.widgets.home').check();
  await expect(frame.getByRole('heading', { name: 'Welcome, Olivia' })).toBeVisible();
  await desktop.closeAllWindows();

  // On a phone's width it takes the window area's width, still below the panel.
  await page.setViewportSize({ width: 390, height: 844 });
  const narrow = await box(home.region);
  expect(narrow.x).toBeGreaterThanOrEqual(0);
  expect(narrow.x + narrow.width).toBeLessThanOrEqual(390);
  expect(narrow.width).toBeGreaterThan(300);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The dashboard form: the Dashboards application's read-only dashboard, or, until it can show it, a button that opens it there.
  await home.answerWith({ type: 'dashboard', html: null, dashboard_uuid: DASHBOARD });
  await page.reload();
  await desktop.waitUntilStarted();
  await expect(home.dashboard).toHaveAttribute('data-state', /^(mounted|fallback)$/);
  if ((await home.dashboard.getAttribute('data-state')) === 'fallback') {
    await expect(home.dashboard.getByRole('button', { name: 'Open dashboard' })).toBeVisible();
    await expect(home.frame).toHaveCount(0);
  }
});
