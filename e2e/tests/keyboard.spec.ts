import { expect, test } from '../fixtures.js';
import { Desktop } from '../pages/Desktop.js';
import type { WindowObject } from '../pages/WindowObject.js';

test.describe('keyboard operation of windows', () => {
  let desktop: Desktop;
  let windows: WindowObject[];
  test.beforeEach(async ({ page }) => {
    desktop = new Desktop(page);
    await desktop.signIn();
    windows = [await desktop.openTestWindow(), await desktop.openTestWindow(), await desktop.openTestWindow()];
    await expect(windows[2]!.frame).toHaveAttribute('data-focused', 'true');
  });

  test('Alt+` cycles the focus through the windows, and DOM focus follows', async ({ page }) => {
    const visited: Array<string | null> = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Alt+Backquote');
      visited.push(await desktop.focusedWid());
      expect(await desktop.domFocusWid()).toBe(visited[visited.length - 1]);
    }
    expect(new Set(visited).size).toBe(3);
    expect(visited[2]).toBe(windows[2]!.wid);
  });

  test('Alt+Shift+M minimizes the focused window', async ({ page }) => {
    await page.keyboard.press('Alt+Shift+KeyM');
    await expect(windows[2]!.frame).toHaveAttribute('data-minimized', 'true');
    await expect(windows[2]!.frame).toBeHidden();
    await expect(windows[1]!.frame).toHaveAttribute('data-focused', 'false');
  });

  test('Alt+Shift+ArrowUp maximizes the focused window and restores it', async ({ page }) => {
    const before = await windows[2]!.box();
    await page.keyboard.press('Alt+Shift+ArrowUp');
    await expect(windows[2]!.frame).toHaveAttribute('data-maximized', 'true');
    await page.keyboard.press('Alt+Shift+ArrowUp');
    await expect(windows[2]!.frame).toHaveAttribute('data-maximized', 'false');
    expect(await windows[2]!.box()).toEqual(before);
  });

  test('Alt+Shift+ArrowLeft and ArrowRight snap the focused window to a half', async ({ page }) => {
    const size = await desktop.size();
    await page.keyboard.press('Alt+Shift+ArrowLeft');
    await expect.poll(() => windows[2]!.box()).toMatchObject({ left: 0, top: 0, width: size.width / 2, height: size.height });
    await page.keyboard.press('Alt+Shift+ArrowRight');
    await expect.poll(() => windows[2]!.box()).toMatchObject({ left: size.width / 2, top: 0, width: size.width / 2 });
  });

  test('Alt+Shift+W closes the focused window and focus goes to the previous one', async ({ page }) => {
    await page.keyboard.press('Alt+Shift+KeyW');
    await expect(windows[2]!.frame).toHaveCount(0);
    await expect(windows[1]!.frame).toHaveAttribute('data-focused', 'true');
    expect(await desktop.domFocusWid()).toBe(windows[1]!.wid);
  });

  test('Alt+Space opens the icon menu: arrows move, Enter chooses, Escape closes', async ({ page }) => {
    const w = windows[2]!;
    await page.keyboard.press('Alt+Space');
    await expect(w.menu).toBeVisible();
    await expect(w.menu.getByRole('menuitem', { name: 'Minimize' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(w.menu).toHaveCount(0);
    await expect(w.icon).toBeFocused();
    await page.keyboard.press('Alt+Space');
    await page.keyboard.press('ArrowDown');
    await expect(w.menu.getByRole('menuitem', { name: 'Maximize' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(w.frame).toHaveAttribute('data-maximized', 'true');
    await expect(w.menu).toHaveCount(0);
  });

  test('moves a window with the arrow keys from the menu\'s Move: 10 px, 1 px with Shift, Enter keeps it', async ({ page }) => {
    const w = windows[2]!;
    const before = await w.box();
    await page.keyboard.press('Alt+Space');
    await w.menu.getByRole('menuitem', { name: 'Move' }).press('Enter');
    await expect(page.getByTestId('desktop.keyboardMode')).toContainText('Moving Test window 3');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('desktop.keyboardMode')).toHaveText('');
    const after = await w.box();
    expect([after.left - before.left, after.top - before.top]).toEqual([19, 10]);
    await page.keyboard.press('ArrowRight');
    expect((await w.box()).left).toBe(after.left);
  });

  test('resizes a window with Alt+Shift+F8 and the arrow keys; Escape puts it back', async ({ page }) => {
    const w = windows[2]!;
    const before = await w.box();
    await page.keyboard.press('Alt+Shift+F8');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await w.box()).width).toBe(before.width + 10);
    expect((await w.box()).height).toBe(before.height + 10);
    await page.keyboard.press('Escape');
    await expect.poll(() => w.box()).toEqual(before);
  });
});
