import { describe, expect, it } from 'vitest';
import type { Entity, TimelineDetail, TimelineEntry } from '@atrium/shared/apps';
import { changeLines, commentParts, mentionAt, mentionCandidates } from './timelineText.js';
import { leaveRequest } from './testEntity.js';
import type { ValueContext } from './valueText.js';

const t = (key: string, options: Record<string, unknown> = {}) => `${key}${Object.keys(options).length ? JSON.stringify(options) : ''}`;
const ctx = (locale = 'en_EN'): ValueContext => ({ locale, t, people: { liam: 'Liam Chen', demo: 'Dana Demo' } });
const olivia = { id: 'olivia', name: 'Olivia Hart' };

function change(changes: Array<{ field: string; before: unknown; after: unknown }>, action: 'create' | 'update' | 'delete' | 'restore' | 'import' = 'update', by: typeof olivia | null = olivia): Extract<TimelineEntry, { kind: 'change' }> {
  return { kind: 'change', id: 'h1', at: '2026-11-27T10:00:00.000Z', by, action, version: 2, changes };
}

describe('a change in words', () => {
  it('names the field and the values by their labels', () => {
    expect(changeLines(change([{ field: 'status', before: 'requested', after: 'approved' }]), leaveRequest, ctx())).toEqual([
      { key: 'records.timeline.change.fromTo', params: { who: 'Olivia Hart', field: 'Status', from: 'Requested', to: 'Approved' } },
    ]);
  });

  it("in the user's language: labels and dates of the locale", () => {
    const [line] = changeLines(change([{ field: 'status', before: 'requested', after: 'approved' }]), leaveRequest, ctx('de_DE'));
    expect(line!.params).toMatchObject({ field: 'Status', from: 'Beantragt', to: 'Genehmigt' });
    const [date] = changeLines(change([{ field: 'from', before: '2026-12-03', after: '2026-12-04' }]), leaveRequest, ctx('de_DE'));
    expect(date!.params).toMatchObject({ from: '03.12.2026', to: '04.12.2026' });
  });

  it('one line per field, set when it had no value and cleared when it has none', () => {
    const lines = changeLines(
      change([
        { field: 'employee', before: null, after: 'liam' },
        { field: 'note', before: 'Back on Monday', after: null },
        { field: 'paid', before: false, after: true },
      ]),
      leaveRequest,
      ctx(),
    );
    expect(lines).toEqual([
      { key: 'records.timeline.change.set', params: { who: 'Olivia Hart', field: 'Employee', to: 'Liam Chen' } },
      { key: 'records.timeline.change.cleared', params: { who: 'Olivia Hart', field: 'Note' } },
      { key: 'records.timeline.change.fromTo', params: { who: 'Olivia Hart', field: 'Paid', from: 'records.value.no', to: 'records.value.yes' } },
    ]);
  });

  it('says who created, deleted, restored or imported the record, and "someone" when the person is gone', () => {
    for (const action of ['create', 'delete', 'restore', 'import'] as const) {
      expect(changeLines(change([], action), leaveRequest, ctx())).toEqual([{ key: `records.timeline.action.${action}`, params: { who: 'Olivia Hart' } }]);
    }
    expect(changeLines(change([], 'create', null), leaveRequest, ctx())[0]!.params.who).toBe('records.timeline.someone');
  });
});

