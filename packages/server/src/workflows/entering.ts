/**
 * Entering a state (docs/behaviour/workflows.md#the-engine), within the
 * transaction that writes the record: the entry, the work given to the
 * assignees (after delegation), its due time and escalation, the approvals
 * it needs, and the notices of its notify rules.
 */
import crypto from 'node:crypto';
import { TASK_NAME_MAX_LENGTH, type Locale, type TaskKind } from '@atrium/shared';
import type { Entity, Labels, Workflow, WorkflowState } from '@atrium/shared/apps';
import type { AppContext } from '../records/RecordCore.js';
import type { StoredRecord } from '../records/RecordStore.js';
import type { Stores } from '../stores.js';
import type { NewTask, TaskRecord } from '../tasks/TaskStore.js';
import { AssigneeResolver } from './assignees.js';
import { dueAt, escalationAt, type BusinessCalendar } from './businessTime.js';
import type { Delegation, Substitute } from './ports.js';
import { approvalsNeeded } from './transitions.js';
import type { WorkflowEntry } from './WorkflowStore.js';

/** What entering a state needs beyond the transaction's stores. */
export interface EnterDeps {
  delegation: Delegation;
  /** The organisation's working days and hours, for due times and escalations. */
  calendar: BusinessCalendar;
  /** The user's interface language, for the names of their tasks. */
  localeOf(userId: string): Promise<Locale>;
}

/** A record of an entity with a workflow, as just written. */
export interface StateTarget {
  app: AppContext;
  entityKey: string;
  entity: Entity;
  workflow: Workflow;
  record: StoredRecord;
}

/** What entering a state wrote: to be told (tasks) and followed (assignees) once committed. */
export interface Entered {
  entry: WorkflowEntry;
  tasks: TaskRecord[];
  assigned: string[];
}

type TxStores = Pick<Stores, 'workflows' | 'tasks'>;

/** A task's name: the state's label in the assignee's language, the record's name and its title ("Approve LR-2026-00012 · Week in Lisbon"). */
export function taskName(label: Labels, locale: Locale, record: Pick<StoredRecord, 'name' | 'title'>): string {
  const state = label[locale] ?? label.en_EN;
  const title = record.title !== '' && record.title !== record.name ? ` · ${record.title}` : '';
  const name = `${state} ${record.name}${title}`;
  return name.length > TASK_NAME_MAX_LENGTH ? `${name.slice(0, TASK_NAME_MAX_LENGTH - 1)}…` : name;
}

/** The tasks of one kind for these people (after delegation), each named in their language. */
async function tasksFor(deps: EnterDeps, target: StateTarget, people: readonly Substitute[], task: { kind: TaskKind; label: Labels; entryId: string | null; dueAt: Date | null; escalateAt: Date | null; at: Date }): Promise<NewTask[]> {
  const out: NewTask[] = [];
  for (const person of people) {
    out.push({
      id: crypto.randomUUID(),
      accountId: target.app.scope.accountId,
      appUuid: target.app.scope.appId,
      appName: target.app.name,
      name: taskName(task.label, await deps.localeOf(person.userId), target.record),
      assigneeId: person.userId,
      creatorId: null,
      endDate: task.dueAt,
      record: target.record.name,
      recordId: target.record.id,
      entryId: task.entryId,
      kind: task.kind,
      delegatedFrom: person.delegatedFrom,
      escalateAt: task.escalateAt,
      createdAt: task.at,
      updatedAt: task.at,
    });
  }
  return out;
}

/** Each user once, after delegation (a delegate standing in for two keeps the first). */
async function substitutes(deps: EnterDeps, accountId: string, userIds: readonly string[], at: Date): Promise<Substitute[]> {
  if (userIds.length === 0) return [];
  const seen = new Set<string>();
  return (await deps.delegation.substitute(accountId, [...new Set(userIds)], at)).filter((s) => !seen.has(s.userId) && seen.add(s.userId));
}

/** The notices of a state's notify rules: to each person once, never to whoever moved the record. */
async function notices(deps: EnterDeps, resolver: AssigneeResolver, target: StateTarget, state: { key: string; declared: WorkflowState }, by: string | null, at: Date): Promise<NewTask[]> {
  const facts = { state: state.key, values: target.record.data, ownerId: target.record.ownerId };
  const people = new Set<string>();
  for (const rule of state.declared.notify ?? []) for (const id of await resolver.notified(rule, facts)) people.add(id);
  if (by !== null) people.delete(by);
  const told = [...people].map((userId) => ({ userId, delegatedFrom: null }));
  return tasksFor(deps, target, told, { kind: 'notice', label: state.declared.label, entryId: null, dueAt: null, escalateAt: null, at });
}

/**
 * Enters `state` with the record as written: opens its entry (the unique
 * index of open entries refuses a second one) and gives its work and
 * notices. `resolver` is shared by the records of one write.
 */
