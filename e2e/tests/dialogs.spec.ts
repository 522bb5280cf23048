import { DEFAULT_SETTINGS } from '@atrium/shared';
import { expect, test } from '../fixtures.js';
import { apiToken, saveSession, saveSettings } from '../helpers/api.js';
import { Desktop } from '../pages/Desktop.js';
import { PanelObject } from '../pages/PanelObject.js';

test.describe('dialogs', () => {
  let desktop: Desktop;
  test.beforeEach(async ({ page }) => {
    desktop = new Desktop(page);
    await desktop.signIn();
  });

  // One desktop for every kind: each case is a step of its own (a failure names it), and each leaves no dialog open.
  test('every kind of dialog, with its buttons, keys and answer', async ({ page }) => {
    // The time of a journey for each of its 14 cases.
    test.setTimeout(14 * test.info().timeout);
    await test.step('an alert is centred, not resizable, titled Alert, and closes with Close', async () => {
      await desktop.developer('alertInfo');
      const alert = desktop.dialog('alert');
      await expect(alert.title).toHaveText('Alert');
      await expect(alert.message).toHaveText('Your changes have been saved.');
      await expect(alert.window.getByTestId(/^window\.resize\./)).toHaveCount(0);
      await expect(alert.window.getByTestId('window.maximize')).toHaveCount(0);
      const box = (await alert.window.boundingBox())!;
      const size = await desktop.size();
      expect([box.width, box.height]).toEqual([400, 220]);
      expect(Math.abs(box.x + box.width / 2 - size.width / 2)).toBeLessThanOrEqual(1);
      await expect(alert.button('Close')).toBeFocused();
      await alert.button('Close').click();
      await expect(alert.window).toHaveCount(0);
      await expect(desktop.result).toHaveText('alert: close');
    });

    await test.step('an error alert shows the message, and the message and the stack in a read-only text area behind Details', async () => {
      await desktop.developer('alertError');
      const alert = desktop.dialog('alert');
      await expect(alert.message).toHaveText('The report could not be exported.');
      await expect(alert.view.getByRole('textbox')).toHaveCount(0);
      await alert.button('Details').click();
      const details = alert.view.getByRole('textbox', { name: 'Error details' });
      await expect(details).not.toBeEditable();
      const text = await details.inputValue();
      expect(text).toMatch(/^The report could not be exported\.\n\nError: The report could not be exported\.\n\s+at /);
      await alert.button('Close').click();
      await expect(desktop.result).toHaveText('alert: close');
    });

    await test.step('Escape presses the negative button', async () => {
      await desktop.developer('confirmYesNo');
      await expect(desktop.dialog('confirm').button('Yes')).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(desktop.result).toHaveText('confirm: no');
      await desktop.developer('confirmOkCancel');
      await page.keyboard.press('Escape');
      await expect(desktop.result).toHaveText('confirm: cancel');
      await desktop.developer('alertInfo');
      await page.keyboard.press('Escape');
      await expect(desktop.result).toHaveText('alert: close');
    });

    await test.step('confirm has Yes and No, or OK and Cancel', async () => {
      await desktop.developer('confirmYesNo');
      const yesNo = desktop.dialog('confirm');
      await expect(yesNo.title).toHaveText('Confirm');
      await expect(yesNo.view.getByRole('button')).toHaveText(['Yes', 'No']);
      await yesNo.button('Yes').click();
      await expect(desktop.result).toHaveText('confirm: yes');
      await desktop.developer('confirmOkCancel');
      const okCancel = desktop.dialog('confirm');
      await expect(okCancel.view.getByRole('button')).toHaveText(['OK', 'Cancel']);
      await okCancel.button('OK').click();
      await expect(desktop.result).toHaveText('confirm: ok');
    });

    await test.step('the window close button of a dialog is its negative button', async () => {
      await desktop.developer('prompt');
      await desktop.dialog('prompt').window.getByTestId('window.close').click();
      await expect(desktop.result).toHaveText('prompt: cancel ""');
    });

    await test.step('prompt returns the typed text on Enter', async () => {
      await desktop.developer('prompt');
      const prompt = desktop.dialog('prompt');
      const input = prompt.view.getByLabel('Name of the new folder');
      await expect(input).toBeFocused();
      await expect(input).toHaveAttribute('placeholder', 'New folder');
      await page.keyboard.type('Reports 2026');
      await page.keyboard.press('Enter');
      await expect(desktop.result).toHaveText('prompt: ok "Reports 2026"');
    });

    await test.step('progress advances, clamped to 0-100', async () => {
      await desktop.developer('progress');
      const progress = desktop.dialog('progress');
      const bar = progress.view.getByRole('progressbar', { name: 'Copying files…' });
      const seen: number[] = [];
      await expect
        .poll(
          async () => {
            const now = Number(await bar.getAttribute('aria-valuenow'));
            seen.push(now);
            return now;
          },
          { timeout: 8000, intervals: [100] },
        )
        .toBe(100);
      expect(Math.min(...seen)).toBeGreaterThanOrEqual(0);
      await expect(progress.control('dialog.progress.value')).toHaveText('100%');
      // The entry's values are -10, 20, 45, 70, 95 and last 130: the bar reaches 100 only as 130 clamped, and stays there.
      await expect(bar).toHaveAttribute('aria-valuenow', '100');
      await progress.button('Cancel').click();
      await expect(desktop.result).toHaveText('progress: cancel 100');
    });

    await test.step('color: the hex field, sliders and numbers change the colour', async () => {
      await desktop.developer('color');
      const color = desktop.dialog('color');
      await expect(color.title).toHaveText('Choose a color');
      await color.control('dialog.color.hex').fill('#ff8000');
      await expect(color.view.getByRole('spinbutton', { name: 'Red' })).toHaveValue('255');
      await expect(color.view.getByRole('spinbutton', { name: 'Green' })).toHaveValue('128');
      await expect(color.view.getByRole('spinbutton', { name: 'Blue' })).toHaveValue('0');
      await expect(color.control('dialog.color.swatch')).toHaveCSS('background-color', 'rgb(255, 128, 0)');
      await color.control('dialog.color.b').focus();
      await page.keyboard.press('ArrowRight');
      await color.view.getByRole('spinbutton', { name: 'Green' }).fill('300');
      await color.view.getByRole('spinbutton', { name: 'Green' }).blur();
      await expect(color.view.getByRole('spinbutton', { name: 'Green' })).toHaveValue('255');
      await expect(color.control('dialog.color.hex')).toHaveValue('#ffff01');
      await color.button('OK').click();
      await expect(desktop.result).toHaveText('color: ok {"r":255,"g":255,"b":1,"hex":"#ffff01"}');
    });

    await test.step('font: name, size and style show in the sample', async () => {
      await desktop.developer('font');
      const font = desktop.dialog('font');
      await font.view.getByLabel('Font', { exact: true }).selectOption('monospace');
      await font.view.getByLabel('Size (px)').fill('24');
      await font.view.getByLabel('Style').selectOption({ label: 'Bold' });
      const sample = font.control('dialog.font.sample');
      await expect(sample).toHaveCSS('font-size', '24px');
      await expect(sample).toHaveCSS('font-weight', '700');
      await expect(sample).toHaveCSS('font-family', 'monospace');
      await font.view.getByLabel('Size (px)').fill('99');
      await font.view.getByLabel('Size (px)').blur();
      await expect(font.view.getByLabel('Size (px)')).toHaveValue('48');
      await font.button('OK').click();
      await expect(desktop.result).toHaveText('font: ok {"name":"monospace","size":48,"style":"bold"}');
    });

    await test.step('file open: hides the read-only restricted mountpoint, browses folders and opens a file', async () => {
      await desktop.developer('fileOpen');
      const file = desktop.dialog('file');
      await expect(file.title).toHaveText('Open');
      await expect(file.control('dialog.file.mountpoint').locator('option')).toHaveText(['Home']);
      await expect(file.control('dialog.file.entry')).toHaveText([/Archive/, /budget\.csv.*12\.1 KiB/, /notes\.md/, /report\.txt.*2\.1 KiB/]);
      await expect(file.button('OK')).toBeDisabled();
      await file.entry('Archive').dblclick();
      await expect(file.control('dialog.file.entry')).toHaveText([/summary-2025\.pdf.*46\.9 KiB/]);
      await file.control('dialog.file.breadcrumb').getByRole('button', { name: 'Home' }).click();
      await expect(file.control('dialog.file.entry')).toHaveText([/Documents/, /Music/, /Pictures/, /settings\.json/, /todo\.txt/]);
      await file.entry('Pictures').dblclick();
      await file.entry('logo.png').click();
      await expect(file.button('OK')).toBeEnabled();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect(desktop.result).toContainText('file: ok {');
      await expect(desktop.result).toContainText('"path":"home:/Pictures/team.jpg"');
    });

    await test.step('file save asks before overwriting, and saves only on yes', async () => {
      await desktop.developer('fileSave');
      const save = desktop.dialog('file');
      await expect(save.title).toHaveText('Save');
      await expect(save.view.getByLabel('Filename')).toHaveValue('report.txt');
      await save.button('OK').click();
      const question = desktop.dialog('confirm');
      await expect(question.message).toHaveText('Do you want to overwrite home:/Documents/report.txt?');
      await expect(question.window).toHaveAttribute('aria-modal', 'true');
      await question.button('No').click();
      await expect(question.window).toHaveCount(0);
      await expect(save.window).toBeVisible();
      await expect(desktop.result).toBeHidden();
      await save.button('OK').click();
      await question.button('Yes').click();
      await expect(save.window).toHaveCount(0);
      await expect(desktop.result).toContainText('"path":"home:/Documents/report.txt"');

      await desktop.developer('fileSave');
      await save.view.getByLabel('Filename').fill('minutes.txt');
      await page.keyboard.press('Enter');
      await expect(question.window).toHaveCount(0);
      await expect(desktop.result).toContainText('"path":"home:/Documents/minutes.txt"');
    });

    await test.step('file save with an empty filename returns no value', async () => {
      await desktop.developer('fileSave');
      const save = desktop.dialog('file');
      await save.view.getByLabel('Filename').fill('');
      await expect(save.button('OK')).toBeDisabled();
      await save.button('Cancel').click();
      await expect(desktop.result).toHaveText('file: cancel');
    });

    await test.step('choice returns the chosen key', async () => {
      await desktop.developer('choice');
      const choice = desktop.dialog('choice');
      await expect(choice.title).toHaveText('Choose');
      await choice.view.getByLabel('Which report do you want to open?').selectOption({ label: 'Monthly review' });
      await choice.button('OK').click();
      await expect(desktop.result).toHaveText('choice: ok "monthly"');
    });

    await test.step('default application returns the application and whether to use it as default', async () => {
      await desktop.developer('defaultApplication');
      const chooser = desktop.dialog('defaultApplication');
      await expect(chooser.title).toHaveText('Choose an application');
      await chooser.view.getByLabel('Open report.txt with').selectOption({ label: 'Document viewer' });
      await chooser.view.getByLabel('Use as default').check();
      await chooser.button('OK').click();
      await expect(desktop.result).toHaveText('defaultApplication: ok {"value":"viewer","checked":true}');
    });
  });
});

