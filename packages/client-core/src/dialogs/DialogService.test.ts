import { describe, expect, it, vi } from 'vitest';
import { AlertDialog } from './AlertDialog.js';
import { DIALOG_KINDS } from './DialogModel.js';
import { DialogService, isDialogKind } from './DialogService.js';
import { FileDialog } from './FileDialog.js';
import { dialogHarness } from './testing/dialogHarness.js';
import { MemoryFileSystem, memoryMountpoint } from '@atrium/sdk/testing';

describe('DialogService.create', () => {
  it("throws \"Dialog '<kind>' does not exist\" for an unknown kind", () => {
    const { service, callback, windows } = dialogHarness();
    expect(() => service.create('nope', {}, callback)).toThrow(new Error("Dialog 'nope' does not exist"));
    expect(() => service.create('toString', {}, callback)).toThrow("Dialog 'toString' does not exist");
    expect(windows.windows()).toHaveLength(0);
  });

  it("throws 'Dialog requires a callback' without a callback, opening nothing", () => {
    const { service, windows } = dialogHarness();
    expect(() => service.create('alert', {})).toThrow(new Error('Dialog requires a callback'));
    expect(windows.windows()).toHaveLength(0);
  });

  it('creates every dialog kind', () => {
    const fileSystem = new MemoryFileSystem({ mountpoints: [memoryMountpoint('home')], files: {} });
    const { service, callback } = dialogHarness({ fileSystem });
    for (const kind of DIALOG_KINDS) {
      const options = kind === 'file' ? { type: 'open' as const } : {};
      expect(service.create(kind, options, callback).kind).toBe(kind);
    }
    expect(service.create('alert', {}, callback)).toBeInstanceOf(AlertDialog);
    expect(service.create('file', { type: 'save' }, callback)).toBeInstanceOf(FileDialog);
    expect(isDialogKind('defaultApplication')).toBe(true);
    expect(isDialogKind('nope')).toBe(false);
  });

  it('refuses a file dialog when it has no filesystem, opening nothing', () => {
    const { service, callback, windows } = dialogHarness();
    expect(() => service.create('file', { type: 'open' }, callback)).toThrow('The file dialog needs a filesystem');
    expect(windows.windows()).toHaveLength(0);
  });
});

describe('DialogService list of open dialogs', () => {
  it('lists a dialog from its creation until it has called back', async () => {
    const { service, callback } = dialogHarness();
    const listener = vi.fn();
    service.subscribe(listener);
    const first = service.create('confirm', {}, callback);
    const second = service.create('prompt', {}, callback);
    expect(service.dialogs()).toEqual([first, second]);
    expect(listener).toHaveBeenCalledTimes(2);
    await first.press('yes');
    expect(service.dialogs()).toEqual([second]);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('keeps the same array until a dialog opens or finishes', () => {
    const { service, callback } = dialogHarness();
    const dialog = service.create('prompt', {}, callback);
    const list = service.dialogs();
    (dialog as unknown as { setValue(v: string): void }).setValue('typing');
    expect(service.dialogs()).toBe(list);
  });

  it('destroys every open dialog on dispose, each calling back with its negative button', () => {
    const { service, callback, calls, windows } = dialogHarness();
    service.create('confirm', {}, callback);
    service.create('progress', {}, callback);
    service.dispose();
    expect(calls.map(([b]) => b)).toEqual(['no', 'cancel']);
    expect(service.dialogs()).toEqual([]);
    expect(windows.windows()).toHaveLength(0);
  });

  it('gives every dialog window its own id, even across services sharing a window manager', () => {
    const { service, windows, callback } = dialogHarness();
    const other = new DialogService({ windows, translate: (k) => k });
    service.create('confirm', {}, callback);
    other.create('confirm', {}, callback);
    const ids = windows.windows().map((w) => w.id);
    expect(new Set(ids).size).toBe(2);
  });
});

describe('DialogService.alert (the product wrapper)', () => {
  it('disables Escape, reverses the buttons and allows outside clicks', () => {
    const { service, calls } = dialogHarness();
    const dialog = service.alert('Saved', { buttons: ['ok', 'close'] });
    expect(dialog.options).toMatchObject({ message: 'Saved', escapable: false, reverseButtons: true, outsideClick: true });
    expect(dialog.buttons).toEqual(['close', 'ok']);
    dialog.escape();
    expect(dialog.finished).toBe(false);
    expect(calls).toEqual([]);
  });

  it('lets the options turn outside clicks off but not Escape back on', () => {
    const { service } = dialogHarness();
    const dialog = service.alert('x', { outsideClick: false, escapable: true });
    expect(dialog.options.outsideClick).toBe(false);
    expect(dialog.options.escapable).toBe(false);
  });

  it('needs no callback, and calls the given one on close', async () => {
    const { service, callback, calls } = dialogHarness();
    await service.alert('no callback').press('close');
    await service.alert('with callback', {}, callback).press('close');
    expect(calls).toEqual([['close', null]]);
  });
});
