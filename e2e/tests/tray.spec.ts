import { expect, test } from '../fixtures.js';
import { Desktop } from '../pages/Desktop.js';

/**
 * The panel's tray (docs/behaviour/desktop.md#tray): icons with a title, a
 * badge, and click and context-click handlers. The developer build places
 * test icons whose handlers report in its result line.
 */
test.describe('the tray', () => {
  test('shows an icon with its badge and title, and hands clicks and context clicks to its handlers', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn('demo');
    // Only the desktop's own icon, the filesystem search, until an application places one.
    await expect(page.getByRole('group', { name: 'Tray' }).getByRole('button')).toHaveCount(1);
    await expect(page.getByRole('group', { name: 'Tray' }).getByRole('button', { name: 'Search files' })).toBeVisible();

    await desktop.developer('trayIcon');
    const tray = page.getByRole('group', { name: 'Tray' });
    const icon = tray.getByRole('button', { name: 'Test tray icon 1 (3 new)' });
    await expect(icon).toBeVisible();
    await expect(icon).toHaveAttribute('title', 'Test tray icon 1');
    await expect(icon.getByTestId('panel.tray.badge')).toHaveText('3');

    // A click: the icon's handler runs (it counts the badge down).
    await icon.click();
    await expect(desktop.result).toHaveText('tray: click "Test tray icon 1"');
    await expect(tray.getByRole('button', { name: 'Test tray icon 1 (2 new)' })).toBeVisible();

    // A right-click: the icon's context handler, not the panel's menu.
    await tray.getByRole('button', { name: /^Test tray icon 1/ }).click({ button: 'right' });
    await expect(desktop.result).toHaveText('tray: contextmenu "Test tray icon 1"');
    await expect(page.getByTestId('contextMenu.panel')).toHaveCount(0);
  });

  test('is reachable from the keyboard: Enter clicks, Shift+F10 and the context-menu key context-click', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn('demo');
    await desktop.developer('trayIcon');
    const icon = page.getByRole('group', { name: 'Tray' }).getByRole('button', { name: /^Test tray icon \d+/ });
    await icon.focus();
    await expect(icon).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(desktop.result).toHaveText(/^tray: click "Test tray icon \d+"$/);
    await page.keyboard.press('Shift+F10');
    await expect(desktop.result).toHaveText(/^tray: contextmenu /);
    await page.keyboard.press('Enter');
    await expect(desktop.result).toHaveText(/^tray: click /);
    await page.keyboard.press('ContextMenu');
    await expect(desktop.result).toHaveText(/^tray: contextmenu /);
    await expect(page.getByTestId('contextMenu.panel')).toHaveCount(0);
  });

  test('shows 99+ for a count above 99, and the count in the name', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn('demo');
    await desktop.developer('trayIconMany');
    const icon = page.getByRole('group', { name: 'Tray' }).getByRole('button', { name: /^Test tray icon \d+ \(99\+ new\)$/ });
    await expect(icon.getByTestId('panel.tray.badge')).toHaveText('99+');
  });
});
