import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { BoardModel } from '../../model/BoardModel.js';
import { TestCalls, testRecord } from '../../model/testCalls.js';
import { leaveRequest } from '../../model/testEntity.js';
import { renderView } from '../testRender.js';
import { BoardView } from './BoardView.js';

/** What is under the pointer (the browser's hit test, which jsdom lacks). */
function pointAt(element: () => Element): void {
  Object.defineProperty(document, 'elementFromPoint', { value: element, configurable: true });
}

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(document, 'elementFromPoint');
});

async function showBoard(options: { mayUpdate?: boolean } = {}) {
  const calls = new TestCalls(leaveRequest);
  calls.people = { liam: 'Liam Chen', demo: 'Dana Demo' };
  calls.records = [
    testRecord('LR-2026-00001', { title: 'Ski week', status: 'requested', employee: 'liam', from: '2026-12-01' }),
    testRecord('LR-2026-00003', { title: 'Wedding', status: 'requested', employee: 'demo' }, { version: 4, colour: 'RED' }),
    testRecord('LR-2026-00004', { title: 'Summer', status: 'approved', employee: 'demo' }),
  ];
  const model = new BoardModel({ calls, app: 'Leave', entityKey: 'request', entity: leaveRequest, mayUpdate: options.mayUpdate ?? true });
  const opened: string[] = [];
  await renderView(<BoardView model={model} entity={leaveRequest} open={(name) => opened.push(name)} />);
  await act(() => model.load());
  return { calls, model, opened };
}

const card = (name: string) => screen.getAllByTestId('records.board.card').find((c) => c.dataset.card === name)!;
const column = (value: string) => screen.getAllByTestId('records.board.column').find((c) => c.dataset.value === value)!;

