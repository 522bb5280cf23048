import crypto from 'node:crypto';
import { DEFAULT_LOCALE, type Locale, type TaskPerson } from '@atrium/shared';
import { checkValues, type ApproverDto, type Entity, type RecordDetail, type RecordWorkflowDto, type TransitionBody, type ValueProblem, type Workflow, type WorkflowTransition } from '@atrium/shared/apps';
import { rolesOf } from '../access/recordRights.js';
import type { Caller } from '../access/Caller.js';
import type { AppContext, ReadRecord, RecordCore } from '../records/RecordCore.js';
import { RecordError } from '../records/RecordError.js';
import type { FieldChange, StoredRecord } from '../records/RecordStore.js';
import { isUniqueViolation, same } from '../records/recordChecks.js';
import { searchTextOf, titleOf, userValues } from '../records/recordText.js';
import type { Stores } from '../stores.js';
import type { TaskRecord } from '../tasks/TaskStore.js';
import { AssigneeResolver } from './assignees.js';
import { calendarOf } from './businessTime.js';
import { enterMany, enterState, type Entered, type EnterDeps, type StateTarget } from './entering.js';
import { noDelegation, noFollowing, type Delegation, type Following } from './ports.js';
import { availableTransitions, blockedBy, mayTake, type TransitionFacts } from './transitions.js';
import type { WorkflowDecision, WorkflowEntry } from './WorkflowStore.js';

export interface WorkflowServiceDeps {
  stores: Pick<Stores, 'records' | 'tasks' | 'workflows' | 'transaction' | 'accounts'>;
  delegation?: Delegation;
  following?: Following;
  localeOf(userId: string): Promise<Locale>;
  /** Tells the notification centres (TaskService.announce) of tasks written and closed, once committed. */
  announceTasks?(tasks: readonly TaskRecord[], reason: 'assigned' | 'completed', by: TaskPerson): void;
}

/** What a write of the records service hands over to be told once committed. */
export type Pending = Entered & { closed?: TaskRecord[] };

/** A transition being taken: its key and declaration, the caller's comment, the version they read, the absent approver they stand in for. */
interface Step {
  key: string;
  transition: WorkflowTransition;
  comment: string | null;
  version: number;
  onBehalfOf: string | null;
}

/** A version check lost inside a transaction: answered as the records' conflict once it is over. */
class Stale extends Error {}

const WORK_KINDS = new Set(['work', 'approval', 'escalation']);

/**
 * The workflow engine (docs/behaviour/workflows.md#the-engine): a new
 * record's first state, the transitions the caller may take, approvals,
 * reassigning, the rules of direct writes in a state, and the record's
 * workflow as answered. Each step is one transaction with the record's
 * write; the tasks it gives and closes are told once committed.
 */
export class WorkflowService {
  private readonly delegation: Delegation;
  private readonly following: Following;

  constructor(
    private readonly core: RecordCore,
    private readonly deps: WorkflowServiceDeps,
  ) {
    this.delegation = deps.delegation ?? noDelegation;
    this.following = deps.following ?? noFollowing;
  }

  // ---- Creates ----

  /**
   * The values a new record of the entity is given by its workflow: the
   * initial state and that state's `set`. A value given for the state
   * field other than the initial state is the field's problem 'workflow'.
   */
  createValues(entity: Entity, input: Readonly<Record<string, unknown>>): { values: Record<string, unknown>; problems: Record<string, ValueProblem> } {
    const workflow = entity.workflow;
    if (!workflow) return { values: {}, problems: {} };
    const given = Object.hasOwn(input, workflow.field) ? input[workflow.field] : undefined;
    const problems: Record<string, ValueProblem> = given !== undefined && given !== null && given !== workflow.initial ? { [workflow.field]: { code: 'workflow' } } : {};
    return { values: { ...(workflow.states[workflow.initial]!.set ?? {}), [workflow.field]: workflow.initial }, problems };
  }

