import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '../fixtures.js';
import { Ports, workerPort } from '../helpers/ports.js';
import { JourneyServer } from '../helpers/server.js';
import { Desktop } from '../pages/Desktop.js';
import { FileSearchObject, ServerFiles } from '../pages/FileSearchObject.js';

/**
 * The desktop's dialogs on the user's files on the server: the save chooser
 * asks before overwriting (docs/behaviour/dialogs.md#overwrite-prompt) and
 * offers the user's mountpoints but the read-only restricted one; opening a
 * file that two applications declare asks which one with the
 * default-application chooser, and remembers the answer when told to
 * (docs/behaviour/files.md#opening-a-file).
 */
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

test.describe('the file chooser on the server', () => {
  const name = `dialog-journey-${run}.txt`;
  let files: ServerFiles;

  test.beforeEach(async ({ request }) => {
    files = new ServerFiles(request, 'demo');
    await files.write(`home:/${name}`, 'already here\n');
  });

  test.afterEach(async () => {
    await files.remove(`home:/${name}`);
  });

  test("save as onto an existing file asks 'Do you want to overwrite …?' and saves only on yes", async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn('demo');
    const save = await desktop.openDialog('fileSaveServer', 'file');
    await expect(save.title).toHaveText('Save');
    // Home and the organisation's shared folder; its documents are read-only and restricted, so not offered.
    await expect(save.control('dialog.file.mountpoint').locator('option')).toHaveText(['Home', /^Shared – /]);
    await expect(save.entry(name)).toBeVisible();
    await save.view.getByLabel('Filename').fill(name);
    await save.button('OK').click();
    const question = desktop.dialog('confirm');
    await expect(question.message).toHaveText(`Do you want to overwrite home:/${name}?`);
    await question.button('No').click();
    await expect(question.window).toHaveCount(0);
    await expect(save.window).toBeVisible();
    await expect(desktop.result).toBeHidden();

    await page.keyboard.press('Enter');
    await expect(question.message).toBeVisible();
    await question.button('Yes').click();
    await expect(save.window).toHaveCount(0);
    await expect(desktop.result).toContainText(`"path":"home:/${name}"`);
  });

  test('a new name saves without a question; an empty name returns no value', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn('demo');
    const save = await desktop.openDialog('fileSaveServer', 'file');
    await save.view.getByLabel('Filename').fill(`new-${name}`);
    await save.button('OK').click();
    await expect(desktop.dialog('confirm').window).toHaveCount(0);
    await expect(desktop.result).toContainText(`"path":"home:/new-${name}"`);

    await desktop.openDialog('fileSaveServer', 'file');
    await save.view.getByLabel('Filename').fill('');
    await expect(save.button('OK')).toBeDisabled();
    await save.button('Cancel').click();
    await expect(desktop.result).toHaveText('file: cancel');
  });
});

test.describe('the default-application chooser', () => {
  // A server of its own, where the operator has registered a second application for plain text (Jotter) and granted it to the demo user.
  let server: JourneyServer;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = new JourneyServer(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-files-dialogs-')), workerPort(Ports.filesDialogs));
    await server.start({ registerPackages: true });
    await server.stop();
    const repo = path.resolve(import.meta.dirname, '../..');
    fs.cpSync(path.join(repo, 'e2e/fixtures/files-dialogs/Jotter'), path.join(server.dataDir, 'packages/Jotter'), { recursive: true });
    const cli = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(repo, 'packages/server/src/cli/main.ts'), ...args], { cwd: repo, env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' } });
    await cli('package', 'register', 'Jotter');
    await cli('app', 'create', 'Jotter', '--title', 'Jotter', '--category', 'collaboration');
    await cli('app', 'grant', 'Jotter', 'demo');
    await server.start({ registerPackages: false });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  test('asks which application opens a text file, opens the chosen one, and remembers it when told to', async ({ page, request }) => {
    const files = new ServerFiles(request, 'demo', server.url);
    const name = `chooser-${run}.txt`;
    await files.write(`home:/${name}`, 'two applications open me\n');
    const desktop = new Desktop(page);
    const search = new FileSearchObject(page);
    await desktop.signIn('demo', 'Demo@1234', server.url);

    const open = async () => {
      await page.keyboard.press('F3');
      await search.input.fill(name);
      await page.keyboard.press('Enter');
      await expect(search.message).toHaveText('Files found: 1');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
    };

    await open();
    const chooser = desktop.dialog('defaultApplication');
    await expect(chooser.message).toHaveText(`Open “${name}” with:`);
    const select = chooser.control('dialog.defaultApplication.select');
    expect((await select.locator('option').allTextContents()).sort()).toEqual(['Jotter', 'Text Editor']);
    await select.selectOption('Jotter');
    await chooser.view.getByRole('checkbox', { name: 'Use as default' }).check();
    await chooser.button('OK').click();
    await expect(desktop.appWindows('Jotter').getByText(`Jotter opened home:/${name}`)).toBeVisible();

    // Remembered: the next time it opens in Jotter without asking.
    await open();
    await expect(desktop.appWindows('Jotter')).toHaveCount(2);
    await expect(chooser.view).toHaveCount(0);
    await files.remove(`home:/${name}`);
  });
});
