import type { TranslationLoader, TranslationTexts } from '@atrium/sdk';
import type { Texts, Translator } from './Translator.js';

let parts = 0;

/**
 * An application's own texts into the desktop's translator (Desktop.addTranslations,
 * docs/APPLICATIONS.md "Texts"): the texts given as they are now, those given as
 * loaders as a part of the catalogues, loaded for the current and the fallback
 * language now and for a language switched to before the switch. A loader that
 * fails leaves the English texts (the switch goes on) and is logged.
 */
export async function addAppTranslations(i18n: Translator, texts: Readonly<Partial<Record<string, TranslationTexts | TranslationLoader>>>): Promise<void> {
  const fixed: Record<string, Texts> = {};
  const loaders: Record<string, TranslationLoader> = {};
  for (const [language, given] of Object.entries(texts)) {
    if (typeof given === 'function') loaders[language] = given;
    else if (given) fixed[language] = given as Texts;
  }
  i18n.addTranslations(fixed);
  if (Object.keys(loaders).length === 0) return;
  const part = `app-texts-${++parts}`;
  i18n.addPart(part, async (language) => {
    try {
      return ((await loaders[language]?.()) ?? {}) as Texts;
    } catch (error) {
      console.warn('Texts of an application could not be loaded.', error);
      return {};
    }
  });
  await i18n.loadPart(part);
}
