import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineEntry } from '@atrium/shared/apps';
import { TimelineModel } from '../../model/TimelineModel.js';
import { refusal, TestCalls } from '../../model/testCalls.js';
import { leaveRequest } from '../../model/testEntity.js';
import { renderView } from '../testRender.js';
import { TimelineView } from './TimelineView.js';

afterEach(cleanup);

const olivia = { id: 'olivia', name: 'Olivia Hart' };
const liam = { id: 'liam', name: 'Liam Chen' };

async function showTimeline(entries: TimelineEntry[], locale?: 'fr_FR') {
  const calls = new TestCalls(leaveRequest);
  calls.entries.set('LR-2026-00003', entries);
  const model = new TimelineModel({ calls, app: 'Leave', name: 'LR-2026-00003', mentionable: [olivia, liam, { id: 'demo', name: 'Dana Demo' }] });
  await renderView(<TimelineView model={model} entity={leaveRequest} people={{ liam: 'Liam Chen' }} />, locale);
  await act(() => model.refresh());
  return { calls, model };
}

const history: TimelineEntry[] = [
  { kind: 'change', id: 'h1', at: '2026-11-20T09:00:00.000Z', by: liam, action: 'create', version: 1, changes: [] },
  { kind: 'change', id: 'h2', at: '2026-11-21T09:00:00.000Z', by: olivia, action: 'update', version: 2, changes: [{ field: 'status', before: 'requested', after: 'approved' }] },
  { kind: 'comment', id: 'c1', at: '2026-11-22T09:00:00.000Z', by: liam, text: 'Thank you @olivia!', mentions: [olivia] },
];

describe('the timeline', () => {
  it('shows a change in words and a comment with its mention, newest first', async () => {
    await showTimeline(history);
    const entries = screen.getAllByTestId('records.timeline.entry');
    expect(entries.map((e) => e.dataset.kind)).toEqual(['comment', 'change', 'change']);
    expect(entries[1]!.textContent).toContain('Olivia Hart changed Status from Requested to Approved');
    expect(entries[2]!.textContent).toContain('Liam Chen created the record');
    expect(within(entries[0]!).getByText('Liam Chen commented')).toBeTruthy();
    expect(within(entries[0]!).getByTestId('records.timeline.comment').textContent).toBe('Thank you @Olivia Hart!');
    expect(within(entries[0]!).getByTestId('records.timeline.mention').textContent).toBe('@Olivia Hart');
  });

  it('says it in the desktop language', async () => {
    await showTimeline(history, 'fr_FR');
    expect(screen.getAllByTestId('records.timeline.entry')[1]!.textContent).toContain('Olivia Hart a changé Status de Requested à Approved');
  });

  it('says when there is nothing yet', async () => {
    await showTimeline([]);
    expect(screen.getByTestId('records.timeline.empty').textContent).toBe('No changes or comments yet.');
  });

  it('completes a mention and sends the comment with Ctrl+Enter', async () => {
    const { calls } = await showTimeline(history);
    const box = screen.getByTestId('records.timeline.text') as HTMLTextAreaElement;
    box.focus();
    fireEvent.change(box, { target: { value: 'Enjoy, @da', selectionStart: 10 } });
    const people = screen.getByTestId('records.timeline.people');
    expect(within(people).getAllByRole('option').map((o) => o.textContent)).toEqual(['Dana Demo']);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('Enjoy, @Dana Demo ');
    await act(async () => {
      fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    });
    expect(calls.comments).toEqual([{ app: 'Leave', name: 'LR-2026-00003', text: 'Enjoy, @demo' }]);
    expect(box.value).toBe('');
    expect(screen.getAllByTestId('records.timeline.entry')[0]!.textContent).toContain('Enjoy, @demo');
  });

  it('keeps the comment and says why when it is refused', async () => {
    const { calls } = await showTimeline(history);
    calls.failNext.comment = refusal('records.forbidden', 'You are not allowed to do this with these records');
    const box = screen.getByTestId('records.timeline.text') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Hello' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('records.timeline.send'));
    });
    expect(box.value).toBe('Hello');
    expect(screen.getByTestId('records.timeline.sendProblem').textContent).toBe('You are not allowed to do this with these records');
  });

  it('says why it could not be read, and reads again on Try again', async () => {
    const calls = new TestCalls(leaveRequest);
    calls.failNext.timeline = refusal('records.notFound', 'Record not found');
    const model = new TimelineModel({ calls, app: 'Leave', name: 'LR-2026-00003', mentionable: [] });
    await renderView(<TimelineView model={model} entity={leaveRequest} people={{}} />);
    await act(() => model.refresh());
    const failed = screen.getByTestId('records.timeline.failed');
    expect(failed.textContent).toContain('The history could not be loaded.');
    expect(failed.textContent).toContain('Record not found');
    await act(async () => {
      fireEvent.click(screen.getByTestId('records.timeline.retry'));
    });
    expect(screen.getByTestId('records.timeline.empty')).toBeTruthy();
  });

  it('has no comment box for someone who may not comment', async () => {
    const calls = new TestCalls(leaveRequest);
    const model = new TimelineModel({ calls, app: 'Leave', name: 'LR-2026-00003', mentionable: [] });
    await renderView(<TimelineView model={model} entity={leaveRequest} people={{}} canComment={false} />);
    expect(screen.queryByTestId('records.timeline.text')).toBeNull();
  });
});
