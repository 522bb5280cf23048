import { describe, expect, it } from 'vitest';
import type { ChoiceDialog } from './ChoiceDialog.js';
import { dialogHarness } from './testing/dialogHarness.js';

const choices = { red: 'Red', green: 'Green', blue: 'Blue' };

function choice(options: Record<string, unknown>) {
  const harness = dialogHarness();
  return { ...harness, dialog: harness.service.create('choice', options, harness.callback) as ChoiceDialog };
}

describe('ChoiceDialog', () => {
  it('starts at the given value when it is one of the choices, else at the first', () => {
    expect(choice({ choices, value: 'blue' }).dialog.getState()).toEqual({ value: 'blue', choices });
    expect(choice({ choices, value: 'purple' }).dialog.getState().value).toBe('red');
    expect(choice({ choices, value: 'toString' }).dialog.getState().value).toBe('red');
  });

  it('has no value without choices', () => {
    expect(choice({}).dialog.getState()).toEqual({ value: null, choices: {} });
  });

  it('only ever takes one of the choices', () => {
    const { dialog } = choice({ choices });
    dialog.setValue('green');
    dialog.setValue('purple');
    dialog.setValue('hasOwnProperty');
    expect(dialog.getState().value).toBe('green');
  });

  it('calls back with the chosen key', async () => {
    const { dialog, calls } = choice({ choices });
    expect(dialog.buttons).toEqual(['ok', 'cancel']);
    dialog.setValue('blue');
    await dialog.press('ok');
    expect(calls).toEqual([['ok', 'blue']]);
  });
});
