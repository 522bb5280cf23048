import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '../fixtures.js';
import { apiToken } from '../helpers/api.js';
import { UserFiles } from '../helpers/userFiles.js';
import { Desktop } from '../pages/Desktop.js';
import { PreviewWindow, TextEditorWindow } from '../pages/EditorApps.js';

/**
 * Journeys of the two applications that open files (apps/text-editor,
 * apps/preview) over the server's filesystem: each journey puts its own
 * files, under names of its own, in the demo user's home and takes them
 * away afterwards (other journeys share that home).
 */
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/files');

/** A name no other journey (or earlier run) uses. */
const unique = (stem: string) => `${stem}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

let files: UserFiles;
let folder: string;
let desktop: Desktop;

test.beforeEach(async ({ page, request }) => {
  files = new UserFiles(request, await apiToken(request, 'demo'));
  folder = `home:/${unique('e2e-editors')}`;
  await files.mkdir(folder);
  desktop = new Desktop(page);
  await desktop.signIn();
});

test.afterEach(async () => {
  await files.remove(folder);
});

test.describe('Text Editor', () => {
  test('opens a text file found with F3, saves an edit with Ctrl+S and shows it when opened again', async ({ page }) => {
    const name = `${unique('notes')}.txt`;
    const file = `${folder}/${name}`;
    await files.write(file, 'Meeting notes\n- Budget approved\n', 'text/plain');
    // Opening a file found by the filesystem search: the desktop opens it in the application of its type.
    await page.keyboard.press('F3');
    const search = page.getByTestId('fileSearch.input');
    await search.fill(name);
    await search.press('Enter');
    await expect(page.getByTestId('fileSearch.result')).toHaveCount(1);
    await search.press('ArrowDown');
    await search.press('Enter');

    const editor = new TextEditorWindow(page);
    await expect(editor.title).toHaveText(name);
    await expect(editor.text).toHaveValue('Meeting notes\n- Budget approved\n');
    await expect(editor.path).toHaveText(file);
    await expect(editor.size).toHaveText('32 B');
    await expect(editor.position).toHaveText('Ln 1, Col 1');
    await expect(editor.modified).toHaveCount(0);
    await expect(editor.text).toBeFocused();

    await editor.text.click();
    await editor.text.press('Control+End');
    await editor.text.pressSequentially('- Next review on Friday\n');
    await expect(editor.title).toHaveText(`*${name}`);
    await expect(editor.modified).toHaveText('Modified');
    await expect(editor.position).toHaveText('Ln 4, Col 1');
    await editor.text.press('Control+S');
    await expect(editor.title).toHaveText(name);
    await expect(editor.modified).toHaveCount(0);
    expect(await files.read(file)).toBe('Meeting notes\n- Budget approved\n- Next review on Friday\n');

    // Saved: closing asks nothing, and the file opens with the change.
    await editor.closeButton.click();
    await expect(editor.frame).toHaveCount(0);
    await editor.open(file);
    await expect(editor.frame).toHaveCount(1);
    await expect(editor.text).toHaveValue('Meeting notes\n- Budget approved\n- Next review on Friday\n');
  });

  test('asks before closing with unsaved changes: Cancel keeps the window and the text, Discard closes it and the file stays as it was', async ({ page }) => {
    const file = `${folder}/draft.txt`;
    await files.write(file, 'first draft', 'text/plain');
    const editor = new TextEditorWindow(page);
    await editor.open(file);
    await expect(editor.text).toHaveValue('first draft');
    await editor.text.fill('second draft');
    await editor.closeButton.click();
    const question = desktop.dialog('confirm');
    await expect(question.title).toHaveText('Unsaved changes');
    await expect(question.message).toHaveText('Do you want to save the changes to draft.txt?');
    await expect(question.view.getByRole('button')).toHaveText(['Discard', 'Cancel', 'Save']);
    await question.button('Cancel').click();
    await expect(question.window).toHaveCount(0);
    await expect(editor.text).toHaveValue('second draft');

    // The window's close keybinding asks the same.
    await editor.text.press('Alt+Shift+W');
    await expect(question.message).toHaveText('Do you want to save the changes to draft.txt?');
    await page.keyboard.press('Escape');
    await expect(question.window).toHaveCount(0);
    await expect(editor.frame).toHaveCount(1);

    // So does the window menu's Close.
    await editor.frame.getByTestId('window.icon').click();
    await editor.frame.getByTestId('window.menu.window.close').click();
    await expect(question.message).toHaveText('Do you want to save the changes to draft.txt?');
    await question.button('Cancel').click();
    await expect(editor.frame).toHaveCount(1);

    await editor.closeButton.click();
    await question.button('Discard').click();
    await expect(editor.frame).toHaveCount(0);
    expect(await files.read(file)).toBe('first draft');
  });

  test('Save As onto an existing file asks to overwrite it: No keeps the chooser open, Yes replaces the file', async ({ page }) => {
    const target = `${folder}/target.txt`;
    await files.write(target, 'the old target', 'text/plain');
    const editor = new TextEditorWindow(page);
    await editor.open();
    await expect(editor.title).toHaveText('Untitled');
    await editor.text.fill('a new text');
    await editor.tool('Save As…').click();

    const save = desktop.dialog('file');
    await expect(save.title).toHaveText('Save');
    await expect(save.view.getByLabel('Filename')).toHaveValue('Untitled.txt');
    await save.entry(folder.slice('home:/'.length)).dblclick();
    await expect(save.entry('target.txt')).toBeVisible();
    await save.view.getByLabel('Filename').fill('target.txt');
    await save.button('OK').click();
    const question = desktop.dialog('confirm');
    await expect(question.message).toHaveText(`Do you want to overwrite ${target}?`);
    await question.button('No').click();
    await expect(question.window).toHaveCount(0);
    await expect(save.window).toBeVisible();
    expect(await files.read(target)).toBe('the old target');

    await save.button('OK').click();
    await question.button('Yes').click();
    await expect(save.window).toHaveCount(0);
    await expect(editor.title).toHaveText('target.txt');
    await expect(editor.path).toHaveText(target);
    expect(await files.read(target)).toBe('a new text');
  });

  test('shows why saving failed and keeps the text', async ({ page }) => {
    const editor = new TextEditorWindow(page);
    await editor.open();
    await editor.text.fill('keep me');
    await editor.text.press('Control+S');
    const save = desktop.dialog('file');
    await save.entry(folder.slice('home:/'.length)).dblclick();
    await save.view.getByLabel('Filename').fill('CON');
    await save.button('OK').click();
    await expect(save.window).toHaveCount(0);
    await expect(editor.error).toHaveText(/'CON' is not a valid name: the name is reserved by Windows/);
    await expect(editor.text).toHaveValue('keep me');
    await expect(editor.title).toHaveText('*Untitled');
  });
});

test.describe('Text Editor and large files', () => {
  test('does not open a file above 5 MiB and offers to download it instead', async ({ page }) => {
    const file = `${folder}/huge.log`;
    await files.write(file, Buffer.alloc(5 * 1024 * 1024 + 1, 'x'), 'text/plain');
    const editor = new TextEditorWindow(page);
    await page.goto(`/?app=TextEditor&file=${encodeURIComponent(file)}`);
    const offer = editor.frame.getByTestId('textEditor.tooLarge');
    await expect(offer.getByRole('heading')).toHaveText('huge.log is too large to edit');
    await expect(offer).toContainText('The Text Editor opens files up to 5.0\u00a0MiB; this one is 5.0\u00a0MiB. You can download it instead.');
    await expect(editor.text).toHaveCount(0);
    await expect(editor.tool('Save')).toBeDisabled();
    const download = page.waitForEvent('download');
    await offer.getByRole('link', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('huge.log');
  });
});

test.describe('Preview', () => {
  test('shows a picture fitted to the window, zooms it, and moves through the folder to a video, which plays, and a PDF', async ({ page }) => {
    await files.write(`${folder}/landscape.png`, fs.readFileSync(path.join(FIXTURES, 'landscape.png')), 'image/png');
    await files.write(`${folder}/clip.webm`, fs.readFileSync(path.join(FIXTURES, 'clip.webm')), 'video/webm');
    await files.write(`${folder}/report.pdf`, fs.readFileSync(path.join(FIXTURES, 'report.pdf')), 'application/pdf');
    const preview = new PreviewWindow(page);
    await preview.open(`${folder}/landscape.png`);
    await expect(preview.title).toHaveText('landscape.png');
    await expect(preview.stage).toHaveAttribute('data-status', 'ready');
    expect(await preview.image.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(640);
    await expect(preview.position).toHaveText('2 of 3');
    await expect(preview.tool('Fit to window')).toHaveAttribute('aria-pressed', 'true');

    await preview.tool('Actual size').click();
    await expect(preview.zoom).toHaveText('100%');
    await expect.poll(() => preview.image.evaluate((image: HTMLImageElement) => image.getBoundingClientRect().width)).toBe(640);
    await preview.tool('Zoom in').click();
    await expect(preview.zoom).toHaveText('125%');
    await expect.poll(() => preview.image.evaluate((image: HTMLImageElement) => image.getBoundingClientRect().width)).toBe(800);
    await preview.image.press('-');
    await preview.image.press('-');
    await expect(preview.zoom).toHaveText('75%');

    await preview.stage.press('ArrowLeft');
    await expect(preview.title).toHaveText('clip.webm');
    await expect(preview.video).toBeVisible();
    await expect.poll(() => preview.video.evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThanOrEqual(1);
    expect(await preview.video.evaluate((video: HTMLVideoElement) => video.videoWidth)).toBe(160);
    await expect(preview.stage).toHaveAttribute('data-status', 'ready');
    await expect(preview.tool('Previous file')).toBeDisabled();

    // Download saves the file shown, under its name.
    const download = page.waitForEvent('download');
    await preview.tool('Download').click();
    expect((await download).suggestedFilename()).toBe('clip.webm');

    // Two files on, the PDF in a frame.
    await preview.stage.press('ArrowRight');
    await expect(preview.title).toHaveText('landscape.png');
    await preview.stage.press('ArrowRight');
    await expect(preview.title).toHaveText('report.pdf');
    await expect(preview.frame.getByTitle('report.pdf')).toBeVisible();
    await expect(preview.stage).toHaveAttribute('data-status', 'ready');
    await expect(preview.tool('Next file')).toBeDisabled();
  });

  test('says so when the file is missing or cannot be previewed', async ({ page }) => {
    await files.write(`${folder}/list.txt`, 'not a picture', 'text/plain');
    const preview = new PreviewWindow(page);
    await preview.open(`${folder}/gone.png`);
    await expect(preview.error).toHaveText(`'${folder}/gone.png' does not exist`);
    await preview.frame.getByTestId('window.close').click();
    await expect(preview.frame).toHaveCount(0);
    await preview.open(`${folder}/list.txt`);
    await expect(preview.error).toHaveText('Preview cannot show list.txt: it is not a picture, a video, a sound or a PDF file.');
  });
});
