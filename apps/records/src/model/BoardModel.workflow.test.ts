import { describe, expect, it } from 'vitest';
import { BoardModel, columnQuery } from './BoardModel.js';
import { RecordsApi } from './RecordsApi.js';
import { purchase, purchaseRecord, workflowServer } from './testWorkflow.js';
import { BLOCKED_TRANSITION, NO_TRANSITION } from './workflow.js';

async function board(records = [purchaseRecord(1, { title: 'Laptop', amount: 900 }, 3), purchaseRecord(2, { title: 'Chair', amount: null }), purchaseRecord(3, { title: 'Desk', amount: 400, state: 'submitted' })]) {
  const server = workflowServer(records);
  // Updating purchases is not the user's: steps are the workflow's to allow.
  const model = new BoardModel({ calls: new RecordsApi(server.request), app: 'Buying', entityKey: 'purchase', entity: purchase, mayUpdate: false });
  await model.load();
  return { server, model };
}

const column = (model: BoardModel, value: string) => model.getState().columns.findIndex((c) => c.value === value);
const cards = (model: BoardModel, value: string) => model.getState().columns[column(model, value)]!.cards.map((c) => c.name);
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a board grouped by the workflow’s state', () => {
  it('takes the step to the column’s state when a card moves there, at the card’s version, without writing the field', async () => {
    const { server, model } = await board();
    expect(model.steps).toBe(true);
    expect(model.canMove).toBe(true);
    await model.move('PO-00001', column(model, 'submitted'));
    expect(server.calls.filter((c) => c.method !== 'post' || !c.path.endsWith('/query')).map((c) => `${c.method} ${c.path.split('/').slice(-1)[0]}`)).toEqual(['get PO-00001', 'post transition']);
    expect(server.calls.at(-1)!.body).toEqual({ transition: 'submit', version: 3 });
    expect(cards(model, 'submitted')).toContain('PO-00001');
    expect(model.getState().columns[column(model, 'submitted')]!.cards.find((c) => c.name === 'PO-00001')?.version).toBe(4);
    expect(model.getState().announcement).toMatchObject({ kind: 'moved', name: 'PO-00001' });
  });

  it('refuses a move no step leads to, with a clear reason, and puts the card back', async () => {
    const { server, model } = await board();
    await model.move('PO-00001', column(model, 'approved'));
    expect(server.calls.some((c) => c.path.endsWith('/transition'))).toBe(false);
    expect(cards(model, 'draft')).toEqual(['PO-00001', 'PO-00002']);
    expect(model.getState().refusal).toMatchObject({ name: 'PO-00001', refusal: { code: NO_TRANSITION } });
    await model.move('PO-00002', column(model, 'submitted'));
    expect(model.getState().refusal).toMatchObject({ name: 'PO-00002', refusal: { code: BLOCKED_TRANSITION, params: { requires: 'amount' } } });
    expect(cards(model, 'draft')).toEqual(['PO-00001', 'PO-00002']);
  });

  it('asks the step’s question and comment in the same dialog as the form; cancelled, the card goes back', async () => {
    const { server, model } = await board();
    const moving = model.move('PO-00003', column(model, 'rejected'));
    await settled();
    expect(model.transitions.getState().pending?.transition.key).toBe('reject');
    expect(cards(model, 'rejected')).toEqual(['PO-00003']);
    model.transitions.cancel();
    await moving;
    expect(cards(model, 'submitted')).toEqual(['PO-00003']);
    expect(model.getState().announcement).toMatchObject({ kind: 'cancelled', name: 'PO-00003' });

    const again = model.move('PO-00003', column(model, 'rejected'));
    await settled();
    model.transitions.setComment('Not in the budget');
    await model.transitions.confirm();
    await again;
    expect(server.calls.at(-1)!.body).toEqual({ transition: 'reject', version: 1, comment: 'Not in the budget' });
    expect(cards(model, 'rejected')).toEqual(['PO-00003']);
  });

  it('leaves a card where its step left the record: an approval still waiting for others keeps it in its state', async () => {
    const { model } = await board();
    const moving = model.move('PO-00003', column(model, 'approved'));
    await settled();
    await model.transitions.confirm();
    await moving;
    expect(cards(model, 'submitted')).toEqual(['PO-00003']);
    expect(cards(model, 'approved')).toEqual([]);
  });

  it('shows only the cards waiting for the user when asked', async () => {
    const { server, model } = await board();
    model.showWaitingForMe(true);
    await settled();
    expect(server.calls.filter((c) => c.path.endsWith('/query')).slice(-4).every((c) => (c.body as { waitingForMe?: boolean }).waitingForMe === true)).toBe(true);
    expect(columnQuery(purchase, 'draft', 0, true)).toMatchObject({ waitingForMe: true });
  });
});
