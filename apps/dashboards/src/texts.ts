import { defineTexts } from '@atrium/app-kit';
import { en_EN } from './texts/en_EN.js';

/**
 * The texts of Dashboards (docs/APPLICATIONS.md, "Texts"): English in the
 * bundle, each other locale a module of texts/ loaded when the desktop
 * needs it. Each module has exactly the keys of English (the type check
 * and texts.test.ts say so).
 */
export const DASHBOARDS_TEXTS = defineTexts(en_EN, {
  de_DE: () => import('./texts/de_DE.js'),
  fr_FR: () => import('./texts/fr_FR.js'),
  nb_NO: () => import('./texts/nb_NO.js'),
  sl_SI: () => import('./texts/sl_SI.js'),
  vi_VN: () => import('./texts/vi_VN.js'),
  zh_CN: () => import('./texts/zh_CN.js'),
});
