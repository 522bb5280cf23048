/**
 * The pure rules of the Priorities list (apps/priorities/README.md): what a
 * page asks the server for, the page's tasks in order, the pages, which
 * view a task belongs to, and which actions a row offers. The model and the
 * views both read them; nothing here touches the desktop.
 */
import type { TaskListQuery } from '@atrium/sdk';
import { maySnooze, NOTIFICATION_TAKE_MAX, rygCountText, RYG_STATUSES, type NotificationResponse, type NotificationType, type RygStatus, type TaskItem, type TaskSort } from '@atrium/shared';

/** Tasks per page: one page is what the list renders, whatever the number of tasks. */
export const PRIORITIES_PAGE_SIZE = 50;

export type SortOrder = 'asc' | 'desc';

/** What the list shows: a view, a colour (or all), an order and a page (0-based). */
export interface ListSelection {
  view: NotificationType;
  filter: RygStatus | null;
  sort: TaskSort;
  order: SortOrder;
  page: number;
  pageSize: number;
}

/** The query of one page of a selection, as the desktop's tasks.list sends it. */
export function queryFor(selection: ListSelection): TaskListQuery {
  const take = Math.min(Math.max(1, selection.pageSize), NOTIFICATION_TAKE_MAX);
  return {
    type: selection.view,
    take,
    skip: Math.max(0, selection.page) * take,
    ryg_status: selection.filter,
    sort: selection.sort,
    order: selection.order,
  };
}

const COLOUR_RANK: Record<RygStatus, number> = { RED: 0, YELLOW: 1, GREEN: 2, BLUE: 3 };

/** End date as a number; undated tasks after every dated one. */
function endOf(task: TaskItem): number {
  if (task.end_date === null) return Number.POSITIVE_INFINITY;
  const end = Date.parse(task.end_date);
  return Number.isNaN(end) ? Number.POSITIVE_INFINITY : end;
}

/** Compares texts by their code units, as the database's ordering of names and ids does. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The server's order of a view (docs/behaviour/work.md#priorities-application),
 * which the list keeps across the answer's groups: by end date, soonest
 * first ('asc') or latest first ('desc'), undated tasks last either way; by
 * status ascending is the same (the colours follow the end dates), by status
 * descending puts the colours the other way round (blue, green, yellow, red)
 * with each colour's tasks soonest first. Then by name and id.
 */
export function compareTasks(sort: TaskSort, order: SortOrder): (a: TaskItem, b: TaskItem) => number {
  const colourFirst = sort === 'status' && order === 'desc';
  const latestFirst = !colourFirst && order === 'desc';
  return (a, b) => {
    if (colourFirst && a.rygStatus !== b.rygStatus) return COLOUR_RANK[b.rygStatus] - COLOUR_RANK[a.rygStatus];
    const [ea, eb] = [endOf(a), endOf(b)];
    if (ea !== eb) {
      if (ea === Number.POSITIVE_INFINITY) return 1;
      if (eb === Number.POSITIVE_INFINITY) return -1;
      return latestFirst ? eb - ea : ea - eb;
    }
    return byCodeUnits(a.task_name, b.task_name) || byCodeUnits(a.uuid, b.uuid);
  };
}

/**
 * The tasks of a page in the order asked for: the answer groups them by
 * application, the list shows them as one list.
 */
export function pageTasks(response: NotificationResponse, sort: TaskSort, order: SortOrder): TaskItem[] {
  const tasks = response.data.flatMap((group) => group.data);
  return tasks.sort(compareTasks(sort, order));
}

/** The pages of a view of `total` tasks (at least one). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** The 1-based range of tasks a page shows ('Showing 51–100 of 2,345'), or null when there are none. */
export function pageRange(page: number, pageSize: number, shown: number, total: number): { from: number; to: number } | null {
  if (shown === 0 || total === 0) return null;
  const from = page * pageSize + 1;
  return { from, to: Math.min(total, from + shown - 1) };
}

/** A colour counter's text: the count, or '99+' above 99. */
export const countText = rygCountText;

/** The colours in the counters' order. */
export const COLOURS: readonly RygStatus[] = RYG_STATUSES;

/**
 * The view a task shows in for a user: their own (assigned) tasks are
 * 'assignments', or 'snoozed' while their snooze lasts; tasks they only
 * follow are 'followups'.
 */
export function viewOf(task: TaskItem, userId: string, now: number): NotificationType {
  if (task.assignee.id !== userId) return 'followups';
  return isSnoozed(task, now) ? 'snoozed' : 'assignments';
}

/** Whether a task's snooze lasts at `now`. */
export function isSnoozed(task: TaskItem, now: number): boolean {
  return task.snoozed_till !== null && Date.parse(task.snoozed_till) > now;
}

/** What a row's Snooze action does: snooze a task, or unsnooze or extend a snoozed one; `enabled` false greys it. */
export interface SnoozeAction {
  kind: 'snooze' | 'manage';
  enabled: boolean;
}

/** The actions of a task's row for this user at `now` (docs/behaviour/work.md#priorities-application). */
export interface TaskActions {
  edit: boolean;
  comments: boolean;
  snooze: SnoozeAction;
  /** The creator or the assignee may complete an open task. */
  complete: boolean;
}

export function taskActions(task: TaskItem, view: NotificationType, userId: string, now: number): TaskActions {
  const snoozed = isSnoozed(task, now);
  const mine = task.assignee.id === userId;
  // A snoozed task of one's own can always be woken (unsnooze); only the assignee snoozes.
  const snooze: SnoozeAction = snoozed && (view === 'snoozed' || mine) ? { kind: 'manage', enabled: mine } : { kind: 'snooze', enabled: maySnooze(task, userId, now) };
  return {
    edit: true,
    comments: true,
    snooze,
    complete: task.status === 'open' && (mine || task.creator.id === userId),
  };
}
