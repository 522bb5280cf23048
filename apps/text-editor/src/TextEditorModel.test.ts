import { MemoryFileSystem, memoryMountpoint } from '@atrium/app-kit/testing';
import { describe, expect, it } from 'vitest';
import { cursorOf, MAX_EDITABLE_BYTES, TEXT_MIMES, TextEditorModel, type TextEditorHost } from './TextEditorModel.js';

interface DialogCall {
  kind: string;
  options: Record<string, unknown>;
}

/** A host over an in-memory filesystem whose dialogs answer from a queue, recording what was asked. */
function setup(files: Record<string, string | Uint8Array | null> = {}) {
  const fs = new MemoryFileSystem({
    mountpoints: [memoryMountpoint('home'), memoryMountpoint('docs', { attributes: { readOnly: true } })],
    files: { 'home:/notes.txt': 'first line\nsecond', 'docs:/manual.txt': 'read me', ...files },
  });
  const asked: DialogCall[] = [];
  const answers: Array<{ button: string; value?: unknown }> = [];
  const host: TextEditorHost = {
    files: fs,
    // Every key is 'translated' (marked T:) so that a missing translation is told apart.
    t: (key, vars) => `T:${key}${vars ? ` ${JSON.stringify(vars)}` : ''}`,
    dialog: async (kind, options) => {
      asked.push({ kind, options: { ...options } });
      const answer = answers.shift();
      if (!answer) throw new Error(`No answer for the ${kind} dialog`);
      return { button: answer.button, value: answer.value ?? null };
    },
  };
  const model = new TextEditorModel(host);
  return { fs, model, asked, answer: (button: string, value?: unknown) => answers.push({ button, value }) };
}

