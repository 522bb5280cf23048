import type { Desktop, Locale, TextsShape, TranslationTexts } from '@atrium/sdk';

/** Every locale but English, whose texts an app ships as modules of their own. */
export type TranslatedLocale = Exclude<Locale, 'en_EN'>;

/** A locale's module of an app's texts, loaded when needed: `() => import('./texts/de_DE.js')`. */
export type LocaleModule<T> = () => Promise<{ default: TextsShape<T> }>;

/** An application's own texts: English in the bundle, every other locale loaded when the desktop needs it. */
export interface AppTexts<T> {
  /** The English texts: the fallback, and the shape every locale has. */
  readonly english: T;
  /** The texts of a locale (English at once, another through its module). */
  load(locale: Locale): Promise<TextsShape<T>>;
  /**
   * Adds them to the desktop's catalogues: English now, the current locale's
   * loaded now, another when the user switches to it (before the switch, so
   * the views never show a mix). Await it in launch before the first window.
   */
  install(desktop: Pick<Desktop, 'addTranslations'>): Promise<void>;
}

/**
 * Declares an app's texts (docs/APPLICATIONS.md, "Texts"): the English
 * literal (`as const`, under the app's own key) and one module per other
 * locale, each default-exporting the same keys (`TextsShape<typeof en_EN>`),
 * so a missing or extra key fails the type check. The bundler makes a chunk
 * of each locale: an app carries only the language in use.
 */
export function defineTexts<T extends TranslationTexts>(english: T, locales: Readonly<Record<TranslatedLocale, LocaleModule<T>>>): AppTexts<T> {
  const load = async (locale: Locale): Promise<TextsShape<T>> => (locale === 'en_EN' ? (english as TextsShape<T>) : (await locales[locale]()).default);
  return {
    english,
    load,
    install(desktop) {
      const loaders = Object.fromEntries(Object.keys(locales).map((locale) => [locale, () => load(locale as TranslatedLocale) as Promise<TranslationTexts>]));
      return desktop.addTranslations({ ...loaders, en_EN: english });
    },
  };
}
