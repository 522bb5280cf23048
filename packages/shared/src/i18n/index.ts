import type { Locale } from '../constants.js';
import type { CatalogueShape } from './catalogue.js';
import { de_DE } from './locales/de_DE.js';
import { en_EN } from './locales/en_EN.js';
import { fr_FR } from './locales/fr_FR.js';
import { nb_NO } from './locales/nb_NO.js';
import { sl_SI } from './locales/sl_SI.js';
import { vi_VN } from './locales/vi_VN.js';
import { zh_CN } from './locales/zh_CN.js';

/** Shape every locale catalogue has: the English catalogue with string leaves. */
export type Catalogue = CatalogueShape<typeof en_EN>;

/** The translation catalogues of the seven locales, keyed by locale. */
export const catalogues: Readonly<Record<Locale, Catalogue>> = {
  en_EN,
  de_DE,
  fr_FR,
  nb_NO,
  sl_SI,
  vi_VN,
  zh_CN,
};

/**
 * Loads one locale's catalogue. Each is a chunk of its own in the web build,
 * so a page carries English (the fallback) and the chosen language only.
 */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  switch (locale) {
    case 'en_EN':
      return en_EN;
    case 'de_DE':
      return (await import('./locales/de_DE.js')).de_DE;
    case 'fr_FR':
      return (await import('./locales/fr_FR.js')).fr_FR;
    case 'nb_NO':
      return (await import('./locales/nb_NO.js')).nb_NO;
    case 'sl_SI':
      return (await import('./locales/sl_SI.js')).sl_SI;
    case 'vi_VN':
      return (await import('./locales/vi_VN.js')).vi_VN;
    case 'zh_CN':
      return (await import('./locales/zh_CN.js')).zh_CN;
  }
}

/** The name of each locale in its own language (the catalogues' meta.nativeName), for language pickers. */
export const LOCALE_NATIVE_NAMES: Readonly<Record<Locale, string>> = {
  en_EN: 'English',
  de_DE: 'Deutsch',
  fr_FR: 'Français',
  nb_NO: 'Norsk bokmål',
  sl_SI: 'Slovenščina',
  vi_VN: 'Tiếng Việt',
  zh_CN: '中文',
};

/** Flattens a catalogue into dotted keys (`login.error.empty`) and their texts. */
export function flattenCatalogue(catalogue: object, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flattenCatalogue(value as object, path));
  }
  return out;
}