/**
 * The colour, font, file, choice and default-application dialogs' code is
 * fetched once the desktop is idle (docs/PERFORMANCE.md): one asked for
 * before opens when it arrives; one whose code cannot be fetched answers
 * with its negative button, and the next attempt fetches it again.
 */
test.describe('a dialog asked for before its code has arrived', () => {
  test.use({ expectedConsoleErrors: [/The color dialog could not be loaded/] });
  const SELDOM_DIALOGS = /\/assets\/seldomDialogs-[^/?]+\.js(\?.*)?$/;

  test('opens as soon as its code arrives', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(SELDOM_DIALOGS, async (route) => {
      await held;
      await route.continue();
    });
    const desktop = new Desktop(page);
    await desktop.signIn();
    await desktop.developer('color');
    const color = desktop.dialog('color');
    await expect(desktop.dialog('color').window).toHaveCount(0);
    release();
    await expect(color.title).toHaveText('Choose a color');
    await color.button('OK').click();
    await expect(desktop.result).toHaveText('color: ok {"r":47,"g":111,"b":222,"hex":"#2f6fde"}');
  });

  test('answers Cancel when its code cannot be fetched, and opens at the next attempt', async ({ page }) => {
    await page.route(SELDOM_DIALOGS, (route) => route.abort());
    const desktop = new Desktop(page);
    await desktop.signIn();
    await desktop.developer('color');
    await expect(desktop.result).toHaveText('color: cancel');
    await expect(desktop.dialog('color').window).toHaveCount(0);
    await page.unroute(SELDOM_DIALOGS);
    await desktop.developer('color');
    await expect(desktop.dialog('color').title).toHaveText('Choose a color');
  });
});

