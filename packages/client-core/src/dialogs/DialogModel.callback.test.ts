import { describe, expect, it, vi } from 'vitest';
import { dialogHarness } from './testing/dialogHarness.js';

describe('a dialog calls back exactly once', () => {
  it('passes the pressed button, then closes its window', async () => {
    const { service, callback, calls, windows } = dialogHarness();
    const dialog = service.create('confirm', {}, callback);
    await dialog.press('yes');
    expect(calls).toEqual([['yes', null]]);
    expect(windows.get(dialog.wid)).toBeUndefined();
    expect(dialog.finished).toBe(true);
  });

  it('passes the negative button on Escape', () => {
    const { service, callback, calls, windows } = dialogHarness();
    const dialog = service.create('confirm', {}, callback);
    dialog.escape();
    expect(calls).toEqual([['no', null]]);
    expect(windows.get(dialog.wid)).toBeUndefined();
  });

  it('passes the negative button when its window is closed through the window manager', () => {
    const { service, callback, calls, windows } = dialogHarness();
    const dialog = service.create('prompt', { value: 'draft' }, callback);
    expect(windows.close(dialog.wid)).toBe(true);
    expect(calls).toEqual([['cancel', 'draft']]);
    expect(service.dialogs()).toEqual([]);
  });

  it('passes the negative button when its parent window closes', () => {
    const { service, callback, calls, windows } = dialogHarness();
    const app = windows.open({ id: 'editor', appId: 'textpad' });
    const dialog = service.create('confirm', { parent: app.wid }, callback);
    windows.close(app.wid);
    expect(calls).toEqual([['no', null]]);
    expect(windows.get(dialog.wid)).toBeUndefined();
  });

  it('passes the negative button on destroy', () => {
    const { service, callback, calls, windows } = dialogHarness();
    const dialog = service.create('progress', {}, callback);
    dialog.destroy();
    expect(calls).toEqual([['cancel', 0]]);
    expect(windows.get(dialog.wid)).toBeUndefined();
  });

  it('ignores everything after the first call', async () => {
    const { service, callback, calls, windows } = dialogHarness();
    const dialog = service.create('confirm', {}, callback);
    await dialog.press('yes');
    await dialog.press('no');
    dialog.escape();
    dialog.destroy();
    windows.close(dialog.wid);
    expect(calls).toEqual([['yes', null]]);
  });

  it('calls back once when the press and the window close race', async () => {
    const { service, callback, calls, windows } = dialogHarness();
    const dialog = service.create('confirm', {}, callback);
    windows.close(dialog.wid);
    await dialog.press('yes');
    expect(calls).toEqual([['no', null]]);
  });

  it('still closes when its callback throws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { service, windows } = dialogHarness();
    const dialog = service.create('confirm', {}, () => {
      throw new Error('boom');
    });
    await dialog.press('yes');
    expect(windows.get(dialog.wid)).toBeUndefined();
    expect(service.dialogs()).toEqual([]);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});

describe('Escape', () => {
  it('does nothing when escapable is false', () => {
    const { service, callback, calls, windows } = dialogHarness();
    const dialog = service.create('confirm', { escapable: false }, callback);
    dialog.escape();
    expect(calls).toEqual([]);
    expect(windows.get(dialog.wid)).toBeDefined();
  });

  it("passes each kind's negative button", () => {
    const { service, callback, calls } = dialogHarness();
    for (const [kind, options] of [
      ['alert', {}],
      ['confirm', {}],
      ['confirm', { yesno: false }],
      ['prompt', {}],
      ['progress', {}],
      ['color', {}],
      ['font', {}],
      ['choice', {}],
      ['defaultApplication', {}],
    ] as const) {
      service.create(kind, options, callback).escape();
    }
    expect(calls.map(([b]) => b)).toEqual(['close', 'no', 'cancel', 'cancel', 'cancel', 'cancel', 'cancel', 'cancel', 'close']);
  });
});

describe('buttons', () => {
  it('uses the buttons of the options, the first non-ok/yes one being negative', () => {
    const { service, callback, calls } = dialogHarness();
    const dialog = service.create('confirm', { buttons: ['yes', 'later', 'never'] }, callback);
    expect(dialog.buttons).toEqual(['yes', 'later', 'never']);
    expect(dialog.negativeButton).toBe('later');
    dialog.escape();
    expect(calls).toEqual([['later', null]]);
  });

  it('shows the buttons reversed with reverseButtons, keeping the same negative button', () => {
    const { service, callback } = dialogHarness();
    const dialog = service.create('confirm', { reverseButtons: true }, callback);
    expect(dialog.buttons).toEqual(['no', 'yes']);
    expect(dialog.negativeButton).toBe('no');
  });

  it('ignores a press of a button the dialog does not have', async () => {
    const { service, callback, calls } = dialogHarness();
    const dialog = service.create('confirm', {}, callback);
    expect(dialog.isButtonEnabled('ok')).toBe(false);
    await dialog.press('ok');
    expect(calls).toEqual([]);
    expect(dialog.finished).toBe(false);
  });
});
