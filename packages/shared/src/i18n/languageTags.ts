import type { Locale } from '../constants.js';

/**
 * The BCP 47 language tag of each locale, for the page's `lang` attribute
 * and `lang` on language names. The locale names are not valid tags: 'en_EN'
 * names no region (EN is no country), and tags are written with a hyphen.
 */
export const LOCALE_LANGUAGE_TAGS: Readonly<Record<Locale, string>> = {
  en_EN: 'en',
  de_DE: 'de-DE',
  fr_FR: 'fr-FR',
  nb_NO: 'nb-NO',
  sl_SI: 'sl-SI',
  vi_VN: 'vi-VN',
  zh_CN: 'zh-CN',
};

/** Languages written right to left (by their language subtag). */
const RIGHT_TO_LEFT = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'ks', 'ku', 'ps', 'sd', 'ug', 'ur', 'yi']);

/** The BCP 47 tag of a locale name ('zh_CN' → 'zh-CN'); a name that is no locale of ours is canonicalised, else 'en'. */
export function languageTag(locale: string): string {
  if (Object.prototype.hasOwnProperty.call(LOCALE_LANGUAGE_TAGS, locale)) return LOCALE_LANGUAGE_TAGS[locale as Locale];
  try {
    return Intl.getCanonicalLocales(locale.replace(/_/g, '-'))[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/** The writing direction of a locale's language, for the page's `dir` attribute. */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  const language = languageTag(locale).split('-')[0]!.toLowerCase();
  return RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
}
