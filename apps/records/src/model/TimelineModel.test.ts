import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '@atrium/shared/apps';
import { TimelineModel } from './TimelineModel.js';
import { refusal, TestCalls, testChanges } from './testCalls.js';
import { leaveRequest } from './testEntity.js';

const people = [
  { id: 'olivia', name: 'Olivia Hart' },
  { id: 'liam', name: 'Liam Chen' },
  { id: 'demo', name: 'Dana Demo' },
];

const entries: TimelineEntry[] = [
  { kind: 'change', id: 'h1', at: '2026-11-20T09:00:00.000Z', by: people[1]!, action: 'create', version: 1, changes: [] },
  { kind: 'comment', id: 'c1', at: '2026-11-22T09:00:00.000Z', by: people[1]!, text: 'Please approve @olivia', mentions: [people[0]!] },
  { kind: 'change', id: 'h2', at: '2026-11-21T09:00:00.000Z', by: people[0]!, action: 'update', version: 2, changes: [{ field: 'status', before: 'requested', after: 'approved' }] },
];

function timeline() {
  const calls = new TestCalls(leaveRequest);
  calls.entries.set('LR-2026-00003', entries);
  const model = new TimelineModel({ calls, app: 'Leave', name: 'LR-2026-00003', mentionable: people });
  return { calls, model };
}

describe('the timeline', () => {
  it('lists history and comments newest first', async () => {
    const { model } = timeline();
    expect(model.getState().status).toBe('loading');
    await model.refresh();
    expect(model.getState().entries.map((e) => e.id)).toEqual(['c1', 'h2', 'h1']);
  });

  it('says why it could not be read, and reads again on demand', async () => {
    const { model, calls } = timeline();
    calls.failNext.timeline = refusal('records.notFound', 'Record not found');
    await model.refresh();
    expect(model.getState()).toMatchObject({ status: 'failed', problem: { code: 'records.notFound' } });
    await model.refresh();
    expect(model.getState().status).toBe('ready');
  });

  it('sends a comment, clears the box and shows it first', async () => {
    const { model, calls } = timeline();
    await model.refresh();
    model.setDraft('  Approved, enjoy!  ');
    expect(await model.send()).toBe(true);
    expect(calls.comments).toEqual([{ app: 'Leave', name: 'LR-2026-00003', text: 'Approved, enjoy!' }]);
    expect(model.getState().draft).toBe('');
    expect(model.getState().entries[0]).toMatchObject({ kind: 'comment', text: 'Approved, enjoy!' });
  });

  it('sends nothing blank, and keeps a refused comment with the refusal', async () => {
    const { model, calls } = timeline();
    model.setDraft('   ');
    expect(await model.send()).toBe(false);
    expect(calls.comments).toEqual([]);
    model.setDraft('Hello');
    calls.failNext.comment = refusal('records.forbidden', 'You are not allowed to do this with these records');
    expect(await model.send()).toBe(false);
    expect(model.getState()).toMatchObject({ draft: 'Hello', sending: false, sendProblem: { code: 'records.forbidden' } });
  });

  it('refuses a comment longer than the server takes before sending it', async () => {
    const { model, calls } = timeline();
    model.setDraft('x'.repeat(5_001));
    expect(await model.send()).toBe(false);
    expect(model.getState().sendProblem).toMatchObject({ code: 'records.commentTooLong', params: { max: '5000' } });
    expect(calls.comments).toEqual([]);
  });
});