describe('the board', () => {
  it('shows a column per choice and "No value", with their cards, counts and card fields', async () => {
    await showBoard();
    const columns = screen.getAllByTestId('records.board.column');
    expect(columns.map((c) => c.querySelector('h3')!.textContent)).toEqual(['Requested2', 'Approved1', 'Rejected0', 'No value0']);
    const wedding = card('LR-2026-00003');
    expect(within(wedding).getByText('Wedding')).toBeTruthy();
    expect(within(wedding).getByText('Dana Demo')).toBeTruthy();
    expect(within(card('LR-2026-00001')).getByText('Dec 1, 2026')).toBeTruthy();
    expect(within(column('rejected')).getByText('No records')).toBeTruthy();
  });

  it('shows no count on a column that is still loading, and says it is busy', async () => {
    const calls = new TestCalls(leaveRequest);
    calls.records = [testRecord('LR-2026-00004', { title: 'Summer', status: 'approved' })];
    const model = new BoardModel({ calls, app: 'Leave', entityKey: 'request', entity: leaveRequest, mayUpdate: true });
    await renderView(<BoardView model={model} entity={leaveRequest} open={() => undefined} />);
    expect(column('approved').getAttribute('aria-busy')).toBe('true');
    expect(within(column('approved')).queryByTestId('records.board.count')).toBeNull();
    await act(() => model.load());
    expect(column('approved').hasAttribute('aria-busy')).toBe(false);
    expect(within(column('approved')).getByTestId('records.board.count').textContent).toBe('1');
  });

  it('says when a column holds more records than were counted, and offers more of them', async () => {
    const calls = new TestCalls(leaveRequest);
    calls.countCap = 1_200;
    calls.records = Array.from({ length: 1500 }, (_, i) => testRecord(`LR-2026-${String(i + 1).padStart(5, '0')}`, { title: `Leave ${i + 1}`, status: 'requested' }));
    const model = new BoardModel({ calls, app: 'Leave', entityKey: 'request', entity: leaveRequest, mayUpdate: true });
    await renderView(<BoardView model={model} entity={leaveRequest} open={() => undefined} />, 'de_DE');
    await act(() => model.load());
    // Counted up to the cap, in German number format, and more after the first cards.
    expect(within(column('requested')).getByTestId('records.board.count').textContent).toBe('über 1.200');
    expect(within(column('requested')).getByTestId('records.board.more')).toBeTruthy();
    expect(within(column('approved')).getByTestId('records.board.count').textContent).toBe('0');
  });

  it('moves a card with the keyboard: the update is sent and the move announced', async () => {
    const { calls } = await showBoard();
    const wedding = card('LR-2026-00003');
    wedding.focus();
    fireEvent.keyDown(wedding, { key: ' ' });
    const live = screen.getByTestId('records.board.live');
    expect(live.textContent).toBe('Picked up LR-2026-00003 in Requested, position 2 of 2.');
    fireEvent.keyDown(card('LR-2026-00003'), { key: 'ArrowRight' });
    expect(live.textContent).toBe('LR-2026-00003 is over Approved, position 2 of 2.');
    expect(within(column('approved')).getAllByTestId('records.board.card').map((c) => c.dataset.card)).toEqual(['LR-2026-00004', 'LR-2026-00003']);
    // The card keeps the keyboard in its new column.
    expect(document.activeElement).toBe(card('LR-2026-00003'));
    await act(async () => {
      fireEvent.keyDown(card('LR-2026-00003'), { key: 'Enter' });
    });
    expect(calls.updates).toEqual([{ app: 'Leave', name: 'LR-2026-00003', version: 4, values: { status: 'approved' } }]);
    expect(live.textContent).toBe('Moved LR-2026-00003 to Approved');
    expect(within(column('approved')).getByTestId('records.board.count').textContent).toBe('2');
    expect(within(column('requested')).getByTestId('records.board.count').textContent).toBe('1');
  });

  it('puts the card back and says why when the server refuses the move', async () => {
    const { calls } = await showBoard();
    calls.readOnly.add('status');
    fireEvent.keyDown(card('LR-2026-00001'), { key: 'Enter' });
    fireEvent.keyDown(card('LR-2026-00001'), { key: 'ArrowRight' });
    await act(async () => {
      fireEvent.keyDown(card('LR-2026-00001'), { key: ' ' });
    });
    expect(within(column('requested')).getAllByTestId('records.board.card').map((c) => c.dataset.card)).toEqual(['LR-2026-00001', 'LR-2026-00003']);
    expect(screen.getByTestId('records.board.refusal').textContent).toContain('LR-2026-00001 could not be moved: You may not change the field status');
  });

  it('Escape puts a picked-up card back without writing', async () => {
    const { calls } = await showBoard();
    fireEvent.keyDown(card('LR-2026-00001'), { key: 'Enter' });
    fireEvent.keyDown(card('LR-2026-00001'), { key: 'ArrowRight' });
    fireEvent.keyDown(card('LR-2026-00001'), { key: 'Escape' });
    expect(within(column('requested')).getAllByTestId('records.board.card')).toHaveLength(2);
    expect(screen.getByTestId('records.board.live').textContent).toBe('LR-2026-00001 was not moved.');
    expect(calls.updates).toEqual([]);
  });

  it('without the right to update, Enter opens the card instead of picking it up', async () => {
    const { opened, model } = await showBoard({ mayUpdate: false });
    fireEvent.keyDown(card('LR-2026-00004'), { key: 'Enter' });
    expect(opened).toEqual(['LR-2026-00004']);
    expect(model.getState().grabbed).toBeNull();
    expect(card('LR-2026-00004').dataset.movable).toBeUndefined();
    expect(card('LR-2026-00004').querySelector('[data-grip]')).toBeNull();
  });

  it('moves a card dragged with the mouse onto another column, a copy following the pointer', async () => {
    const { calls } = await showBoard();
    const board = screen.getByTestId('records.board');
    pointAt(() => column('rejected'));
    const pointer = { pointerId: 1, pointerType: 'mouse', button: 0 };
    fireEvent.pointerDown(card('LR-2026-00001'), { ...pointer, clientX: 10, clientY: 10 });
    // A press that has not moved is still a click.
    fireEvent.pointerMove(board, { ...pointer, clientX: 12, clientY: 11 });
    expect(screen.queryByTestId('records.board.dragCopy')).toBeNull();
    fireEvent.pointerMove(board, { ...pointer, clientX: 400, clientY: 60 });
    expect(screen.getByTestId('records.board.dragCopy').textContent).toContain('Ski week');
    expect(column('rejected').className).toContain('rcv-column--target');
    await act(async () => {
      fireEvent.pointerUp(board, { ...pointer, clientX: 400, clientY: 60 });
    });
    expect(screen.queryByTestId('records.board.dragCopy')).toBeNull();
    expect(calls.updates).toEqual([{ app: 'Leave', name: 'LR-2026-00001', version: 1, values: { status: 'rejected' } }]);
    expect(within(column('rejected')).getAllByTestId('records.board.card').map((c) => c.dataset.card)).toEqual(['LR-2026-00001']);
  });

  it('drags with a finger only from the grip, so that elsewhere a touch scrolls', async () => {
    const { calls } = await showBoard();
    const board = screen.getByTestId('records.board');
    pointAt(() => column('approved'));
    const finger = { pointerId: 2, pointerType: 'touch', button: 0 };
    fireEvent.pointerDown(within(card('LR-2026-00001')).getByText('Ski week'), { ...finger, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(board, { ...finger, clientX: 300, clientY: 10 });
    expect(screen.queryByTestId('records.board.dragCopy')).toBeNull();
    fireEvent.pointerCancel(board, finger);
    fireEvent.pointerDown(card('LR-2026-00001').querySelector('[data-grip]')!, { ...finger, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(board, { ...finger, clientX: 300, clientY: 10 });
    await act(async () => {
      fireEvent.pointerUp(board, { ...finger, clientX: 300, clientY: 10 });
    });
    expect(calls.updates.map((u) => u.values)).toEqual([{ status: 'approved' }]);
  });
});
