import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHexColor, type ColorDialog } from './ColorDialog.js';
import { dialogHarness } from './testing/dialogHarness.js';

function color(value?: unknown) {
  const harness = dialogHarness();
  return { ...harness, dialog: harness.service.create('color', value === undefined ? {} : { value }, harness.callback) as ColorDialog };
}

describe('ColorDialog', () => {
  it('starts black, or from a hex string, or from channels', () => {
    expect(color().dialog.getState().value).toEqual({ r: 0, g: 0, b: 0, hex: '#000000' });
    expect(color('#FF8000').dialog.getState().value).toEqual({ r: 255, g: 128, b: 0, hex: '#ff8000' });
    expect(color({ r: 300, g: 16, b: -4 }).dialog.getState().value).toEqual({ r: 255, g: 16, b: 0, hex: '#ff1000' });
  });

  it('clamps channels to whole numbers in 0..255 and keeps the hex in sync', () => {
    const { dialog } = color();
    dialog.setChannel('r', 400);
    dialog.setChannel('g', 17.6);
    dialog.setChannel('b', -1);
    expect(dialog.getState().value).toEqual({ r: 255, g: 18, b: 0, hex: '#ff1200' });
    dialog.setChannel('b', Number.NaN);
    expect(dialog.getState().value.b).toBe(0);
  });

  it('sets the channels from a hex value', () => {
    const { dialog } = color();
    dialog.setHex('#0a0B0c');
    expect(dialog.getState().value).toEqual({ r: 10, g: 11, b: 12, hex: '#0a0b0c' });
    dialog.setHex('abcdef');
    expect(dialog.getState().value).toEqual({ r: 171, g: 205, b: 239, hex: '#abcdef' });
    dialog.setHex('#f0c');
    expect(dialog.getState().value).toEqual({ r: 255, g: 0, b: 204, hex: '#ff00cc' });
  });

  it('ignores an invalid hex value', () => {
    const { dialog } = color('#123456');
    for (const bad of ['#12345', 'xyzxyz', '#1234567', '', 'f0c']) dialog.setHex(bad);
    expect(dialog.getState().value.hex).toBe('#123456');
  });

  it('calls back with the colour value', async () => {
    const { dialog, calls } = color();
    dialog.setColor(1, 2, 3);
    await dialog.press('ok');
    expect(calls).toEqual([['ok', { r: 1, g: 2, b: 3, hex: '#010203' }]]);
  });

  it('round-trips any channels through the hex', () => {
    const channel = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(channel, channel, channel, (r, g, b) => {
        const { dialog } = color();
        dialog.setColor(r, g, b);
        const { hex } = dialog.getState().value;
        const parsed = parseHexColor(hex);
        return /^#[0-9a-f]{6}$/.test(hex) && parsed?.r === r && parsed.g === g && parsed.b === b;
      }),
      { numRuns: 50 },
    );
  });
});