describe('mentioning someone', () => {
  it("suggests people while @ and a name are typed, writes the chosen one's name and sends their id", async () => {
    const { model, calls } = timeline();
    model.setDraft('Thanks @', 8);
    expect(model.getState().suggestions?.people.map((p) => p.id)).toEqual(['olivia', 'liam', 'demo']);
    model.setDraft('Thanks @d', 9);
    expect(model.getState().suggestions).toMatchObject({ start: 7, query: 'd', active: 0, people: [{ id: 'demo' }] });
    const caret = model.acceptSuggestion();
    expect(model.getState().draft).toBe('Thanks @Dana Demo ');
    expect(caret).toBe(18);
    expect(model.getState().suggestions).toBeNull();
    // A name typed without choosing it stays text.
    model.setDraft(`${model.getState().draft}and @Olivia Hart, see above`);
    expect(await model.send()).toBe(true);
    expect(calls.comments.map((c) => c.text)).toEqual(['Thanks @demo and @Olivia Hart, see above']);
  });

  it('moves between suggestions, wrapping, and closes them on request', () => {
    const { model } = timeline();
    model.setDraft('@', 1);
    model.moveSuggestion(-1);
    expect(model.getState().suggestions?.active).toBe(2);
    model.moveSuggestion(1);
    expect(model.getState().suggestions?.active).toBe(0);
    model.moveSuggestion(1);
    expect(model.acceptSuggestion()).toBe(11);
    expect(model.getState().draft).toBe('@Liam Chen ');
    model.setDraft('@Liam Chen @', 12);
    model.closeSuggestions();
    expect(model.getState().suggestions).toBeNull();
  });

  it('replaces the typed part in the middle of the text', () => {
    const { model } = timeline();
    model.setDraft('Ask @ol about it', 7);
    model.acceptSuggestion();
    expect(model.getState().draft).toBe('Ask @Olivia Hart about it');
  });

  it('suggests nothing when no one matches', () => {
    const { model } = timeline();
    model.setDraft('@zz', 3);
    expect(model.getState().suggestions).toBeNull();
  });
});

describe('changes told by the desktop socket', () => {
  it('read the timeline again on a change of this record only', async () => {
    const changes = testChanges();
    const calls = new TestCalls(leaveRequest);
    calls.entries.set('LR-2026-00003', entries);
    const model = new TimelineModel({ calls, app: 'Leave', name: 'LR-2026-00003', mentionable: people, onRecordsChanged: changes.listen });
    const stop = model.start();
    await new Promise((r) => setTimeout(r, 0));
    expect(model.getState().entries).toHaveLength(3);
    const added: TimelineEntry = { kind: 'comment', id: 'c2', at: '2026-11-23T09:00:00.000Z', by: people[0]!, text: 'Approved', mentions: [] };
    calls.entries.set('LR-2026-00003', [...entries, added]);
    changes.tell({ app: 'Leave', entity: 'request', names: ['LR-2026-00004'] });
    await new Promise((r) => setTimeout(r, 0));
    expect(model.getState().entries).toHaveLength(3);
    changes.tell({ app: 'Leave', entity: 'request', names: ['LR-2026-00003'] });
    await new Promise((r) => setTimeout(r, 0));
    expect(model.getState().entries.map((e) => e.id)).toEqual(['c2', 'c1', 'h2', 'h1']);
    stop();
    expect(changes.listeners).toBe(0);
  });
});

describe('who may be mentioned', () => {
  it("are the people given, then the timeline's authors and mentioned people, each once", async () => {
    const calls = new TestCalls(leaveRequest);
    calls.entries.set('LR-2026-00003', [
      { kind: 'comment', id: 'c1', at: '2026-11-22T09:00:00.000Z', by: { id: 'sofia', name: 'Sofia Novak' }, text: 'Ask @demo', mentions: [{ id: 'demo', name: 'Dana Demo' }] },
    ]);
    const model = new TimelineModel({ calls, app: 'Leave', name: 'LR-2026-00003', mentionable: [{ id: 'liam', name: 'Liam Chen' }] });
    await model.refresh();
    model.setDraft('@', 1);
    expect(model.getState().suggestions?.people.map((p) => p.id)).toEqual(['liam', 'sofia', 'demo']);
    model.setMentionable([{ id: 'olivia', name: 'Olivia Hart' }]);
    model.setDraft('@o', 2);
    expect(model.getState().suggestions?.people.map((p) => p.id)).toEqual(['olivia']);
  });
});
