import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../testing/FakeClock.js';
import { MemoryFileSystem, memoryMountpoint } from '@atrium/sdk/testing';
import { WindowManager } from '../windows/WindowManager.js';
import type { DialogCallback } from './DialogModel.js';

/**
 * The kinds a desktop opens now and then (colour, font, file, choice,
 * default application) come with their own code, loaded when the desktop is
 * idle or by the first such dialog. Each test starts on a page that has not
 * loaded it yet (a fresh module).
 */
async function freshPage() {
  vi.resetModules();
  const module = await import('./DialogService.js');
  const windows = new WindowManager({ clock: new FakeClock(), viewport: { width: 1280, height: 800 }, translate: (key) => key });
  const fileSystem = new MemoryFileSystem({ mountpoints: [memoryMountpoint('home')], files: {} });
  const service = new module.DialogService({ windows, translate: (key) => key, fileSystem });
  const calls: Array<[string, unknown]> = [];
  const callback: DialogCallback = (button, value) => void calls.push([button, value]);
  return { ...module, windows, service, calls, callback };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.doUnmock('./seldomDialogs.js');
  vi.restoreAllMocks();
});

describe('DialogService before the seldom kinds have arrived', () => {
  it('opens an alert, a question, a prompt and a progress at once', async () => {
    const { service, callback, windows } = await freshPage();
    for (const kind of ['alert', 'confirm', 'prompt', 'progress']) {
      const opening = service.open(kind, {}, callback);
      expect(service.dialogs().at(-1)?.kind).toBe(kind);
      expect(await opening).toBe(service.dialogs().at(-1));
    }
    expect(windows.windows()).toHaveLength(4);
  });

  it('opens a colour chooser once its code has arrived, and it works as any dialog', async () => {
    const { service, callback, calls, windows } = await freshPage();
    const opening = service.open('color', { value: '#336699' }, callback);
    expect(service.dialogs()).toEqual([]);
    const dialog = await opening;
    expect(dialog?.kind).toBe('color');
    expect(service.dialogs()).toEqual([dialog]);
    expect(windows.windows().map((w) => w.wid)).toEqual([dialog!.wid]);
    await dialog!.press('ok');
    expect(calls).toEqual([['ok', { hex: '#336699', r: 0x33, g: 0x66, b: 0x99 }]]);
    expect(windows.windows()).toHaveLength(0);
  });

  it('refuses create() for such a kind until loaded, then creates it at once', async () => {
    const { service, callback, windows, loadDialogKinds } = await freshPage();
    expect(() => service.create('file', { type: 'open' }, callback)).toThrow("Dialog 'file' is not loaded yet");
    expect(windows.windows()).toHaveLength(0);
    await loadDialogKinds();
    const dialog = service.create('file', { type: 'open' }, callback);
    expect(dialog.kind).toBe('file');
    const opening = service.open('font', {}, callback);
    expect(service.dialogs().at(-1)?.kind).toBe('font');
    await opening;
  });

  it('throws at once for an unknown kind, a missing callback and a file dialog without a filesystem, opening nothing', async () => {
    const { service, callback, windows, DialogService } = await freshPage();
    expect(() => service.open('nope', {}, callback)).toThrow("Dialog 'nope' does not exist");
    expect(() => service.open('color', {})).toThrow('Dialog requires a callback');
    const noFiles = new DialogService({ windows, translate: (key) => key });
    expect(() => noFiles.open('file', { type: 'open' }, callback)).toThrow('The file dialog needs a filesystem');
    await Promise.resolve();
    expect(windows.windows()).toHaveLength(0);
  });

  it('gives up the dialogs it waits for on dispose: each calls back once with its negative button, and none opens later', async () => {
    const { service, callback, calls, windows, loadDialogKinds, DialogService } = await freshPage();
    const kinds = ['color', 'font', 'file', 'choice', 'defaultApplication'] as const;
    const openings = kinds.map((kind) => service.open(kind, kind === 'file' ? { type: 'save' } : {}, callback));
    const named = service.open('choice', { buttons: ['ok', 'skip'] }, callback);
    service.dispose();
    expect(await Promise.all([...openings, named])).toEqual([null, null, null, null, null, null]);
    await loadDialogKinds();
    expect(windows.windows()).toHaveLength(0);
    // The same negative button each kind's own model has.
    const fileSystem = new MemoryFileSystem({ mountpoints: [memoryMountpoint('home')], files: {} });
    const loaded = new DialogService({ windows, translate: (key) => key, fileSystem });
    const negatives = kinds.map((kind) => loaded.create(kind, kind === 'file' ? { type: 'save' } : {}, () => undefined).negativeButton);
    expect(calls).toEqual([...negatives.map((button) => [button, null]), ['skip', null]]);
    expect(negatives).toEqual(['cancel', 'cancel', 'cancel', 'cancel', 'close']);
  });

  it('calls back with the negative button when the code cannot be fetched, and fetches it again for the next dialog', async () => {
    vi.doMock('./seldomDialogs.js', () => {
      throw new Error('offline');
    });
    const { service, callback, calls, windows } = await freshPage();
    expect(await service.open('color', {}, callback)).toBeNull();
    expect(calls).toEqual([['cancel', null]]);
    expect(windows.windows()).toHaveLength(0);
    expect(console.error).toHaveBeenCalledWith('The color dialog could not be loaded.', expect.any(Error));
    vi.doUnmock('./seldomDialogs.js');
    const dialog = await service.open('color', {}, callback);
    expect(dialog?.kind).toBe('color');
  });
});
