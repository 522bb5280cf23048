import { translationProblems } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { VIEWER_TEXTS } from './texts.js';

describe('viewer texts', () => {
  it('are translated in every locale, with the keys and placeholders of English', () => {
    expect(translationProblems(VIEWER_TEXTS)).toEqual([]);
  });

  it("stay under the application's own key", () => {
    for (const texts of Object.values(VIEWER_TEXTS)) expect(Object.keys(texts)).toEqual(['viewer']);
  });
});
