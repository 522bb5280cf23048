import { describe, expect, it } from 'vitest';
import { flushPromises } from '../testing/FakeClock.js';
import type { ConfirmDialog } from './ConfirmDialog.js';
import { entry, openFileDialog, overriding, sampleFileSystem } from './testing/fileDialogFixtures.js';

/** The overwrite prompt the file dialog opened, if any. */
function overwritePrompt(service: { dialogs(): readonly { kind: string }[] }) {
  return service.dialogs().find((d) => d.kind === 'confirm') as ConfirmDialog | undefined;
}

describe('FileDialog ok (save)', () => {
  it('is enabled once a filename is typed', async () => {
    const { dialog } = await openFileDialog({ type: 'save', path: 'home:/' });
    expect(dialog.isButtonEnabled('ok')).toBe(false);
    dialog.setFilename('new.txt');
    expect(dialog.isButtonEnabled('ok')).toBe(true);
    dialog.setFilename('   ');
    expect(dialog.isButtonEnabled('ok')).toBe(false);
  });

  it('starts from the given filename', async () => {
    const { dialog } = await openFileDialog({ type: 'save', path: 'home:/', filename: 'draft.txt' });
    expect(dialog.getState().filename).toBe('draft.txt');
    expect(dialog.isButtonEnabled('ok')).toBe(true);
  });

  it('takes the name of a selected file as the filename', async () => {
    const { dialog } = await openFileDialog({ type: 'save', path: 'home:/', filename: 'typed.txt' });
    dialog.select(entry(dialog, 'notes.txt'));
    expect(dialog.getState().filename).toBe('notes.txt');
    dialog.select(entry(dialog, 'docs'));
    expect(dialog.getState().filename).toBe('notes.txt');
  });

  it('calls back with the target entry in the listed directory when it does not exist', async () => {
    const { dialog, calls, service } = await openFileDialog({ type: 'save', path: 'home:/docs' });
    dialog.setFilename(' minutes.txt ');
    await dialog.press('ok');
    expect(overwritePrompt(service)).toBeUndefined();
    expect(calls).toEqual([['ok', { isDirectory: false, isFile: true, mime: 'text/plain', size: 0, humanSize: '0 B', path: 'home:/docs/minutes.txt', filename: 'minutes.txt' }]]);
  });

  it('stays open with an error when no directory is listed to save into', async () => {
    const fs = sampleFileSystem();
    const noMounts = overriding(fs, { mountpoints: async () => [] });
    const { dialog, calls } = await openFileDialog({ type: 'save' }, noMounts);
    dialog.setFilename('x.txt');
    await dialog.press('ok');
    expect(calls).toEqual([]);
    expect(dialog.getState().error).toBe("Given path '' does not match 'name:/path'");
  });

  it('calls back with no value when the filename is empty', async () => {
    const { dialog, calls } = await openFileDialog({ type: 'save', path: 'home:/', filetype: 'directory' });
    dialog.select(entry(dialog, 'music'));
    await dialog.press('ok');
    expect(calls).toEqual([['ok', null]]);
  });
});

describe('FileDialog overwrite prompt', () => {
  it('asks whether to overwrite an existing target, modal to the file dialog', async () => {
    const { dialog, service, windows, calls } = await openFileDialog({ type: 'save', path: 'home:/' });
    dialog.setFilename('notes.txt');
    void dialog.press('ok');
    await flushPromises();
    const prompt = overwritePrompt(service)!;
    expect(prompt.getState().message).toBe('Do you want to overwrite home:/notes.txt?');
    expect(prompt.buttons).toEqual(['yes', 'no']);
    expect(windows.get(prompt.wid)).toMatchObject({ parent: dialog.wid, attributes: { modal: true } });
    expect(calls).toEqual([]);
  });

  it("saves only on 'yes'", async () => {
    const { dialog, service, calls } = await openFileDialog({ type: 'save', path: 'home:/' });
    dialog.setFilename('notes.txt');
    const pressed = dialog.press('ok');
    await flushPromises();
    await overwritePrompt(service)!.press('yes');
    await pressed;
    expect(calls).toEqual([['ok', entry(dialog, 'notes.txt')]]);
    expect(dialog.finished).toBe(true);
  });

  it("stays open for another name on 'no', and saves that one", async () => {
    const { dialog, service, calls, windows } = await openFileDialog({ type: 'save', path: 'home:/' });
    dialog.setFilename('notes.txt');
    const pressed = dialog.press('ok');
    await flushPromises();
    await overwritePrompt(service)!.press('no');
    await pressed;
    expect(calls).toEqual([]);
    expect(windows.get(dialog.wid)).toBeDefined();
    dialog.setFilename('notes-2.txt');
    await dialog.press('ok');
    expect(calls).toEqual([['ok', expect.objectContaining({ path: 'home:/notes-2.txt' })]]);
  });

  it('treats closing the prompt as no', async () => {
    const { dialog, service, calls, windows } = await openFileDialog({ type: 'save', path: 'home:/' });
    dialog.setFilename('notes.txt');
    const pressed = dialog.press('ok');
    await flushPromises();
    windows.close(overwritePrompt(service)!.wid);
    await pressed;
    expect(calls).toEqual([]);
    expect(dialog.finished).toBe(false);
  });

  it('asks only once however often ok is pressed meanwhile', async () => {
    const { dialog, service } = await openFileDialog({ type: 'save', path: 'home:/' });
    dialog.setFilename('notes.txt');
    void dialog.press('ok');
    void dialog.press('ok');
    await flushPromises();
    expect(service.dialogs().filter((d) => d.kind === 'confirm')).toHaveLength(1);
  });

  it('proceeds with the save when the existence check fails', async () => {
    const fs = sampleFileSystem();
    const failing = overriding(fs, { exists: () => Promise.reject(new Error('offline')) });
    const { dialog, service, calls } = await openFileDialog({ type: 'save', path: 'home:/' }, failing);
    dialog.setFilename('notes.txt');
    await dialog.press('ok');
    expect(overwritePrompt(service)).toBeUndefined();
    expect(calls).toEqual([['ok', entry(dialog, 'notes.txt')]]);
  });

  it('closes the prompt with the file dialog, calling each back once', async () => {
    const { dialog, service, calls } = await openFileDialog({ type: 'save', path: 'home:/' });
    dialog.setFilename('notes.txt');
    const pressed = dialog.press('ok');
    await flushPromises();
    dialog.destroy();
    await pressed;
    expect(calls).toEqual([['cancel', null]]);
    expect(service.dialogs()).toEqual([]);
  });
});
