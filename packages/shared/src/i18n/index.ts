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
