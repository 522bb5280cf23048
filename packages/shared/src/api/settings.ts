import * as z from 'zod/mini';
import { LOCALES } from '../constants.js';
import { PACKAGE_NAME_PATTERN } from '../constants.js';
import { isTimeZone } from '../rules/timeZones.js';
import { isStorableJson, text, UNSTORABLE_TEXT_MESSAGE } from './text.js';
import { appOfSettingKey, BACKGROUND_STYLES, DEFAULT_APPLICATIONS_MAX, DESKTOP_FONTS, INVALID_PANEL_ITEM, PANEL_ITEMS, SETTING_VALUE_MAX_BYTES, WALLPAPERS, WIDGETS, type DESKTOP_SETTING_KEYS } from './settingsKeys.js';

/**
 * The settings store (docs/behaviour/settings.md): values stored per
 * user and key, with defaults from configuration. Desktop keys have a schema
 * each; `app.<Name>` keys hold an application's own settings (any JSON
 * object). One definition for the client's model and the server's checks.
 */

const hexColor = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c'));
/** null (colour only), 'wallpaper:<id>', an http(s) address or a path on the server. */
const backgroundSource = z.nullable(
  z
    .string()
    .check(
      z.maxLength(2048),
      z.regex(new RegExp(`^(wallpaper:(${WALLPAPERS.join('|')})|https?://\\S+|/\\S*)$`), 'must be a shipped wallpaper, an http(s) address or a path'),
    ),
);

const panelItem = z.strictObject({
  name: z.string().check(z.refine((n) => (PANEL_ITEMS as readonly string[]).includes(n), INVALID_PANEL_ITEM)),
  options: z.optional(z.record(z.string(), z.unknown())),
});

export const PanelSettings = z.strictObject({
  position: z.enum(['top', 'bottom']),
  ontop: z.boolean(),
  items: z.array(panelItem).check(z.maxLength(PANEL_ITEMS.length * 2)),
});
export type PanelSettings = z.infer<typeof PanelSettings>;

export const BackgroundSettings = z.strictObject({
  src: backgroundSource,
  style: z.enum(BACKGROUND_STYLES),
  color: hexColor,
});
export type BackgroundSettings = z.infer<typeof BackgroundSettings>;

export const SoundSettings = z.strictObject({
  /** Name of the sound package. */
  theme: z.string().check(z.regex(PACKAGE_NAME_PATTERN)),
  enabled: z.boolean(),
  /** 0..1 (default 1). */
  volume: z.number().check(z.minimum(0), z.maximum(1)),
});
export type SoundSettings = z.infer<typeof SoundSettings>;

/** Schemas of the desktop keys. */
export const DesktopSettingSchemas = {
  'desktop.font': z.enum(DESKTOP_FONTS),
  'desktop.background': BackgroundSettings,
  'desktop.panels': z.array(PanelSettings).check(z.maxLength(2)),
  'desktop.widgets': z.array(z.strictObject({ name: z.enum(WIDGETS), options: z.optional(z.record(z.string(), z.unknown())) })).check(z.maxLength(10)),
  /** Name of the theme package. */
  'desktop.theme': z.string().check(z.regex(PACKAGE_NAME_PATTERN)),
  /** Name of the icon package. */
  'desktop.icons': z.string().check(z.regex(PACKAGE_NAME_PATTERN)),
  'desktop.sounds': SoundSettings,
  /** Command id → chord ('window.close' → 'Alt+Shift+W'), overriding the defaults. */
  'desktop.keybindings': z
    .record(z.string().check(z.regex(/^[a-z][A-Za-z0-9.:-]{0,63}$/)), z.string().check(z.minLength(1), z.maxLength(40)))
    .check(z.refine((r) => Object.keys(r).length <= 100, 'at most 100 keybindings')),
  /** Locks the desktop (the panel context menu is disabled: docs/behaviour/desktop.md#desktop-lock). */
  'desktop.lock': z.boolean(),
  /** Mime type → the application that opens it when several could (docs/behaviour/files.md#opening-a-file). */
  'desktop.defaultApplications': z
    .record(z.string().check(z.minLength(1), z.maxLength(100)), z.string().check(z.regex(PACKAGE_NAME_PATTERN)))
    .check(z.refine((r) => Object.keys(r).length <= DEFAULT_APPLICATIONS_MAX, `at most ${DEFAULT_APPLICATIONS_MAX} default applications`)),
  /** The interface language; null keeps the browser's choice. */
  locale: z.nullable(z.enum(LOCALES)),
  /** The hour (0-23, in 'digest.timeZone') of the daily digest by e-mail; null: no digest (docs/behaviour/workflows.md#digests). */
  'digest.hour': z.nullable(z.int().check(z.minimum(0), z.maximum(23))),
  /** The time zone (IANA name) of the digest's hour, the user's browser's when they chose it; null: UTC. */
  'digest.timeZone': z.nullable(z.string().check(z.refine(isTimeZone, 'not a time zone'))),
} as const;

