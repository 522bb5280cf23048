import { describe, expect, it } from 'vitest';
import type { AlertDialog } from './AlertDialog.js';
import { dialogHarness } from './testing/dialogHarness.js';

function alert(options: Record<string, unknown>) {
  const harness = dialogHarness();
  const dialog = harness.service.create('alert', options, harness.callback) as AlertDialog;
  return { ...harness, dialog, record: harness.windows.get(dialog.wid)! };
}

describe('AlertDialog', () => {
  it("titles itself 'Alert' (translated) unless a title is given", () => {
    expect(alert({}).dialog.getState().title).toBe('Alert');
    expect(alert({}).record.title).toBe('Alert');
    expect(alert({ title: 'Heads up' }).dialog.getState().title).toBe('Heads up');
  });

  it("has one 'close' button and calls back with no value", async () => {
    const { dialog, calls } = alert({ message: 'Done' });
    expect(dialog.buttons).toEqual(['close']);
    await dialog.press('close');
    expect(calls).toEqual([['close', null]]);
  });

  it('shows an info message without error text, plays the message sound and is not on top', () => {
    const { dialog, played } = alert({ message: 'Saved' });
    expect(dialog.getState()).toEqual({ title: 'Alert', message: 'Saved', type: 'info', hint: null, errorText: null, errorId: null });
    expect(played).toEqual(['message']);
    // Given a parent window: without one, any dialog is a modal of the desktop, above every window.
    const harness = dialogHarness();
    const parent = harness.windows.open({ id: 'main', appId: 'textpad' });
    const child = harness.service.create('alert', { message: 'Saved', parent: parent.wid }, harness.callback);
    expect(harness.windows.get(child.wid)?.attributes.ontop).toBe(false);
  });

  it("shows an error's message and stack, plays the bell and stays on top", () => {
    const { dialog, played, record } = alert({ type: 'error', message: 'Launch failed', error: { message: 'Package Runtime x not found', stack: 'at launch (a.js:1)' } });
    expect(dialog.getState()).toMatchObject({ type: 'error', message: 'Launch failed', errorText: 'Package Runtime x not found\n\nat launch (a.js:1)' });
    expect(played).toEqual(['bell']);
    expect(record.attributes.ontop).toBe(true);
  });

  it("shows 'No stack' when the error has none", () => {
    const { dialog } = alert({ type: 'error', message: 'Launch failed', error: { message: 'boom' } });
    expect(dialog.getState().errorText).toBe('boom\n\nNo stack');
  });

  it('falls back to the dialog message when there is no error object', () => {
    expect(alert({ type: 'error', message: 'Oops' }).dialog.getState().errorText).toBe('Oops\n\nNo stack');
  });

  it('takes the stack of a thrown Error', () => {
    const error = new Error('kaput');
    const { dialog } = alert({ type: 'error', error });
    expect(dialog.getState().errorText).toBe(`kaput\n\n${error.stack}`);
  });

  it('has no close button of its own: its Close button is the only one, and the close command is disabled', () => {
    const { record } = alert({ message: 'Saved' });
    expect(record.attributes.closeable).toBe(false);
    expect(alert({ type: 'error', message: 'Oops' }).record.attributes.closeable).toBe(false);
  });

  it('keeps the id an error was logged with, and copies it with the details', () => {
    const { dialog } = alert({ type: 'error', message: 'Launch failed', error: { message: 'boom', stack: 'at a.js:1' }, errorId: 'K7QF-3MZD' });
    expect(dialog.getState().errorId).toBe('K7QF-3MZD');
    expect(dialog.copyText()).toBe('Error ID: K7QF-3MZD\nboom\n\nat a.js:1');
  });

  it('copies the details alone when the error has no id, and ignores an id on an information alert', () => {
    expect(alert({ type: 'error', error: { message: 'boom' } }).dialog.copyText()).toBe('boom\n\nNo stack');
    expect(alert({ message: 'Saved', errorId: 'K7QF-3MZD' }).dialog.getState().errorId).toBeNull();
  });
});
