import { apiToken, savedSession, saveSession, saveSettings } from '../helpers/api.js';
import { UserFiles } from '../helpers/userFiles.js';
import { expect, test } from '../fixtures.js';
import { Desktop } from '../pages/Desktop.js';
import { TextEditorWindow } from '../pages/EditorApps.js';
import { OverlaysObject } from '../pages/OverlaysObject.js';
import { PanelObject } from '../pages/PanelObject.js';
import { SignedInPage } from '../pages/SignedInPage.js';

/**
 * Session save and restore (docs/behaviour/desktop.md#session-save-and-restore):
 * the applications a user has open and where their windows are come back
 * after signing out and in again, after a reload, and in another browser.
 */
// The organisation pages are sandboxed frames: Playwright's own helper scripts are refused there while the journey reads them.
test.use({ expectedConsoleErrors: [/^Blocked script execution in '[^']*\/resources\//] });

test.describe('desktop session', () => {
  // Olivia's session is this file's own: no other journey opens applications as her.
  test.beforeEach(async ({ request }) => {
    await saveSession(request, await apiToken(request, 'olivia'), []);
  });

  test('several windows come back where they were after signing out and in again, after a reload and in a second browser', async ({ page, request, browser }) => {
    test.setTimeout(120_000);
    const desktop = new Desktop(page);
    await desktop.signIn('olivia');
    // Each application through the address, as a link would launch it; the ones already open are restored meanwhile.
    for (const [app, open] of [['Chat', 1], ['Mail', 2]] as const) {
      await page.goto(`/?app=${app}`);
      await desktop.waitUntilStarted();
      // Left only once its window is there, as a user would: a page left while the launch is still on its way keeps no record of it.
      await expect(desktop.windows).toHaveCount(open);
    }
    await desktop.openPreferences();
    await expect(desktop.windows).toHaveCount(3);
    const chat = await desktop.windowTitled('Chat');
    const mail = await desktop.windowTitled('Mail');
    // Preferences is dragged: a drag of a window holding an organisation page's sandboxed frame stalls the browser's input under automation.
    const preferences = await desktop.windowTitled('Preferences');
    await expect(preferences.frame).toHaveAttribute('data-focused', 'true');
    await preferences.dragFrom(preferences.title, 140, 90);
    const preferencesBox = await preferences.box();
    // Each raised from the window list first: the windows overlap.
    const panel = new PanelObject(page);
    await panel.windowEntry('Mail').click();
    await mail.maximizeButton.click();
    await panel.windowEntry('Chat').click();
    await chat.minimizeButton.click();

    // Saved on the server a moment after the last change, with empty arguments.
    const token = await apiToken(request, 'olivia');
    await expect.poll(async () => (await savedSession(request, token)).map((a) => a.name).sort(), { timeout: 10_000 }).toEqual(['Chat', 'Mail', 'Preferences']);
    await expect
      .poll(async () => {
        const saved = await savedSession(request, token);
        return saved.map((a) => ({ name: a.name, args: a.args, maximized: a.windows[0]?.maximized, minimized: a.windows[0]?.minimized }));
      })
      .toEqual(
        expect.arrayContaining([
          { name: 'Chat', args: {}, maximized: false, minimized: true },
          { name: 'Mail', args: {}, maximized: true, minimized: false },
          { name: 'Preferences', args: {}, maximized: false, minimized: false },
        ]),
      );

    const expectRestored = async (at: Desktop) => {
      await expect(at.windows).toHaveCount(3);
      const again = await at.windowTitled('Preferences');
      const box = await again.box();
      expect(Math.abs(box.left - preferencesBox.left)).toBeLessThanOrEqual(1);
      expect(Math.abs(box.top - preferencesBox.top)).toBeLessThanOrEqual(1);
      await expect((await at.windowTitled('Mail')).frame).toHaveAttribute('data-maximized', 'true');
      await expect((await at.windowTitled('Chat')).frame).toHaveAttribute('data-minimized', 'true');
    };

    // A reload.
    await page.reload();
    await desktop.waitUntilStarted();
    await expectRestored(desktop);

    // Signing out and in again.
    await new SignedInPage(page).signOut('Olivia Hart');
    await desktop.signIn('olivia');
    await expectRestored(desktop);

    // Another browser.
    const other = await browser.newContext();
    const elsewhere = new Desktop(await other.newPage());
    await elsewhere.signIn('olivia');
    await expectRestored(elsewhere);
    await other.close();
  });

  test('applications the user may no longer open and the one the address launches are left out of the restored session', async ({ page, request }) => {
    const token = await apiToken(request, 'olivia');
    const window = (left: number) => [{ id: 'viewer', maximized: false, minimized: false, position: { left, top: 40 }, dimension: { width: 480, height: 320 } }];
    await saveSession(request, token, [
      { name: 'Chat', args: {}, windows: window(40) },
      { name: 'Campaigns', args: {}, windows: window(80) },
      { name: 'Mail', args: {}, windows: window(120) },
    ]);
    const desktop = new Desktop(page);
    await desktop.signIn('olivia', 'Demo@1234', '/?app=Mail');
    await expect(desktop.windows).toHaveCount(2);
    expect((await page.getByTestId('window.title').allInnerTexts()).sort()).toEqual(['Chat', 'Mail']);
    // No launch error for the application without access: it is simply not restored.
    await expect(page.getByText("You don't have access to Campaigns App")).toHaveCount(0);
    await expect(page.getByTestId('dialog')).toHaveCount(0);
  });
});

/**
 * The session keeps no launch arguments: the Text Editor keeps which file each
 * of its windows shows in its own settings, and opens it again
 * (docs/behaviour/desktop.md#an-application-restores-its-own-document).
 */
test.describe('the Text Editor after a reload', () => {
  // What these journeys change in Olivia's settings is put back: her theme, and what her editors' windows showed.
  test.afterEach(async ({ request }) => {
    await saveSettings(request, await apiToken(request, 'olivia'), { 'desktop.theme': null, 'app.TextEditor': null });
  });

  for (const theme of [null, 'Nocturne'] as const) {
    test(`windows showing Welcome.md and another file come back showing them, and reloads never pile up empty Untitled windows (${theme ?? 'Vision'} theme)`, async ({ page, request }) => {
      const token = await apiToken(request, 'olivia');
      if (theme) await saveSettings(request, token, { 'desktop.theme': theme });
      const files = new UserFiles(request, token);
      const welcome = await files.read('home:/Documents/Welcome.md');
      expect(welcome).toMatch(/^# Welcome, Olivia/);
      const notes = await files.read('home:/Documents/Meeting notes.txt');
      const desktop = new Desktop(page);
      await desktop.signIn('olivia');
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(theme ? 'dark' : 'light');

      const editor = new TextEditorWindow(page);
      await editor.open('home:/Documents/Welcome.md');
      await expect(editor.title).toHaveText('Welcome.md');
      await expect(editor.text).toHaveValue(welcome);
      // A second file in a window of its own, found with the filesystem search.
      await page.keyboard.press('F3');
      const search = page.getByTestId('fileSearch.input');
      await search.fill('Meeting notes.txt');
      await search.press('Enter');
      await expect(page.getByTestId('fileSearch.result')).toHaveCount(1);
      await search.press('ArrowDown');
      await search.press('Enter');
      await expect(editor.title).toHaveText(['Welcome.md', 'Meeting notes.txt']);
      // A new document beside them, from the command palette: never saved, it has nothing to come back with.
      const overlays = new OverlaysObject(page);
      await page.keyboard.press('Alt+Shift+P');
      await overlays.paletteInput.fill('open text editor');
      await expect(overlays.palette.getByRole('option')).toHaveText(['Open Text Editor']);
      await page.keyboard.press('Enter');
      await expect(editor.title).toHaveText(['Welcome.md', 'Meeting notes.txt', 'Untitled']);
      // The three windows are in the saved session, with empty arguments as always.
      await expect.poll(async () => (await savedSession(request, token)).map((app) => [app.name, app.args])).toEqual([
        ['TextEditor', {}],
        ['TextEditor', {}],
        ['TextEditor', {}],
      ]);

      for (let reload = 1; reload <= 3; reload++) {
        await page.reload();
        await desktop.waitUntilStarted();
        // The restore is over: the two windows, each of its own file, and no empty Untitled one.
        await expect(editor.title).toHaveText(['Welcome.md', 'Meeting notes.txt']);
        await expect(editor.text.nth(0)).toHaveValue(welcome);
        await expect(editor.text.nth(1)).toHaveValue(notes);
        await expect(editor.path).toHaveText(['home:/Documents/Welcome.md', 'home:/Documents/Meeting notes.txt']);
        await expect(page.getByTestId('window.title').filter({ hasText: 'Untitled' })).toHaveCount(0);
        await expect.poll(async () => (await savedSession(request, token)).map((app) => [app.name, app.args])).toEqual([
          ['TextEditor', {}],
          ['TextEditor', {}],
        ]);
      }
    });
  }
});

test('a setting changed just before a reload is kept (what waits to be saved is sent as the page goes)', async ({ page, request }) => {
  const desktop = new Desktop(page);
  await desktop.signIn('olivia');
  await desktop.openPreferences();
  const preferences = desktop.appWindows('Preferences');
  const before = await page.getByTestId('desktop').evaluate((element) => getComputedStyle(element).backgroundImage);
  const target = before.includes('harbour') ? 'meadow' : 'harbour';
  await preferences.getByTestId(`preferences.wallpaper.${target}`).check();
  // At once, well within the save delay.
  await page.reload();
  await desktop.waitUntilStarted();
  await expect.poll(() => page.getByTestId('desktop').evaluate((element) => getComputedStyle(element).backgroundImage)).toContain(target);
  const token = await apiToken(request, 'olivia');
  const settings = await request.get('/api/v1/settings', { headers: { authorization: `Bearer ${token}` } });
  expect(((await settings.json()) as { data: { values: { 'desktop.background': { src: string } } } }).data.values['desktop.background'].src).toBe(`wallpaper:${target}`);
});
