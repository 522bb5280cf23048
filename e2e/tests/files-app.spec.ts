import fs from 'node:fs/promises';
import { expect, test } from '../fixtures.js';
import { DialogObject } from '../pages/DialogObject.js';
import { Desktop } from '../pages/Desktop.js';
import { FilesAppObject } from '../pages/FilesAppObject.js';

/**
 * The Files application (apps/files/README.md) on the real server's files:
 * opened from the application menu, it uploads with a progress bar, renames,
 * moves by dragging onto a folder, deletes after a confirmation naming the
 * file, and downloads. Every journey works on names of its own in the demo
 * user's home and deletes them again.
 */
const unique = () => `e2e-files-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;

test.describe('the Files application', () => {
  let files: FilesAppObject;

  test.beforeEach(async ({ page }) => {
    await new Desktop(page).signIn();
    files = new FilesAppObject(page);
    await files.openFromAppMenu();
  });

  test('opens the home folder from the application menu, with places, path and columns', async () => {
    await expect(files.window.getByTestId('window.title')).toHaveText('Home – Files');
    await expect(files.sidebar.getByRole('button', { name: 'Home' })).toHaveAttribute('aria-current', 'true');
    await expect(files.breadcrumb.getByRole('button')).toHaveText(['Home']);
    await expect(files.root.getByRole('columnheader')).toHaveText(['Name▲', 'Size', 'Type', 'Date modified']);
  });

  test('uploads a file with its progress bar, renames it, moves it by dragging onto a folder, and deletes it after a confirmation', async ({ page }) => {
    const base = unique();
    const folder = `${base} folder`;
    const original = `${base}.txt`;
    const renamed = `${base} renamed.txt`;
    const content = Buffer.alloc(3 * 1024 * 1024, 'atrium ');

    await files.uploadFiles([{ name: original, mimeType: 'text/plain', buffer: content }]);
    const upload = files.upload(original);
    await expect(upload.getByRole('progressbar', { name: original })).toBeVisible();
    await expect(upload.getByTestId('files.upload.status')).toHaveText('Uploaded', { timeout: 30_000 });
    await expect(upload.getByRole('progressbar', { name: original })).toHaveAttribute('aria-valuenow', '100');
    await expect(files.item(original)).toBeVisible();
    await expect(files.item(original).getByRole('gridcell').nth(1)).toHaveText('3.0 MiB');

    // Rename with F2 (the prompt starts from the current name).
    await files.item(original).click();
    await page.keyboard.press('F2');
    const prompt = new DialogObject(page, 'prompt');
    await expect(prompt.view.getByTestId('dialog.prompt.input')).toHaveValue(original);
    await files.answerPrompt(renamed);
    await expect(files.item(renamed)).toHaveAttribute('aria-selected', 'true');
    await expect(files.item(original)).toHaveCount(0);

    // Move by dragging onto a folder.
    await files.newFolder(folder);
    await files.item(renamed).dragTo(files.item(folder));
    await expect(files.item(renamed)).toHaveCount(0);
    await files.item(folder).dblclick();
    await expect(files.window.getByTestId('window.title')).toHaveText(`${folder} – Files`);
    await expect(files.breadcrumb.getByRole('button')).toHaveText(['Home', folder]);
    await expect.poll(() => files.names()).toEqual([renamed]);

    // Delete with the confirmation naming the file; No keeps it, Yes deletes it.
    await files.item(renamed).click();
    await page.keyboard.press('Delete');
    const confirm = new DialogObject(page, 'confirm');
    await expect(confirm.message).toHaveText(`Do you want to delete the file ${renamed}?`);
    await confirm.button('No').click();
    await expect(files.item(renamed)).toBeVisible();
    await files.listing.focus();
    await page.keyboard.press('Delete');
    await confirm.button('Yes').click();
    await expect(files.root.getByTestId('files.empty')).toContainText('This folder is empty');

    // Backspace goes up; then clean up.
    await files.listing.focus();
    await page.keyboard.press('Backspace');
    await expect(files.window.getByTestId('window.title')).toHaveText('Home – Files');
    await files.remove(folder);
  });

  test('downloads a file with its content, and cannot download a folder', async ({ page }) => {
    const name = `${unique()}.txt`;
    const folder = `${unique()} folder`;
    const text = `Downloaded by Files ${name}\n`;
    await files.uploadFiles([{ name, mimeType: 'text/plain', buffer: Buffer.from(text) }]);
    await expect(files.upload(name).getByTestId('files.upload.status')).toHaveText('Uploaded', { timeout: 30_000 });

    await files.newFolder(folder);
    await expect(files.tool('download')).toHaveAttribute('aria-disabled', 'true');
    await expect(files.tool('download')).toHaveAttribute('title', 'Download: Folders cannot be downloaded');

    await files.item(name).click();
    const [download] = await Promise.all([page.waitForEvent('download'), files.tool('download').click()]);
    expect(download.suggestedFilename()).toBe(name);
    expect(await fs.readFile(await download.path(), 'utf8')).toBe(text);

    await files.remove(name);
    await files.remove(folder);
  });
});
