import fs from 'node:fs/promises';
import { expect, test } from '../fixtures.js';
import { apiToken, saveSettings } from '../helpers/api.js';
import { expectAccessible } from '../helpers/axe.js';
import { UserFiles } from '../helpers/userFiles.js';
import { DialogObject } from '../pages/DialogObject.js';
import { Desktop } from '../pages/Desktop.js';
import { FilesAppObject } from '../pages/FilesAppObject.js';

/**
 * The Files application (apps/files/README.md) on the real server's files.
 * Each journey opens Files from the application menu, goes into a folder of
 * its own in the demo user's home (other journeys share that home) and
 * works there; the folder is deleted afterwards whatever happened.
 */
const unique = (stem: string) => `${stem}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

let userFiles: UserFiles;
let token: string;
let folderName: string;
let files: FilesAppObject;

test.beforeEach(async ({ page, request }) => {
  token = await apiToken(request, 'demo');
  userFiles = new UserFiles(request, token);
  folderName = unique('e2e-files');
  await userFiles.mkdir(`home:/${folderName}`);
  await new Desktop(page).signIn();
  files = new FilesAppObject(page);
  await files.openFromAppMenu();
});

test.afterEach(async ({ request }) => {
  await userFiles.remove(`home:/${folderName}`);
  // The view mode and sort order are the user's settings: back to the list by name for the next journeys.
  await saveSettings(request, token, { 'app.Files': null, locale: null });
});

/** Opens the journey's own folder with a double click, as a user does. */
async function openOwnFolder(): Promise<void> {
  await files.item(folderName).dblclick();
  await expect(files.window.getByTestId('window.title')).toHaveText(`${folderName} – Files`);
  await expect(files.root.getByTestId('files.empty')).toContainText('This folder is empty');
}

test.describe('the Files application', () => {
  test('opens the home folder from the application menu, with places, path and sortable columns', async () => {
    await expect(files.window.getByTestId('window.title')).toHaveText('Home – Files');
    await expect(files.sidebar.getByRole('button', { name: 'Home' })).toHaveAttribute('aria-current', 'true');
    await expect(files.breadcrumb.getByRole('button')).toHaveText(['Home']);
    await expect(files.root.getByRole('columnheader')).toHaveText(['Name▲', 'Size', 'Type', 'Date modified']);
    await files.root.getByTestId('files.sort.name').click();
    await expect(files.root.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    await files.root.getByTestId('files.sort.name').click();
    await openOwnFolder();
    await expect(files.breadcrumb.getByRole('button')).toHaveText(['Home', folderName]);
  });

  test('remembers the icon view, and is used from the keyboard: the focus stays in the listing through folders and questions', async ({ page }) => {
    await userFiles.write(`home:/${folderName}/a.txt`, 'a', 'text/plain');
    await userFiles.write(`home:/${folderName}/b.txt`, 'b', 'text/plain');
    await files.root.getByTestId('files.view.icons').click();
    await expect(files.root.getByRole('listbox', { name: 'Contents of Home' })).toBeVisible();
    // Saved as the app's setting (a page going away sends what waits to be saved): a new page opens Files in the icon view.
    await page.goto(`/?app=Files&path=${encodeURIComponent(`home:/${folderName}`)}`);
    await expect(files.root.getByRole('listbox', { name: `Contents of ${folderName}` })).toBeVisible();
    await files.root.getByTestId('files.view.list').click();

    await files.listing.focus();
    await page.keyboard.press('End');
    await expect(files.item('b.txt')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('F2');
    await files.answerPrompt('c.txt');
    await expect(files.item('c.txt')).toHaveAttribute('aria-selected', 'true');
    await expect(files.listing).toBeFocused();
    await page.keyboard.press('Shift+ArrowUp');
    await expect(files.root.getByTestId('files.status')).toContainText('Selected: 2');
    await page.keyboard.press('Backspace');
    await expect(files.window.getByTestId('window.title')).toHaveText('Home – Files');
    await expect(files.listing).toBeFocused();
    await expect(files.item(folderName)).toHaveAttribute('aria-selected', 'false');
  });

  test("writes the keys of its menu as the keyboards of the user's language print them", async ({ request }) => {
    // The language changed elsewhere (the settings): the open window follows.
    await saveSettings(request, token, { locale: 'de_DE' });
    await expect(files.tool('newFolder')).toContainText('Neuer Ordner');
    await files.item(folderName).click({ button: 'right' });
    await expect(files.menu.getByTestId('files.menu.delete').locator('kbd')).toHaveText('Entf');
    await expect(files.menu.getByTestId('files.menu.cut').locator('kbd')).toHaveText('Strg+X');
    await expect(files.menu.getByTestId('files.menu.properties').locator('kbd')).toHaveText('Alt+Eingabe');
  });

  test('shows why an upload failed and sends it again with Retry once the cause is gone', async ({ page, request }) => {
    // A folder stands where the file would go (made elsewhere: the listing hears of it): replacing it is refused by the server.
    await openOwnFolder();
    await userFiles.mkdir(`home:/${folderName}/notes.txt`);
    await expect(files.item('notes.txt')).toBeVisible();
    await files.uploadFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('forty bytes of notes, more or less, here') }]);
    const question = new DialogObject(page, 'confirm');
    await expect(question.title).toHaveText('The file exists');
    await question.button('Replace').click();
    const upload = files.upload('notes.txt');
    await expect(upload.getByTestId('files.upload.status')).toHaveText(`'home:/${folderName}/notes.txt' is a directory`);
    const retry = upload.getByRole('button', { name: 'Retry the upload of notes.txt' });
    await expect(retry).toHaveText('Retry');
    // The failed upload and its Retry pass the accessibility gate (docs/ACCESSIBILITY.md), in both themes.
    await expectAccessible(page, 'a failed upload in Files');
    const colorScheme = () => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
    await saveSettings(request, token, { 'desktop.theme': 'Nocturne' });
    try {
      await expect.poll(colorScheme, { intervals: [50] }).toBe('dark');
      await expectAccessible(page, 'a failed upload in Files, Nocturne');
    } finally {
      await saveSettings(request, token, { 'desktop.theme': null });
    }
    await expect.poll(colorScheme, { intervals: [50] }).toBe('light');

    // The folder goes; Retry asks about the name again (nothing stands there now) and sends the file.
    await userFiles.remove(`home:/${folderName}/notes.txt`);
    await retry.click();
    await expect(upload.getByTestId('files.upload.status')).toHaveText('Uploaded', { timeout: 30_000 });
    await expect(retry).toHaveCount(0);
    expect(await userFiles.read(`home:/${folderName}/notes.txt`)).toBe('forty bytes of notes, more or less, here');
    await expect(files.item('notes.txt')).toBeVisible();
  });

  test('uploads a file with its progress bar, renames it, moves it by dragging onto a folder, and deletes it after a confirmation', async ({ page }) => {
    await openOwnFolder();
    const original = 'report.txt';
    const renamed = 'report final.txt';
    const content = Buffer.alloc(3 * 1024 * 1024, 'atrium ');

    await files.uploadFiles([{ name: original, mimeType: 'text/plain', buffer: content }]);
    const upload = files.upload(original);
    await expect(upload.getByRole('progressbar', { name: `Upload of ${original}` })).toBeVisible();
    // The server stores the file before it answers: a moment on a busy machine.
    await expect(upload.getByTestId('files.upload.status')).toHaveText('Uploaded', { timeout: 30_000 });
    await expect(upload.getByRole('progressbar', { name: `Upload of ${original}` })).toHaveAttribute('aria-valuenow', '100');
    await expect(files.item(original).getByRole('gridcell').nth(1)).toHaveText('3.0 MiB');

    // Rename with F2: the prompt starts from the current name.
    await files.item(original).click();
    await page.keyboard.press('F2');
    const nameInput = new DialogObject(page, 'prompt').view.getByTestId('dialog.prompt.input');
    await expect(nameInput).toHaveValue(original);
    // The name without its extension is selected: typing replaces 'report' and keeps '.txt'.
    await expect(nameInput).toBeFocused();
    expect(await nameInput.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, 'report'.length]);
    await page.keyboard.type('report final');
    await page.keyboard.press('Enter');
    await expect(nameInput).toHaveCount(0);
    await expect(files.item(renamed)).toHaveAttribute('aria-selected', 'true');
    await expect(files.item(original)).toHaveCount(0);

    // Move by dragging onto a folder.
    await files.newFolder('Archive');
    await files.item(renamed).dragTo(files.item('Archive'));
    await expect(files.item(renamed)).toHaveCount(0);
    expect(await userFiles.read(`home:/${folderName}/Archive/${renamed}`)).toBe(content.toString());
    await files.item('Archive').dblclick();
    await expect(files.breadcrumb.getByRole('button')).toHaveText(['Home', folderName, 'Archive']);
    await expect.poll(() => files.names()).toEqual([renamed]);

    // Delete: the confirmation names the file; No keeps it, Yes deletes it.
    await files.item(renamed).click();
    await page.keyboard.press('Delete');
    const confirm = new DialogObject(page, 'confirm');
    await expect(confirm.message).toHaveText(`Do you want to delete the file ${renamed}?`);
    // A deletion cannot be undone: the question opens on No, which Enter presses.
    await expect(confirm.button('No')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(files.item(renamed)).toBeVisible();
    await files.listing.focus();
    await page.keyboard.press('Delete');
    await confirm.button('Yes').click();
    await expect(files.root.getByTestId('files.empty')).toContainText('This folder is empty');

    // Backspace goes up.
    await files.listing.focus();
    await page.keyboard.press('Backspace');
    await expect(files.window.getByTestId('window.title')).toHaveText(`${folderName} – Files`);
  });

  test('opens the folder under the pointer with a double click at the bottom of a listing long enough to scroll', async () => {
    for (let i = 0; i < 40; i++) await userFiles.mkdir(`home:/${folderName}/Folder ${String(i).padStart(2, '0')}`);
    await files.item(folderName).dblclick();
    await expect(files.window.getByTestId('window.title')).toHaveText(`${folderName} – Files`);
    await files.newFolder('Newest');
    // Back to the folder as it opens: nothing focused in the listing, and the focus elsewhere (on the path).
    await files.breadcrumb.getByRole('button', { name: folderName }).click();
    await files.item('Newest').scrollIntoViewIfNeeded();
    await expect(files.item('Folder 00')).not.toBeInViewport();

    await files.item('Newest').dblclick();
    await expect(files.window.getByTestId('window.title')).toHaveText('Newest – Files');
    await expect(files.root.getByTestId('files.empty')).toContainText('This folder is empty');
  });

  test('downloads a file with its content, and cannot download a folder', async ({ page }) => {
    await userFiles.write(`home:/${folderName}/notes.txt`, 'Downloaded by Files\n', 'text/plain');
    await userFiles.mkdir(`home:/${folderName}/Inner`);
    await files.item(folderName).dblclick();
    await files.item('notes.txt').waitFor();

    await files.item('Inner').click();
    await expect(files.tool('download')).toHaveAttribute('aria-disabled', 'true');
    await expect(files.tool('download')).toHaveAttribute('title', 'Download: Folders cannot be downloaded');

    await files.item('notes.txt').click();
    const [download] = await Promise.all([page.waitForEvent('download'), files.tool('download').click()]);
    expect(download.suggestedFilename()).toBe('notes.txt');
    expect(await fs.readFile(await download.path(), 'utf8')).toBe('Downloaded by Files\n');
  });

  test('copies with Ctrl+C and pastes with Ctrl+V into another folder, and opens a text file in the Text Editor', async ({ page }) => {
    await userFiles.write(`home:/${folderName}/plan.txt`, 'The plan\n', 'text/plain');
    await userFiles.mkdir(`home:/${folderName}/Copies`);
    await files.item(folderName).dblclick();
    await files.item('plan.txt').click();
    await page.keyboard.press('Control+c');
    await files.item('Copies').dblclick();
    await expect(files.root.getByTestId('files.empty')).toBeVisible();
    await files.listing.focus();
    await page.keyboard.press('Control+v');
    await expect(files.item('plan.txt')).toBeVisible();
    expect(await userFiles.read(`home:/${folderName}/Copies/plan.txt`)).toBe('The plan\n');

    await files.item('plan.txt').dblclick();
    const editor = page.locator('[data-testid="window"][data-app="TextEditor"]');
    await expect(editor).toBeVisible();
    await expect(editor.getByRole('textbox')).toHaveValue('The plan\n');
  });
});
