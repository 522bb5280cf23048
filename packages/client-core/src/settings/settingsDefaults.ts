import { checkSetting, DEFAULT_SETTINGS, DESKTOP_SETTING_KEYS, type DesktopSettings } from '@atrium/shared';

/** The configured settings defaults: each valid value given, else the built-in default of that key. */
export function settingsDefaults(input: unknown): DesktopSettings {
  const given = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const defaults: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of DESKTOP_SETTING_KEYS) {
    if (given[key] === undefined) continue;
    const checked = checkSetting(key, given[key]);
    if (checked.ok && (checked.value !== null || key === 'locale')) defaults[key] = checked.value;
  }
  return defaults as DesktopSettings;
}
