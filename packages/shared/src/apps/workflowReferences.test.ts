import { describe, expect, it } from 'vitest';
import { checkDeclaration, type DeclarationProblem } from './checkDeclaration.js';
import type { AppDeclarationInput } from './declaration.js';
import { unreachableStates } from './workflowReferences.js';
import { Workflow } from './workflow.js';

const L = (en: string) => ({ en_EN: en });

/** Leave requests whose workflow uses every kind of rule: submitted, approved by the manager or rejected; HR told. */
function leave(): AppDeclarationInput {
  return {
    name: 'Leave',
    version: '1.0.0',
    label: L('Leave'),
    category: 'organization',
    roles: { hr: { label: L('HR') }, manager: { label: L('Manager') } },
    entities: {
      request: {
        label: L('Leave request'),
        pluralLabel: L('Leave requests'),
        naming: { series: 'LR-{#####}' },
        titleField: 'reason',
        ownerField: 'employee',
        fields: {
          reason: { type: 'text', label: L('Reason'), required: true },
          employee: { type: 'user', label: L('Employee'), default: 'me' },
          from: { type: 'date', label: L('From') },
          note: { type: 'longText', label: L('Note') },
          status: {
            type: 'choice',
            label: L('Status'),
            choices: [
              { value: 'draft', label: L('Draft') },
              { value: 'submitted', label: L('Submitted') },
              { value: 'approved', label: L('Approved') },
              { value: 'rejected', label: L('Rejected') },
            ],
          },
        },
        rights: { everyone: { actions: ['read', 'create', 'update'], scope: 'own' }, hr: { actions: ['read'], scope: 'organisation' } },
        workflow: {
          field: 'status',
          initial: 'draft',
          states: {
            draft: { label: L('Draft'), editable: { everyone: ['reason', 'from', 'note'] } },
            submitted: { label: L('Submitted'), locked: true, assignee: { managerOf: 'owner' }, due: { businessHours: 16 }, approval: 'any', escalateAfterHours: 8 },
            approved: { label: L('Approved'), locked: true, notify: [{ role: 'hr' }, 'owner'] },
            rejected: { label: L('Rejected'), set: { note: null }, notify: [{ field: 'employee' }] },
          },
          transitions: {
            submit: { action: L('Submit'), from: ['draft', 'rejected'], to: 'submitted', who: ['owner'], requires: ['from'] },
            approve: { action: L('Approve'), from: ['submitted'], to: 'approved', who: ['assignee'], decision: 'approve' },
            reject: { action: L('Reject'), from: ['submitted'], to: 'rejected', who: ['assignee', { role: 'hr' }], decision: 'reject', comment: 'required' },
          },
        },
      },
    },
  };
}

type Mutable = { entities: { request: { workflow: { field: string; states: Record<string, Record<string, unknown>>; transitions: Record<string, Record<string, unknown>> } } } };

function problemsOf(edit: (d: Mutable) => void): DeclarationProblem[] {
  const d = JSON.parse(JSON.stringify(leave())) as Mutable;
  edit(d);
  const result = checkDeclaration(d);
  if (result.ok) throw new Error('the declaration was accepted');
  return result.problems;
}

