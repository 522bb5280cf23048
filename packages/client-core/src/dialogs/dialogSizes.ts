import { DIALOG_CONFIRM_MIN_HEIGHT, DIALOG_DIMENSIONS, DIALOG_MIN_DIMENSION } from '@atrium/shared';
import type { Dimension } from '../windows/types.js';
import type { DialogKind } from './DialogModel.js';

/** The window size a dialog opens with, and the least it may have. */
export interface DialogSize {
  dimension: Dimension;
  minDimension: Dimension;
}

const fixed = (d: Dimension): DialogSize => ({ dimension: { ...d }, minDimension: { ...d } });

/**
 * Window sizes per dialog kind (docs/behaviour/dialogs.md#sizes): alert 400x220, prompt and progress
 * 500x200, color 500x260, choice 400x200, file 400x400, each also its
 * minimum; confirm has a minimum height of 140; every other minimum is
 * 300x100. The spec gives the font and default-application choosers no
 * size: they open at 400x240 and 400x200 (room for their fields and the font
 * sample) with the default minimum.
 */
export function dialogSize(kind: DialogKind): DialogSize {
  switch (kind) {
    case 'alert':
    case 'prompt':
    case 'progress':
    case 'color':
    case 'choice':
    case 'file':
      return fixed(DIALOG_DIMENSIONS[kind]);
    case 'confirm':
      return fixed({ width: DIALOG_MIN_DIMENSION.width, height: DIALOG_CONFIRM_MIN_HEIGHT });
    case 'font':
      // Tall enough for the live sample at the largest size the chooser offers.
      return { dimension: { width: 400, height: 240 }, minDimension: { ...DIALOG_MIN_DIMENSION } };
    case 'defaultApplication':
      return { dimension: { width: 400, height: 200 }, minDimension: { ...DIALOG_MIN_DIMENSION } };
  }
}
