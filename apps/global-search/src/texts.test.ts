import { describeTexts } from '@atrium/app-kit/testing';
import { SEARCH_TEXT_MESSAGES } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { GLOBAL_SEARCH_TEXTS } from './texts.js';

describeTexts('globalSearchApp', GLOBAL_SEARCH_TEXTS);

describe('GlobalSearch texts', () => {
  it("refuse a text with the panel's exact English wording", () => {
    expect(GLOBAL_SEARCH_TEXTS.english.globalSearchApp.problem).toEqual(SEARCH_TEXT_MESSAGES);
  });
});
