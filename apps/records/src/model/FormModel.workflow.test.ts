import { describe, expect, it } from 'vitest';
import { FormModel } from './FormModel.js';
import { RecordsApi } from './RecordsApi.js';
import { DANA, LIAM, OLIVIA, purchase, purchaseRecord, workflowServer } from './testWorkflow.js';

const RIGHTS = { actions: ['read', 'create', 'update'] as Array<'read' | 'create' | 'update'>, hiddenFields: [], lockedOnCreate: [] };

async function open(values: Record<string, unknown>) {
  const server = workflowServer([purchaseRecord(1, { title: 'Laptop', ...values })]);
  const form = new FormModel({ api: new RecordsApi(server.request), context: () => ({ userId: DANA.id, now: Date.parse('2026-03-02T09:00:00Z') }) }, 'Buying', 'purchase', purchase, RIGHTS);
  await form.open('PO-00001');
  return { server, form };
}

const transitionCalls = (server: ReturnType<typeof workflowServer>) => server.calls.filter((c) => c.path.endsWith('/transition'));

describe('FormModel with a workflow', () => {
  it('shows the record’s state, its steps (a blocked one with why) and whether the user follows it; only steps change the state field', async () => {
    const { form } = await open({ amount: null });
    const { workflow, following } = form.getState();
    expect(workflow?.state).toBe('draft');
    expect(workflow?.transitions).toEqual([expect.objectContaining({ key: 'submit', blocked: { condition: false, requires: ['amount'] } })]);
    expect(following).toBe(false);
    expect(form.isReadOnly('state')).toBe(true);
    form.set('state', 'approved');
    expect(form.getState().values.state).toBe('draft');
  });

  it('starts a new record in the initial state without sending the state', () => {
    const form = new FormModel({ api: new RecordsApi(workflowServer([]).request), context: () => ({ userId: DANA.id, now: 0 }) }, 'Buying', 'purchase', purchase, RIGHTS);
    form.startNew();
    expect(form.getState().values.state).toBe('draft');
    expect(form.problemOf('state')).toBeUndefined();
    expect(form.getState().workflow).toBeNull();
  });

  it('takes a step that asks nothing at once: the new state is shown and announced', async () => {
    const { server, form } = await open({ amount: 1200 });
    expect(await form.takeTransition('submit')).toBe(true);
    expect(transitionCalls(server).map((c) => c.body)).toEqual([{ transition: 'submit', version: 1 }]);
    expect(form.getState().workflow?.state).toBe('submitted');
    expect(form.getState().values.state).toBe('submitted');
    expect(form.getState().record?.version).toBe(2);
    expect(form.getState().entered).toEqual({ state: 'submitted', count: 1 });
  });

  it('saves the user’s edits before a step, so that a step needing a field they filled can be taken', async () => {
    const { server, form } = await open({ amount: null });
    form.set('amount', 300);
    expect(await form.takeTransition('submit')).toBe(true);
    expect(server.calls.map((c) => c.method)).toEqual(['get', 'put', 'post']);
    expect(transitionCalls(server)[0]!.body).toEqual({ transition: 'submit', version: 2 });
    expect(form.getState().workflow?.state).toBe('submitted');
  });

  it('asks before a step with a question and a required comment: nothing is sent empty, then the comment goes with it', async () => {
    const { server, form } = await open({ amount: 900, state: 'submitted' });
    const taking = form.takeTransition('reject');
    const pending = form.transitions.getState().pending;
    expect(pending?.transition.key).toBe('reject');
    expect(pending?.transition.confirm).toEqual({ en_EN: 'Reject this purchase?' });
    await form.transitions.confirm();
    expect(form.transitions.getState().pending?.commentMissing).toBe(true);
    expect(transitionCalls(server)).toHaveLength(0);
    form.transitions.setComment('  Too expensive  ');
    await form.transitions.confirm();
    expect(await taking).toBe(true);
    expect(transitionCalls(server).map((c) => c.body)).toEqual([{ transition: 'reject', version: 1, comment: 'Too expensive' }]);
    expect(form.transitions.getState().pending).toBeNull();
    expect(form.getState().workflow?.state).toBe('rejected');
  });

  it('sends nothing when the user cancels the question', async () => {
    const { server, form } = await open({ amount: 900, state: 'submitted' });
    const taking = form.takeTransition('approve');
    form.transitions.cancel();
    expect(await taking).toBe(false);
    expect(transitionCalls(server)).toHaveLength(0);
    expect(form.getState().workflow?.state).toBe('submitted');
  });

  it('keeps a refusal in the dialog, and shows one of a step taken at once above the form; a change made meanwhile is a conflict', async () => {
    const { server, form } = await open({ amount: 900, state: 'submitted' });
    server.failWith = { status: 403, body: { code: 'records.workflow.notAllowed', message: 'You may not take this step now' } };
    void form.takeTransition('approve');
    await form.transitions.confirm();
    expect(form.transitions.getState().pending?.refusal).toMatchObject({ code: 'records.workflow.notAllowed', message: 'You may not take this step now' });
    form.transitions.cancel();

    const other = await open({ amount: 5 });
    other.server.failWith = { status: 403, body: { code: 'records.workflow.notAllowed', message: 'You may not take this step now' } };
    expect(await other.form.takeTransition('submit')).toBe(false);
    expect(other.form.getState().workflowFailure?.code).toBe('records.workflow.notAllowed');
    other.server.records[0]!.version = 3;
    expect(await other.form.takeTransition('submit')).toBe(false);
    expect(other.form.getState().conflict).toEqual({ user: OLIVIA.name, version: '3' });
  });

  it('shows the approvals: who approved, who waits, and for whom a delegate stands in', async () => {
    const { form } = await open({ amount: 900, state: 'submitted' });
    const taking = form.takeTransition('approve');
    form.transitions.setComment('Fine by me');
    await form.transitions.confirm();
    expect(await taking).toBe(true);
    const approval = form.getState().workflow?.approval;
    expect(approval?.needed).toBe(2);
    expect(approval?.approvers).toEqual([
      { userId: LIAM.id, decision: 'approve', at: '2026-03-02T10:00:00.000Z', comment: 'Fine by me', delegatedFrom: null },
      { userId: OLIVIA.id, decision: null, at: null, comment: null, delegatedFrom: LIAM.id },
    ]);
    // One approval of two needed: the record stays where it was.
    expect(form.getState().workflow?.state).toBe('submitted');
  });

  it('follows and unfollows the record, keeping the user’s edits', async () => {
    const { server, form } = await open({ amount: 900 });
    form.set('title', 'Two laptops');
    expect(await form.follow(true)).toBe(true);
    expect(form.getState().following).toBe(true);
    expect(form.getState().values.title).toBe('Two laptops');
    expect(form.getState().dirty).toBe(true);
    await form.follow(false);
    expect(server.calls.filter((c) => c.path.endsWith('/follow')).map((c) => c.method)).toEqual(['put', 'delete']);
    expect(form.getState().following).toBe(false);
  });

  it('gives an assignee’s work to another member, and shows a refusal', async () => {
    const { server, form } = await open({ amount: 900, state: 'submitted' });
    expect(await form.reassign(LIAM.id, DANA.id)).toBe(true);
    expect(server.calls.at(-1)).toMatchObject({ method: 'post', body: { from: LIAM.id, to: DANA.id } });
    expect(form.getState().workflow?.assignees).toEqual([DANA.id, OLIVIA.id]);
    server.failWith = { status: 403, body: { code: 'records.forbidden', message: 'You are not allowed to do this with these records' } };
    expect(await form.reassign(OLIVIA.id, LIAM.id)).toBe(false);
    expect(form.getState().workflowFailure?.code).toBe('records.forbidden');
  });
});
