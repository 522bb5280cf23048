import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormModel } from '../../model/FormModel.js';
import { RecordsApi } from '../../model/RecordsApi.js';
import { DANA, LIAM, OLIVIA, purchase, purchaseRecord, workflowServer } from '../../model/testWorkflow.js';
import { FormView, type FormActions } from '../FormView.js';
import { renderView } from '../testRender.js';

afterEach(cleanup);

const RIGHTS = { actions: ['read', 'create', 'update'] as Array<'read' | 'create' | 'update'>, hiddenFields: [], lockedOnCreate: [] };

/** A purchase's form as its window shows it, over the fake that takes the workflow's steps. */
async function showForm(values: Record<string, unknown>, locale?: 'de_DE') {
  const server = workflowServer([purchaseRecord(1, { title: 'Laptop', ...values })]);
  const api = new RecordsApi(server.request);
  const model = new FormModel({ api, context: () => ({ userId: DANA.id, now: Date.now() }) }, 'Buying', 'purchase', purchase, RIGHTS);
  await model.open('PO-00001');
  const actions: FormActions = {
    create: () => undefined,
    go: () => undefined,
    confirm: async () => true,
    sequence: [],
    sources: { people: {}, links: {}, searchPeople: async () => ({ [DANA.id]: DANA.name }), searchLinked: async () => ({}), entityLabel: (e) => e },
    app: 'Buying',
    api,
    openFile: () => undefined,
    fileSize: async () => null,
    registerCommands: () => () => undefined,
  };
  await renderView(<FormView model={model} entity={purchase} rights={RIGHTS} actions={actions} />, locale);
  return { server, model };
}

const panel = () => screen.getByTestId('records.workflow');
const step = (key: string) => within(panel()).getAllByTestId('records.workflow.transition').find((b) => b.dataset.transition === key)!;

