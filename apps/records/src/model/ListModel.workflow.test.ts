import { describe, expect, it } from 'vitest';
import { ListModel } from './ListModel.js';
import { RecordsApi } from './RecordsApi.js';
import { testClock } from './testServer.js';
import { purchase, purchaseRecord, workflowServer } from './testWorkflow.js';

function setup(stored: Record<string, unknown> = {}) {
  const server = workflowServer([purchaseRecord(1, { title: 'Laptop' }), purchaseRecord(2, { title: 'Desk', state: 'submitted' })]);
  const settings = { get: <T,>(key: string) => stored[key] as T, set: (key: string, value: unknown) => void (stored[key] = value) };
  const list = new ListModel({ api: new RecordsApi(server.request), schedule: testClock().schedule, settings }, 'Buying', 'purchase', purchase, { actions: ['read'], hiddenFields: [], lockedOnCreate: [] });
  const queries = () => server.calls.filter((c) => c.path.endsWith('/query')).map((c) => c.body as Record<string, unknown>);
  return { server, list, queries, stored };
}

describe('the list of an entity with a workflow', () => {
  it('offers its state field as a quick filter of its states', async () => {
    const { list, queries } = setup();
    expect(list.quickFilters).toEqual(['state']);
    list.setQuickFilter('state', 'submitted');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queries().at(-1)).toMatchObject({ filters: [{ field: 'state', op: 'eq', value: 'submitted' }] });
    expect(list.getState().records.map((r) => r.name)).toEqual(['PO-00002']);
  });

  it('asks for the records waiting for the user when "Waiting for me" is on, and keeps it in a saved view', async () => {
    const { list, queries, stored } = setup();
    await list.refresh();
    expect(queries().at(-1)).not.toHaveProperty('waitingForMe');
    list.showWaitingForMe(true);
    expect(queries().at(-1)).toMatchObject({ waitingForMe: true, offset: 0 });
    list.saveView('Mine');
    expect(stored['views.Buying.purchase']).toEqual([expect.objectContaining({ name: 'Mine', waitingForMe: true })]);
    list.showWaitingForMe(false);
    expect(queries().at(-1)).not.toHaveProperty('waitingForMe');
    list.applyView('Mine');
    expect(list.getState().waitingForMe).toBe(true);
    expect(queries().at(-1)).toMatchObject({ waitingForMe: true });
  });

  it('offers no "Waiting for me" for an entity without a workflow', () => {
    const { list } = setup();
    const plain = new ListModel(
      { api: new RecordsApi(workflowServer([]).request), schedule: testClock().schedule, settings: { get: () => undefined, set: () => undefined } },
      'Buying',
      'purchase',
      { ...purchase, workflow: undefined },
      { actions: ['read'], hiddenFields: [], lockedOnCreate: [] },
    );
    expect(list.offersWaitingForMe).toBe(true);
    expect(plain.offersWaitingForMe).toBe(false);
    plain.showWaitingForMe(true);
    expect(plain.query()).not.toHaveProperty('waitingForMe');
  });
});
