import { useSyncExternalStore } from 'react';

/** The desktop's colour scheme: the one its theme puts on the page (Vision light, Nocturne dark). */
export type ColorScheme = 'light' | 'dark';

/** The page's colour scheme now: dark when the theme's `color-scheme` names dark alone, else light. */
export function currentColorScheme(): ColorScheme {
  const value = getComputedStyle(document.documentElement).colorScheme;
  return /\bdark\b/.test(value) && !/\blight\b/.test(value) ? 'dark' : 'light';
}

/** Calls the listener whenever the theme may have changed: it is put on the page's root element as style. */
function subscribe(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style', 'class'] });
  return () => observer.disconnect();
}

/**
 * The desktop's colour scheme, following a theme chosen while the app runs:
 * what an app passes on to content that cannot see the desktop's theme (the
 * Viewer's framed pages: docs/behaviour/applications.md#organisation-pages-in-the-dark).
 */
export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribe, currentColorScheme, () => 'light');
}
