import { translationProblems } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { PREFERENCES_TEXTS } from './texts.js';

describe('preferences texts', () => {
  it('are translated in every locale, with the keys and placeholders of English', () => {
    expect(translationProblems(PREFERENCES_TEXTS)).toEqual([]);
  });

  it("stay under the application's own key", () => {
    for (const texts of Object.values(PREFERENCES_TEXTS)) expect(Object.keys(texts)).toEqual(['preferences']);
  });
});
