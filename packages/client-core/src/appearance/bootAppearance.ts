import type { ThemeModule } from '@atrium/shared';
import type { ClientEnvironment } from '../env.js';
import { readPreference, writePreference } from '../storage/preferences.js';
import { StorageKeys } from '../storage/StorageKeys.js';

/**
 * What the page needs before anything else has loaded to look like the
 * desktop the user left (docs/behaviour/desktop.md#loading-overlay): the last
 * theme's colour scheme and the background of its pages. Kept as a plain
 * local preference, written whenever the desktop's theme changes and removed
 * with the rest of the user's storage on sign-out, so that the login page of
 * a signed-out user boots in its own colours.
 */
export interface BootAppearance {
  colorScheme: 'light' | 'dark';
  /** A CSS colour: '#141922', 'rgb(20, 25, 34)'. */
  background: string;
}

/** The theme variable the page's background is painted with (the body's, theme/vision.css). */
export const PAGE_BACKGROUND_VARIABLE = '--atr-surface-muted';

/** Colours this preference may carry: hex, or rgb()/rgba()/hsl()/hsla() of numbers; anything else is ignored. */
const COLOUR = /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\(\s*[\d.%\s,/]+\))$/i;

/** The boot appearance of a theme: its colour scheme and page background, or null when the theme does not give a usable background. */
export function bootAppearanceOf(theme: Pick<ThemeModule, 'colorScheme' | 'variables'>): BootAppearance | null {
  const background = theme.variables[PAGE_BACKGROUND_VARIABLE]?.trim() ?? '';
  if ((theme.colorScheme !== 'light' && theme.colorScheme !== 'dark') || !COLOUR.test(background)) return null;
  return { colorScheme: theme.colorScheme, background };
}

/** The remembered boot appearance, or null when none is kept or what is kept is not one. */
export function readBootAppearance(env: ClientEnvironment): BootAppearance | null {
  const text = readPreference(env, StorageKeys.bootAppearance);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<BootAppearance> | null;
    if (!value || typeof value.background !== 'string') return null;
    return bootAppearanceOf({ colorScheme: value.colorScheme as BootAppearance['colorScheme'], variables: { [PAGE_BACKGROUND_VARIABLE]: value.background } });
  } catch {
    return null;
  }
}

/** Remembers the boot appearance (unless it is already what is kept). */
export function writeBootAppearance(env: ClientEnvironment, appearance: BootAppearance): void {
  const text = JSON.stringify({ colorScheme: appearance.colorScheme, background: appearance.background });
  if (readPreference(env, StorageKeys.bootAppearance) !== text) writePreference(env, StorageKeys.bootAppearance, text);
}
