import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampProgress, type ProgressDialog } from './ProgressDialog.js';
import { dialogHarness } from './testing/dialogHarness.js';

function progress(options: Record<string, unknown> = {}) {
  const harness = dialogHarness();
  return { ...harness, dialog: harness.service.create('progress', options, harness.callback) as ProgressDialog };
}

describe('ProgressDialog', () => {
  it("has only 'cancel' and calls back with the progress reached", () => {
    const { dialog, calls } = progress();
    expect(dialog.buttons).toEqual(['cancel']);
    dialog.setProgress(42);
    dialog.escape();
    expect(calls).toEqual([['cancel', 42]]);
  });

  it('clamps the progress to 0..100', () => {
    const { dialog } = progress({ value: 250 });
    expect(dialog.getState().progress).toBe(100);
    dialog.setProgress(-3);
    expect(dialog.getState().progress).toBe(0);
    dialog.setProgress(Number.NaN);
    expect(dialog.getState().progress).toBe(0);
    dialog.setProgress(55.5);
    expect(dialog.getState().progress).toBe(55.5);
  });

  it('keeps any number within 0..100', () => {
    fc.assert(fc.property(fc.double(), (n) => {
      const p = clampProgress(n);
      return p >= 0 && p <= 100 && (n < 0 || n > 100 || Number.isNaN(n) || p === n);
    }));
  });
});
