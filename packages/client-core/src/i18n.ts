import { catalogues, DEFAULT_LOCALE, flattenCatalogue, LOCALES, type Locale } from '@atrium/shared';

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

/** A translate function over the shared catalogue of a locale, with {{name}} interpolation. */
export function createTranslator(locale: Locale): (key: string, vars?: Record<string, string>) => string {
  const texts = flattenCatalogue(catalogues[locale]);
  const fallback = flattenCatalogue(catalogues[DEFAULT_LOCALE]);
  return (key, vars = {}) => (texts[key] ?? fallback[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}