export async function enterState(
  tx: TxStores,
  deps: EnterDeps,
  target: StateTarget,
  state: string,
  how: { at: Date; by: string | null; transition: string | null; resolver?: AssigneeResolver },
): Promise<Entered> {
  const declared = target.workflow.states[state]!;
  const resolver = how.resolver ?? new AssigneeResolver(tx.workflows, { accountId: target.app.scope.accountId, appId: target.app.scope.appId, entity: target.entityKey });
  const facts = { state, values: target.record.data, ownerId: target.record.ownerId };
  const assignees = declared.assignee ? await resolver.assignees(declared.assignee, facts) : [];
  const people = await substitutes(deps, target.app.scope.accountId, assignees, how.at);
  const due = dueAt(declared.due, how.at, target.record.data, deps.calendar);
  const entry: WorkflowEntry = {
    id: crypto.randomUUID(),
    recordId: target.record.id,
    state,
    enteredAt: how.at,
    enteredBy: how.by,
    transition: how.transition,
    dueAt: due,
    approvalsNeeded: declared.approval ? approvalsNeeded(declared.approval, people.length) : null,
    leftAt: null,
    leftBy: null,
  };
  await tx.workflows.insertEntries([entry]);
  const work = await tasksFor(deps, target, people, { kind: declared.approval ? 'approval' : 'work', label: declared.label, entryId: entry.id, dueAt: due, escalateAt: escalationAt(due, declared.escalateAfterHours, deps.calendar), at: how.at });
  const told = await notices(deps, resolver, target, { key: state, declared }, how.by, how.at);
  if (!how.resolver) await resolver.flush();
  const tasks = await tx.tasks.insertMany([...work, ...told]);
  return { entry, tasks, assigned: people.map((p) => p.userId) };
}

/** Whether a state has a way out (a record in it still waits for something). */
export function isOpenState(workflow: Workflow, state: string): boolean {
  return Object.values(workflow.transitions).some((t) => t.from.includes(state));
}

/**
 * The entries of records written at once (the demo's), each in the state
 * its values hold (the initial one when they hold none of its states),
 * entered when the record was made; work only in states with a way out
 * and an assignee rule; no notices. A few statements for them all.
 */
export async function enterMany(tx: TxStores, deps: EnterDeps, targets: readonly StateTarget[], now: Date): Promise<Entered[]> {
  const first = targets[0];
  if (!first) return [];
  const resolver = new AssigneeResolver(tx.workflows, { accountId: first.app.scope.accountId, appId: first.app.scope.appId, entity: first.entityKey });
  await resolver.preloadManagers(targets.flatMap((t) => [t.record.ownerId, ...Object.values(t.record.data)].filter((v): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v))));
  const planned: Array<{ target: StateTarget; entry: WorkflowEntry; assignees: string[] }> = [];
  for (const target of targets) {
    const held = target.record.data[target.workflow.field];
    const state = typeof held === 'string' && Object.hasOwn(target.workflow.states, held) ? held : target.workflow.initial;
    const declared = target.workflow.states[state]!;
    const rule = isOpenState(target.workflow, state) ? declared.assignee : undefined;
    const assignees = rule ? await resolver.assignees(rule, { state, values: target.record.data, ownerId: target.record.ownerId }) : [];
    const at = target.record.createdAt;
    const due = dueAt(declared.due, at, target.record.data, deps.calendar);
    const approvals = declared.approval ? approvalsNeeded(declared.approval, assignees.length) : null;
    planned.push({ target, assignees, entry: { id: crypto.randomUUID(), recordId: target.record.id, state, enteredAt: at, enteredBy: target.record.createdBy, transition: null, dueAt: due, approvalsNeeded: approvals, leftAt: null, leftBy: null } });
  }
  await resolver.flush();
  await tx.workflows.insertEntries(planned.map((p) => p.entry));
  const all = [...new Set(planned.flatMap((p) => p.assignees))];
  const subs = all.length > 0 ? await deps.delegation.substitute(first.app.scope.accountId, all, now) : [];
  const byUser = new Map(subs.map((s, i) => [all[i]!, s]));
  const work: NewTask[] = [];
  for (const { target, entry, assignees } of planned) {
    const declared = target.workflow.states[entry.state]!;
    const seen = new Set<string>();
    const people = assignees.map((id) => byUser.get(id) ?? { userId: id, delegatedFrom: null }).filter((p) => !seen.has(p.userId) && seen.add(p.userId));
    work.push(...(await tasksFor(deps, target, people, { kind: declared.approval ? 'approval' : 'work', label: declared.label, entryId: entry.id, dueAt: entry.dueAt, escalateAt: escalationAt(entry.dueAt, declared.escalateAfterHours, deps.calendar), at: entry.enteredAt })));
  }
  const byEntry = new Map<string, TaskRecord[]>();
  for (const task of await tx.tasks.insertMany(work)) byEntry.set(task.entryId!, [...(byEntry.get(task.entryId!) ?? []), task]);
  return planned.map(({ entry }) => {
    const tasks = byEntry.get(entry.id) ?? [];
    return { entry, tasks, assigned: tasks.map((t) => t.assigneeId) };
  });
}
