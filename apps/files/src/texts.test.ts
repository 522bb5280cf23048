import { translationProblems } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { FILES_TEXTS } from './texts.js';

describe('files texts', () => {
  it('are translated in every locale, with the keys and placeholders of English', () => {
    expect(translationProblems(FILES_TEXTS)).toEqual([]);
  });

  it("stay under the application's own key", () => {
    for (const texts of Object.values(FILES_TEXTS)) expect(Object.keys(texts)).toEqual(['files']);
  });
});
