import { SEARCH_TEXT_MESSAGES, translationProblems } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { GLOBAL_SEARCH_TEXTS } from './texts.js';

describe('GlobalSearch texts', () => {
  it('are translated in every locale, with the keys and placeholders of English', () => {
    expect(translationProblems(GLOBAL_SEARCH_TEXTS)).toEqual([]);
  });

  it("stay under the application's own key", () => {
    for (const texts of Object.values(GLOBAL_SEARCH_TEXTS)) expect(Object.keys(texts)).toEqual(['globalSearchApp']);
  });

  it("refuse a text with the panel's exact English wording", () => {
    expect(GLOBAL_SEARCH_TEXTS.en_EN.globalSearchApp.problem).toEqual(SEARCH_TEXT_MESSAGES);
  });
});
