import { expect, test } from '../fixtures.js';
import { apiToken, saveSettings } from '../helpers/api.js';
import { Desktop } from '../pages/Desktop.js';
import { OverlaysObject } from '../pages/OverlaysObject.js';

/**
 * The desktop's overlays (docs/behaviour/desktop.md): the keyboard-shortcut
 * guide and the command palette, the context menus of the desktop and the
 * panel (Panel Position, the desktop lock), the browser's own menu kept for
 * text inputs, and the phone layout (docs/behaviour/desktop.md#mobile-layout).
 * Settings a journey changes are put back at its end.
 */

/** Resets what these journeys change in the demo user's settings. */
async function resetSettings(request: Parameters<typeof apiToken>[0]): Promise<void> {
  const token = await apiToken(request, 'demo');
  await saveSettings(request, token, { 'desktop.keybindings': null, 'desktop.panels': null, 'desktop.lock': null, 'desktop.theme': null, locale: null });
}

test.afterEach(async ({ request }) => resetSettings(request));

test.describe('the keyboard-shortcut guide and the command palette', () => {
  test('Alt+Shift+K lists every binding, in the user language, following a keybinding changed in the settings', async ({ page, request }) => {
    const desktop = new Desktop(page);
    const overlays = new OverlaysObject(page);
    await desktop.signIn();
    await page.keyboard.press('Alt+Shift+K');
    await expect(overlays.guide).toHaveAccessibleName('Keyboard shortcuts');
    const rows = await overlays.guideRows();
    expect(rows).toContainEqual(['Show keyboard shortcuts', 'Alt+Shift+K']);
    expect(rows).toContainEqual(['Open the command palette', 'Alt+Shift+P']);
    expect(rows).toContainEqual(['Open the application menu', 'Alt+A']);
    expect(rows).toContainEqual(['Close window', 'Alt+Shift+W']);
    expect(rows).toContainEqual(['Open the window menu', 'Alt+Space']);
    await expect(overlays.guide.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(overlays.guide).toHaveCount(0);

    // The user's own binding, saved elsewhere: the desktop follows at once.
    const token = await apiToken(request, 'demo');
    await saveSettings(request, token, { 'desktop.keybindings': { 'desktop.shortcuts': 'Alt+Shift+J' } });
    await expect
      .poll(async () => {
        await page.keyboard.press('Alt+Shift+J');
        return overlays.guide.isVisible();
      })
      .toBe(true);
    expect(await overlays.guideRows()).toContainEqual(['Show keyboard shortcuts', 'Alt+Shift+J']);
    await page.keyboard.press('Escape');

    // In German.
    await saveSettings(request, token, { locale: 'de_DE' });
    await page.keyboard.press('Alt+Shift+J');
    await expect(overlays.guide).toHaveAccessibleName('Tastenkombinationen');
    // Keys as German keyboards print them.
    expect(await overlays.guideRows()).toContainEqual(['Tastenkombinationen anzeigen', 'Alt+Umschalt+J']);
    expect(await overlays.guideRows()).toContainEqual(['Fenstermenü öffnen', 'Alt+Leertaste']);
  });

  test('Alt+Shift+P finds a command by name and runs it on the focused window', async ({ page }) => {
    const desktop = new Desktop(page);
    const overlays = new OverlaysObject(page);
    await desktop.signIn();
    const window = await desktop.openTestWindow();
    await page.keyboard.press('Alt+Shift+P');
    await expect(overlays.paletteInput).toBeFocused();
    await overlays.paletteInput.fill('maximize');
    await expect(overlays.palette.getByRole('option')).toHaveText(['Maximize or restore windowAlt+Shift+↑']);
    await page.keyboard.press('Enter');
    await expect(overlays.palette).toHaveCount(0);
    await expect(window.frame).toHaveAttribute('data-maximized', 'true');
    // The palette does not offer itself: nothing matches, Enter does nothing.
    await page.keyboard.press('Alt+Shift+P');
    await overlays.paletteInput.fill('command palette');
    await page.keyboard.press('Enter');
    await expect(overlays.palette.getByText('No command matches.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlays.palette).toHaveCount(0);
  });
});

for (const theme of [null, 'Nocturne'] as const) {
  test(`the command palette opens an application by its name, and offers only the panel position it is not in (${theme ?? 'default'} theme)`, async ({ page, request }) => {
    const desktop = new Desktop(page);
    const overlays = new OverlaysObject(page);
    if (theme) await saveSettings(request, await apiToken(request, 'demo'), { 'desktop.theme': theme });
    await desktop.signIn();
    await page.keyboard.press('Alt+Shift+P');
    await expect(overlays.paletteInput).toHaveAttribute('placeholder', 'Type a command or an application');
    await overlays.paletteInput.fill('open prio');
    await expect(overlays.palette.getByRole('option')).toHaveText(['Open Priorities']);
    await page.keyboard.press('Enter');
    await expect(overlays.palette).toHaveCount(0);
    await expect(desktop.appWindows('Priorities')).toBeVisible();
    // The panel is at the top: moving it there is not offered, moving it to the bottom is.
    await page.keyboard.press('Alt+Shift+P');
    await overlays.paletteInput.fill('move the panel');
    await expect(overlays.palette.getByRole('option')).toHaveText(['Move the panel to the bottom']);
    await page.keyboard.press('Escape');
  });
}

test.describe('context menus', () => {
  test('the desktop menu opens on a right-click and from the keyboard, and its entries run', async ({ page }) => {
    const desktop = new Desktop(page);
    const overlays = new OverlaysObject(page);
    await desktop.signIn();
    await overlays.openDesktopMenu();
    await expect(overlays.desktopMenu).toHaveAccessibleName('Desktop menu');
    await expect(overlays.menuItem('Edit Preferences')).toBeFocused();
    await overlays.menuItem('Show keyboard shortcuts').click();
    await expect(overlays.guide).toBeVisible();
    await page.keyboard.press('Escape');

    // From the keyboard: Shift+F10 while the desktop itself has focus.
    await desktop.surface.focus();
    await page.keyboard.press('Shift+F10');
    await expect(overlays.desktopMenu).toBeVisible();
    await expect(overlays.menuItem('Edit Preferences')).toBeFocused();
    // My Home has nothing to minimize: the arrow skips it.
    await expect(overlays.menuItem('My Home: minimize all windows')).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(overlays.menuItem('Show keyboard shortcuts')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(overlays.desktopMenu).toHaveCount(0);
    await expect(desktop.surface).toBeFocused();
  });

  test('Panel Position Bottom moves the panel and survives a reload; the desktop lock refuses the panel menu', async ({ page, request }) => {
    const desktop = new Desktop(page);
    const overlays = new OverlaysObject(page);
    await desktop.signIn();
    const top = page.getByTestId('panel.top');
    await overlays.openPanelMenu(top);
    await overlays.menuItem('Panel Position').click();
    await expect(overlays.menuItem('Top')).toHaveAttribute('aria-checked', 'true');
    await overlays.menuItem('Bottom').click();
    const bottom = page.getByTestId('panel.bottom');
    await expect(bottom).toBeVisible();
    await expect(top).toHaveCount(0);
    // At the bottom edge of the page, above the footer line.
    const box = (await bottom.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan((page.viewportSize()?.height ?? 0) - 40);

    await page.reload();
    await desktop.waitUntilStarted();
    await expect(page.getByTestId('panel.bottom')).toBeVisible();

    // Locked: the menu does not open, by pointer or keyboard, and the palette offers no position.
    const token = await apiToken(request, 'demo');
    await saveSettings(request, token, { 'desktop.lock': true });
    // The desktop follows the saved setting at once; until it has, the menu still opens.
    await expect
      .poll(async () => {
        await page.getByTestId('panel.bottom').click({ button: 'right', position: { x: 3, y: 3 } });
        const open = await overlays.panelMenu.isVisible();
        if (open) await page.keyboard.press('Escape');
        return open;
      })
      .toBe(false);
    await page.getByTestId('panel.menu').focus();
    await page.keyboard.press('Shift+F10');
    await expect(overlays.panelMenu).toHaveCount(0);
    await page.keyboard.press('Alt+Shift+P');
    await overlays.paletteInput.fill('move the panel');
    await expect(overlays.palette.getByText('No command matches.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('panel.bottom')).toBeVisible();
  });

  test("the browser's own menu is suppressed on the desktop, kept in text inputs", async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    const prevented = (selector: string) =>
      page.locator(selector).first().evaluate((element) => {
        const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: 5, clientY: 5 });
        element.dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(await prevented('[data-testid="desktop.area"]')).toBe(true);
    expect(await prevented('[data-testid="panel.top"]')).toBe(true);
    await page.keyboard.press('Escape');
    const window = await desktop.openTestWindow();
    expect(await prevented(`[data-testid="window"][data-wid="${window.wid}"] [data-testid="window.title"]`)).toBe(true);
    await page.keyboard.press('Alt+Shift+P');
    expect(await prevented('[role="combobox"]')).toBe(false);
  });
});

test.describe('on a phone (390 px wide)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the panel stays usable, windows fill the screen, menus take its width and nothing scrolls sideways', async ({ page }, testInfo) => {
    const desktop = new Desktop(page);
    const overlays = new OverlaysObject(page);
    await desktop.signIn();
    const panel = page.getByTestId('panel.top');
    await expect(panel).toBeVisible();
    const profile = desktop.profileButton;
    const profileBox = (await profile.boundingBox())!;
    expect(profileBox.x + profileBox.width).toBeLessThanOrEqual(390);

    const window = await desktop.openTestWindow();
    await desktop.openTestWindow();
    const area = (await overlays.area.boundingBox())!;
    const frame = (await (await desktop.windowAt(1)).frame.boundingBox())!;
    expect(frame).toEqual(area);
    await expect(window.maximizeButton).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('phone-windows.png') });

    // The window list reaches every window: the first comes back from there.
    await page.getByRole('group', { name: 'Open windows' }).getByRole('button', { name: 'Test window 1' }).click();
    await expect(window.frame).toHaveAttribute('data-focused', 'true');
    // More windows than the panel has room for: the list scrolls, the logo and the profile menu stay on screen.
    for (let i = 0; i < 6; i++) await desktop.openTestWindow();
    for (const control of [page.getByTestId('panel.menu'), profile]) {
      const b = (await control.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('phone-many-windows.png') });

    await desktop.closeAllWindows();
    await overlays.openDesktopMenu();
    const menu = (await overlays.desktopMenu.boundingBox())!;
    expect(menu.x).toBeLessThanOrEqual(4);
    expect(menu.x + menu.width).toBeGreaterThanOrEqual(386);
    await page.screenshot({ path: testInfo.outputPath('phone-menu.png') });
    await page.keyboard.press('Escape');

    await page.keyboard.press('Alt+Shift+P');
    const palette = (await overlays.palette.boundingBox())!;
    expect(palette.x).toBeGreaterThanOrEqual(0);
    expect(palette.x + palette.width).toBeLessThanOrEqual(390);
    await overlays.paletteInput.fill('shortcuts');
    await page.keyboard.press('Enter');
    await expect(overlays.guide).toBeVisible();
    const guide = (await overlays.guide.boundingBox())!;
    expect(guide.x + guide.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('phone-guide.png') });
  });
});
