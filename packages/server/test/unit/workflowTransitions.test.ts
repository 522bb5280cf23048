/** Who may take a transition and what blocks it (docs/behaviour/workflows.md#the-engine). */
import type { Entity, WorkflowTransition } from '@atrium/shared/apps';
import { describe, expect, it } from 'vitest';
import { approvalsNeeded, blockedBy, hasValue, mayTake, type TransitionFacts } from '../../src/workflows/transitions.js';

const label = { en_EN: 'Go' };
const transition = (over: Partial<WorkflowTransition>): WorkflowTransition => ({ action: label, from: ['a'], to: 'b', who: ['owner'], selfApproval: false, comment: 'optional', ...over });
const facts = (over: Partial<TransitionFacts> = {}): TransitionFacts => ({ userId: 'u1', roles: ['everyone'], isAssignee: false, ownerId: 'u2', createdBy: 'u2', values: {}, decided: false, ...over });
const entity = { fields: { amount: { type: 'number' }, receipt: { type: 'text' } } } as unknown as Entity;
const ctx = { userId: 'u1', now: 0 };

describe('transitions', () => {
  it('lets role holders, assignees, the owner and a user field\'s user take it', () => {
    expect(mayTake(transition({ who: [{ role: 'hr' }] }), facts({ roles: ['hr', 'everyone'] }))).toBe(true);
    expect(mayTake(transition({ who: [{ role: 'hr' }] }), facts())).toBe(false);
    expect(mayTake(transition({ who: ['assignee'] }), facts({ isAssignee: true }))).toBe(true);
    expect(mayTake(transition({ who: ['owner'] }), facts({ ownerId: 'u1', createdBy: 'u3' }))).toBe(true);
    expect(mayTake(transition({ who: [{ field: 'approver' }] }), facts({ values: { approver: 'u1' } }))).toBe(true);
    expect(mayTake(transition({ who: [{ field: 'approver' }] }), facts({ values: { approver: 'u9' } }))).toBe(false);
  });

  it('refuses the record\'s creator without self-approval, and a second decision', () => {
    expect(mayTake(transition({ who: ['owner'] }), facts({ ownerId: 'u1', createdBy: 'u1' }))).toBe(false);
    expect(mayTake(transition({ who: ['owner'], selfApproval: true }), facts({ ownerId: 'u1', createdBy: 'u1' }))).toBe(true);
    expect(mayTake(transition({ who: ['assignee'], decision: 'approve' }), facts({ isAssignee: true, decided: true }))).toBe(false);
  });

  it('is blocked by an unmet condition and by empty required fields', () => {
    const t = transition({ condition: { field: 'amount', op: 'gt', value: 0 }, requires: ['receipt'] });
    expect(blockedBy(t, entity, { amount: 0, receipt: ' ' }, ctx)).toEqual({ condition: true, requires: ['receipt'] });
    expect(blockedBy(t, entity, { amount: 5, receipt: 'R-1' }, ctx)).toBeNull();
    expect([null, '', [], 'x', 0, false].map(hasValue)).toEqual([false, false, false, true, true, true]);
  });

  it('needs any one, all, or a count of the approvers, never more than there are', () => {
    expect([approvalsNeeded('any', 3), approvalsNeeded('all', 3), approvalsNeeded({ count: 2 }, 3), approvalsNeeded({ count: 5 }, 3)]).toEqual([1, 3, 2, 3]);
  });
});