describe('workflows in declarations', () => {
  it('accepts a workflow using every kind of rule, with its defaults filled in', () => {
    const result = checkDeclaration(leave());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const workflow = result.declaration.entities.request!.workflow!;
    expect(workflow.transitions.submit).toMatchObject({ selfApproval: false, comment: 'optional' });
    expect(workflow.states.draft!.locked).toBe(false);
  });

  it('refuses an unreachable state, a transition to nowhere and a rule naming no user field, each at its path', () => {
    const at = (problems: DeclarationProblem[]) => problems.map((p) => `${p.path}: ${p.message}`);
    const w = 'entities.request.workflow';
    // Nothing leads back to draft once left, but draft is the first state; rejected is reached only by reject.
    expect(at(problemsOf((d) => void delete d.entities.request.workflow.transitions.reject))).toEqual([
      `${w}.states.submitted.approval: a state with an approval needs a transition whose decision is 'reject'`,
      `${w}.states.rejected: no transition leads to 'rejected' from 'draft'`,
    ]);
    expect(at(problemsOf((d) => void (d.entities.request.workflow.transitions.approve!.to = 'archived')))).toEqual([
      `${w}.transitions.approve.to: no state 'archived': the transition goes nowhere`,
      `${w}.states.approved: no transition leads to 'approved' from 'draft'`,
    ]);
    expect(at(problemsOf((d) => void (d.entities.request.workflow.states.submitted!.assignee = { field: 'reason' })))).toEqual([`${w}.states.submitted.assignee.field: 'reason' is a text field; it must be a user field`]);
    expect(at(problemsOf((d) => void (d.entities.request.workflow.states.submitted!.assignee = { managerOf: 'boss' })))).toEqual([`${w}.states.submitted.assignee.managerOf: no field 'boss' in this entity`]);
    expect(at(problemsOf((d) => void (d.entities.request.workflow.states.submitted!.assignee = { role: 'auditor' })))).toEqual([`${w}.states.submitted.assignee.role: no role 'auditor' in this application`]);
  });

  it('refuses a state field that is not a choice of the states, rules without an assignee, and fields the entity lacks', () => {
    const at = (problems: DeclarationProblem[]) => problems.map((p) => `${p.path}: ${p.message}`);
    const w = 'entities.request.workflow';
    expect(at(problemsOf((d) => void (d.entities.request.workflow.field = 'reason')))).toEqual([`${w}.field: 'reason' is a text field; the state is held by a choice field`]);
    expect(
      at(
        problemsOf((d) => {
          const states = d.entities.request.workflow.states;
          states.archived = { label: L('Archived') };
          delete states.submitted!.assignee;
          states.approved!.set = { status: 'approved', budget: 1 };
          d.entities.request.workflow.transitions.submit!.requires = ['from', 'days'];
          d.entities.request.workflow.transitions.submit!.decision = 'approve';
        }),
      ),
    ).toEqual([
      `${w}.states.archived: 'archived' is not a choice of 'status'`,
      `${w}.states.submitted.approval: an approval needs an assignee rule: who approves`,
      `${w}.states.submitted.escalateAfterHours: escalation needs an assignee rule: whose work escalates`,
      `${w}.states.approved.set.status: the state field is set by the workflow itself`,
      `${w}.states.approved.set.budget: no field 'budget' in this entity`,
      `${w}.transitions.submit.requires.1: no field 'days' in this entity`,
      `${w}.transitions.submit.decision: a decision is taken only from a state with an approval rule`,
      `${w}.states.archived: no transition leads to 'archived' from 'draft'`,
    ]);
  });

  it('refuses a transition that requires a field the state it leaves always hides', () => {
    type Fields = Record<string, { hiddenWhen?: unknown }>;
    const fieldsOf = (d: Mutable) => (d.entities.request as unknown as { fields: Fields }).fields;
    const hiddenUntilApproved = problemsOf((d) => void (fieldsOf(d).from!.hiddenWhen = { field: 'status', op: 'notIn', value: ['approved'] }));
    expect(hiddenUntilApproved.map((p) => `${p.path}: ${p.message}`)).toEqual([
      "entities.request.workflow.transitions.submit.requires.0: 'from' is hidden in the state 'draft': the transition could never be taken from it",
      "entities.request.workflow.transitions.submit.requires.0: 'from' is hidden in the state 'rejected': the transition could never be taken from it",
    ]);
    // Hidden only in other states, or by a rule over other fields too: the record may show it.
    const d = JSON.parse(JSON.stringify(leave())) as Mutable;
    fieldsOf(d).from!.hiddenWhen = { field: 'status', op: 'eq', value: 'approved' };
    fieldsOf(d).note!.hiddenWhen = { any: [{ field: 'status', op: 'eq', value: 'draft' }, { field: 'reason', op: 'empty' }] };
    d.entities.request.workflow.transitions.submit!.requires = ['from', 'note'];
    expect(checkDeclaration(d).ok).toBe(true);
  });
});

describe('the states a workflow can reach', () => {
  it('follows transitions from the first state, whatever their order', () => {
    const workflow = Workflow.parse({
      field: 'status',
      initial: 'a',
      states: { a: { label: L('A') }, b: { label: L('B') }, c: { label: L('C') }, d: { label: L('D') } },
      transitions: { late: { action: L('On'), from: ['b'], to: 'c', who: ['owner'] }, first: { action: L('Go'), from: ['a'], to: 'b', who: ['owner'] }, back: { action: L('Back'), from: ['d'], to: 'a', who: ['owner'] } },
    });
    expect(unreachableStates(workflow)).toEqual(['d']);
  });
});