  /**
   * What entering states will ask of other domains, read before the
   * transaction (whose connection the embedded database holds alone): the
   * delegates of everyone the states' rules could give work to, and the
   * languages of everyone they could write a task for.
   */
  async prepare(app: AppContext, entityKey: string, records: ReadonlyArray<{ values: Readonly<Record<string, unknown>>; ownerId: string | null }>, states: readonly string[]): Promise<EnterDeps | null> {
    const workflow = app.declaration.entities[entityKey]?.workflow;
    if (!workflow) return null;
    const resolver = new AssigneeResolver(this.deps.stores.workflows, { accountId: app.scope.accountId, appId: app.scope.appId, entity: entityKey });
    const assignable = new Set<string>();
    const told = new Set<string>();
    for (const state of new Set(states)) {
      const declared = workflow.states[state]!;
      for (const record of records) {
        const facts = { state, values: record.values, ownerId: record.ownerId };
        if (declared.assignee) for (const id of await resolver.candidates(declared.assignee, facts)) assignable.add(id);
        for (const rule of declared.notify ?? []) for (const id of await resolver.notified(rule, facts)) told.add(id);
      }
    }
    const ids = [...assignable];
    const subs = ids.length > 0 ? await this.delegation.substitute(app.scope.accountId, ids, this.core.now()) : [];
    const byUser = new Map(ids.map((id, i) => [id, subs[i] ?? { userId: id, delegatedFrom: null }]));
    const locales = new Map<string, Locale>();
    for (const id of new Set([...subs.map((s) => s.userId), ...told])) locales.set(id, await this.deps.localeOf(id));
    const account = await this.deps.stores.accounts.findById(app.scope.accountId);
    return {
      calendar: calendarOf(account?.businessCalendar),
      delegation: { substitute: async (_accountId, userIds) => userIds.map((id) => byUser.get(id) ?? { userId: id, delegatedFrom: null }) },
      localeOf: async (userId) => locales.get(userId) ?? DEFAULT_LOCALE,
    };
  }

  /** Within a create's transaction: the new record enters its first state (with what `prepare` read). */
  async enterFirst(tx: Stores, prepared: EnterDeps, app: AppContext, entityKey: string, record: StoredRecord, by: string): Promise<Pending | null> {
    const entity = app.declaration.entities[entityKey]!;
    if (!entity.workflow) return null;
    const target = { app, entityKey, entity, workflow: entity.workflow, record };
    return enterState(tx, prepared, target, entity.workflow.initial, { at: record.createdAt, by, transition: null });
  }

  /**
   * Within a delete's transaction: the record's state is left and its open
   * work closed, so that nobody keeps a task that opens a record they can
   * no longer find. Null when it has no open state.
   */
  async leaveOnDelete(tx: Stores, record: StoredRecord, at: Date, by: string): Promise<Pending | null> {
    const entry = await tx.workflows.openEntry(record.id, true);
    if (!entry) return null;
    await tx.workflows.leaveEntry(entry.id, at, by);
    return { entry, tasks: [], assigned: [], closed: await tx.tasks.closeOfEntry(entry.id, at) };
  }

  /** Within a restore's transaction: the record enters the state it holds afresh, its work given again (with what `prepare` read). */
  async enterOnRestore(tx: Stores, prepared: EnterDeps, app: AppContext, record: StoredRecord, by: string): Promise<Pending | null> {
    const entity = app.declaration.entities[record.entity]!;
    const state = this.statesOf(entity, record.data);
    if (!entity.workflow || state === null || (await tx.workflows.openEntry(record.id, true))) return null;
    return enterState(tx, prepared, { app, entityKey: record.entity, entity, workflow: entity.workflow, record }, state, { at: record.updatedAt, by, transition: null });
  }

  /** The states a bulk write's records enter: each the state its values hold, else the initial one. */
  statesOf(entity: Entity, values: Readonly<Record<string, unknown>>): string | null {
    const workflow = entity.workflow;
    if (!workflow) return null;
    const held = values[workflow.field];
    return typeof held === 'string' && Object.hasOwn(workflow.states, held) ? held : workflow.initial;
  }

  /** Within a bulk write's transaction: each record's entry in the state its values hold (entering.ts enterMany), with what `prepare` read per entity. */
  async enterAll(tx: Stores, prepared: ReadonlyMap<string, EnterDeps>, app: AppContext, records: readonly StoredRecord[]): Promise<Pending[]> {
    const out: Pending[] = [];
    for (const entityKey of new Set(records.map((r) => r.entity))) {
      const entity = app.declaration.entities[entityKey]!;
      const workflow = entity.workflow;
      const deps = prepared.get(entityKey);
      if (!workflow || !deps) continue;
      const targets = records.filter((r) => r.entity === entityKey).map((record): StateTarget => ({ app, entityKey, entity, workflow, record }));
      out.push(...(await enterMany(tx, deps, targets, this.core.now())));
    }
    return out;
  }

