import { describe, expect, it } from 'vitest';
import { dialogHarness } from './testing/dialogHarness.js';

describe('ConfirmDialog', () => {
  it("has 'yes' and 'no' by default", async () => {
    const { service, callback, calls } = dialogHarness();
    const dialog = service.create('confirm', { message: 'Delete it?' }, callback);
    expect(dialog.buttons).toEqual(['yes', 'no']);
    expect(dialog.negativeButton).toBe('no');
    expect(dialog.getState()).toEqual({ message: 'Delete it?' });
    await dialog.press('no');
    expect(calls).toEqual([['no', null]]);
  });

  it("has 'ok' and 'cancel' when yesno is false", async () => {
    const { service, callback, calls } = dialogHarness();
    const dialog = service.create('confirm', { yesno: false }, callback);
    expect(dialog.buttons).toEqual(['ok', 'cancel']);
    expect(dialog.negativeButton).toBe('cancel');
    await dialog.press('ok');
    expect(calls).toEqual([['ok', null]]);
  });

  it('plays no sound', () => {
    const { service, callback, played } = dialogHarness();
    service.create('confirm', {}, callback);
    expect(played).toEqual([]);
  });
});
