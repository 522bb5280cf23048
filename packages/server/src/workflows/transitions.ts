/**
 * Which transitions of a record's state a caller may take, and what still
 * blocks them (docs/behaviour/workflows.md#the-engine). Pure rules over
 * the declaration and the facts the service read.
 */
import { evaluateCondition, type Entity, type EvaluationContext, type TransitionDto, type Workflow, type WorkflowTransition } from '@atrium/shared/apps';

/** What decides whether the caller may take a transition. */
export interface TransitionFacts {
  userId: string;
  /** The caller's roles in the application (`everyone` among them). */
  roles: readonly string[];
  /** The caller holds an open task of the record's current state (as a delegate too). */
  isAssignee: boolean;
  ownerId: string | null;
  createdBy: string | null;
  values: Readonly<Record<string, unknown>>;
  /** The caller has already decided in the current state's approval. */
  decided: boolean;
}

/** Whether a value counts as given (for `requires`). */
export function hasValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** Whether the caller is among the transition's `who` (and not its own request's creator when self-approval is off). */
export function mayTake(transition: WorkflowTransition, facts: TransitionFacts): boolean {
  if (!transition.selfApproval && facts.createdBy !== null && facts.createdBy === facts.userId) return false;
  if (transition.decision !== undefined && facts.decided) return false;
  return transition.who.some((who) => {
    if (who === 'assignee') return facts.isAssignee;
    if (who === 'owner') return facts.ownerId !== null && facts.ownerId === facts.userId;
    if ('role' in who) return facts.roles.includes(who.role);
    return facts.values[who.field] === facts.userId;
  });
}

/** Why the transition cannot be taken on these values yet: its condition unmet, these fields empty; null when it can. */
export function blockedBy(transition: WorkflowTransition, entity: Entity, values: Readonly<Record<string, unknown>>, ctx: EvaluationContext): { condition: boolean; requires: string[] } | null {
  const condition = transition.condition !== undefined && !evaluateCondition(transition.condition, values, entity.fields, ctx);
  const requires = (transition.requires ?? []).filter((key) => !hasValue(values[key]));
  return condition || requires.length > 0 ? { condition, requires } : null;
}

/** A transition as the record's form offers it. */
export function transitionDto(key: string, transition: WorkflowTransition, blocked: { condition: boolean; requires: string[] } | null): TransitionDto {
  return {
    key,
    action: transition.action,
    to: transition.to,
    ...(transition.decision ? { decision: transition.decision } : {}),
    ...(transition.confirm ? { confirm: transition.confirm } : {}),
    comment: transition.comment,
    ...(blocked ? { blocked } : {}),
  };
}

/** The transitions leaving `state` that the caller may take, in declared order, each with what blocks it. */
export function availableTransitions(workflow: Workflow, entity: Entity, state: string, facts: TransitionFacts, ctx: EvaluationContext): TransitionDto[] {
  return Object.entries(workflow.transitions)
    .filter(([, t]) => t.from.includes(state) && mayTake(t, facts))
    .map(([key, t]) => transitionDto(key, t, blockedBy(t, entity, facts.values, ctx)));
}

/** How many approvals complete a state's approving transition, of `assignees` approvers. */
export function approvalsNeeded(rule: 'any' | 'all' | { count: number }, assignees: number): number {
  if (rule === 'any') return Math.min(1, assignees);
  if (rule === 'all') return assignees;
  return Math.min(rule.count, assignees);
}
