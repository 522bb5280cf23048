import { renderApplication } from '@atrium/app-kit/testing';
import type { Desktop, RecordsChange } from '@atrium/sdk';
import { AppDeclaration, type DeclaredAppDto, type TimelineEntry } from '@atrium/shared/apps';
import { act, fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import metadata from '../metadata.json';
import { dayKey } from './model/calendarGrid.js';
import { TestCalls, testRecord } from './model/testCalls.js';
import { leaveRequest } from './model/testEntity.js';
import runtime from './index.js';

/*
 * The board, the calendar and the timeline in the Records window, launched
 * as the desktop launches it, over a server that answers the records calls
 * from memory (TestCalls behind the calls' paths and envelopes).
 */

const APP: DeclaredAppDto = {
  declaration: AppDeclaration.parse({ name: 'Leave', version: '1.0.0', label: { en_EN: 'Leave' }, category: 'employee center', entities: { request: leaveRequest } }),
  version: '1.0.0',
  rights: { request: { actions: ['read', 'create', 'update', 'comment'], hiddenFields: [], lockedOnCreate: [] } },
};

function server(calls: TestCalls, hiddenFields: string[] = []): Desktop['request'] {
  const answer = async (method: string, path: string, body: unknown): Promise<unknown> => {
    const [, app, second, third, fourth] = path.split('?')[0]!.split('/');
    if (method === 'get' && app === 'apps') return [{ ...APP, rights: { request: { ...APP.rights.request!, hiddenFields } } }];
    if (method === 'post' && third === 'query') return calls.query(app!, second!, body as never);
    const name = decodeURIComponent(third!);
    if (method === 'put') return calls.update(app!, name, (body as { version: number }).version, (body as { values: Record<string, unknown> }).values);
    if (method === 'get' && fourth === 'timeline') return calls.timeline(app!, name);
    if (method === 'post' && fourth === 'comments') return calls.comment(app!, name, (body as { text: string }).text);
    if (method === 'get') return { record: calls.records.find((r) => r.name === name), rights: { update: true, delete: false, comment: true, readOnlyFields: [] }, people: calls.people, links: {} };
    throw new Error(`No answer to ${method} ${path}`);
  };
  return async <T,>(method: 'get' | 'post' | 'put' | 'delete', path: string, body?: unknown) => ({ status: 'success', data: await answer(method, path, body) }) as T;
}

const tests: Array<{ closeAll(): void; unmount(): void }> = [];
afterEach(() => {
  for (const test of tests.splice(0)) {
    test.closeAll();
    test.unmount();
  }
});

async function launch(calls: TestCalls, hiddenFields: string[] = []) {
  const listeners = new Set<(change: RecordsChange | null) => void>();
  const test = await renderApplication(runtime, metadata as Parameters<typeof renderApplication>[1], {
    args: { app: 'Leave' },
    request: server(calls, hiddenFields),
    onRecordsChanged: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  });
  tests.push(test);
  const body = test.bodies[0]!;
  await waitFor(() => expect(within(body).getByTestId('records.mode.board')).toBeTruthy());
  return { test, body, tell: (change: RecordsChange | null) => listeners.forEach((l) => l(change)) };
}

const today = new Date();
const todayKey = dayKey(today.getFullYear(), today.getMonth() + 1, today.getDate());

function leaveCalls(): TestCalls {
  const calls = new TestCalls(leaveRequest);
  calls.people = { liam: 'Liam Chen', olivia: 'Olivia Hart' };
  calls.records = [
    testRecord('LR-2026-00001', { title: 'Ski week', status: 'requested', employee: 'liam', from: todayKey, to: todayKey }),
    testRecord('LR-2026-00003', { title: 'Wedding', status: 'requested', employee: 'liam', from: todayKey }, { version: 2 }),
  ];
  return calls;
}

describe('Records with a board, a calendar and timelines', () => {
  it('offers the board; a card moved there with the keyboard is written and announced, and others see it when told', async () => {
    const calls = leaveCalls();
    const { body, tell } = await launch(calls);
    fireEvent.click(within(body).getByTestId('records.mode.board'));
    const card = async (name: string) => (await within(body).findAllByTestId('records.board.card')).find((c) => c.dataset.card === name)!;
    const wedding = await card('LR-2026-00003');
    wedding.focus();
    fireEvent.keyDown(wedding, { key: ' ' });
    fireEvent.keyDown(await card('LR-2026-00003'), { key: 'ArrowRight' });
    await act(async () => {
      fireEvent.keyDown(await card('LR-2026-00003'), { key: ' ' });
    });
    expect(calls.updates).toEqual([{ app: 'Leave', name: 'LR-2026-00003', version: 2, values: { status: 'approved' } }]);
    expect(within(body).getByTestId('records.board.live').textContent).toBe('Moved LR-2026-00003 to Approved');
    // Someone else approves the other one: the board reads its columns again.
    calls.records[0] = { ...calls.records[0]!, version: 2, values: { ...calls.records[0]!.values, status: 'approved' } };
    await act(async () => tell({ app: 'Leave', entity: 'request', names: ['LR-2026-00001'], by: 'Olivia Hart' }));
    const approved = within(body).getAllByTestId('records.board.column').find((c) => c.dataset.value === 'approved')!;
    await waitFor(() => expect(within(approved).getAllByTestId('records.board.card')).toHaveLength(2));
  });

  it("offers the calendar at today's month; Enter on a day lists its records and Enter on one opens its form", async () => {
    const calls = leaveCalls();
    const { test, body } = await launch(calls);
    fireEvent.click(within(body).getByTestId('records.mode.calendar'));
    const month = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(today);
    await waitFor(() => expect(within(body).getByTestId('records.calendar.title').textContent).toBe(month));
    await waitFor(() => expect(within(body).getAllByTestId('records.calendar.span')).toHaveLength(2));
    const day = within(body)
      .getAllByTestId('records.calendar.day')
      .find((d) => d.dataset.day === todayKey)!;
    day.focus();
    fireEvent.keyDown(day, { key: 'Enter' });
    const list = within(body).getByTestId('records.calendar.dayRecords');
    const first = within(list).getAllByTestId('records.calendar.record')[0]!;
    expect(document.activeElement).toBe(first);
    fireEvent.click(first);
    await waitFor(() => expect(test.bodies).toHaveLength(2));
    await waitFor(() => expect(test.app.titleNow(2)).toBe('Ski week'));
  });

  it("shows a record's timeline beside its form, and sends a comment with a mention", async () => {
    const calls = leaveCalls();
    const history: TimelineEntry[] = [
      { kind: 'change', id: 'h2', at: '2026-11-21T09:00:00.000Z', by: { id: 'olivia', name: 'Olivia Hart' }, action: 'update', version: 2, changes: [{ field: 'employee', before: null, after: 'liam' }] },
    ];
    calls.entries.set('LR-2026-00001', history);
    const { test, body } = await launch(calls);
    fireEvent.click(within(body).getByTestId('records.mode.board'));
    const card = (await within(body).findAllByTestId('records.board.card')).find((c) => c.dataset.card === 'LR-2026-00001')!;
    fireEvent.doubleClick(card);
    await waitFor(() => expect(test.bodies).toHaveLength(2));
    const form = test.bodies[1]!;
    fireEvent.click(await within(form).findByTestId('records.form.timeline'));
    const entry = await within(form).findByTestId('records.timeline.entry');
    expect(entry.textContent).toContain('Olivia Hart set Employee to Liam Chen');
    const box = within(form).getByTestId('records.timeline.text') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Thanks @oli', selectionStart: 11 } });
    fireEvent.keyDown(box, { key: 'Tab' });
    expect(box.value).toBe('Thanks @Olivia Hart ');
    await act(async () => {
      fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    });
    expect(calls.comments).toEqual([{ app: 'Leave', name: 'LR-2026-00001', text: 'Thanks @olivia' }]);
    await waitFor(() => expect(within(form).getAllByTestId('records.timeline.entry')).toHaveLength(2));
  });

  it('says so instead of a board or a calendar by a field the user may not see', async () => {
    const { body } = await launch(leaveCalls(), ['status', 'from']);
    fireEvent.click(within(body).getByTestId('records.mode.board'));
    expect(within(body).getByTestId('records.view.unavailable').textContent).toBe('This board groups records by a field you may not see.');
    fireEvent.click(within(body).getByTestId('records.mode.calendar'));
    expect(within(body).getByTestId('records.view.unavailable').textContent).toBe('This calendar places records by a field you may not see.');
  });
});
