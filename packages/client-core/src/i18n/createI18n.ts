import { DEFAULT_LOCALE, loadCatalogue, loadDesktopCatalogue, loadWorkCatalogue, LOCALES, type Locale } from '@atrium/shared';
import type { ClientEnvironment } from '../env.js';
import { pickLocale } from './pickLocale.js';
import { readPreference, writePreference } from '../storage/preferences.js';
import { StorageKeys } from '../storage/StorageKeys.js';
import { Translator } from './Translator.js';

/** The client's translation runtime. */
export interface ClientI18n {
  i18n: Translator;
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
 * A Translator over the shared catalogues (nested: dotted keys like
 * `login.error.empty`). The locale comes from the 'locale' preference when
 * it names a supported locale, else from the browser's languages, else
 * en_EN; missing texts fall back to en_EN. Only English and the chosen
 * locale's catalogue are loaded; another is loaded when the user switches
 * to it. The desktop's texts are a part of their own ('desktop', shared's
 * loadDesktopCatalogue): loaded here unless `desktopTexts` is 'with the
 * desktop', when the signed-in desktop loads them (Translator.loadPart)
 * and a language switch then loads both parts. The work items' and global
 * search's texts ('work', loadWorkCatalogue) are loaded when one of their
 * panels first opens (client-ui's useCataloguePart), the identity
 * provider's ('external', loadExternalCatalogue) with its login card.
 */
export async function createI18n(env: ClientEnvironment, browserLanguages: readonly string[], options: { desktopTexts?: 'now' | 'with the desktop' } = {}): Promise<ClientI18n> {
  const stored = readPreference(env, StorageKeys.locale);
  let locale: Locale = isLocale(stored) ? stored : pickLocale(browserLanguages);
  const [fallback, chosen] = await Promise.all([loadCatalogue(DEFAULT_LOCALE), loadCatalogue(locale)]);
  const i18n = new Translator({
    language: locale,
    fallback: DEFAULT_LOCALE,
    catalogues: { [DEFAULT_LOCALE]: fallback, [locale]: chosen },
    parts: {
      desktop: (language) => loadDesktopCatalogue(isLocale(language) ? language : DEFAULT_LOCALE),
      work: (language) => loadWorkCatalogue(isLocale(language) ? language : DEFAULT_LOCALE),
      external: (language) => import('./externalTexts.js').then((m) => m.loadExternalCatalogue(isLocale(language) ? language : DEFAULT_LOCALE)),
    },
  });
  if (options.desktopTexts !== 'with the desktop') await i18n.loadPart('desktop');
  const loaded = new Set<Locale>([DEFAULT_LOCALE, locale]);
  return {
    i18n,
    get locale() {
      return locale;
    },
    async setLocale(next) {
      if (!isLocale(next)) throw new Error(`Invalid locale '${String(next)}'`);
      const [texts] = await Promise.all([loaded.has(next) ? null : loadCatalogue(next), i18n.loadParts(next)]);
      if (texts) {
        i18n.addTexts(next, texts);
        loaded.add(next);
      }
      writePreference(env, StorageKeys.locale, next);
      locale = next;
      i18n.changeLanguage(next);
    },
  };
}
