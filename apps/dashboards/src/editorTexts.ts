import { defineTexts } from '@atrium/app-kit';
import { en_EN } from './views/editor/texts/en_EN.js';

/**
 * The dashboard editor's texts, under `dashboards.editor` (docs/APPLICATIONS.md,
 * "Texts"): English here, each other locale a module of
 * views/editor/texts/ with exactly its keys. The application's own texts
 * take them in: its English `dashboards` object spreads
 * `editor: EDITOR_ENGLISH.dashboards.editor`, and each of its locale
 * modules the same key of the editor's module of that locale, so a locale
 * is still loaded only when needed. EDITOR_TEXTS installs them on their own.
 */
export const EDITOR_ENGLISH = en_EN;

export const EDITOR_TEXTS = defineTexts(en_EN, {
  de_DE: () => import('./views/editor/texts/de_DE.js'),
  fr_FR: () => import('./views/editor/texts/fr_FR.js'),
  nb_NO: () => import('./views/editor/texts/nb_NO.js'),
  sl_SI: () => import('./views/editor/texts/sl_SI.js'),
  vi_VN: () => import('./views/editor/texts/vi_VN.js'),
  zh_CN: () => import('./views/editor/texts/zh_CN.js'),
});