  /** Once committed: the tasks told to the notification centres, the assignees following the record. */
  async committed(pending: readonly Pending[], by: TaskPerson): Promise<void> {
    const given = pending.flatMap((p) => p.tasks);
    const closed = pending.flatMap((p) => p.closed ?? []);
    this.deps.announceTasks?.(closed, 'completed', by);
    this.deps.announceTasks?.(given, 'assigned', by);
    for (const p of pending) {
      if (p.assigned.length === 0) continue;
      // The write is committed: a failure to follow does not undo it.
      await this.following.follow(p.entry.recordId, p.assigned, 'assigned').catch(() => undefined);
    }
  }

  // ---- Direct writes ----

  /**
   * What a direct write (PUT) may change in the record's state: never the
   * state field (its problem 'workflow'); nothing in a locked state; in a
   * state with `editable`, only the fields listed for the caller's roles
   * (a role left out keeps its rights).
   */
  checkWrite(caller: Caller, app: AppContext, read: ReadRecord, changed: readonly string[]): void {
    const workflow = read.entity.workflow;
    if (!workflow || changed.length === 0) return;
    if (changed.includes(workflow.field)) throw new RecordError('invalid', undefined, { [workflow.field]: { code: 'workflow' } });
    const state = this.stateOf(workflow, read.record);
    if (state.locked) throw new RecordError('stateLocked');
    const allowed = this.editableFields(caller, app, state);
    const refused = allowed === null ? undefined : changed.find((key) => !allowed.has(key));
    if (refused !== undefined) throw new RecordError('readOnlyField', { field: refused });
  }

  /** The fields the caller may not change directly in the record's state: the state field, all of a locked state, those `editable` leaves out. */
  readOnlyFields(caller: Caller, app: AppContext, read: ReadRecord): string[] {
    const workflow = read.entity.workflow;
    if (!workflow) return [];
    const state = this.stateOf(workflow, read.record);
    const allowed = state.locked ? new Set<string>() : this.editableFields(caller, app, state);
    return [workflow.field, ...(allowed === null ? [] : Object.keys(read.entity.fields).filter((key) => !allowed.has(key)))];
  }

  /** The fields `editable` lets the caller's roles change in a state; null when it restricts none of them. */
  private editableFields(caller: Caller, app: AppContext, state: Workflow['states'][string]): Set<string> | null {
    if (!state.editable) return null;
    const roles = rolesOf(caller, app.declaration).filter((role) => Object.hasOwn(state.editable!, role));
    return roles.length === 0 ? null : new Set(roles.flatMap((role) => state.editable![role]!));
  }

  private stateOf(workflow: Workflow, record: StoredRecord): Workflow['states'][string] {
    const held = record.data[workflow.field];
    return typeof held === 'string' && Object.hasOwn(workflow.states, held) ? workflow.states[held]! : workflow.states[workflow.initial]!;
  }

  /** Whether the caller holds open work (work, an approval, an escalation) on the record's current state. */
  async holdsWork(caller: Caller, record: StoredRecord): Promise<boolean> {
    const entry = await this.deps.stores.workflows.openEntry(record.id);
    if (!entry) return false;
    const tasks = await this.deps.stores.tasks.openOfEntry(entry.id);
    return tasks.some((t) => t.assigneeId === caller.userId && t.kind !== null && WORK_KINDS.has(t.kind));
  }

  // ---- The record's workflow as answered ----

