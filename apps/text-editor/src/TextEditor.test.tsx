import { MemoryFileSystem, memoryMountpoint, renderApplication, type ApplicationTest } from '@atrium/app-kit/testing';
import type { DialogCallback } from '@atrium/sdk';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import metadata from '../metadata.json';
import { warnBeforeUnload } from './closeGuard.js';
import textEditor from './index.js';
import { MAX_EDITABLE_BYTES, TEXT_MIMES } from './TextEditorModel.js';
import { WINDOW_DOCUMENTS_KEY } from '@atrium/app-kit';

interface AskedDialog {
  kind: string;
  options: Record<string, unknown>;
  answer(button: string, value?: unknown): void;
}

let current: ApplicationTest | null = null;
afterEach(() => {
  current?.closeAll();
  current?.unmount();
  current = null;
});

/** Launches the Text Editor over an in-memory filesystem, with English texts and dialogs the test answers. */
async function launch(args: Record<string, unknown> = {}, files: Record<string, string | Uint8Array | null> = {}, options: Record<string, unknown> = {}, appSettings: Record<string, unknown> = {}) {
  const fs = new MemoryFileSystem({
    mountpoints: [memoryMountpoint('home'), memoryMountpoint('docs', { attributes: { readOnly: true } })],
    files: { 'home:/notes.txt': 'first line\nsecond', 'docs:/manual.txt': 'read me', ...files },
  });
  const dialogs: AskedDialog[] = [];
  // The app sees the fake desktop with these files and options, and dialogs the test answers.
  const dialog = (kind: string, options: Record<string, unknown>, callback: DialogCallback) => {
    dialogs.push({ kind, options, answer: (button, value = null) => act(() => callback(button, value)) });
  };
  current = await renderApplication(textEditor, metadata as Parameters<typeof renderApplication>[1], { args, launchOptions: options, appSettings, files: fs, dialog });
  return { ...current, fs, dialogs };
}

const text = () => screen.getByTestId('textEditor.text') as HTMLTextAreaElement;
const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

