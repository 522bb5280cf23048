import { translationProblems } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { TEXT_EDITOR_TEXTS } from './texts.js';

describe('textEditor texts', () => {
  it('are translated in every locale, with the keys and placeholders of English', () => {
    expect(translationProblems(TEXT_EDITOR_TEXTS)).toEqual([]);
  });

  it("stay under the application's own key", () => {
    for (const texts of Object.values(TEXT_EDITOR_TEXTS)) expect(Object.keys(texts)).toEqual(['textEditor']);
  });
});
