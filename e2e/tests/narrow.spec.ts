import { expect, test } from '../fixtures.js';
import { DashboardsObject } from '../pages/DashboardsObject.js';
import { Desktop } from '../pages/Desktop.js';
import { FilesAppObject } from '../pages/FilesAppObject.js';

/** The developer menu's entries for every dialog kind, with the dialog kind each opens. */
const DIALOGS: Array<[entry: string, kind: string]> = [
  ['alertInfo', 'alert'],
  ['alertError', 'alert'],
  ['confirmYesNo', 'confirm'],
  ['prompt', 'prompt'],
  ['progress', 'progress'],
  ['color', 'color'],
  ['font', 'font'],
  ['fileOpen', 'file'],
  ['fileSave', 'file'],
  ['choice', 'choice'],
  ['defaultApplication', 'defaultApplication'],
];

test.describe('a 320 px wide screen (docs/ACCESSIBILITY.md)', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the login page fits without scrolling sideways', async ({ page }, testInfo) => {
    await page.goto('/');
    await page.getByLabel('Username', { exact: true }).waitFor();
    await page.screenshot({ path: testInfo.outputPath('login.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  test('every kind of dialog fits, with every control and button inside the screen', async ({ page }, testInfo) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    // One desktop for every kind: each a step of its own (a failure names it), closed with Escape before the next,
    // with the time of a journey for each.
    test.setTimeout(DIALOGS.length * test.info().timeout);
    for (const [entry, kind] of DIALOGS) {
      await test.step(`the ${entry} dialog`, async () => {
        await desktop.developer(entry);
        const dialog = desktop.dialog(kind);
        await expect(dialog.view).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`${entry}.png`) });

        const box = (await dialog.window.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(320);
        expect(box.y + box.height).toBeLessThanOrEqual(640);
        // Nothing inside runs out sideways.
        const overflow = await dialog.view.evaluate((root) =>
          [root, ...root.querySelectorAll('*')].filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'hidden' && !el.matches('select, input, textarea')).map((el) => el.className || el.tagName),
        );
        expect(overflow).toEqual([]);
        for (const button of await dialog.view.getByRole('button').all()) {
          if (!(await button.isVisible())) continue;
          const b = (await button.boundingBox())!;
          expect(b.x, (await button.textContent()) ?? '').toBeGreaterThanOrEqual(box.x);
          expect(b.x + b.width, (await button.textContent()) ?? '').toBeLessThanOrEqual(box.x + box.width);
          expect(b.y + b.height, (await button.textContent()) ?? '').toBeLessThanOrEqual(box.y + box.height);
        }
        for (const control of await dialog.view.locator('input:not([type="hidden"]), select, textarea, [role="listbox"]').all()) {
          const c = (await control.boundingBox())!;
          expect(c.x).toBeGreaterThanOrEqual(box.x);
          expect(c.x + c.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
        await page.keyboard.press('Escape');
        await expect(dialog.window).toHaveCount(0);
      });
    }
  });
});

test.describe('Dashboards on a 320 px wide phone (docs/behaviour/dashboards.md#a-dashboard)', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('a dashboard stacks its widgets in one column inside the window, nothing scrolls sideways, and a widget still drills and rolls up', async ({ page }, testInfo) => {
    const desktop = new Desktop(page);
    await desktop.signIn('olivia');
    const dashboards = new DashboardsObject(page);
    await dashboards.open();
    await dashboards.openDashboard('Incident overview');
    await page.screenshot({ path: testInfo.outputPath('dashboard.png') });
    const window = (await dashboards.window.boundingBox())!;
    expect(window.x).toBeGreaterThanOrEqual(0);
    expect(window.x + window.width).toBeLessThanOrEqual(320);
    // One column: every widget as wide as the grid, each below the one before.
    const cards = await dashboards.dashboard.locator('.dsh-card').evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, right: r.right, width: r.width })));
    expect(cards.length).toBeGreaterThan(1);
    for (const [i, card] of cards.entries()) {
      expect(card.x).toBeGreaterThanOrEqual(window.x);
      expect(card.right).toBeLessThanOrEqual(window.x + window.width);
      expect(card.width).toBeCloseTo(cards[0]!.width, 0);
      if (i > 0) expect(card.y).toBeGreaterThan(cards[i - 1]!.y);
    }
    // Nothing inside the dashboard runs out sideways, nor does the page.
    const overflow = await dashboards.dashboard.evaluate((root) =>
      [root, ...root.querySelectorAll('*')].filter((el) => el.scrollWidth > el.clientWidth + 1 && !['hidden', 'clip'].includes(getComputedStyle(el).overflowX) && !el.matches('select, input, textarea, canvas, .dsh-table-wrap')).map((el) => el.className || el.tagName),
    );
    expect(overflow).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // Show data, a row drills, the breadcrumb rolls back up.
    const byService = dashboards.widget('byService');
    await byService.root.scrollIntoViewIfNeeded();
    await byService.openData();
    const service = (await byService.rows.first().locator('td').first().textContent())!;
    await byService.rows.first().click();
    await expect(byService.title).toHaveText(`Severities of ${service}`);
    await page.screenshot({ path: testInfo.outputPath('drilled.png') });
    await byService.crumb('Incidents by service').click();
    await expect(byService.title).toHaveText('Incidents by service');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});

test.describe('a page zoomed to 400 % (320 x 256 CSS px: docs/behaviour/files.md#the-files-window)', () => {
  test.use({ viewport: { width: 320, height: 256 } });

  test('Files shows a file row in sight, scrolls as a whole to its last entry and status line, and keeps its tools one click away', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    const files = new FilesAppObject(page);
    await files.openFromAppMenu();
    const window = (await files.window.boundingBox())!;
    // A whole row of the listing is in sight in the window, without scrolling anything.
    const first = (await files.root.getByTestId('files.item').first().boundingBox())!;
    expect(first.y).toBeGreaterThanOrEqual(window.y);
    expect(first.y + first.height).toBeLessThanOrEqual(window.y + window.height);
    expect(first.y + first.height).toBeLessThanOrEqual(256);
    // The toolbar keeps to one row: the less used tools are in More actions.
    await expect(files.tool('copy')).toBeHidden();
    const toolbar = (await files.root.getByRole('toolbar', { name: 'File actions' }).boundingBox())!;
    expect(toolbar.height).toBeLessThan(48);
    // The window scrolls as a whole: the last entry and the status line come into sight.
    await files.root.getByTestId('files.status').scrollIntoViewIfNeeded();
    await expect(files.root.getByTestId('files.status')).toBeInViewport();
    await expect(files.root.getByTestId('files.item').last()).toBeInViewport();
    expect(await files.root.evaluate((root) => root.scrollTop)).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // A tool of the More actions menu: the properties of the folder shown.
    await files.root.evaluate((root) => root.scrollTo({ top: 0 }));
    await files.tool('more').click();
    const menu = files.root.getByRole('menu', { name: 'More actions' });
    await expect(menu.getByRole('menuitem')).toHaveCount(7);
    // The menu fits in the window's part in sight, and opening it scrolls nothing away.
    await expect(menu.getByRole('menuitem', { name: /^Properties/ })).toBeFocused();
    await expect(menu.getByRole('menuitem', { name: /^Properties/ })).toBeInViewport();
    expect(await files.root.evaluate((root) => root.scrollTop)).toBe(0);
    await menu.getByRole('menuitem', { name: /^Properties/ }).click();
    await expect(files.root.getByRole('dialog', { name: 'Properties of Home' })).toBeVisible();
  });
});
