import { describeTexts } from '@atrium/app-kit/testing';
import { describe, expect, it } from 'vitest';
import { RECORDS_TEXTS } from './texts.js';
import { RECORDS_VIEW_TEXTS } from './viewTexts.js';

describeTexts('records', RECORDS_VIEW_TEXTS, {
  sameWordIn: {
    'records.timeline.comment.send': ['nb_NO'],
  },
});

/** Every dotted key of nested texts. */
function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`)));
}

describe("the views' texts", () => {
  it("replace none of the application's other texts when both are installed under 'records'", () => {
    const others = new Set(keys(RECORDS_TEXTS.english));
    expect(keys(RECORDS_VIEW_TEXTS.english).filter((key) => others.has(key))).toEqual([]);
  });
});
