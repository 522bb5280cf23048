import { expect, test } from '../fixtures.js';
import { apiToken, saveSettings } from '../helpers/api.js';
import { scanPage } from '../helpers/axe.js';
import { Desktop } from '../pages/Desktop.js';
import { FileSearchObject, ServerFiles } from '../pages/FileSearchObject.js';

/**
 * The filesystem search overlay (docs/behaviour/files.md#search-overlay) on
 * the demo user's own files on the server: F3 and the tray icon open it,
 * Enter searches for the text in wildcards, the arrow keys move through the
 * results, Enter opens one in the application of its type, Escape resets
 * then hides, and it hides once focus has left it. Each run works in a
 * folder of its own, taken away afterwards.
 */
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const folder = `home:/search-journey-${run}`;
const name = `minutes-${run}.txt`;

test.describe('the filesystem search', () => {
  let files: ServerFiles;

  test.beforeEach(async ({ request }) => {
    files = new ServerFiles(request, 'demo');
    await files.mkdir(folder);
    await files.write(`${folder}/${name}`, 'Minutes of the search journey.\n');
    await files.write(`${folder}/agenda-${run}.md`, '# Agenda\n');
  });

  test.afterEach(async () => {
    await files.remove(folder);
  });

  test('F3 searches the files with the keyboard and opens the chosen one in the Text Editor', async ({ page }) => {
    const desktop = new Desktop(page);
    const search = new FileSearchObject(page);
    await desktop.signIn('demo');
    await page.keyboard.press('F3');
    await expect(search.overlay).toBeVisible();
    await expect(search.input).toBeFocused();
    await expect(search.message).toHaveText('Type part of a name and press Enter.');

    await page.keyboard.type(run);
    await page.keyboard.press('Enter');
    await expect(search.message).toHaveText('Files found: 3');
    await expect(search.result(`search-journey-${run}`)).toBeVisible();
    await expect(search.result(name)).toContainText(`${folder}/${name}`);

    // Down to the text file (folders come first, then the files by name), and open it.
    const names = await search.results.locator('.atr-file-search__name').allTextContents();
    const steps = names.indexOf(name) + 1;
    for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowDown');
    await expect(search.result(name)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(search.overlay).toBeHidden();
    const editor = desktop.appWindows('TextEditor');
    await expect(editor).toHaveCount(1);
    await expect(editor.getByRole('textbox').first()).toHaveValue('Minutes of the search journey.\n');
  });

  test('a search that finds nothing says so; Escape clears, then hides; the tray icon opens it again with what it held', async ({ page }) => {
    const desktop = new Desktop(page);
    const search = new FileSearchObject(page);
    await desktop.signIn('demo');
    await search.trayIcon.click();
    await expect(search.input).toBeFocused();
    await search.input.fill(`nothing-is-called-${run}`);
    await page.keyboard.press('Enter');
    await expect(search.message).toHaveText(`No file or folder matches “nothing-is-called-${run}”.`);
    await page.keyboard.press('Escape');
    await expect(search.input).toHaveValue('');
    await expect(search.message).toHaveText('Type part of a name and press Enter.');
    await page.keyboard.press('Escape');
    await expect(search.overlay).toBeHidden();

    await search.trayIcon.click();
    await search.input.fill(`agenda-${run}`);
    await page.keyboard.press('Enter');
    await expect(search.message).toHaveText('Files found: 1');
    // Focus leaves it (a click on the desktop): it hides shortly after.
    await desktop.surface.click({ position: { x: 600, y: 400 } });
    await expect(search.overlay).toBeHidden();
    await page.keyboard.press('F3');
    await expect(search.input).toHaveValue(`agenda-${run}`);
    await expect(search.results).toHaveCount(1);
  });

  test('with results, is accessible in Vision and Nocturne, at desktop and phone widths', async ({ page, request }) => {
    const token = await apiToken(request, 'demo');
    const desktop = new Desktop(page);
    const search = new FileSearchObject(page);
    await desktop.signIn('demo');
    try {
      for (const theme of ['Vision', 'Nocturne']) {
        await saveSettings(request, token, { 'desktop.theme': theme });
        for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
          await page.setViewportSize(size);
          await page.keyboard.press('F3');
          await search.input.fill(run);
          await page.keyboard.press('Enter');
          await expect(search.message).toHaveText('Files found: 3');
          await page.keyboard.press('ArrowDown');
          if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/file-search-${theme}-${size.width}.png` });
          expect(await scanPage(page), `${theme} at ${size.width} px`).toEqual([]);
          await page.keyboard.press('Escape');
          await page.keyboard.press('Escape');
          await expect(search.overlay).toBeHidden();
        }
      }
    } finally {
      await saveSettings(request, token, { 'desktop.theme': 'Vision' });
    }
  });
});
