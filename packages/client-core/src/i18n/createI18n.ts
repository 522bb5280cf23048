import { DEFAULT_LOCALE, loadCatalogue, LOCALES, type Locale } from '@atrium/shared';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ClientEnvironment } from '../env.js';
import { pickLocale } from './pickLocale.js';
import { readPreference, writePreference } from '../storage/preferences.js';
import { StorageKeys } from '../storage/StorageKeys.js';

/** The client's translation runtime. */
export interface ClientI18n {
  i18n: I18n;
  /** The current locale (follows setLocale). */
  readonly locale: Locale;
  /** Switches the language and remembers the choice (the 'locale' preference). */
  setLocale(locale: Locale): Promise<void>;
}

/** Whether a text names one of the supported locales. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * An i18next instance over the shared catalogues (nested resources: dotted
 * keys like `login.error.empty` work with the default key separator). The
 * locale comes from the 'locale' preference when it names a supported
 * locale, else from the browser's languages, else en_EN; missing texts fall
 * back to en_EN. Only English and the chosen locale's catalogue are loaded;
 * another is loaded when the user switches to it. Values are not
 * HTML-escaped: React escapes.
 */
export async function createI18n(env: ClientEnvironment, browserLanguages: readonly string[]): Promise<ClientI18n> {
  const stored = readPreference(env, StorageKeys.locale);
  let locale: Locale = isLocale(stored) ? stored : pickLocale(browserLanguages);
  const i18n = createInstance();
  const [fallback, chosen] = await Promise.all([loadCatalogue(DEFAULT_LOCALE), loadCatalogue(locale)]);
  const loaded = new Set<Locale>([DEFAULT_LOCALE, locale]);
  await i18n.init({
    resources: { [DEFAULT_LOCALE]: { translation: fallback }, [locale]: { translation: chosen } },
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    // Locale names are 'de_DE', not BCP 47 'de-DE': load exactly the named catalogue (plus the fallback).
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return {
    i18n,
    get locale() {
      return locale;
    },
    async setLocale(next) {
      if (!isLocale(next)) throw new Error(`Invalid locale '${String(next)}'`);
      if (!loaded.has(next)) {
        // deep, without overwriting: texts added to the bundle meanwhile (the developer entry's) stay.
        i18n.addResourceBundle(next, 'translation', await loadCatalogue(next), true, false);
        loaded.add(next);
      }
      writePreference(env, StorageKeys.locale, next);
      locale = next;
      await i18n.changeLanguage(next);
    },
  };
}
