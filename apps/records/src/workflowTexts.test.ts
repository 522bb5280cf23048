import { describeTexts } from '@atrium/app-kit/testing';
import { describe, expect, it } from 'vitest';
import { RECORDS_TEXTS } from './texts.js';
import { RECORDS_VIEW_TEXTS } from './viewTexts.js';
import { RECORDS_WORKFLOW_TEXTS } from './workflowTexts.js';

describeTexts('records', RECORDS_WORKFLOW_TEXTS, {
  sameWordIn: {
    'records.workflow.label': ['de_DE'],
    'records.workflow.comment': ['de_DE', 'nb_NO'],
    'records.workflow.arrow': ['de_DE', 'nb_NO', 'sl_SI', 'vi_VN'],
    'records.workflow.delegatedFor': ['fr_FR', 'nb_NO'],
  },
});

/** Every dotted key of nested texts. */
function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`)));
}

describe("the workflow's texts", () => {
  it("replace none of the application's other texts when all are installed under 'records'", () => {
    const others = new Set([...keys(RECORDS_TEXTS.english), ...keys(RECORDS_VIEW_TEXTS.english)]);
    expect(keys(RECORDS_WORKFLOW_TEXTS.english).filter((key) => others.has(key))).toEqual([]);
  });
});