describe('Text Editor', () => {
  it('opens the text files the package declares, by mime pattern', () => {
    expect(metadata.mimes).toEqual(TEXT_MIMES);
    const accepts = (mime: string) => TEXT_MIMES.some((p) => new RegExp(p).test(mime));
    expect(['text/plain', 'text/markdown', 'text/csv', 'application/json', 'application/xml', 'application/javascript'].every(accepts)).toBe(true);
    expect(['image/png', 'application/pdf', 'application/jsonx'].some(accepts)).toBe(false);
  });

  it('opens the file it was launched with, titled with its name, with a status line', async () => {
    const { app, fs } = await launch({ file: await new MemoryFileSystem({ mountpoints: [memoryMountpoint('home')], files: { 'home:/notes.txt': '' } }).stat('home:/notes.txt') });
    await settle();
    expect(text().value).toBe('first line\nsecond');
    expect(app.titles.at(-1)).toBe('notes.txt');
    expect(screen.getByTestId('textEditor.path').textContent).toBe('home:/notes.txt');
    expect(screen.getByTestId('textEditor.position').textContent).toBe('Ln 1, Col 1');
    expect(screen.getByTestId('textEditor.size').textContent).toBe('17 B');
    expect(screen.queryByTestId('textEditor.modified')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Text of notes.txt' })).toBe(text());
    expect(await fs.readfile('home:/notes.txt')).toBe('first line\nsecond');
  });

  it('marks the title and the status line while modified, and Ctrl+S saves', async () => {
    const { app, fs } = await launch({ file: 'home:/notes.txt' });
    await settle();
    fireEvent.change(text(), { target: { value: 'first line\nsecond, edited' } });
    expect(app.titles.at(-1)).toBe('*notes.txt');
    expect(screen.getByTestId('textEditor.modified').textContent).toBe('Modified');
    expect(screen.getByTestId('textEditor.size').textContent).toBe('25 B');
    fireEvent.keyDown(text(), { key: 's', ctrlKey: true });
    await settle();
    expect(await fs.readfile('home:/notes.txt')).toBe('first line\nsecond, edited');
    expect(app.titles.at(-1)).toBe('notes.txt');
    expect(screen.queryByTestId('textEditor.modified')).toBeNull();
  });

  it('tells the line and column of the caret (the file named by the page address)', async () => {
    await launch({}, {}, { file: 'home:/notes.txt' });
    await settle();
    text().setSelectionRange(14, 14);
    fireEvent.select(text());
    expect(screen.getByTestId('textEditor.position').textContent).toBe('Ln 2, Col 4');
  });

  it('starts untitled without a file, and saving asks where through the save dialog', async () => {
    const { app, fs, dialogs } = await launch();
    expect(app.titles.at(-1)).toBe('Untitled');
    expect(screen.getByTestId('textEditor.path').textContent).toBe('Untitled');
    fireEvent.change(text(), { target: { value: 'hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(dialogs).toHaveLength(1);
    expect(dialogs[0]).toMatchObject({ kind: 'file', options: { type: 'save', filename: 'Untitled.txt', mime: TEXT_MIMES, parent: app.windows[0]?.wid } });
    dialogs[0]!.answer('ok', { path: 'home:/hello.txt', filename: 'hello.txt', isFile: true });
    await settle();
    expect(await fs.readfile('home:/hello.txt')).toBe('hello');
    expect(app.titles.at(-1)).toBe('hello.txt');
  });

  it("titles an untitled document in the user's language, also after a language switch", async () => {
    const { app, i18n } = await launch();
    const wid = app.windows[0]!.wid;
    expect(app.titleNow(wid)).toBe('Untitled');
    await act(() => i18n.setLocale('de_DE'));
    expect(app.titleNow(wid)).toBe('Unbenannt');
    fireEvent.change(text(), { target: { value: 'hello' } });
    expect(app.titles.at(-1)).toBe('*Unbenannt');
    await act(() => i18n.setLocale('zh_CN'));
    expect(app.titleNow(wid)).toBe('*未命名');
  });

  it('shows why saving failed in the interface language and keeps the text', async () => {
    const { fs } = await launch({ file: 'docs:/manual.txt' });
    await settle();
    fireEvent.change(text(), { target: { value: 'my notes' } });
    fireEvent.keyDown(text(), { key: 's', ctrlKey: true });
    await settle();
    expect(screen.getByRole('alert').textContent).toContain("Filesystem 'docs' is read-only");
    expect(text().value).toBe('my notes');
    expect(await fs.readfile('docs:/manual.txt')).toBe('read me');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks Save / Discard / Cancel before New replaces unsaved changes', async () => {
    const { dialogs } = await launch({ file: 'home:/notes.txt' });
    await settle();
    fireEvent.change(text(), { target: { value: 'unsaved' } });
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    expect(dialogs[0]).toMatchObject({ kind: 'confirm', options: { title: 'Unsaved changes', message: 'Do you want to save the changes to notes.txt?', buttons: ['yes', 'cancel', 'no'] } });
    dialogs[0]!.answer('cancel');
    await settle();
    expect(text().value).toBe('unsaved');
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    dialogs[1]!.answer('no');
    await settle();
    expect(text().value).toBe('');
  });

  it('opens another file through the open dialog (Ctrl+O), filtered to text files', async () => {
    const { dialogs, fs } = await launch({ file: 'home:/notes.txt' });
    await settle();
    fireEvent.keyDown(text(), { key: 'o', ctrlKey: true });
    expect(dialogs[0]).toMatchObject({ kind: 'file', options: { type: 'open', mime: TEXT_MIMES, path: 'home:/' } });
    dialogs[0]!.answer('ok', await fs.stat('docs:/manual.txt'));
    await settle();
    expect(text().value).toBe('read me');
  });

  it('offers to download a file too large to edit instead of opening it', async () => {
    await launch({ file: 'home:/big.log' }, { 'home:/big.log': new Uint8Array(MAX_EDITABLE_BYTES + 10) });
    await settle();
    expect(screen.queryByTestId('textEditor.text')).toBeNull();
    expect(screen.getByRole('heading').textContent).toBe('big.log is too large to edit');
    expect(screen.getByTestId('textEditor.tooLarge').textContent).toContain('The Text Editor opens files up to 5.0\u00a0MiB; this one is 5.0\u00a0MiB.');
    const download = screen.getByRole('link', { name: 'Download' }) as HTMLAnchorElement;
    expect(download.href).toMatch(/^blob:/);
    expect(download.getAttribute('download')).toBe('big.log');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('toggles wrapping and keeps the choice in its settings', async () => {
    const { app } = await launch();
    const wrap = screen.getByRole('button', { name: 'Wrap long lines' });
    expect(wrap.getAttribute('aria-pressed')).toBe('true');
    const set = vi.spyOn(app.settings, 'set');
    fireEvent.click(wrap);
    expect(wrap.getAttribute('aria-pressed')).toBe('false');
    expect(text().getAttribute('wrap')).toBe('off');
    expect(set).toHaveBeenCalledWith('wrap', false);
  });

  it('moves along the toolbar with the arrow keys', async () => {
    await launch();
    const toolbar = screen.getByRole('toolbar', { name: 'Text Editor toolbar' });
    const open = screen.getByRole('button', { name: 'Open…' });
    open.focus();
    fireEvent.keyDown(open, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Wrap long lines' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New' }));
    expect(toolbar.contains(document.activeElement)).toBe(true);
  });
});

describe('Text Editor after a reload (a restored session)', () => {
  /** The saved record of a window, as the desktop's session keeps it: its id, place and state, never what it showed. */
  const record = (id: string) => ({ id, maximized: false, minimized: false, position: { left: 40, top: 40 }, dimension: { width: 720, height: 520 } });
  /** Launches the editor as the desktop restores it: the window's saved record, and the app's own settings as kept. */
  const restore = (id: string, kept: Record<string, unknown>, files: Record<string, string | Uint8Array | null> = {}) =>
    launch({}, files, { restore: [record(id)] }, { [WINDOW_DOCUMENTS_KEY]: kept });

  it("keeps the file its window shows in its own settings, and the restored window opens that file again, titled with its name", async () => {
    const first = await launch({ file: 'home:/notes.txt' });
    await settle();
    const id = first.app.windowOptions[0]!.id;
    expect(id).toMatch(/^editor-/);
    expect(first.app.appSettingValues[WINDOW_DOCUMENTS_KEY]).toEqual({ [id]: { path: 'home:/notes.txt', modified: false } });
    const kept = first.app.appSettingValues[WINDOW_DOCUMENTS_KEY] as Record<string, unknown>;
    current?.closeAll();
    current?.unmount();

    const { app } = await restore(id, kept);
    await settle();
    // The same window (it opens where it was), the same file.
    expect(app.windowOptions.map((w) => w.id)).toEqual([id]);
    expect(app.titles.at(-1)).toBe('notes.txt');
    expect(text().value).toBe('first line\nsecond');
    expect(screen.getByTestId('textEditor.path').textContent).toBe('home:/notes.txt');
    expect(screen.queryByTestId('textEditor.notice')).toBeNull();
  });

  it('says that changes not saved before the page was left were not kept, and shows the file as last saved', async () => {
    const { app } = await restore('editor-a', { 'editor-a': { path: 'home:/notes.txt', modified: true } });
    await settle();
    expect(text().value).toBe('first line\nsecond');
    expect(app.titles.at(-1)).toBe('notes.txt');
    expect(screen.getByTestId('textEditor.notice').textContent).toContain('Changes to notes.txt that were not saved before the page was left were not kept: this is the file as last saved.');
    expect(screen.queryByTestId('textEditor.modified')).toBeNull();
    // Said once: what is kept now is the file as it is shown.
    expect(app.appSettingValues[WINDOW_DOCUMENTS_KEY]).toEqual({ 'editor-a': { path: 'home:/notes.txt', modified: false } });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('textEditor.notice')).toBeNull();
  });

  it('says clearly that a file moved or deleted since is no longer there, titled with its name, and offers Open… instead of an empty document', async () => {
    const { app, dialogs, fs } = await restore('editor-a', { 'editor-a': { path: 'home:/gone.md', modified: false } });
    await settle();
    expect(app.titles.at(-1)).toBe('gone.md');
    expect(screen.queryByTestId('textEditor.text')).toBeNull();
    expect(screen.getByRole('heading').textContent).toBe('gone.md could not be opened again');
    expect(screen.getByRole('alert').textContent).toBe(
      'It is no longer at home:/gone.md: it was moved, renamed or deleted since this window showed it. Open it from where it is now with Open…, or close this window.',
    );
    // Trying again cannot help; nothing to save.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save As…' }) as HTMLButtonElement).disabled).toBe(true);
    // Still the window of that file: a reload says the same again.
    expect(app.appSettingValues[WINDOW_DOCUMENTS_KEY]).toEqual({ 'editor-a': { path: 'home:/gone.md', modified: false } });

    fireEvent.click(screen.getByTestId('textEditor.reopen.open'));
    expect(dialogs[0]).toMatchObject({ kind: 'file', options: { type: 'open', mime: TEXT_MIMES } });
    dialogs[0]!.answer('ok', await fs.stat('home:/notes.txt'));
    await settle();
    expect(text().value).toBe('first line\nsecond');
    expect(app.titles.at(-1)).toBe('notes.txt');
    expect(app.appSettingValues[WINDOW_DOCUMENTS_KEY]).toEqual({ 'editor-a': { path: 'home:/notes.txt', modified: false } });
  });

  it('offers to try again when the file could not be read for another reason', async () => {
    const failing = new MemoryFileSystem({ mountpoints: [memoryMountpoint('home')], files: { 'home:/notes.txt': 'back again' } });
    const stat = vi.spyOn(failing, 'stat').mockRejectedValueOnce(Object.assign(new Error('The server cannot be reached.'), { code: 'vfs.unreachable' }));
    current = await renderApplication(textEditor, metadata as Parameters<typeof renderApplication>[1], {
      launchOptions: { restore: [record('editor-a')] },
      appSettings: { [WINDOW_DOCUMENTS_KEY]: { 'editor-a': { path: 'home:/notes.txt', modified: false } } },
      files: failing,
    });
    await settle();
    expect(screen.getByRole('heading').textContent).toBe('notes.txt could not be opened again');
    expect(screen.getByRole('alert').textContent).toBe('The server cannot be reached.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(stat).toHaveBeenCalledTimes(2);
    expect(text().value).toBe('back again');
    expect(current.app.titles.at(-1)).toBe('notes.txt');
  });

  it('does not come back as an empty Untitled window: a restored window that showed no file ends the editor at once', async () => {
    // A window of a session saved before windows kept what they showed, and one whose new document was empty.
    for (const [id, kept] of [['editor', {}], ['editor-b', {}]] as const) {
      const { app } = await restore(id, kept);
      expect(app.windowOptions).toHaveLength(0);
      expect(app.ended).toBe(true);
      expect(app.notifications).toEqual([]);
      current?.closeAll();
      current?.unmount();
      current = null;
    }
  });

  it('says that a new document with unsaved text was not kept, and does not come back', async () => {
    const first = await launch();
    fireEvent.change(text(), { target: { value: 'a thought' } });
    const id = first.app.windowOptions[0]!.id;
    expect(first.app.appSettingValues[WINDOW_DOCUMENTS_KEY]).toEqual({ [id]: { path: null, modified: true } });
    const kept = first.app.appSettingValues[WINDOW_DOCUMENTS_KEY] as Record<string, unknown>;
    current?.closeAll();
    current?.unmount();

    const { app } = await restore(id, kept);
    expect(app.windowOptions).toHaveLength(0);
    expect(app.ended).toBe(true);
    expect(app.notifications).toEqual([{ title: 'A new document was not kept', message: 'Its text was never saved to a file, so it could not come back after the page was left.' }]);
    // Said once.
    expect(app.appSettingValues[WINDOW_DOCUMENTS_KEY]).toEqual({});
  });

  it('forgets the file of a window the user closed, so that it does not come back', async () => {
    const { app } = await launch({ file: 'home:/notes.txt' });
    await settle();
    expect(Object.keys(app.appSettingValues[WINDOW_DOCUMENTS_KEY] as object)).toHaveLength(1);
    expect(await act(() => app.requestClose(app.windows[0]!))).toBe(true);
    expect(app.appSettingValues[WINDOW_DOCUMENTS_KEY]).toEqual({});
  });

  it('keeps the file of a window whose closing the user cancelled over unsaved changes', async () => {
    const { app, dialogs } = await launch({ file: 'home:/notes.txt' });
    await settle();
    fireEvent.change(text(), { target: { value: 'unsaved' } });
    const closing = app.requestClose(app.windows[0]!);
    dialogs[0]!.answer('cancel');
    expect(await closing).toBe(false);
    expect(Object.values(app.appSettingValues[WINDOW_DOCUMENTS_KEY] as object)).toEqual([{ path: 'home:/notes.txt', modified: true }]);
  });
});

describe('warnBeforeUnload', () => {
  it('has the browser ask before the page goes with unsaved changes, and not without', () => {
    let needed = true;
    // The guard's own listener, called alone: other test files of the worker may have left theirs on the shared window.
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const stop = warnBeforeUnload(() => needed);
    const listener = added.mock.calls.find(([type]) => type === 'beforeunload')![1] as (event: Event) => void;
    const first = new Event('beforeunload', { cancelable: true });
    listener(first);
    expect(first.defaultPrevented).toBe(true);
    needed = false;
    const second = new Event('beforeunload', { cancelable: true });
    listener(second);
    expect(second.defaultPrevented).toBe(false);
    stop();
    expect(removed.mock.calls.some(([type, fn]) => type === 'beforeunload' && fn === listener)).toBe(true);
    added.mockRestore();
    removed.mockRestore();
  });
});
