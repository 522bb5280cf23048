import { DEFAULT_LOCALE, LOCALES, type Locale } from '@atrium/shared';

/** The supported locale closest to the browser's preferred languages, else the default. */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const [lang, region] = tag.replace('-', '_').split('_');
    const exact = LOCALES.find((l) => l.toLowerCase() === `${lang}_${region}`.toLowerCase());
    if (exact) return exact;
    const sameLanguage = LOCALES.find((l) => l.split('_')[0] === lang?.toLowerCase());
    if (sameLanguage) return sameLanguage;
  }
  return DEFAULT_LOCALE;
}