describe('the workflow of a record’s form', () => {
  it('shows the state in its colour, who has the work and by when, the approvals, and the diagram with the current state marked', async () => {
    await showForm({ amount: 900, state: 'submitted' });
    const badge = within(panel()).getByTestId('records.workflow.state');
    expect(badge.textContent).toContain('Submitted');
    expect(badge.className).toContain('atk-choice--blue');
    expect(within(panel()).getByTestId('records.workflow.due').dataset.colour).toMatch(/RED|YELLOW|GREEN/);
    expect(within(panel()).getAllByTestId('records.workflow.assignee').map((a) => a.textContent)).toEqual([expect.stringContaining(LIAM.name), expect.stringContaining(OLIVIA.name)]);
    expect(within(panel()).getByTestId('records.workflow.approvalCount').textContent).toBe('Approvals: 0 of 2');
    const approvers = within(panel()).getAllByTestId('records.workflow.approver');
    expect(approvers.map((a) => a.dataset.decision)).toEqual(['waiting', 'waiting']);
    expect(approvers[1]!.textContent).toContain(`for ${LIAM.name}`);
    const current = within(screen.getByTestId('records.workflow.states')).getAllByRole('listitem').find((li) => li.getAttribute('aria-current') === 'step');
    expect(current?.textContent).toContain('Submitted');
    expect(screen.getByTestId('records.workflow.diagram').querySelector('[data-current]')?.getAttribute('data-state')).toBe('submitted');
    expect(within(screen.getByTestId('records.workflow.steps')).getAllByRole('listitem').map((li) => li.textContent)).toContain('Draft → Submitted: Submit');
    // Only steps change the state: its field is shown read-only.
    expect((within(screen.getByTestId('records.field.state')).getByRole('combobox') as HTMLSelectElement).disabled).toBe(true);
  });

  it('offers a blocked step disabled, saying which fields to fill in first', async () => {
    await showForm({ amount: null });
    expect((step('submit') as HTMLButtonElement).disabled).toBe(true);
    expect(within(panel()).getByTestId('records.workflow.blocked').textContent).toBe('Fill in: Amount');
    expect(step('submit').getAttribute('aria-describedby')).toBe(within(panel()).getByTestId('records.workflow.blocked').id);
  });

  it('asks a step’s question with a comment box: empty it is not sent; sent, the new state is shown and announced', async () => {
    const { server } = await showForm({ amount: 900, state: 'submitted' });
    fireEvent.click(step('reject'));
    const dialog = await screen.findByRole('dialog', { name: 'Reject' });
    expect(within(dialog).getByTestId('records.workflow.question').textContent).toBe('Reject this purchase?');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Comment'));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' })));
    expect(within(dialog).getByRole('alert').textContent).toBe('Write a comment to take this step.');
    expect(server.calls.some((c) => c.path.endsWith('/transition'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Comment'), { target: { value: 'Over budget' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(panel()).getByTestId('records.workflow.state').textContent).toContain('Rejected');
    expect(screen.getByTestId('records.workflow.live').textContent).toBe('The record is now in the state Rejected.');
    expect(server.calls.find((c) => c.path.endsWith('/transition'))?.body).toEqual({ transition: 'reject', version: 1, comment: 'Over budget' });
  });

  it('shows the server’s refusal of a step in its dialog, and Escape closes it', async () => {
    const { server } = await showForm({ amount: 900, state: 'submitted' });
    fireEvent.click(step('approve'));
    const dialog = await screen.findByRole('dialog', { name: 'Approve' });
    server.failWith = { status: 403, body: { code: 'records.forbidden', message: 'You are not allowed to do this with these records' } };
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' })));
    expect(within(dialog).getByTestId('records.workflow.dialogFailure').textContent).toBe('This step was not taken: You are not allowed to do this with these records');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes a step that asks nothing at once, and shows a refusal above the form', async () => {
    const { server } = await showForm({ amount: 10 });
    server.failWith = { status: 403, body: { code: 'records.workflow.notAllowed', message: 'You may not take this step now' } };
    await act(async () => fireEvent.click(step('submit')));
    expect(within(panel()).getByTestId('records.workflow.failure').textContent).toContain('You may not take this step now');
    await act(async () => fireEvent.click(step('submit')));
    expect(within(panel()).getByTestId('records.workflow.state').textContent).toContain('Submitted');
  });

  it('follows the record with a toggle, and gives an assignee’s work to someone chosen with the people picker', async () => {
    await showForm({ amount: 900, state: 'submitted' });
    const follow = within(panel()).getByTestId('records.workflow.follow');
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    await act(async () => fireEvent.click(follow));
    expect(within(panel()).getByTestId('records.workflow.follow').getAttribute('aria-pressed')).toBe('true');
    expect(within(panel()).getByTestId('records.workflow.follow').textContent).toBe('Following');

    fireEvent.click(within(within(panel()).getAllByTestId('records.workflow.assignee')[0]!).getByTestId('records.workflow.reassign'));
    const picker = within(panel()).getByLabelText(`Give the work of ${LIAM.name} to`);
    fireEvent.change(picker, { target: { value: DANA.id } });
    await act(async () => fireEvent.click(within(panel()).getByTestId('records.workflow.reassignSend')));
    expect(within(panel()).getAllByTestId('records.workflow.assignee').map((a) => a.dataset.user)).toEqual([DANA.id, OLIVIA.id]);
  });

  it('speaks the user’s language: the states’ and steps’ labels of the declaration, the panel’s own texts', async () => {
    await showForm({ amount: 900, state: 'submitted' }, 'de_DE');
    expect(within(panel()).getByTestId('records.workflow.state').textContent).toContain('Eingereicht');
    expect(step('approve').textContent).toBe('Genehmigen');
    expect(within(panel()).getByTestId('records.workflow.approvalCount').textContent).toBe('Genehmigungen: 0 von 2');
    expect(within(panel()).getByTestId('records.workflow.follow').textContent).toBe('Folgen');
  });
});
