import type { DialogModel, DialogOptions } from '@atrium/client-core';
import { act, cleanup, fireEvent, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { focusableIn } from '../windows/focusable.js';
import { renderDesktop, type DesktopTest } from '../testing/renderDesktop.js';
import { settle } from '../testing/renderAtrium.js';

let test: DesktopTest | null = null;
afterEach(() => {
  test?.dispose();
  test = null;
  cleanup();
});

async function open(kind: string, options: DialogOptions = {}) {
  test ??= await renderDesktop({ applications: () => [{ name: 'textpad', title: 'Text editor' }, { name: 'viewer', title: 'Viewer' }] });
  const calls: Array<[string, unknown]> = [];
  let model!: DialogModel;
  act(() => {
    model = test!.dialogs.create(kind, options, (button, value) => void calls.push([button, value]));
  });
  await settle();
  const frame = test.frame(model.wid);
  // A seldom-used kind's view is fetched when first opened (docs/PERFORMANCE.md, "The signed-in shell"): it may arrive after the window.
  return { model, calls, frame, view: within(await within(frame).findByTestId('dialog', {}, { timeout: 15_000 })) };
}

describe('Enter in dialogs (docs/KEYBOARD.md)', () => {
  it.each([
    ['color', {}, 'dialog.color.r'],
    ['font', {}, 'dialog.font.name'],
    ['choice', { choices: { a: 'Alpha', b: 'Beta' }, value: 'a' }, 'dialog.choice.a'],
    ['choice', { choices: { a: 'A', b: 'B', c: 'C' } }, 'dialog.choice.select'],
    ['defaultApplication', {}, 'dialog.defaultApplication.select'],
    ['defaultApplication', {}, 'dialog.defaultApplication.remember'],
    ['prompt', { value: 'Reports' }, 'dialog.prompt.input'],
  ] as const)('%s: Enter on a field presses the default button (%s, %s)', async (kind, options, control) => {
    const { calls, view, model } = await open(kind, options);
    expect(model.defaultButton).toBe('ok');
    fireEvent.keyDown(view.getByTestId(control), { key: 'Enter' });
    await settle();
    expect(calls.map(([button]) => button)).toEqual(['ok']);
  });

  it('shows the default button as the primary one', async () => {
    const { view } = await open('confirm', { message: 'Go on?' });
    expect(view.getByRole('button', { name: 'Yes' }).className).toContain('atr-button--primary');
    expect(view.getByRole('button', { name: 'No' }).className).toContain('atr-button--secondary');
  });

  it('opens a destructive question on No: it is the default button, focused, and Enter there keeps things as they are', async () => {
    const { view, calls } = await open('confirm', { message: 'Delete report.pdf?', destructive: true });
    const no = view.getByRole('button', { name: 'No' });
    expect(document.activeElement).toBe(no);
    expect(no.className).toContain('atr-button--primary');
    expect(view.getByRole('button', { name: 'Yes' }).className).toContain('atr-button--secondary');
    fireEvent.keyDown(view.getByTestId('dialog.message'), { key: 'Enter' });
    await settle();
    expect(calls.map(([button]) => button)).toEqual(['no']);
  });

  it('opens an ordinary question on Yes', async () => {
    const { view } = await open('confirm', { message: 'Go on?' });
    expect(document.activeElement).toBe(view.getByRole('button', { name: 'Yes' }));
  });

  it("selects the prompt's text the options name when it opens, else all of it", async () => {
    const { view } = await open('prompt', { value: 'report.final.pdf', selection: [0, 12] });
    const input = view.getByTestId('dialog.prompt.input') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 12]);
    test?.dispose();
    test = null;
    cleanup();
    const again = await open('prompt', { value: 'Reports' });
    const whole = again.view.getByTestId('dialog.prompt.input') as HTMLInputElement;
    expect([whole.selectionStart, whole.selectionEnd]).toEqual([0, 7]);
  });

  it('leaves Enter to a button: it presses that button, not the default one', async () => {
    const { calls, view } = await open('color');
    fireEvent.keyDown(view.getByRole('button', { name: 'Cancel' }), { key: 'Enter' });
    await settle();
    expect(calls).toEqual([]);
  });

  it('leaves Enter to a multi-line field, but not to a read-only one', async () => {
    const { calls, view } = await open('alert', { type: 'error', message: 'Broken', error: { message: 'Broken' } });
    fireEvent.click(view.getByRole('button', { name: 'Details' }));
    const details = view.getByTestId('dialog.alert.details') as HTMLTextAreaElement;
    details.readOnly = false;
    fireEvent.keyDown(details, { key: 'Enter' });
    await settle();
    expect(calls).toEqual([]);
    details.readOnly = true;
    fireEvent.keyDown(details, { key: 'Enter' });
    await settle();
    expect(calls.map(([button]) => button)).toEqual(['close']);
  });

  it('ignores Enter pressed with a modifier', async () => {
    const { calls, view, model } = await open('prompt', { value: 'x' });
    fireEvent.keyDown(view.getByTestId('dialog.prompt.input'), { key: 'Enter', ctrlKey: true });
    await settle();
    expect(calls).toEqual([]);
    expect(model.finished).toBe(false);
  });

  it('has no default button when no button is positive and there are several', async () => {
    const { calls, view, model } = await open('confirm', { buttons: ['later', 'never'] });
    expect(model.defaultButton).toBeNull();
    fireEvent.keyDown(view.getByTestId('dialog.message'), { key: 'Enter' });
    await settle();
    expect(calls).toEqual([]);
  });
});

describe('the focus trap of modal dialogs', () => {
  it('keeps Tab and Shift+Tab inside a modal dialog whose content is portalled into its window', async () => {
    test = await renderDesktop();
    const parent = test.open({ title: 'Editor' });
    const { frame, view } = await open('color', { parent: parent.wid });
    expect(frame.getAttribute('aria-modal')).toBe('true');
    const items = focusableIn(frame);
    const first = items[0]!;
    const last = view.getByRole('button', { name: 'Cancel' });
    expect(items[items.length - 1]).toBe(last);

    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);

    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('wraps from an element outside the Tab order at the end, and lets Tab move on in the middle', async () => {
    test = await renderDesktop();
    const parent = test.open({ title: 'Editor' });
    const { frame, view } = await open('confirm', { parent: parent.wid, message: 'Sure?' });
    const message = view.getByTestId('dialog.message');
    const yes = view.getByRole('button', { name: 'Yes' });
    // Tab from Yes goes on to No natively: the trap does not interfere.
    yes.focus();
    expect(fireEvent.keyDown(yes, { key: 'Tab' })).toBe(true);
    expect(document.activeElement).toBe(yes);
    // The frame itself (tabIndex -1) wraps both ways.
    frame.focus();
    fireEvent.keyDown(frame, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(view.getByRole('button', { name: 'No' }));
    message.tabIndex = -1;
    message.focus();
    expect(fireEvent.keyDown(message, { key: 'Tab' })).toBe(true);
  });

  it('traps Tab in a dialog without a parent too: it is a modal of the desktop', async () => {
    const { frame } = await open('confirm', { message: 'Sure?' });
    expect(frame.getAttribute('aria-modal')).toBe('true');
    const buttons = focusableIn(frame);
    const last = buttons.at(-1)!;
    last.focus();
    expect(fireEvent.keyDown(last, { key: 'Tab' })).toBe(false);
    expect(document.activeElement).toBe(buttons[0]);
  });
});