/**
 * A dialog without a parent window is a modal of the desktop
 * (docs/behaviour/dialogs.md#common-rules): not an entry of the window list,
 * announced as a modal dialog, Tab kept inside it, focus given back to what
 * opened it; one that opens while the desktop restores the session keeps the
 * focus over the restored windows. Sofia's session and settings are this
 * block's own while it runs, and are put back after each journey.
 */
for (const theme of [null, 'Nocturne'] as const) {
  test.describe(`dialogs of the desktop (${theme ?? 'default'} theme)`, () => {
    test.beforeEach(async ({ request }) => {
      const token = await apiToken(request, 'sofia');
      const [panel] = DEFAULT_SETTINGS['desktop.panels'];
      await saveSettings(request, token, { 'desktop.theme': theme, 'desktop.panels': [{ ...panel, items: [...(panel?.items ?? []), { name: 'logout' }] }] });
    });
    test.afterEach(async ({ request }) => {
      const token = await apiToken(request, 'sofia');
      await saveSettings(request, token, { 'desktop.theme': null, 'desktop.panels': null });
      await saveSession(request, token, []);
    });

    test(`the logout question is not a window: no window-list entry, a modal dialog that keeps Tab inside and gives focus back to Log out (${theme ?? 'default'} theme)`, async ({ page }) => {
      const desktop = new Desktop(page);
      await desktop.signIn('sofia', 'Demo@1234', '/?app=Files');
      const files = desktop.appWindows('Files');
      await expect(files).toHaveAttribute('data-focused', 'true');
      const panel = new PanelObject(page);
      await expect.poll(() => panel.windowEntries()).toEqual([expect.stringMatching(/Files$/)]);

      const logout = page.getByTestId('panel.logout');
      await logout.focus();
      await page.keyboard.press('Enter');
      const question = desktop.dialog('confirm');
      await expect(question.message).toHaveText('Would you like to logout?');
      await expect(question.window).toHaveAttribute('role', 'dialog');
      await expect(question.window).toHaveAttribute('aria-modal', 'true');
      await expect(question.window).toHaveAccessibleName('Log out');
      await expect(question.window).toHaveAccessibleDescription('Would you like to logout?');
      await expect(question.window).toHaveAttribute('data-focused', 'true');
      await expect(question.button('Yes, logout')).toBeFocused();
      // Not one of the windows: the list still names Files alone, and Files is not shown as focused behind it.
      expect(await panel.windowEntries()).toEqual([expect.stringMatching(/Files$/)]);
      await expect(panel.windowList.getByRole('button', { name: /Files$/ })).toHaveAttribute('aria-pressed', 'false');

      // Tab and Shift+Tab go round its controls and never leave it.
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        await expect(question.window.locator(':focus')).toHaveCount(1);
      }
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Shift+Tab');
        await expect(question.window.locator(':focus')).toHaveCount(1);
      }
      // A press on the window behind does not take the focus from it.
      await files.getByTestId('window.title').click();
      await expect(question.window).toHaveAttribute('data-focused', 'true');

      await question.button('No, cancel').click();
      await expect(question.window).toHaveCount(0);
      await expect(logout).toBeFocused();
      await expect(files).toHaveAttribute('data-focused', 'true');
    });

    test(`a refused launch over a restored session: the alert has the focus, above the restored Files window, and is announced (${theme ?? 'default'} theme)`, async ({ page, request }) => {
      const token = await apiToken(request, 'sofia');
      await saveSession(request, token, [{ name: 'Files', args: {}, windows: [{ id: 'files', maximized: false, minimized: false, position: { left: 40, top: 40 }, dimension: { width: 860, height: 560 } }] }]);
      const desktop = new Desktop(page);
      await desktop.signIn('sofia', 'Demo@1234', '/?app=Incidents');
      const files = desktop.appWindows('Files');
      await expect(files).toBeVisible();
      await files.getByTestId('files.item').first().waitFor();
      const alert = desktop.dialog('alert');
      await expect(alert.message).toHaveText("You don't have access to Incidents App");
      await expect(alert.window).toHaveAttribute('role', 'alertdialog');
      await expect(alert.window).toHaveAttribute('aria-modal', 'true');
      await expect(alert.window).toHaveAccessibleName('Launch Error');
      await expect(alert.window).toHaveAccessibleDescription("You don't have access to Incidents App");
      await expect(alert.window).toHaveAttribute('data-focused', 'true');
      await expect(files).toHaveAttribute('data-focused', 'false');
      await expect(alert.button('Close')).toBeFocused();
      const z = async (frame: typeof files) => Number(await frame.evaluate((el) => getComputedStyle(el).zIndex));
      expect(await z(alert.window)).toBeGreaterThan(await z(files));
      expect(await new PanelObject(page).windowEntries()).toEqual([expect.stringMatching(/Files$/)]);

      // Tab stays in it; once closed, the restored window takes the focus.
      await page.keyboard.press('Tab');
      await expect(alert.window.locator(':focus')).toHaveCount(1);
      await alert.button('Close').click();
      await expect(alert.window).toHaveCount(0);
      await expect(files).toHaveAttribute('data-focused', 'true');
      await expect(files.locator(':focus')).toHaveCount(1);
    });
  });
}
