import * as z from 'zod/mini';
import { ROLE_NAME_MAX, ROLE_NAME_PATTERN } from '../rules/roleName.js';
import { Condition } from './condition.js';
import { Labels } from './labels.js';

/**
 * An entity's workflow (docs/behaviour/workflows.md): the states a record
 * moves through, the transitions between them, and what entering a state
 * does: who gets the work (a task in their notification centre), by when,
 * whether one, all or some of them must approve, which fields are set and
 * who is told. Declared in the application's declaration like everything
 * else, checked by this schema and by `workflowProblems` (every state
 * reachable, every transition going somewhere, every rule naming what the
 * entity declares).
 */

export const WORKFLOW_LIMITS = { states: 30, transitions: 100, requires: 50, notify: 20 } as const;

const key = () => z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must start with a letter and hold only letters, digits and _ (at most 64)'));
const roleKey = () => z.string().check(z.maxLength(ROLE_NAME_MAX), z.regex(ROLE_NAME_PATTERN, 'must be lower-case letters, digits and single hyphens, starting with a letter'));

/**
 * Who gets a state's work: the user in a user field of the record; the
 * manager of the record's owner (or of a user field's user); or the holders
 * of a role of the application, one chosen in turn (`roundRobin`), the one
 * with the fewest open tasks (`leastOpen`), or all of them (`all`).
 */
export const AssigneeRule = z.union([
  z.strictObject({ field: key() }),
  z.strictObject({ managerOf: z.union([z.literal('owner'), key()]) }),
  z.strictObject({ role: roleKey(), pick: z._default(z.enum(['roundRobin', 'leastOpen', 'all']), 'roundRobin') }),
]);
export type AssigneeRule = z.infer<typeof AssigneeRule>;

/** When a state's work is due: a time from entering it (business hours or days, or calendar days), or a date field of the record. */
export const DueRule = z.union([
  z.strictObject({ businessHours: z.number().check(z.positive(), z.maximum(10_000)) }),
  z.strictObject({ days: z.int().check(z.positive(), z.maximum(3_650)), business: z._default(z.boolean(), false) }),
  z.strictObject({ field: key() }),
]);
export type DueRule = z.infer<typeof DueRule>;

/** How many of a state's assignees must approve before its approving transition completes: any one, all, or a count. */
export const ApprovalRule = z.union([z.literal('any'), z.literal('all'), z.strictObject({ count: z.int().check(z.minimum(1), z.maximum(50)) })]);
export type ApprovalRule = z.infer<typeof ApprovalRule>;

/** Who is told that a record entered a state: the holders of a role, the user in a user field, or the record's owner. */
export const NotifyRule = z.union([z.strictObject({ role: roleKey() }), z.strictObject({ field: key() }), z.literal('owner')]);
export type NotifyRule = z.infer<typeof NotifyRule>;

const FieldValue = z.union([z.string().check(z.maxLength(1000)), z.number(), z.boolean(), z.null()]);

export const WorkflowState = z.strictObject({
  label: Labels,
  colour: z.optional(z.enum(['grey', 'blue', 'green', 'yellow', 'orange', 'red', 'purple'])),
  /** No field may be changed in this state (transitions still move it on). */
  locked: z._default(z.boolean(), false),
  /** Per role (or `everyone`): the only fields it may change in this state; a role left out keeps its rights. */
  editable: z.optional(z.record(roleKey(), z.array(key()))),
  /** The work entering it gives. */
  assignee: z.optional(AssigneeRule),
  due: z.optional(DueRule),
  approval: z.optional(ApprovalRule),
  /** Business hours after its due time when an open task is also given to the assignee's manager. */
  escalateAfterHours: z.optional(z.number().check(z.positive(), z.maximum(10_000))),
  /** Fields set on entering it. */
  set: z.optional(z.record(key(), FieldValue)),
  notify: z.optional(z.array(NotifyRule).check(z.maxLength(WORKFLOW_LIMITS.notify))),
});
export type WorkflowState = z.infer<typeof WorkflowState>;

/** Who may take a transition. */
export const TransitionActor = z.union([z.strictObject({ role: roleKey() }), z.strictObject({ field: key() }), z.literal('assignee'), z.literal('owner')]);
export type TransitionActor = z.infer<typeof TransitionActor>;

export const WorkflowTransition = z.strictObject({
  /** The button's label. */
  action: Labels,
  from: z.array(key()).check(z.minLength(1), z.maxLength(WORKFLOW_LIMITS.states)),
  to: key(),
  who: z.array(TransitionActor).check(z.minLength(1), z.maxLength(20)),
  /** Taken only when the record meets it. */
  condition: z.optional(Condition),
  /** Fields that must have a value before it may be taken. */
  requires: z.optional(z.array(key()).check(z.maxLength(WORKFLOW_LIMITS.requires))),
  /** May the user who created the record take it (approve their own request)? */
  selfApproval: z._default(z.boolean(), false),
  /** In a state with an approval rule: whether this transition approves (counted) or rejects (taken at once). */
  decision: z.optional(z.enum(['approve', 'reject'])),
  /** A question asked before it is taken, and whether a comment is asked for. */
  confirm: z.optional(Labels),
  comment: z._default(z.enum(['none', 'optional', 'required']), 'optional'),
});
export type WorkflowTransition = z.infer<typeof WorkflowTransition>;

export const Workflow = z.strictObject({
  /** The choice field that holds the state; the workflow alone writes it. */
  field: key(),
  /** The state a new record starts in. */
  initial: key(),
  states: z.record(key(), WorkflowState),
  transitions: z.record(key(), WorkflowTransition),
  /** Roles whose holders may give a state's open work of one assignee to another (by hand). */
  reassign: z._default(z.array(roleKey()).check(z.maxLength(20)), []),
});
export type Workflow = z.infer<typeof Workflow>;
