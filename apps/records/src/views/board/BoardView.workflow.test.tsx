import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BoardModel } from '../../model/BoardModel.js';
import { RecordsApi } from '../../model/RecordsApi.js';
import { purchase, purchaseRecord, workflowServer } from '../../model/testWorkflow.js';
import { renderView } from '../testRender.js';
import { BoardView } from './BoardView.js';

afterEach(cleanup);

async function showBoard() {
  const server = workflowServer([purchaseRecord(2, { title: 'Chair', amount: null }), purchaseRecord(3, { title: 'Desk', amount: 400, state: 'submitted' })]);
  const model = new BoardModel({ calls: new RecordsApi(server.request), app: 'Buying', entityKey: 'purchase', entity: purchase, mayUpdate: false });
  await act(() => model.load());
  await renderView(<BoardView model={model} entity={purchase} open={() => undefined} />);
  return { server, model };
}

const card = (name: string) => screen.getAllByTestId('records.board.card').find((c) => c.dataset.card === name)!;
const column = (value: string) => screen.getAllByTestId('records.board.column').find((c) => c.dataset.value === value)!;

/** Picks a card up with the keyboard, moves it one column right and drops it. */
async function moveRight(name: string) {
  fireEvent.keyDown(card(name), { key: ' ' });
  fireEvent.keyDown(card(name), { key: 'ArrowRight' });
  await act(async () => fireEvent.keyDown(card(name), { key: ' ' }));
}

describe('a board grouped by a workflow’s state', () => {
  it('takes the step when a card is moved, asking its question and comment in a dialog first', async () => {
    const { server } = await showBoard();
    // Submitted → Approved asks for an optional comment.
    await moveRight('PO-00003');
    const dialog = await screen.findByRole('dialog', { name: 'Approve' });
    fireEvent.change(within(dialog).getByLabelText('Comment (optional)'), { target: { value: 'Fine' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.find((c) => c.path.endsWith('/transition'))?.body).toEqual({ transition: 'approve', version: 1, comment: 'Fine' });
    // One approval of the two needed: the card stays in its state.
    await waitFor(() => expect(within(column('submitted')).queryAllByTestId('records.board.card').map((c) => c.dataset.card)).toEqual(['PO-00003']));
  });

  it('refuses a move whose step is blocked, says why, and puts the card back', async () => {
    await showBoard();
    await moveRight('PO-00002');
    await waitFor(() => expect(screen.getByTestId('records.board.refusal').textContent).toContain('PO-00002 could not be moved: the step to that state is not possible yet.'));
    expect(within(column('draft')).getAllByTestId('records.board.card').map((c) => c.dataset.card)).toEqual(['PO-00002']);
  });

  it('shows only the cards waiting for the user with "Waiting for me"', async () => {
    const { server } = await showBoard();
    const toggle = screen.getByTestId('records.board.waitingForMe');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await act(async () => fireEvent.click(toggle));
    expect(screen.getByTestId('records.board.waitingForMe').getAttribute('aria-pressed')).toBe('true');
    expect(server.calls.filter((c) => c.path.endsWith('/query')).at(-1)?.body).toMatchObject({ waitingForMe: true });
  });
});
