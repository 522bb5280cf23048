import { ChoiceDialog } from './ChoiceDialog.js';
import { ColorDialog } from './ColorDialog.js';
import { DefaultApplicationDialog } from './DefaultApplicationDialog.js';
import type { DialogOptions, FileDialogOptions } from './DialogModel.js';
import type { DialogFactory, SeldomDialogKind } from './DialogService.js';
import { FileDialog } from './FileDialog.js';
import { FontDialog } from './FontDialog.js';

/**
 * The models of the kinds a desktop opens now and then: colour, font, file,
 * choice and default application. A chunk of their own in the web build,
 * which DialogService loads (loadDialogKinds) when the desktop is idle or
 * for the first such dialog, so that the signed-in shell does not carry
 * them (docs/PERFORMANCE.md).
 */
export const SELDOM_DIALOGS: Readonly<Record<SeldomDialogKind, DialogFactory>> = {
  color: (c, o, cb) => new ColorDialog(c, o as DialogOptions, cb),
  font: (c, o, cb) => new FontDialog(c, o as DialogOptions, cb),
  file: (c, o, cb) => new FileDialog(c, o as FileDialogOptions, cb),
  choice: (c, o, cb) => new ChoiceDialog(c, o as DialogOptions, cb),
  defaultApplication: (c, o, cb) => new DefaultApplicationDialog(c, o as DialogOptions, cb),
};
