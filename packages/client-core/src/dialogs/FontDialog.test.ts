import { describe, expect, it } from 'vitest';
import type { FontDialog } from './FontDialog.js';
import { dialogHarness } from './testing/dialogHarness.js';

function font(value?: unknown) {
  const harness = dialogHarness();
  return { ...harness, dialog: harness.service.create('font', value === undefined ? {} : { value }, harness.callback) as FontDialog };
}

describe('FontDialog', () => {
  it('offers Roboto, arial, sans-serif and monospace, sizes 6 to 48 and three styles', () => {
    const state = font().dialog.getState();
    expect(state.fonts).toEqual(['Roboto', 'arial', 'sans-serif', 'monospace']);
    expect(state.sizes[0]).toBe(6);
    expect(state.sizes.at(-1)).toBe(48);
    expect(state.sizes).toHaveLength(43);
    expect(state.styles).toEqual(['regular', 'bold', 'italic']);
  });

  it('starts at Roboto 10 regular', () => {
    expect(font().dialog.getState().value).toEqual({ name: 'Roboto', size: 10, style: 'regular' });
  });

  it('starts from the given value where it names offered choices', () => {
    expect(font({ name: 'MONOSPACE', size: 99, style: 'bold' }).dialog.getState().value).toEqual({ name: 'monospace', size: 48, style: 'bold' });
    expect(font({ name: 'Comic Sans', size: 'big', style: 'wavy' }).dialog.getState().value).toEqual({ name: 'Roboto', size: 10, style: 'regular' });
  });

  it('clamps the size to 6..48', () => {
    const { dialog } = font();
    dialog.setSize(2);
    expect(dialog.getState().value.size).toBe(6);
    dialog.setSize(100);
    expect(dialog.getState().value.size).toBe(48);
    dialog.setSize(12.4);
    expect(dialog.getState().value.size).toBe(12);
    dialog.setSize(Number.NaN);
    expect(dialog.getState().value.size).toBe(12);
  });

  it('accepts only offered names and styles', () => {
    const { dialog } = font();
    dialog.setName('arial');
    dialog.setStyle('italic');
    dialog.setName('Papyrus');
    dialog.setStyle('underline');
    expect(dialog.getState().value).toEqual({ name: 'arial', size: 10, style: 'italic' });
  });

  it('calls back with the font value', async () => {
    const { dialog, calls } = font();
    dialog.setStyle('bold');
    await dialog.press('ok');
    expect(calls).toEqual([['ok', { name: 'Roboto', size: 10, style: 'bold' }]]);
  });
});
