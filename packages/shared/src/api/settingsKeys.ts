/**
 * The settings store's plain facts (docs/behaviour/settings.md): names, limits
 * and the built-in defaults, without the schemas (settings.ts), so that the
 * login page can read them without carrying the validation library.
 */
import { PACKAGE_NAME_PATTERN } from '../constants.js';
import type { DesktopSettings } from './settings.js';

/** Fonts of the desktop (self-hosted). */
export const DESKTOP_FONTS = ['Lato', 'Roboto'] as const;
/** How the wallpaper covers the desktop. */
export const BACKGROUND_STYLES = ['cover', 'contain', 'repeat', 'center', 'color'] as const;
/** The wallpapers shipped with the product; background.src 'wallpaper:<id>' names one. */
export const WALLPAPERS = ['aurora', 'dunes', 'harbour', 'slate', 'meadow'] as const;
export type WallpaperId = (typeof WALLPAPERS)[number];
/** Panel item types (docs/behaviour/desktop.md#panels); anything else is 'Invalid panel item specified'. */
export const PANEL_ITEMS = ['menu', 'windows', 'tray', 'profile', 'notifications', 'search', 'logout', 'home'] as const;
export type PanelItemName = (typeof PANEL_ITEMS)[number];
/** Most remembered default applications ('desktop.defaultApplications': one per mime type). */
export const DEFAULT_APPLICATIONS_MAX = 100;
/** Desktop widget types. */
export const WIDGETS = ['home'] as const;

/** Text of the rule on panel items (docs/behaviour/settings.md#checks). */
export const INVALID_PANEL_ITEM = 'Invalid panel item specified';

/** Largest JSON size of one setting's value. */
export const SETTING_VALUE_MAX_BYTES = 16 * 1024;
/** Saves are debounced by this long (docs/behaviour/settings.md#saving). */
export const SETTINGS_SAVE_DEBOUNCE = 100;

/** Every desktop key (settings.ts gives each a schema). */
export const DESKTOP_SETTING_KEYS = ['desktop.font', 'desktop.background', 'desktop.panels', 'desktop.widgets', 'desktop.theme', 'desktop.icons', 'desktop.sounds', 'desktop.keybindings', 'desktop.lock', 'desktop.defaultApplications', 'locale', 'digest.hour', 'digest.timeZone'] as const;

/** An application's own settings: key 'app.<PackageName>', value a JSON object. */
export const APP_SETTING_PREFIX = 'app.';
export function appSettingKey(appName: string): string {
  return `${APP_SETTING_PREFIX}${appName}`;
}
/** The application an 'app.<Name>' key belongs to, or null for any other key. */
export function appOfSettingKey(key: string): string | null {
  if (!key.startsWith(APP_SETTING_PREFIX)) return null;
  const name = key.slice(APP_SETTING_PREFIX.length);
  return PACKAGE_NAME_PATTERN.test(name) ? name : null;
}

/** Built-in defaults (a top panel with menu, window list, tray and profile, plus a home widget: docs/behaviour/settings.md#desktop-settings). Configuration may override them. */
export const DEFAULT_SETTINGS: DesktopSettings = {
  'desktop.font': 'Lato',
  'desktop.background': { src: 'wallpaper:aurora', style: 'cover', color: '#0f2a5c' },
  'desktop.panels': [{ position: 'top', ontop: true, items: [{ name: 'menu' }, { name: 'windows' }, { name: 'search' }, { name: 'notifications' }, { name: 'tray' }, { name: 'profile' }] }],
  'desktop.widgets': [{ name: 'home' }],
  'desktop.theme': 'Vision',
  'desktop.icons': 'Lumen',
  'desktop.sounds': { theme: 'Chime', enabled: true, volume: 1 },
  'desktop.keybindings': {},
  'desktop.lock': false,
  'desktop.defaultApplications': {},
  locale: null,
  'digest.hour': null,
  'digest.timeZone': null,
};