describe('TextEditorModel', () => {
  it('starts as an empty untitled document, unmodified', () => {
    const { model } = setup();
    expect(model.getState()).toMatchObject({ file: null, text: '', status: 'ready', error: null, wrap: true });
    expect(model.modified).toBe(false);
    expect(model.title).toBe('T:textEditor.untitled');
    expect(model.size).toBe('0 B');
  });

  it('opens a file given by path or entry and tells the name in the title, with a marker once edited', async () => {
    const { model, fs } = setup();
    expect(await model.load('home:/notes.txt')).toBe(true);
    expect(model.getState()).toMatchObject({ text: 'first line\nsecond', file: { path: 'home:/notes.txt', filename: 'notes.txt' } });
    expect(model.title).toBe('notes.txt');
    expect(model.size).toBe('17 B');
    model.setText('first line\nsecond!');
    expect(model.modified).toBe(true);
    expect(model.title).toBe('*notes.txt');
    model.setText('first line\nsecond');
    expect(model.title).toBe('notes.txt');
    expect(await model.load(await fs.stat('docs:/manual.txt'))).toBe(true);
    expect(model.getState().text).toBe('read me');
  });

  it('saves to the file, after which the document is no longer modified', async () => {
    const { model, fs } = setup();
    await model.load('home:/notes.txt');
    model.setText('changed');
    expect(model.getState().opened).toBe(1);
    expect(await model.save()).toBe(true);
    expect(await fs.readfile('home:/notes.txt')).toBe('changed');
    expect(model.modified).toBe(false);
    expect(model.title).toBe('notes.txt');
    // Saving keeps the document (and the caret where it is).
    expect(model.getState().opened).toBe(1);
  });

  it('saves an untitled document as: the save dialog is asked for a target, starting with Untitled.txt', async () => {
    const { model, fs, asked, answer } = setup();
    model.setText('a new text');
    answer('ok', { path: 'home:/draft.txt', filename: 'draft.txt', isFile: true });
    expect(await model.save()).toBe(true);
    expect(asked).toEqual([{ kind: 'file', options: { type: 'save', mime: TEXT_MIMES, filename: 'Untitled.txt' } }]);
    expect(await fs.readfile('home:/draft.txt')).toBe('a new text');
    expect(model.getState().file).toMatchObject({ path: 'home:/draft.txt', filename: 'draft.txt', size: 10 });
    expect(model.title).toBe('draft.txt');
  });

  it('saves as another file from the folder of the current one, and keeps editing the new one', async () => {
    const { model, fs, asked, answer } = setup({ 'home:/work/plan.md': '# Plan' });
    await model.load('home:/work/plan.md');
    model.setText('# Plan B');
    answer('ok', { path: 'home:/work/plan-b.md', filename: 'plan-b.md' });
    expect(await model.saveAs()).toBe(true);
    expect(asked[0]?.options).toMatchObject({ type: 'save', filename: 'plan.md', path: 'home:/work' });
    expect(await fs.readfile('home:/work/plan.md')).toBe('# Plan');
    expect(await fs.readfile('home:/work/plan-b.md')).toBe('# Plan B');
    expect(model.getState().file?.path).toBe('home:/work/plan-b.md');
  });

  it('does nothing when the save dialog is cancelled, and the text stays modified', async () => {
    const { model, answer } = setup();
    model.setText('keep me');
    answer('cancel');
    expect(await model.saveAs()).toBe(false);
    expect(model.getState().text).toBe('keep me');
    expect(model.modified).toBe(true);
  });

  it('shows the translated filesystem text when saving fails, and keeps the text', async () => {
    const { model, fs } = setup();
    await model.load('docs:/manual.txt');
    model.setText('my notes in a read-only place');
    expect(await model.save()).toBe(false);
    expect(model.getState().error).toBe('T:vfs.error.readOnly {"name":"docs"}');
    expect(model.getState().text).toBe('my notes in a read-only place');
    expect(model.modified).toBe(true);
    expect(await fs.readfile('docs:/manual.txt')).toBe('read me');
    model.dismissError();
    expect(model.getState().error).toBeNull();
  });

  it('translates the rule an invalid name breaks', async () => {
    const { model, answer } = setup();
    model.setText('x');
    answer('ok', { path: 'home:/CON', filename: 'CON' });
    expect(await model.saveAs()).toBe(false);
    expect(model.getState().error).toBe('T:vfs.error.invalidName {"name":"CON","rule":"T:vfs.nameRule.reserved"}');
  });

  it('shows the English text when the catalogue has none for a failure', async () => {
    const { fs } = setup();
    const model = new TextEditorModel({ files: fs, t: (key) => key, dialog: async () => ({ button: 'cancel', value: null }) });
    expect(await model.load('home:/missing.txt')).toBe(false);
    expect(model.getState().error).toBe("'home:/missing.txt' does not exist");
  });

  it('refuses a directory', async () => {
    const { model } = setup({ 'home:/folder': null });
    expect(await model.load('home:/folder')).toBe(false);
    expect(model.getState().error).toBe('T:vfs.error.isADirectory {"path":"home:/folder"}');
  });

  it('does not open a file above 5 MiB and offers to download it instead', async () => {
    const { model } = setup({ 'home:/huge.log': new Uint8Array(MAX_EDITABLE_BYTES + 1), 'home:/edge.log': new Uint8Array(MAX_EDITABLE_BYTES) });
    expect(await model.load('home:/huge.log')).toBe(false);
    const { tooLarge, text, file } = model.getState();
    expect(tooLarge?.file).toMatchObject({ path: 'home:/huge.log', size: MAX_EDITABLE_BYTES + 1 });
    expect(tooLarge?.downloadUrl).toMatch(/^blob:/);
    expect(text).toBe('');
    expect(file).toBeNull();
    expect(model.title).toBe('huge.log');
    expect(await model.load('home:/edge.log')).toBe(true);
    expect(model.getState().tooLarge).toBeNull();
  });

  describe('unsaved changes', () => {
    it('asks Save / Discard / Cancel before opening another file, with Cancel as the Escape answer', async () => {
      const { model, asked, answer } = setup({ 'home:/other.txt': 'other' });
      await model.load('home:/notes.txt');
      model.setText('edited');
      answer('cancel');
      expect(await model.open('home:/other.txt')).toBe(false);
      expect(asked[0]).toEqual({
        kind: 'confirm',
        options: {
          title: 'T:textEditor.unsaved.title',
          message: 'T:textEditor.unsaved.message {"name":"notes.txt"}',
          buttons: ['yes', 'cancel', 'no'],
          reverseButtons: true,
          labels: { yes: 'textEditor.unsaved.save', no: 'textEditor.unsaved.discard' },
        },
      });
      expect(model.getState().text).toBe('edited');
      answer('no');
      expect(await model.open('home:/other.txt')).toBe(true);
      expect(model.getState().text).toBe('other');
    });

    it('saves first when the answer is Save, then opens the other file', async () => {
      const { model, fs, answer } = setup({ 'home:/other.txt': 'other' });
      await model.load('home:/notes.txt');
      model.setText('edited');
      answer('yes');
      expect(await model.open('home:/other.txt')).toBe(true);
      expect(await fs.readfile('home:/notes.txt')).toBe('edited');
      expect(model.getState().text).toBe('other');
    });

    it('stays when saving fails during the question', async () => {
      const { model, answer } = setup();
      await model.load('docs:/manual.txt');
      model.setText('edited');
      answer('yes');
      expect(await model.confirmDiscard()).toBe(false);
      expect(model.getState()).toMatchObject({ text: 'edited', file: { path: 'docs:/manual.txt' } });
      expect(model.getState().error).toContain('T:vfs.error.readOnly');
    });

    it('does not ask when nothing changed', async () => {
      const { model, asked } = setup();
      await model.load('home:/notes.txt');
      expect(await model.confirmDiscard()).toBe(true);
      expect(await model.newDocument()).toBe(true);
      expect(asked).toEqual([]);
      expect(model.getState()).toMatchObject({ file: null, text: '' });
    });

    it('asks before a new document replaces a modified one', async () => {
      const { model, answer } = setup();
      model.setText('draft');
      answer('cancel');
      expect(await model.newDocument()).toBe(false);
      expect(model.getState().text).toBe('draft');
    });
  });

  it('opens through the open dialog, filtered to text files and starting in the current folder', async () => {
    const { model, asked, answer, fs } = setup({ 'home:/work/a.txt': 'A' });
    await model.load('home:/work/a.txt');
    answer('ok', await fs.stat('home:/notes.txt'));
    expect(await model.openWithDialog()).toBe(true);
    expect(asked[0]).toEqual({ kind: 'file', options: { type: 'open', mime: TEXT_MIMES, path: 'home:/work' } });
    expect(model.getState().file?.path).toBe('home:/notes.txt');
    answer('cancel');
    expect(await model.openWithDialog()).toBe(false);
    expect(model.getState().file?.path).toBe('home:/notes.txt');
  });

  it('tells line and column of the caret', () => {
    expect(cursorOf('ab\ncde\n', 0)).toEqual({ line: 1, column: 1 });
    expect(cursorOf('ab\ncde\n', 2)).toEqual({ line: 1, column: 3 });
    expect(cursorOf('ab\ncde\n', 4)).toEqual({ line: 2, column: 2 });
    expect(cursorOf('ab\ncde\n', 7)).toEqual({ line: 3, column: 1 });
    expect(cursorOf('ab', 99)).toEqual({ line: 1, column: 3 });
    const { model } = setup();
    model.setText('one\ntwo');
    model.setCursor(6);
    expect(model.getState().cursor).toEqual({ line: 2, column: 3 });
  });

  it('toggles wrapping of long lines', () => {
    const { model } = setup();
    model.toggleWrap();
    expect(model.getState().wrap).toBe(false);
  });
});
