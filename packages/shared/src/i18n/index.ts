import type { Locale } from '../constants.js';
import type { CatalogueShape } from './catalogue.js';
import { de_DE } from './locales/de_DE.js';
import { en_EN } from './locales/en_EN.js';
import { fr_FR } from './locales/fr_FR.js';
import { nb_NO } from './locales/nb_NO.js';
import { sl_SI } from './locales/sl_SI.js';
import { vi_VN } from './locales/vi_VN.js';
import { zh_CN } from './locales/zh_CN.js';
import { de_DE as desktop_de_DE } from './locales/de_DE.desktop.js';
import { en_EN as desktop_en_EN } from './locales/en_EN.desktop.js';
import { fr_FR as desktop_fr_FR } from './locales/fr_FR.desktop.js';
import { nb_NO as desktop_nb_NO } from './locales/nb_NO.desktop.js';
import { sl_SI as desktop_sl_SI } from './locales/sl_SI.desktop.js';
import { vi_VN as desktop_vi_VN } from './locales/vi_VN.desktop.js';
import { zh_CN as desktop_zh_CN } from './locales/zh_CN.desktop.js';
import { en_EN as work_en_EN } from './locales/en_EN.work.js';
import { de_DE as work_de_DE } from './locales/de_DE.work.js';
import { fr_FR as work_fr_FR } from './locales/fr_FR.work.js';
import { nb_NO as work_nb_NO } from './locales/nb_NO.work.js';
import { sl_SI as work_sl_SI } from './locales/sl_SI.work.js';
import { vi_VN as work_vi_VN } from './locales/vi_VN.work.js';
import { zh_CN as work_zh_CN } from './locales/zh_CN.work.js';
import { en_EN as external_en_EN } from './locales/en_EN.external.js';
import { de_DE as external_de_DE } from './locales/de_DE.external.js';
import { fr_FR as external_fr_FR } from './locales/fr_FR.external.js';
import { nb_NO as external_nb_NO } from './locales/nb_NO.external.js';
import { sl_SI as external_sl_SI } from './locales/sl_SI.external.js';
import { vi_VN as external_vi_VN } from './locales/vi_VN.external.js';
import { zh_CN as external_zh_CN } from './locales/zh_CN.external.js';

/** Shape of a locale's texts of the login page and the start: the English part with string leaves. */
export type LoginCatalogue = CatalogueShape<typeof en_EN>;
/** Shape of a locale's texts of the signed-in desktop: the English part with string leaves. */
export type DesktopCatalogue = CatalogueShape<typeof desktop_en_EN>;
/** Shape of a locale's texts of the work items and global search: the English part with string leaves. */
export type WorkCatalogue = CatalogueShape<typeof work_en_EN>;
/** Shape of a locale's texts of sign-in through an identity provider: the English part with string leaves. */
export type ExternalCatalogue = CatalogueShape<typeof external_en_EN>;
export { loadExternalCatalogue } from './externalCatalogue.js';
/** Shape every locale catalogue has, all parts together. */
export type Catalogue = LoginCatalogue & DesktopCatalogue & WorkCatalogue & ExternalCatalogue;

/** A locale's parts as one catalogue (their keys do not overlap). */
function allParts(login: LoginCatalogue, desktop: DesktopCatalogue, work: WorkCatalogue, external: ExternalCatalogue): Catalogue {
  return { ...login, ...desktop, ...work, ...external };
}

/**
 * The translation catalogues of the seven locales, keyed by locale, each
 * with all its parts (tests and tools; the page loads them by part).
 */
export const catalogues: Readonly<Record<Locale, Catalogue>> = {
  en_EN: /* @__PURE__ */ allParts(en_EN, desktop_en_EN, work_en_EN, external_en_EN),
  de_DE: /* @__PURE__ */ allParts(de_DE, desktop_de_DE, work_de_DE, external_de_DE),
  fr_FR: /* @__PURE__ */ allParts(fr_FR, desktop_fr_FR, work_fr_FR, external_fr_FR),
  nb_NO: /* @__PURE__ */ allParts(nb_NO, desktop_nb_NO, work_nb_NO, external_nb_NO),
  sl_SI: /* @__PURE__ */ allParts(sl_SI, desktop_sl_SI, work_sl_SI, external_sl_SI),
  vi_VN: /* @__PURE__ */ allParts(vi_VN, desktop_vi_VN, work_vi_VN, external_vi_VN),
  zh_CN: /* @__PURE__ */ allParts(zh_CN, desktop_zh_CN, work_zh_CN, external_zh_CN),
};

/**
 * Loads one locale's texts of the login page and the start. Each is a chunk
 * of its own in the web build, so a page carries English (the fallback) and
 * the chosen language only.
 */
export async function loadCatalogue(locale: Locale): Promise<LoginCatalogue> {
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

/**
 * Loads one locale's texts of the signed-in desktop (panel, windows,
 * dialogs, commands, files...): a chunk per locale, English included, which
 * the desktop loads with its own code, so the login page carries none of it.
 */
export async function loadDesktopCatalogue(locale: Locale): Promise<DesktopCatalogue> {
  switch (locale) {
    case 'en_EN':
      return (await import('./locales/en_EN.desktop.js')).en_EN;
    case 'de_DE':
      return (await import('./locales/de_DE.desktop.js')).de_DE;
    case 'fr_FR':
      return (await import('./locales/fr_FR.desktop.js')).fr_FR;
    case 'nb_NO':
      return (await import('./locales/nb_NO.desktop.js')).nb_NO;
    case 'sl_SI':
      return (await import('./locales/sl_SI.desktop.js')).sl_SI;
    case 'vi_VN':
      return (await import('./locales/vi_VN.desktop.js')).vi_VN;
    case 'zh_CN':
      return (await import('./locales/zh_CN.desktop.js')).zh_CN;
  }
}

/**
 * Loads one locale's texts of the work items and global search (the
 * notification centre's panel and dialogs, the search panel): a chunk per
 * locale, loaded when one of them first opens.
 */
export async function loadWorkCatalogue(locale: Locale): Promise<WorkCatalogue> {
  switch (locale) {
    case 'en_EN':
      return (await import('./locales/en_EN.work.js')).en_EN;
    case 'de_DE':
      return (await import('./locales/de_DE.work.js')).de_DE;
    case 'fr_FR':
      return (await import('./locales/fr_FR.work.js')).fr_FR;
    case 'nb_NO':
      return (await import('./locales/nb_NO.work.js')).nb_NO;
    case 'sl_SI':
      return (await import('./locales/sl_SI.work.js')).sl_SI;
    case 'vi_VN':
      return (await import('./locales/vi_VN.work.js')).vi_VN;
    case 'zh_CN':
      return (await import('./locales/zh_CN.work.js')).zh_CN;
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