  /** RecordDetail.workflow for the caller, and the people it names (assignees, approvers). */
  async view(caller: Caller, app: AppContext, read: ReadRecord): Promise<{ workflow: RecordWorkflowDto; people: string[] } | null> {
    const workflow = read.entity.workflow;
    if (!workflow) return null;
    const { record, entity } = read;
    const entry = await this.deps.stores.workflows.openEntry(record.id);
    const state = entry?.state ?? String(record.data[workflow.field] ?? workflow.initial);
    const declared = workflow.states[state];
    const tasks = entry ? await this.deps.stores.tasks.openOfEntry(entry.id) : [];
    const decisions = entry && declared?.approval ? await this.deps.stores.workflows.decisions(entry.id) : [];
    const facts = this.facts(caller, app, record, tasks, decisions);
    const assignees = [...new Set(tasks.filter((t) => t.kind === 'work' || t.kind === 'approval').map((t) => t.assigneeId))];
    const transitions = record.deletedAt || !declared ? [] : availableTransitions(workflow, entity, state, facts, this.core.evaluation(caller));
    const approvers = declared?.approval ? approversOf(tasks, decisions) : [];
    return {
      workflow: {
        state,
        enteredAt: (entry?.enteredAt ?? record.createdAt).toISOString(),
        dueAt: entry?.dueAt?.toISOString() ?? null,
        assignees,
        transitions,
        approval: declared?.approval ? { needed: entry?.approvalsNeeded ?? approvers.length, approvers } : null,
        mayReassign: workflow.reassign.some((role) => facts.roles.includes(role)),
      },
      people: [...assignees, ...approvers.flatMap((a) => [a.userId, ...(a.delegatedFrom ? [a.delegatedFrom] : [])])],
    };
  }

  private facts(caller: Caller, app: AppContext, record: StoredRecord, openTasks: readonly TaskRecord[], decisions: readonly WorkflowDecision[]): TransitionFacts {
    return {
      userId: caller.userId,
      roles: rolesOf(caller, app.declaration),
      isAssignee: openTasks.some((t) => t.assigneeId === caller.userId && t.kind !== null && WORK_KINDS.has(t.kind)),
      ownerId: record.ownerId,
      createdBy: record.createdBy,
      values: record.data,
      decided: decisions.some((d) => d.userId === caller.userId),
    };
  }

  // ---- Transitions ----

  /**
   * POST records/{app}/record/{name}/transition: the caller takes a
   * transition of the record's state on the version they read. In a state
   * with an approval rule, an approving transition records their decision
   * and moves the record only once enough approved; a rejecting one moves it at once.
   */
  async transition(caller: Caller, appName: string, name: string, body: TransitionBody): Promise<RecordDetail> {
    const app = await this.core.context(caller, appName);
    const read = await this.core.readable(caller, app, name);
    const { record, entity } = read;
    const workflow = entity.workflow;
    if (record.deletedAt) throw new RecordError('notFound');
    if (!workflow) throw new RecordError('noWorkflow');
    const key = body.transition;
    if (!Object.hasOwn(workflow.transitions, key)) throw new RecordError('unknownTransition', { transition: key });
    const transition = workflow.transitions[key]!;
    const entry = await this.deps.stores.workflows.openEntry(record.id);
    const state = entry?.state ?? String(record.data[workflow.field]);
    if (!transition.from.includes(state)) throw new RecordError('transitionNotAvailable', { transition: key });
    const tasks = entry ? await this.deps.stores.tasks.openOfEntry(entry.id) : [];
    const decisions = entry ? await this.deps.stores.workflows.decisions(entry.id) : [];
    this.refuseTaking(caller, app, read, { key, transition }, tasks, decisions, body.comment);
    if (record.version !== body.version) throw await this.core.conflictOf(app, name);
    const target: StateTarget = { app, entityKey: record.entity, entity, workflow, record };
    const step = { key, transition, comment: body.comment?.trim() || null, version: body.version, onBehalfOf: tasks.find((t) => t.assigneeId === caller.userId)?.delegatedFrom ?? null };
    const values = this.valuesEntering(entity, workflow, record, transition.to, caller);
    const prepared = (await this.prepare(app, record.entity, [{ values, ownerId: entity.ownerField ? ((values[entity.ownerField] as string | null) ?? null) : record.ownerId }], [transition.to]))!;
    const pending = await this.deps.stores
      .transaction((tx) => (workflow.states[state]!.approval && transition.decision ? this.decideIn(tx, caller, target, entry, step, prepared) : this.moveIn(tx, caller, target, entry, step, prepared)))
      .catch(async (e: unknown) => {
        if (e instanceof Stale || isUniqueViolation(e)) throw await this.core.conflictOf(app, name);
        throw e;
      });
    await this.committed(pending.entered, { id: caller.userId, name: caller.name });
    if (pending.moved) this.core.publish(caller, app, record.entity, [name]);
    return this.core.detail(caller, app, await this.readAfterStep(caller, app, read));
  }

