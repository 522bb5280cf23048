import { describe, expect, it } from 'vitest';
import type { DefaultApplicationDialog } from './DefaultApplicationDialog.js';
import { dialogHarness } from './testing/dialogHarness.js';

const applications = () => [
  { name: 'textpad', title: 'Text Pad' },
  { name: 'preview', title: 'Preview' },
];

function chooser(options: Record<string, unknown> = {}) {
  const harness = dialogHarness({ applications });
  return { ...harness, dialog: harness.service.create('defaultApplication', options, harness.callback) as DefaultApplicationDialog };
}

describe('DefaultApplicationDialog', () => {
  it("offers the service's applications unless the options give choices", () => {
    expect(chooser().dialog.getState()).toEqual({ value: 'textpad', checked: false, choices: { textpad: 'Text Pad', preview: 'Preview' } });
    expect(chooser({ choices: { viewer: 'Viewer' } }).dialog.getState().choices).toEqual({ viewer: 'Viewer' });
  });

  it('starts from a given name or a given value with checked', () => {
    expect(chooser({ value: 'preview' }).dialog.getState()).toMatchObject({ value: 'preview', checked: false });
    expect(chooser({ value: { value: 'preview', checked: true } }).dialog.getState()).toMatchObject({ value: 'preview', checked: true });
    expect(chooser({ value: 'unknown' }).dialog.getState().value).toBe('textpad');
  });

  it('calls back with the application and whether to use it as default', async () => {
    const { dialog, calls } = chooser();
    expect(dialog.buttons).toEqual(['ok', 'close']);
    dialog.setValue('preview');
    dialog.setValue('nope');
    dialog.setChecked(true);
    await dialog.press('ok');
    expect(calls).toEqual([['ok', { value: 'preview', checked: true }]]);
  });

  it("closes with 'close' on Escape", () => {
    const { dialog, calls } = chooser();
    dialog.escape();
    expect(calls).toEqual([['close', { value: 'textpad', checked: false }]]);
  });
});
