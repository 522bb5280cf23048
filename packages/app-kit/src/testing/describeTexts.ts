import { translationProblems, type TranslationExceptions } from '@atrium/shared';
import { LOCALES } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import type { AppTexts } from '../texts.js';

/**
 * The one test of an app's texts (docs/APPLICATIONS.md, "Texts"): every
 * locale's module loads and has exactly the keys of English, translated
 * (not copied English, bar the exceptions) with the same placeholders, and
 * everything stays under the app's own key.
 */
export function describeTexts(key: string, texts: AppTexts<object>, exceptions?: TranslationExceptions): void {
  describe(`${key} texts`, () => {
    it('are translated in every locale, with the keys and placeholders of English', async () => {
      const all = Object.fromEntries(await Promise.all(LOCALES.map(async (locale) => [locale, await texts.load(locale)] as const)));
      expect(translationProblems(all, exceptions)).toEqual([]);
    });

    it("stay under the application's own key", async () => {
      for (const locale of LOCALES) expect(Object.keys(await texts.load(locale))).toEqual([key]);
    });
  });
}