describe("a workflow's step in words", () => {
  const withWorkflow = { ...leaveRequest, workflow: { transitions: { approve: { action: { en_EN: 'Approve', de_DE: 'Genehmigen' } } } } as unknown as Entity['workflow'] };
  const step = (detail: TimelineDetail, changes: Array<{ field: string; before: unknown; after: unknown }> = []): Extract<TimelineEntry, { kind: 'change' }> => ({ ...change(changes), action: 'transition', detail });

  it('names the step by its declared action in the language, then the fields it moved, then its comment', () => {
    const lines = changeLines(step({ transition: 'approve', comment: 'Enjoy the Alps.', decision: 'approve' }, [{ field: 'status', before: 'requested', after: 'approved' }]), withWorkflow, ctx('de_DE'));
    expect(lines).toEqual([
      { key: 'records.timeline.step.took', params: { who: 'Olivia Hart', action: 'Genehmigen' } },
      { key: 'records.timeline.step.comment', params: { text: 'Enjoy the Alps.' } },
      { key: 'records.timeline.change.fromTo', params: { who: 'Olivia Hart', field: 'Status', from: 'Beantragt', to: 'Genehmigt' } },
    ]);
  });

  it('an approval that moved nothing waits for others; one given for an absent colleague names them', () => {
    expect(changeLines(step({ transition: 'approve', comment: null, decision: 'approve', onBehalfOf: { id: 'liam', name: 'Liam Chen' } }), withWorkflow, ctx())).toEqual([
      { key: 'records.timeline.step.approvedFor', params: { who: 'Olivia Hart', action: 'Approve', name: 'Liam Chen' } },
    ]);
    expect(changeLines(step({ transition: 'gone', comment: null }), withWorkflow, ctx())[0]).toEqual({ key: 'records.timeline.step.took', params: { who: 'Olivia Hart', action: 'gone' } });
  });

  it('work given from one person to another, "someone" for a person who is gone', () => {
    const entry = { ...change([]), action: 'reassign' as const, detail: { reassigned: { from: { id: 'liam', name: 'Liam Chen' }, to: null } } };
    expect(changeLines(entry, withWorkflow, ctx())).toEqual([{ key: 'records.timeline.step.reassigned', params: { who: 'Olivia Hart', from: 'Liam Chen', to: 'records.timeline.someone' } }]);
  });
});

describe('mentions in a comment', () => {
  const liam = { id: 'liam', name: 'Liam Chen' };

  it('are the @usernames of the people the comment mentions', () => {
    expect(commentParts('Thanks @liam, see @nobody. Mail me at dana@northwind.example', [liam])).toEqual([
      { kind: 'text', text: 'Thanks ' },
      { kind: 'mention', text: '@liam', person: liam },
      { kind: 'text', text: ', see @nobody. Mail me at dana@northwind.example' },
    ]);
  });

  it('are also written with the id the suggestions write', () => {
    const dana = { id: '0b6f3c1e-52d4-4c3a-9a51-2f0e8d7c6b5a', name: 'Dana Demo' };
    expect(commentParts(`Ask @${dana.id}.`, [dana])).toEqual([
      { kind: 'text', text: 'Ask ' },
      { kind: 'mention', text: `@${dana.id}`, person: dana },
      { kind: 'text', text: '.' },
    ]);
  });

  it('at the start and the end of the text, whatever the case', () => {
    expect(commentParts('@Liam approved by @liam.', [liam]).map((p) => p.kind)).toEqual(['mention', 'text', 'mention', 'text']);
  });

  it('are found while typed, up to the caret', () => {
    expect(mentionAt('Ask @li', 7)).toEqual({ start: 4, query: 'li' });
    expect(mentionAt('Ask @', 5)).toEqual({ start: 4, query: '' });
    expect(mentionAt('mail dana@north', 15)).toBeNull();
    expect(mentionAt('Ask @li now', 11)).toBeNull();
  });

  it('suggest people by username or by a word of their name, accents ignored', () => {
    const people = [olivia, liam, { id: 'sofia', name: 'Sofia Novák' }, { id: 'demo', name: 'Dana Demo' }];
    expect(mentionCandidates(people, 'no').map((p) => p.id)).toEqual(['sofia']);
    expect(mentionCandidates(people, 'NOVAK').map((p) => p.id)).toEqual(['sofia']);
    expect(mentionCandidates(people, 'd').map((p) => p.id)).toEqual(['demo']);
    expect(mentionCandidates(people, '')).toHaveLength(4);
  });
});