  /**
   * The record after a step, as the caller may read it now; one whose work
   * was all they could read it by (a delegate's approval) is answered as
   * they read it to take the step, once more.
   */
  private async readAfterStep(caller: Caller, app: AppContext, before: ReadRecord): Promise<ReadRecord> {
    try {
      return await this.core.readable(caller, app, before.record.name);
    } catch (e) {
      const now = e instanceof RecordError && e.recordCode === 'notFound' ? await this.deps.stores.records.findByName(app.scope, before.record.name) : null;
      if (!now || now.deletedAt) throw e;
      return { ...before, record: now };
    }
  }

  /** The refusals of a transition the caller may not take now: who, self-approval, a decision given already, condition, required fields, comment. */
  private refuseTaking(caller: Caller, app: AppContext, read: ReadRecord, step: { key: string; transition: WorkflowTransition }, tasks: readonly TaskRecord[], decisions: readonly WorkflowDecision[], comment: string | undefined): void {
    const { transition, key } = step;
    const facts = this.facts(caller, app, read.record, tasks, decisions);
    if (!mayTake(transition, facts)) {
      if (mayTake(transition, { ...facts, decided: false, createdBy: null })) throw new RecordError(facts.decided && transition.decision ? 'alreadyDecided' : 'selfApproval', { transition: key });
      throw new RecordError('forbidden');
    }
    const blocked = blockedBy(transition, read.entity, read.record.data, this.core.evaluation(caller));
    if (blocked && blocked.requires.length > 0) throw new RecordError('invalid', undefined, Object.fromEntries(blocked.requires.map((field) => [field, { code: 'required' as const }])));
    if (blocked?.condition) throw new RecordError('conditionUnmet', { transition: key });
    if (transition.comment === 'required' && !comment?.trim()) throw new RecordError('commentRequired', { transition: key });
  }

  /** An approver's decision: kept, their task done; the record moves when approvals reach the count, or at once on a rejection. */
  private async decideIn(tx: Stores, caller: Caller, target: StateTarget, entry: WorkflowEntry | null, step: Step, prepared: EnterDeps): Promise<{ entered: Pending[]; moved: boolean }> {
    const open = await tx.workflows.openEntry(target.record.id, true);
    if (!open || open.id !== entry?.id) throw new Stale();
    const decision = step.transition.decision!;
    const at = this.core.now();
    if (!(await tx.workflows.addDecision({ entryId: open.id, userId: caller.userId, decision, transition: step.key, comment: step.comment, onBehalfOf: step.onBehalfOf, at }))) throw new RecordError('alreadyDecided');
    const closed = await tx.tasks.closeOfEntry(open.id, at, caller.userId);
    const approvals = (await tx.workflows.decisions(open.id)).filter((d) => d.decision === 'approve').length;
    if (decision === 'reject' || approvals >= (open.approvalsNeeded ?? 1)) {
      const moved = await this.moveIn(tx, caller, target, open, { ...step, decision }, prepared);
      return { entered: [...moved.entered, { entry: open, tasks: [], assigned: [], closed }], moved: true };
    }
    // Not enough yet: the decision alone is in the record's history.
    const detail = { transition: step.key, comment: step.comment, decision, onBehalfOf: step.onBehalfOf };
    await tx.records.addHistory({ id: crypto.randomUUID(), recordId: target.record.id, userId: caller.userId, at, action: 'transition', version: target.record.version, changes: [], detail });
    return { entered: [{ entry: open, tasks: [], assigned: [], closed }], moved: false };
  }

  /** The record moved to the transition's state: its values (state and `set`) written on the version, the state left with its open work, the next one entered. */
  private async moveIn(tx: Stores, caller: Caller, target: StateTarget, entry: WorkflowEntry | null, step: Step & { decision?: 'approve' | 'reject' }, prepared: EnterDeps): Promise<{ entered: Pending[]; moved: boolean }> {
    const { record, entity, workflow } = target;
    const at = this.core.now();
    const values = this.valuesEntering(entity, workflow, record, step.transition.to, caller);
    const changes: FieldChange[] = Object.keys(entity.fields).filter((key) => !same(record.data[key], values[key])).map((field) => ({ field, before: record.data[field] ?? null, after: values[field] }));
    const people = await tx.records.people(userValues(entity, values));
    const ownerId = entity.ownerField ? ((values[entity.ownerField] as string | null) ?? null) : record.ownerId;
    const after = await tx.records.update(record.id, step.version, { title: titleOf(entity, values, record.name, people), ownerId, data: values, searchText: searchTextOf(entity, values, people), updatedBy: caller.userId, at });
    if (!after) throw new Stale();
    let closed: TaskRecord[] = [];
    if (entry) {
      if (!(await tx.workflows.leaveEntry(entry.id, at, caller.userId))) throw new Stale();
      closed = await tx.tasks.closeOfEntry(entry.id, at);
    }
    const detail = { transition: step.key, comment: step.comment, ...(step.decision ? { decision: step.decision, onBehalfOf: step.onBehalfOf } : {}) };
    await tx.records.addHistory({ id: crypto.randomUUID(), recordId: record.id, userId: caller.userId, at, action: 'transition', version: after.version, changes, detail });
    const entered = await enterState(tx, prepared, { ...target, record: after }, step.transition.to, { at, by: caller.userId, transition: step.key });
    return { entered: [{ ...entered, closed }], moved: true };
  }

