import { expect, test } from '../fixtures.js';
import { Desktop } from '../pages/Desktop.js';

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
