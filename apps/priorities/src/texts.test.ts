import { describeTexts } from '@atrium/app-kit/testing';
import { describe, expect, it } from 'vitest';
import { PRIORITIES_TEXTS } from './texts.js';

describeTexts('priorities', PRIORITIES_TEXTS, {
  sameWordIn: {
    'priorities.sort.status': ['de_DE'],
    'priorities.columns.status': ['de_DE'],
    'priorities.failed.details': ['de_DE'],
    'priorities.columns.application': ['fr_FR'],
    'priorities.columns.actions': ['fr_FR'],
    'priorities.paging.label': ['fr_FR'],
  },
});

describe('priorities texts', () => {
  it("use the notification centre's wording for the views, the empty list and the snooze date", () => {
    const { priorities } = PRIORITIES_TEXTS.english;
    expect([priorities.views.assignments, priorities.views.followups, priorities.views.snoozed]).toEqual(['My Priorities', 'My Follow Up', 'My Snoozed Items']);
    expect(priorities.list.empty).toBe('Nothing here. You are all done for the day!');
    expect(priorities.columns.snoozedUntil).toBe('Snoozed Until');
    expect([priorities.actions.edit, priorities.actions.comments, priorities.actions.snooze]).toEqual(['Edit', 'Comments', 'Snooze']);
  });
});