  /** The record's values in a state it enters: the state field, and the state's `set` (each value as its field keeps it). */
  private valuesEntering(entity: Entity, workflow: Workflow, record: StoredRecord, state: string, caller: Caller): Record<string, unknown> {
    const set = { ...(workflow.states[state]!.set ?? {}), [workflow.field]: state };
    const checked = checkValues(entity, { ...record.data, ...set }, this.core.evaluation(caller)).values;
    return { ...record.data, ...Object.fromEntries(Object.keys(set).map((key) => [key, checked[key] ?? null])) };
  }

  // ---- Reassigning ----

  /** POST records/{app}/record/{name}/reassign: a holder of the workflow's `reassign` roles gives the state's open work of `from` to `to`. */
  async reassign(caller: Caller, appName: string, name: string, body: { from: string; to: string }): Promise<RecordDetail> {
    const app = await this.core.context(caller, appName);
    const read = await this.core.readable(caller, app, name);
    const workflow = read.entity.workflow;
    if (read.record.deletedAt) throw new RecordError('notFound');
    if (!workflow) throw new RecordError('noWorkflow');
    if (!workflow.reassign.some((role) => rolesOf(caller, app.declaration).includes(role))) throw new RecordError('forbidden');
    if (!(await this.deps.stores.records.members(app.scope.accountId, [body.to])).has(body.to)) throw new RecordError('reassignNotMember');
    const entry = await this.deps.stores.workflows.openEntry(read.record.id);
    const theirs = entry ? (await this.deps.stores.tasks.openOfEntry(entry.id)).filter((t) => t.assigneeId === body.from && t.kind !== 'notice') : [];
    if (theirs.length === 0 || !entry) {
      const people = await this.deps.stores.records.people([body.from]);
      throw new RecordError('notAssignee', { user: people.get(body.from) ?? body.from });
    }
    const at = this.core.now();
    const moved = await this.deps.stores.transaction(async (tx) => {
      const out: TaskRecord[] = [];
      // The work keeps its due time; it is no longer anyone's delegated work.
      for (const task of theirs) {
        const updated = body.to === body.from ? task : await tx.tasks.update(task.id, { assigneeId: body.to, delegatedFrom: null, snoozedTill: null, updatedAt: at });
        if (updated) out.push(updated);
      }
      await tx.records.addHistory({ id: crypto.randomUUID(), recordId: read.record.id, userId: caller.userId, at, action: 'reassign', version: read.record.version, changes: [], detail: { reassigned: { from: body.from, to: body.to } } });
      return out;
    });
    await this.committed([{ entry, tasks: moved, assigned: [body.to] }], { id: caller.userId, name: caller.name });
    this.core.publish(caller, app, read.record.entity, [name]);
    return this.core.detail(caller, app, await this.core.readable(caller, app, name));
  }

}

/**
 * The approvers of a state: those given its approval work (open or done)
 * and whoever decided, each with their decision so far.
 */
function approversOf(tasks: readonly TaskRecord[], decisions: readonly WorkflowDecision[]): ApproverDto[] {
  const out = new Map<string, ApproverDto>();
  for (const t of tasks) if (t.kind === 'approval') out.set(t.assigneeId, { userId: t.assigneeId, decision: null, at: null, comment: null, delegatedFrom: t.delegatedFrom });
  for (const d of decisions) out.set(d.userId, { userId: d.userId, decision: d.decision, at: d.at.toISOString(), comment: d.comment, delegatedFrom: d.onBehalfOf ?? out.get(d.userId)?.delegatedFrom ?? null });
  return [...out.values()];
}
