import { describe, expect, it } from 'vitest';
import type { TransitionDto } from '@atrium/shared/apps';
import { purchase } from './testWorkflow.js';
import { asksFirst, BLOCKED_TRANSITION, dueStatus, NO_TRANSITION, TransitionFlow, transitionTo, workflowDiagram } from './workflow.js';

const step = (key: string, to: string, more: Partial<TransitionDto> = {}): TransitionDto => ({ key, action: { en_EN: key }, to, comment: 'none', ...more });

describe('a workflow as the runtime shows it', () => {
  it('draws every state in declaration order, the current one marked, and an arrow per step and state it leaves', () => {
    const { states, arrows } = workflowDiagram(purchase.workflow!, 'submitted');
    expect(states.map((s) => [s.key, s.colour, s.current])).toEqual([
      ['draft', 'grey', false],
      ['submitted', 'blue', true],
      ['approved', 'green', false],
      ['rejected', 'red', false],
    ]);
    expect(arrows.map((a) => `${a.from}>${a.to}`)).toEqual(['draft>submitted', 'submitted>approved', 'submitted>rejected', 'rejected>draft']);
  });

  it('colours a due time as tasks are: red when past, yellow when near, green otherwise', () => {
    const now = Date.parse('2026-03-02T09:00:00Z');
    expect(dueStatus('2026-03-01T09:00:00Z', now)).toBe('RED');
    expect(dueStatus('2026-03-02T12:00:00Z', now)).toBe('YELLOW');
    expect(dueStatus('2026-03-20T09:00:00Z', now)).toBe('GREEN');
    expect(dueStatus(null, now)).toBeNull();
  });

  it('finds the step to a state the user may take, and says why when there is none or it is blocked', () => {
    const steps = [step('reject', 'rejected', { decision: 'reject' }), step('approve', 'approved', { decision: 'approve' }), step('submit', 'submitted', { blocked: { condition: true, requires: [] } })];
    expect(transitionTo(steps, 'approved')).toEqual({ transition: steps[1] });
    expect(transitionTo(steps, 'draft')).toMatchObject({ refusal: { code: NO_TRANSITION } });
    expect(transitionTo(steps, 'submitted')).toMatchObject({ refusal: { code: BLOCKED_TRANSITION } });
    expect(asksFirst(step('a', 'b'))).toBe(false);
    expect(asksFirst(step('a', 'b', { comment: 'optional' }))).toBe(true);
    expect(asksFirst(step('a', 'b', { confirm: { en_EN: 'Sure?' } }))).toBe(true);
  });

  it('sends a step with an optional comment left empty without a comment, and a refusal of a step taken at once to the caller', async () => {
    const sent: unknown[] = [];
    const flow = new TransitionFlow(async (name, body) => {
      sent.push([name, body]);
      if (body.transition === 'fail') throw Object.assign(new Error('no'), { body: { code: 'records.forbidden', message: 'You are not allowed to do this with these records' } });
      return {} as never;
    });
    const taking = flow.take('PO-1', 7, step('approve', 'approved', { comment: 'optional' }));
    flow.setComment('   ');
    await flow.confirm();
    await taking;
    expect(sent).toEqual([['PO-1', { transition: 'approve', version: 7 }]]);
    await expect(flow.take('PO-1', 7, step('fail', 'x'))).rejects.toMatchObject({ code: 'records.forbidden' });
  });
});
