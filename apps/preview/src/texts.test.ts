import { translationProblems } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { PREVIEW_TEXTS } from './texts.js';

describe('preview texts', () => {
  it('are translated in every locale, with the keys and placeholders of English', () => {
    expect(translationProblems(PREVIEW_TEXTS)).toEqual([]);
  });

  it("stay under the application's own key", () => {
    for (const texts of Object.values(PREVIEW_TEXTS)) expect(Object.keys(texts)).toEqual(['preview']);
  });
});
