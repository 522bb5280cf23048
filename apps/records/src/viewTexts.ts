import { defineTexts } from '@atrium/app-kit';
import { views_en_EN } from './texts/views.en_EN.js';

/**
 * The texts of the board, the calendar and the timeline (docs/APPLICATIONS.md,
 * "Texts"), kept apart from the application's other texts and installed
 * beside them at launch (`RECORDS_VIEW_TEXTS.install(app.desktop)`): both are
 * under 'records' and the desktop merges them. English in the bundle, each
 * other locale a module loaded when the desktop needs it.
 */
export const RECORDS_VIEW_TEXTS = defineTexts(views_en_EN, {
  de_DE: () => import('./texts/views.de_DE.js'),
  fr_FR: () => import('./texts/views.fr_FR.js'),
  nb_NO: () => import('./texts/views.nb_NO.js'),
  sl_SI: () => import('./texts/views.sl_SI.js'),
  vi_VN: () => import('./texts/views.vi_VN.js'),
  zh_CN: () => import('./texts/views.zh_CN.js'),
});
