import { describe, expect, it } from 'vitest';
import { entry, openFileDialog } from './testing/fileDialogFixtures.js';

describe('FileDialog ok (open)', () => {
  it('is disabled until a file is selected', async () => {
    const { dialog } = await openFileDialog({ path: 'home:/' });
    expect(dialog.isButtonEnabled('ok')).toBe(false);
    expect(dialog.isButtonEnabled('cancel')).toBe(true);
    dialog.select(entry(dialog, 'docs'));
    expect(dialog.isButtonEnabled('ok')).toBe(false);
    dialog.select(entry(dialog, 'notes.txt'));
    expect(dialog.isButtonEnabled('ok')).toBe(true);
    dialog.select(null);
    expect(dialog.isButtonEnabled('ok')).toBe(false);
  });

  it('ignores a press of ok while it is disabled', async () => {
    const { dialog, calls } = await openFileDialog({ path: 'home:/' });
    await dialog.press('ok');
    expect(calls).toEqual([]);
    expect(dialog.finished).toBe(false);
  });

  it('calls back with the selected file entry', async () => {
    const { dialog, calls } = await openFileDialog({ path: 'home:/' });
    const notes = entry(dialog, 'notes.txt');
    dialog.select(notes);
    await dialog.press('ok');
    expect(calls).toEqual([['ok', notes]]);
    expect(notes).toMatchObject({ path: 'home:/notes.txt', isFile: true, mime: 'text/plain', humanSize: '5 B' });
  });

  it('chooses a file opened with a double click', async () => {
    const { dialog, calls } = await openFileDialog({ path: 'home:/' });
    const readme = entry(dialog, 'readme.md');
    await dialog.open(readme);
    expect(calls).toEqual([['ok', readme]]);
  });

  it('is enabled by a selected directory when choosing directories, not by a file', async () => {
    const { dialog, calls } = await openFileDialog({ path: 'home:/', filetype: 'directory' });
    dialog.select(entry(dialog, 'notes.txt'));
    expect(dialog.isButtonEnabled('ok')).toBe(false);
    dialog.select(entry(dialog, 'music'));
    expect(dialog.isButtonEnabled('ok')).toBe(true);
    await dialog.press('ok');
    expect(calls).toEqual([['ok', entry(dialog, 'music')]]);
  });

  it('calls back cancel with the selection as it stands', async () => {
    const { dialog, calls } = await openFileDialog({ path: 'home:/' });
    dialog.escape();
    expect(calls).toEqual([['cancel', null]]);
  });
});