export type DesktopSettingKey = keyof typeof DesktopSettingSchemas;
// Compile-time check: the plain list of keys (settingsKeys.ts) names exactly the keys that have a schema.
type _SameKeys = [DesktopSettingKey] extends [(typeof DESKTOP_SETTING_KEYS)[number]] ? ([(typeof DESKTOP_SETTING_KEYS)[number]] extends [DesktopSettingKey] ? true : never) : never;
const _keysMatch: _SameKeys = true;
export type DesktopSettings = { [K in DesktopSettingKey]: z.infer<(typeof DesktopSettingSchemas)[K]> };

/** An application's own settings value: any JSON object. */
export const AppSettingValue = z.record(z.string(), z.unknown());

/** All stored values by key: every desktop key, plus the app keys a user has. */
export type SettingsValues = DesktopSettings & Record<string, unknown>;

/** Why a setting is refused; `message` is the text the server answers with. */
export type SettingProblem =
  | { kind: 'unknown'; key: string; message: string }
  | { kind: 'invalid'; key: string; message: string }
  | { kind: 'too-large'; key: string; message: string };

export const SettingMessages = {
  unknown: (key: string) => `Unknown setting '${key}'`,
  invalid: (key: string, detail: string) => `Invalid value for setting '${key}': ${detail}`,
  tooLarge: (key: string) => `Setting '${key}' is too large`,
  locked: (key: string) => `Setting '${key}' is locked`,
} as const;

/**
 * Checks one key and value (null means "back to the default", always valid
 * for a known key). Returns the parsed value or the problem. Locks and app
 * access are the caller's business (they depend on configuration and user).
 */
export function checkSetting(key: string, value: unknown): { ok: true; value: unknown } | { ok: false; problem: SettingProblem } {
  // An own property only: a key such as 'toString' or '__proto__' names no setting.
  const schema: z.ZodMiniType | undefined = Object.hasOwn(DesktopSettingSchemas, key) ? DesktopSettingSchemas[key as DesktopSettingKey] : undefined;
  const app = appOfSettingKey(key);
  if (!schema && !app) return { ok: false, problem: { kind: 'unknown', key, message: SettingMessages.unknown(key) } };
  if (value === null) return { ok: true, value: null };
  let size: number;
  try {
    size = utf8Length(JSON.stringify(value) ?? '');
  } catch {
    return { ok: false, problem: { kind: 'invalid', key, message: SettingMessages.invalid(key, 'not JSON') } };
  }
  if (size > SETTING_VALUE_MAX_BYTES) return { ok: false, problem: { kind: 'too-large', key, message: SettingMessages.tooLarge(key) } };
  if (!isStorableJson(value)) return { ok: false, problem: { kind: 'invalid', key, message: SettingMessages.invalid(key, UNSTORABLE_TEXT_MESSAGE) } };
  const parsed = (schema ?? AppSettingValue).safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  // The panel-item rule has a text of its own, shown as it is.
  if (issue?.message === INVALID_PANEL_ITEM) return { ok: false, problem: { kind: 'invalid', key, message: INVALID_PANEL_ITEM } };
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return { ok: false, problem: { kind: 'invalid', key, message: SettingMessages.invalid(key, `${where}${issue?.message ?? 'invalid'}`) } };
}

/** GET and POST {api}/settings answer: every value (defaults filled in) and the locked keys. */
export interface SettingsResponse {
  values: SettingsValues;
  locked: string[];
}

/** POST {api}/settings body: keys to change; null resets a key to its default. */
export const SettingsBody = z
  .record(text({ max: 100 }), z.unknown())
  .check(z.refine((r) => Object.keys(r).length > 0 && Object.keys(r).length <= 50, 'between 1 and 50 keys'));
export type SettingsBody = z.infer<typeof SettingsBody>;

/** Bytes of a string in UTF-8 (shared runs where TextEncoder is not typed). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
