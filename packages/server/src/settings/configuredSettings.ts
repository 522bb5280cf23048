/**
 * The operator's settings configuration: defaults that override the built-in
 * ones (a JSON file, SETTINGS_DEFAULTS) and the keys users cannot change
 * (SETTINGS_LOCK). Only desktop keys can be configured: application keys
 * belong to their applications. Problems are returned as text naming the key,
 * for the configuration to report.
 */
import fs from 'node:fs';
import { checkSetting, DEFAULT_SETTINGS, DESKTOP_SETTING_KEYS, DesktopSettingSchemas, type DesktopSettings } from '@atrium/shared';

type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

function isDesktopKey(key: string): key is keyof DesktopSettings {
  return (DESKTOP_SETTING_KEYS as readonly string[]).includes(key);
}

/** The built-in defaults overridden by the values of a JSON file of {key: value} (none: the built-in ones). */
export function readSettingsDefaults(file: string | undefined): Outcome<DesktopSettings> {
  const defaults: DesktopSettings = structuredClone(DEFAULT_SETTINGS);
  if (file === undefined) return { ok: true, value: defaults };
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e));
    return { ok: false, error: `cannot read ${file} as JSON (${reason})` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, error: `${file} must hold a JSON object of {setting: value}` };
  }
  const target = defaults as Record<string, unknown>;
  for (const [key, value] of Object.entries(parsed)) {
    if (!isDesktopKey(key)) return { ok: false, error: `unknown setting '${key}' (only desktop settings have configured defaults)` };
    const checked = checkSetting(key, value);
    if (!checked.ok) return { ok: false, error: checked.problem.message };
    // null would mean "the default" in a request; as a default it must be a value the key accepts.
    if (checked.value === null && !DesktopSettingSchemas[key].safeParse(null).success) {
      return { ok: false, error: `setting '${key}' cannot be null` };
    }
    target[key] = checked.value;
  }
  return { ok: true, value: defaults };
}

/** The locked keys, each a desktop setting. */
export function parseSettingsLock(keys: readonly string[]): Outcome<string[]> {
  const unknown = keys.filter((key) => !isDesktopKey(key));
  if (unknown.length > 0) return { ok: false, error: `unknown setting${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `'${k}'`).join(', ')}` };
  return { ok: true, value: [...new Set(keys)] };
}
