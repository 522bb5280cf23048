import { describe, expect, it, vi } from 'vitest';
import type { PromptDialog } from './PromptDialog.js';
import { dialogHarness } from './testing/dialogHarness.js';

function prompt(options: Record<string, unknown> = {}) {
  const harness = dialogHarness();
  return { ...harness, dialog: harness.service.create('prompt', options, harness.callback) as PromptDialog };
}

describe('PromptDialog', () => {
  it('starts from the given value and placeholder', () => {
    expect(prompt({ value: 'notes.txt', placeholder: 'Name' }).dialog.getState()).toEqual({ value: 'notes.txt', placeholder: 'Name' });
    expect(prompt().dialog.getState()).toEqual({ value: '', placeholder: '' });
  });

  it('calls back with the text typed', async () => {
    const { dialog, calls } = prompt({ value: 'a' });
    expect(dialog.buttons).toEqual(['ok', 'cancel']);
    dialog.setValue('renamed.txt');
    await dialog.press('ok');
    expect(calls).toEqual([['ok', 'renamed.txt']]);
  });

  it('notifies its subscribers on every change', () => {
    const { dialog } = prompt();
    const listener = vi.fn();
    dialog.subscribe(listener);
    dialog.setValue('x');
    expect(listener).toHaveBeenCalledOnce();
  });
});
