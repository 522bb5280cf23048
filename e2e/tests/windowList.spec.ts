import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { Desktop } from '../pages/Desktop.js';
import { PanelObject } from '../pages/PanelObject.js';

/**
 * The panel's window list (docs/behaviour/desktop.md#window-list): an entry
 * per window (icon, title or '(window)'), a click raises or minimizes, a
 * double-click maximizes, a close button on hover or focus, the window menu
 * with what each window allows, and 'Launching' entries while an
 * application loads. Windows with particular attributes are opened through
 * the developer build's window manager (window.atriumDev).
 */

/** A demo user who has accepted the privacy policy already (the dialog is privacyPolicy.spec.ts's). */
const USER = 'olivia';

/** Opens a window with the given title and attributes, as an application would; returns its wid. */
async function openWindow(page: Page, title: string, attributes: Record<string, unknown> = {}): Promise<number> {
  return page.evaluate(
    ([title, attributes]) => {
      const dev = (window as unknown as { atriumDev?: { windows: { open(o: object): { wid: number } } } }).atriumDev;
      if (!dev) throw new Error('not a development build');
      return dev.windows.open({ id: `list-${Math.random()}`, appId: 'devtools', title, attributes }).wid;
    },
    [title, attributes] as const,
  );
}

test.describe('the window list', () => {
  test('lists every window whose visibility is global or unset, with its icon and its title or (window)', async ({ page }) => {
    const desktop = new Desktop(page);
    const panel = new PanelObject(page);
    await desktop.signIn(USER);
    await expect(panel.windowList).toBeVisible();
    await openWindow(page, 'Restricted window', { visibility: 'restricted' });
    await desktop.openTestWindow();
    await openWindow(page, '');
    await openWindow(page, 'Global window', { visibility: 'global' });
    await expect(desktop.windows).toHaveCount(4);
    await expect.poll(() => panel.windowEntries()).toEqual(['Test window 1', '(window)', 'Global window']);
    await expect(panel.windowEntry('Test window 1').locator('svg, img').first()).toBeVisible();
    // The focused window's entry is pressed.
    await expect(panel.windowEntry('Global window')).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.windowEntry('Test window 1')).toHaveAttribute('aria-pressed', 'false');
  });

  test('a click raises a window, a click on the focused one minimizes it, and the list brings a minimized window back', async ({ page }) => {
    const desktop = new Desktop(page);
    const panel = new PanelObject(page);
    await desktop.signIn(USER);
    const first = await desktop.openTestWindow();
    const second = await desktop.openTestWindow();
    await expect(second.frame).toHaveAttribute('data-focused', 'true');
    await panel.windowEntry('Test window 1').click();
    await expect(first.frame).toHaveAttribute('data-focused', 'true');
    await expect(panel.windowEntry('Test window 1')).toHaveAttribute('aria-pressed', 'true');
    // A second click of its own, not a double-click's: Playwright's click says it is a first one (its detail is 1).
    await panel.windowEntry('Test window 1').click();
    await expect(first.frame).toHaveAttribute('data-minimized', 'true');
    await expect(panel.windowEntry('Test window 1 (minimized)')).toBeVisible();
    await panel.windowEntry('Test window 1 (minimized)').click();
    await expect(first.frame).toBeVisible();
    await expect(first.frame).toHaveAttribute('data-focused', 'true');
  });

  test('a double-click toggles maximize when the window allows it', async ({ page }) => {
    const desktop = new Desktop(page);
    const panel = new PanelObject(page);
    await desktop.signIn(USER);
    const window = await desktop.openTestWindow();
    await panel.windowEntry('Test window 1').dblclick();
    await expect(window.frame).toHaveAttribute('data-maximized', 'true');
    await expect(window.frame).toBeVisible();
    await panel.windowEntry('Test window 1').dblclick();
    await expect(window.frame).not.toHaveAttribute('data-maximized', 'true');
    await openWindow(page, 'Fixed size', { maximizable: false });
    await panel.windowEntry('Fixed size').dblclick();
    await expect(desktop.windows.last()).not.toHaveAttribute('data-maximized', 'true');
  });

  test('the close icon shows on hover or focus and closes the window', async ({ page }) => {
    const desktop = new Desktop(page);
    const panel = new PanelObject(page);
    await desktop.signIn(USER);
    await desktop.openTestWindow();
    await desktop.openTestWindow();
    const close = panel.closeButton('Test window 1');
    await expect(close).toBeHidden();
    await panel.windowEntry('Test window 1').hover();
    await expect(close).toBeVisible();
    await close.click();
    await expect.poll(() => panel.windowEntries()).toEqual(['Test window 2']);
    // From the keyboard: the entry's focus shows its close button, the next stop of the panel.
    await panel.windowEntry('Test window 2').focus();
    await page.mouse.move(600, 600);
    await expect(panel.closeButton('Test window 2')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(panel.closeButton('Test window 2')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(desktop.windows).toHaveCount(0);
    await expect.poll(() => panel.windowEntries()).toEqual([]);
    // A window that cannot be closed has no close icon.
    await openWindow(page, 'Pinned', { closeable: false });
    await panel.windowEntry('Pinned').hover();
    await expect(panel.closeButton('Pinned')).toHaveCount(0);
  });

  test('the context menu offers Maximize or Restore, Minimize or Raise and Close, each disabled when the window does not allow it', async ({ page }) => {
    const desktop = new Desktop(page);
    const panel = new PanelObject(page);
    await desktop.signIn(USER);
    await desktop.openTestWindow();
    await openWindow(page, 'Locked', { maximizable: false, minimizable: false, closeable: false });

    let menu = await panel.openWindowMenu('Locked');
    for (const name of ['Maximize', 'Minimize', 'Close']) await expect(menu.getByRole('menuitem', { name })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);

    menu = await panel.openWindowMenu('Test window 1');
    for (const name of ['Maximize', 'Minimize', 'Close']) await expect(menu.getByRole('menuitem', { name })).toHaveAttribute('aria-disabled', 'false');
    await menu.getByRole('menuitem', { name: 'Maximize' }).click();
    await expect(desktop.windows.first()).toHaveAttribute('data-maximized', 'true');
    menu = await panel.openWindowMenu('Test window 1');
    await menu.getByRole('menuitem', { name: 'Minimize' }).click();
    await expect(desktop.windows.first()).toHaveAttribute('data-minimized', 'true');
    menu = await panel.openWindowMenu('Test window 1 (minimized)');
    await expect(menu.getByRole('menuitem', { name: 'Restore' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Raise' }).click();
    await expect(desktop.windows.first()).toBeVisible();
    menu = await panel.openWindowMenu('Test window 1');
    await menu.getByRole('menuitem', { name: 'Close' }).click();
    await expect.poll(() => panel.windowEntries()).toEqual(['Locked']);
  });

  test('from the keyboard: the entries are stops of the panel, and Shift+F10 opens the window menu of the focused entry', async ({ page }) => {
    const desktop = new Desktop(page);
    const panel = new PanelObject(page);
    await desktop.signIn(USER);
    await desktop.openTestWindow();
    await panel.menuButton.focus();
    await page.keyboard.press('ArrowRight');
    await expect(panel.windowEntry('Test window 1')).toBeFocused();
    await page.keyboard.press('Shift+F10');
    await expect(panel.windowMenu.getByRole('menuitem', { name: 'Maximize' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel.windowMenu).toHaveCount(0);
    await expect(panel.windowEntry('Test window 1')).toBeFocused();
    // Enter on the focused window's entry minimizes it, and again brings it back.
    await page.keyboard.press('Enter');
    await expect(desktop.windows.first()).toHaveAttribute('data-minimized', 'true');
    await expect(panel.windowEntry('Test window 1 (minimized)')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(desktop.windows.first()).toBeVisible();
  });

  test("'Launching' followed by the application's name shows while it loads, then its window's entry", async ({ page }) => {
    const desktop = new Desktop(page);
    const panel = new PanelObject(page);
    await desktop.signIn(USER);
    // Hello's code arrives only when the journey lets it.
    let release: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/packages/*/Hello/main.js', async (route) => {
      await arrived;
      await route.continue();
    });
    await panel.openAppMenu();
    await panel.app('Hello').click();
    await expect(panel.launching).toHaveText('Launching Hello');
    await expect(panel.launching.getByRole('button')).toHaveCount(0);
    release();
    await expect(desktop.appWindows('Hello')).toBeVisible();
    await expect(panel.launching).toHaveText('');
    await expect(panel.windowEntry('Hello')).toBeVisible();
  });
});
