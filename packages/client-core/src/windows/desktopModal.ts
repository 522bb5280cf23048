import type { WindowRecord } from './types.js';

/**
 * Whether a window is a modal of the desktop (docs/behaviour/windows.md#modal-windows):
 * modal without a parent window (a dialog the desktop asks itself, such as the
 * logout question or a launch error). It is nobody's window: while it is open
 * it keeps the focus and stays in front of every window, and it is not one of
 * the windows the user switches between.
 */
export function isDesktopModal(w: Pick<WindowRecord, 'parent' | 'attributes'>): boolean {
  return w.parent === null && w.attributes.modal;
}

/**
 * Whether a window is one the user switches between (the panel's window list,
 * My Home, window cycling): a top-level window (no parent), not a modal of the
 * desktop, whose visibility is global or unset.
 */
export function isListedWindow(w: Pick<WindowRecord, 'parent' | 'attributes'>): boolean {
  return w.parent === null && !w.attributes.modal && w.attributes.visibility !== 'restricted';
}
