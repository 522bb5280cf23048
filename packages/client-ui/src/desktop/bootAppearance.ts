import type { BootAppearance } from '@atrium/client-core';

/** Marks the document whose colours are the boot appearance's (set by applyBootAppearance, taken off by clearBootAppearance). */
const MARK = 'data-boot-appearance';
/** The performance mark of the moment the boot colours went on (to compare with the page's first paint). */
export const BOOT_APPEARANCE_MARK = 'atrium:boot-appearance';

/**
 * Paints the page in the last desktop theme's colours before anything is
 * rendered (web/src/main.tsx calls it first thing), so that a dark-theme
 * user does not see a light page while the desktop boots: the document's
 * colour scheme, and the page's background on <html> and <body> (the body's
 * style sheet colour would cover the root's). The whole-screen loading
 * overlay shows this background (docs/behaviour/desktop.md#loading-overlay).
 */
export function applyBootAppearance(appearance: BootAppearance, doc: Document = document): void {
  const root = doc.documentElement;
  root.setAttribute(MARK, appearance.colorScheme);
  root.style.colorScheme = appearance.colorScheme;
  root.style.backgroundColor = appearance.background;
  if (doc.body) doc.body.style.backgroundColor = appearance.background;
  globalThis.performance?.mark?.(BOOT_APPEARANCE_MARK);
}

/**
 * Takes the boot colours off again (nothing when they are not on): once the
 * desktop's theme governs the page (useAppearance), or when the page turns
 * out to show a signed-out screen, which has colours of its own.
 */
export function clearBootAppearance(doc: Document = document): void {
  const root = doc.documentElement;
  if (!root.hasAttribute(MARK)) return;
  root.removeAttribute(MARK);
  root.style.removeProperty('color-scheme');
  root.style.removeProperty('background-color');
  doc.body?.style.removeProperty('background-color');
}
