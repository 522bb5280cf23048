/**
 * A PrioritiesHost for the model's tests: `list` records each query and
 * answers from the tasks given, as the server does (views, colour filter,
 * counts of the whole view, the order of docs/behaviour/work.md, pages,
 * groups per application); the other calls are recorded. Never imported by
 * production code.
 */
import type { LaunchRequest, TaskListQuery } from '@atrium/sdk';
import { rygStatus, type NotificationGroup, type NotificationResponse, type RygCount, type TaskChangedParams, type TaskItem, type TaskPerson } from '@atrium/shared';
import type { PrioritiesHost } from './PrioritiesModel.js';
import { compareTasks, isSnoozed } from './taskList.js';

export const NOW = Date.parse('2027-03-01T09:00:00Z');
export const ME: TaskPerson = { id: 'u-me', name: 'Dana Demo' };
export const BOSS: TaskPerson = { id: 'u-boss', name: 'Olivia Hart' };
export const COLLEAGUE: TaskPerson = { id: 'u-liam', name: 'Liam Berg' };
const HOUR = 3_600_000;

let next = 1;

/** A task due in `dueInHours` (null: no end date), assigned to me and created by Olivia unless told otherwise. */
export function task(name: string, dueInHours: number | null, more: Partial<TaskItem> = {}): TaskItem {
  const end_date = dueInHours === null ? null : new Date(NOW + dueInHours * HOUR).toISOString();
  const n = next++;
  return {
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    appName: 'Audits',
    appUuid: 'app-audits',
    task_name: name,
    rygStatus: rygStatus(end_date, NOW),
    end_date,
    snoozed_till: null,
    status: 'open',
    assignee: ME,
    creator: BOSS,
    comment_count: 0,
    following: false,
    record: null,
    kind: null,
    delegated_from: null,
    updated_at: new Date(NOW).toISOString(),
    ...more,
  };
}

export interface TestHost extends PrioritiesHost {
  tasksHeld: TaskItem[];
  queries: TaskListQuery[];
  launches: LaunchRequest[];
  shown: Array<{ kind: 'comments' | 'snooze'; id: string }>;
  completed: string[];
  settings: Record<string, unknown>;
  /** Makes the next list calls fail with this error (null: answer again). */
  failWith: Error | null;
  /** Holds list answers until release() (to test what shows meanwhile). */
  hold: boolean;
  release(): void;
  /** Sends a change as the desktop socket would. */
  change(change: Partial<TaskChangedParams> & { taskId: string }): void;
  /** Says that changes may have been missed, as the desktop does when its socket is back. */
  resync(): void;
  now(): number;
}

export function testHost(tasks: TaskItem[] = [], settings: Record<string, unknown> = {}): TestHost {
  const listeners = new Set<(change: TaskChangedParams) => void>();
  const resyncListeners = new Set<() => void>();
  const waiting: Array<() => void> = [];
  const host: TestHost = {
    tasksHeld: tasks,
    queries: [],
    launches: [],
    shown: [],
    completed: [],
    settings: { ...settings },
    failWith: null,
    hold: false,
    release: () => waiting.splice(0).forEach((go) => go()),
    change: (change) => listeners.forEach((l) => l({ reason: 'updated', task_name: '', appName: '', by: BOSS, ...change })),
    resync: () => resyncListeners.forEach((l) => l()),
    userId: () => ME.id,
    now: () => NOW,
    launch: async (request) => void host.launches.push(request),
    preferences: { get: <T,>(key: string) => host.settings[key] as T | undefined, set: (key, value) => void (host.settings[key] = value) },
    tasks: {
      async list(query = {}) {
        host.queries.push(query);
        if (host.hold) await new Promise<void>((resolve) => waiting.push(resolve));
        if (host.failWith) throw host.failWith;
        return answer(host.tasksHeld, query);
      },
      async get(id) {
        const found = host.tasksHeld.find((t) => t.uuid === id);
        if (!found) throw Object.assign(new Error('Task not found'), { code: 'tasks.taskNotFound' });
        return found;
      },
      async complete(id) {
        const found = host.tasksHeld.find((t) => t.uuid === id);
        if (!found) throw Object.assign(new Error('Task not found'), { code: 'tasks.taskNotFound' });
        host.completed.push(id);
        found.status = 'done';
        return found;
      },
      async update(id, changes) {
        const found = host.tasksHeld.find((t) => t.uuid === id)!;
        if (changes.status) found.status = changes.status;
        return found;
      },
      onChange: (listener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      onResync: (listener) => {
        resyncListeners.add(listener);
        return () => void resyncListeners.delete(listener);
      },
      showComments: (id) => void host.shown.push({ kind: 'comments', id }),
      showSnooze: (id) => void host.shown.push({ kind: 'snooze', id }),
    },
  };
  return host;
}

/** The server's answer to a query over `tasks`, for ME at NOW. */
export function answer(tasks: readonly TaskItem[], query: TaskListQuery): NotificationResponse {
  const type = query.type ?? 'assignments';
  const view = tasks.filter((t) => {
    if (t.status !== 'open') return false;
    if (type === 'followups') return t.assignee.id !== ME.id;
    if (type === 'snoozed') return t.assignee.id === ME.id && isSnoozed(t, NOW);
    return t.assignee.id === ME.id && !isSnoozed(t, NOW);
  });
  const ryg_count: RygCount = { red: 0, yellow: 0, green: 0, blue: 0 };
  for (const t of view) ryg_count[t.rygStatus.toLowerCase() as keyof RygCount]++;
  const filtered = (query.ryg_status ? view.filter((t) => t.rygStatus === query.ryg_status) : view).sort(compareTasks(query.sort ?? 'end_date', query.order ?? 'asc'));
  const skip = query.skip ?? 0;
  const groups: NotificationGroup[] = [];
  for (const t of filtered.slice(skip, skip + (query.take ?? 5))) {
    let group = groups.find((g) => g.appUuid === t.appUuid);
    if (!group) groups.push((group = { appUuid: t.appUuid, appName: t.appName, count: filtered.filter((f) => f.appUuid === t.appUuid).length, data: [] }));
    group.data.push(t);
  }
  return { data: groups, ryg_count, id: ME.id, total: filtered.length };
}
