import { expect, test } from '../fixtures.js';
import { Desktop } from '../pages/Desktop.js';
import { PanelObject } from '../pages/PanelObject.js';
import type { Edge } from '../pages/WindowObject.js';

test.describe('windows', () => {
  let desktop: Desktop;
  test.beforeEach(async ({ page }) => {
    desktop = new Desktop(page);
    await desktop.signIn();
  });

  test('opens windows in a cascade, the newest focused on top', async () => {
    const first = await desktop.openTestWindow();
    const second = await desktop.openTestWindow();
    await expect(first.title).toHaveText('Test window 1');
    await expect(second.title).toHaveText('Test window 2');
    const [a, b] = [await first.box(), await second.box()];
    expect(b.left - a.left).toBe(30);
    expect(b.top - a.top).toBe(30);
    await expect(second.frame).toHaveAttribute('data-focused', 'true');
    await expect(first.frame).toHaveAttribute('data-focused', 'false');
  });

  test('can be dragged by the header', async () => {
    const w = await desktop.openTestWindow();
    const before = await w.box();
    await w.drag(240, 130);
    const after = await w.box();
    expect(after.left - before.left).toBe(240);
    expect(after.top - before.top).toBe(130);
    expect(after.width).toBe(before.width);
    await expect(w.frame).toHaveAttribute('data-moving', 'false');
  });

  test('cannot be dragged above the top edge', async () => {
    const w = await desktop.openTestWindow();
    await w.drag(100, -300);
    expect((await w.box()).top).toBe(0);
  });

  test('focuses and raises a window pressed with the mouse', async () => {
    const first = await desktop.openTestWindow();
    const second = await desktop.openTestWindow();
    await first.header.click({ position: { x: 60, y: 10 } });
    await expect(first.frame).toHaveAttribute('data-focused', 'true');
    await expect(second.frame).toHaveAttribute('data-focused', 'false');
    const z = async (w: typeof first) => Number(await w.frame.evaluate((el) => getComputedStyle(el).zIndex));
    expect(await z(first)).toBeGreaterThan(await z(second));
  });

  const edges: Array<[Edge, number, number]> = [
    ['e', 60, 0],
    ['w', -60, 0],
    ['s', 0, 50],
    ['n', 0, -50],
    ['se', 70, 40],
    ['sw', -70, 40],
    ['ne', 70, -40],
    ['nw', -70, -40],
  ];
  test('resizes from each of the eight handles: those edges follow the pointer, the opposite ones stay', async () => {
    // One desktop for the eight handles, each a step of its own (a failure names the handle) on a window of its own,
    // with the time of a journey for each.
    test.setTimeout(edges.length * test.info().timeout);
    for (const [edge, dx, dy] of edges) {
      await test.step(`resizes from the ${edge} handle`, async () => {
        const w = await desktop.openTestWindow();
        await w.dragTo(500, 300);
        const before = await w.box();
        await w.resize(edge, dx, dy);
        const after = await w.box();
        expect(after.left).toBe(before.left + (edge.includes('w') ? dx : 0));
        expect(after.right).toBe(before.right + (edge.includes('e') ? dx : 0));
        expect(after.top).toBe(before.top + (edge.includes('n') ? dy : 0));
        expect(after.bottom).toBe(before.bottom + (edge.includes('s') ? dy : 0));
        await expect(w.frame).toHaveAttribute('data-resizing', 'false');
        await w.closeButton.click();
        await expect(w.frame).toHaveCount(0);
      });
    }
  });

  test('stops at the minimum size of 100x100', async () => {
    const w = await desktop.openTestWindow();
    await w.dragTo(600, 300);
    const before = await w.box();
    await w.resize('se', -500, -400);
    const after = await w.box();
    expect([after.width, after.height]).toEqual([100, 100]);
    expect([after.left, after.top]).toEqual([before.left, before.top]);
    await w.resize('nw', 300, 300);
    const fromNw = await w.box();
    expect([fromNw.width, fromNw.height]).toEqual([100, 100]);
    expect([fromNw.right, fromNw.bottom]).toEqual([after.right, after.bottom]);
  });

  test('a fixed-size window has no resize handles and no maximize button', async () => {
    await desktop.developer('openFixed');
    const w = await desktop.windowTitled('Fixed-size window');
    await expect(w.frame.getByTestId(/^window\.resize\./)).toHaveCount(0);
    await expect(w.maximizeButton).toHaveCount(0);
    await w.header.dblclick({ position: { x: 80, y: 10 } });
    await expect(w.frame).toHaveAttribute('data-maximized', 'false');
  });

  test('can maximize via double click on the header, and restore the same way', async () => {
    const w = await desktop.openTestWindow();
    const before = await w.box();
    await w.header.dblclick({ position: { x: 80, y: 10 } });
    await expect(w.frame).toHaveAttribute('data-maximized', 'true');
    const size = await desktop.size();
    expect(await w.box()).toMatchObject({ left: 0, top: 0, width: size.width, height: size.height });
    await expect(w.maximizeButton).toHaveAccessibleName('Restore');
    await expect(w.handle('se')).toHaveCount(0);
    await w.header.dblclick({ position: { x: 80, y: 10 } });
    await expect(w.frame).toHaveAttribute('data-maximized', 'false');
    expect(await w.box()).toEqual(before);
  });

  test('maximizes and restores from the maximize button', async () => {
    const w = await desktop.openTestWindow();
    const before = await w.box();
    await w.maximizeButton.click();
    await expect(w.frame).toHaveAttribute('data-maximized', 'true');
    await w.maximizeButton.click();
    expect(await w.box()).toEqual(before);
  });

  test("minimizes from the chrome and raises from the panel's window list", async () => {
    const w = await desktop.openTestWindow();
    await w.minimizeButton.click();
    await expect(w.frame).toBeHidden();
    await expect(w.frame).toHaveAttribute('data-minimized', 'true');
    await expect(w.frame).toHaveAttribute('data-focused', 'false');
    const entry = new PanelObject(desktop.page).windowEntry('Test window 1 (minimized)');
    await entry.click();
    await expect(w.frame).toBeVisible();
    await expect(w.frame).toHaveAttribute('data-focused', 'true');
    await expect(new PanelObject(desktop.page).windowEntry('Test window 1')).toHaveAttribute('aria-pressed', 'true');
  });

  test('closes from the close button', async () => {
    const first = await desktop.openTestWindow();
    const second = await desktop.openTestWindow();
    await second.closeButton.click();
    await expect(second.frame).toHaveCount(0);
    await expect(first.frame).toHaveAttribute('data-focused', 'true');
  });

  test('snaps to the left half, the right half and the top, previewing the zone while dragging', async () => {
    const w = await desktop.openTestWindow();
    const size = await desktop.size();
    await w.dragTo(3, 300, async () => {
      await expect(desktop.snapPreview).toHaveAttribute('data-zone', 'left');
    });
    await expect(desktop.snapPreview).toHaveCount(0);
    expect(await w.box()).toEqual({ left: 0, top: 0, right: size.width / 2, bottom: size.height, width: size.width / 2, height: size.height });

    await w.dragTo(size.width - 3, 300, async () => {
      await expect(desktop.snapPreview).toHaveAttribute('data-zone', 'right');
    });
    expect(await w.box()).toEqual({ left: size.width / 2, top: 0, right: size.width, bottom: size.height, width: size.width / 2, height: size.height });

    await w.dragTo(size.width / 2, 2, async () => {
      await expect(desktop.snapPreview).toHaveAttribute('data-zone', 'top');
    });
    await expect(w.frame).toHaveAttribute('data-maximized', 'true');
    expect(await w.box()).toMatchObject({ left: 0, top: 0, width: size.width, height: size.height });
  });

  test('a maximized window dragged by its header is restored under the pointer', async () => {
    const w = await desktop.openTestWindow();
    const before = await w.box();
    await w.maximizeButton.click();
    await w.drag(0, 200);
    await expect(w.frame).toHaveAttribute('data-maximized', 'false');
    const after = await w.box();
    expect([after.width, after.height]).toEqual([before.width, before.height]);
  });

  test('shows the loading overlay while a window is loading', async () => {
    await desktop.developer('openLoading');
    const w = await desktop.windowTitled('Window with loading');
    await expect(w.loading).toBeVisible();
    await expect(w.frame).toHaveAttribute('aria-busy', 'true');
    await expect(w.loading).toHaveCount(0, { timeout: 6000 });
  });

  test('selects no text while a window is dragged or resized across a dialog message', async ({ page }) => {
    await desktop.developer('confirmYesNo');
    const message = desktop.dialog('confirm').message;
    const w = await desktop.openTestWindow();
    await w.dragTo(200, 400);
    const text = (await message.boundingBox())!;
    const across = async (from: { x: number; y: number }) => {
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(text.x + text.width / 2, text.y + text.height / 2, { steps: 8 });
      await page.mouse.move(text.x + text.width + 40, text.y + text.height + 20, { steps: 8 });
      expect(await page.evaluate(() => document.getSelection()?.toString() ?? '')).toBe('');
      await page.mouse.up();
    };
    const title = (await w.title.boundingBox())!;
    await across({ x: title.x + 10, y: title.y + title.height / 2 });
    const handle = (await w.handle('se').boundingBox())!;
    await across({ x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 });
    // The same moves from inside the message do select it: the check above can see a selection.
    await message.click({ position: { x: 1, y: 1 } });
    const now = (await message.boundingBox())!;
    await page.mouse.move(now.x + 1, now.y + 2);
    await page.mouse.down();
    await page.mouse.move(now.x + now.width - 1, now.y + now.height - 2, { steps: 8 });
    await page.mouse.up();
    expect(await page.evaluate(() => document.getSelection()?.toString() ?? '')).not.toBe('');
  });

  test('opens thirty windows at once', async () => {
    await desktop.developer('openMany');
    await expect(desktop.windows).toHaveCount(30);
    await expect(desktop.page.locator('[data-testid="window"][data-focused="true"]')).toHaveCount(1);
  });
});
