import type { Locale } from '../constants.js';
import type { ExternalCatalogue } from './index.js';

/**
 * Loads one locale's texts of sign-in through an identity provider (the
 * provider's login card and its errors): a chunk per locale, English
 * included, loaded with that card, so the built-in login page carries none of it
 * (a module of its own: not even this loader is in the page's bundle).
 */
export async function loadExternalCatalogue(locale: Locale): Promise<ExternalCatalogue> {
  switch (locale) {
    case 'en_EN':
      return (await import('./locales/en_EN.external.js')).en_EN;
    case 'de_DE':
      return (await import('./locales/de_DE.external.js')).de_DE;
    case 'fr_FR':
      return (await import('./locales/fr_FR.external.js')).fr_FR;
    case 'nb_NO':
      return (await import('./locales/nb_NO.external.js')).nb_NO;
    case 'sl_SI':
      return (await import('./locales/sl_SI.external.js')).sl_SI;
    case 'vi_VN':
      return (await import('./locales/vi_VN.external.js')).vi_VN;
    case 'zh_CN':
      return (await import('./locales/zh_CN.external.js')).zh_CN;
  }
}
