import type { RygStatus } from '../rules/ryg.js';

export * from '../rules/ryg.js';
export * from '../rules/snoozePresets.js';

/**
 * Work items (tasks) and the notification centre's calls (docs/API.md,
 * "Work items"; rules in docs/behaviour/work.md). A task belongs to an
 * application and an organisation, is assigned to one user and followed by
 * its creator (and whoever else is added as a follower). A user only ever
 * sees tasks of the active organisation that are assigned to them or that
 * they follow.
 */

/** The three views of the notification centre: assigned to me, followed by me, snoozed by me. */
export const NOTIFICATION_TYPES = ['assignments', 'followups', 'snoozed'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Tasks per page of the notification centre, and the most one page may ask for. */
export const NOTIFICATION_PAGE_SIZE = 5;
export const NOTIFICATION_TAKE_MAX = 100;
/** A colour counter shows '99+' above this. */
export const RYG_COUNT_DISPLAY_MAX = 99;
/** A count as the badge and the colour counters show it: '99+' above RYG_COUNT_DISPLAY_MAX; `format` writes a number (the user's locale). */
export function rygCountText(count: number, format: (n: number) => string = String): string {
  return count > RYG_COUNT_DISPLAY_MAX ? `${format(RYG_COUNT_DISPLAY_MAX)}+` : format(count);
}

/** Lengths (characters). */
export const TASK_NAME_MAX_LENGTH = 200;
export const TASK_COMMENT_MAX_LENGTH = 2000;
/** Most comments GET /tasks/{id}/comments answers (the newest ones). */
export const TASK_COMMENTS_MAX = 500;
/** Most followers a task may have besides its creator. */
export const TASK_FOLLOWERS_MAX = 50;

/** Sort orders of the Priorities application (the notification centre uses 'end_date'). */
export const TASK_SORTS = ['end_date', 'status'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

/** A task as the notification centre and the Priorities application show it. Times are ISO 8601. */
export interface TaskItem {
  uuid: string;
  appName: string;
  appUuid: string;
  task_name: string;
  rygStatus: RygStatus;
  end_date: string | null;
  snoozed_till: string | null;
  /** 'open' or 'done'; the notification views only list open tasks. */
  status: TaskState;
  assignee: TaskPerson;
  creator: TaskPerson;
  comment_count: number;
  /** Whether the caller follows the task (the creator always does). */
  following: boolean;
  /** The record of a declared application the task is about (its name), which Edit opens; null for other tasks. */
  record: string | null;
  /** What kind of item it is (TASK_KINDS); null for a task made by hand or by the command line. */
  kind: TaskKind | null;
  /** The absent user whose work came to the assignee as their delegate. */
  delegated_from: TaskPerson | null;
  updated_at: string;
}

/**
 * The kinds of items (docs/behaviour/workflows.md): a workflow state's work,
 * an approval asked for, an overdue task given to the manager, the changes
 * of a followed record, a mention, a KPI alert, a notice that a record entered a state.
 */
export const TASK_KINDS = ['work', 'approval', 'escalation', 'follow', 'mention', 'alert', 'notice'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/**
 * The arguments Edit launches a task's application with (docs/behaviour/work.md):
 * the task, and the record it is about, which a declared application opens.
 */
export function taskLaunchArgs(task: Pick<TaskItem, 'uuid' | 'record'>): { taskId: string; record?: string } {
  return task.record ? { taskId: task.uuid, record: task.record } : { taskId: task.uuid };
}

export const TASK_STATES = ['open', 'done'] as const;
export type TaskState = (typeof TASK_STATES)[number];

export interface TaskPerson {
  id: string;
  name: string;
}

/** One application's tasks on the page: `count` is all of its tasks in the view (and filter), `data` those on this page. */
export interface NotificationGroup {
  appUuid: string;
  appName: string;
  count: number;
  data: TaskItem[];
}

export interface RygCount {
  red: number;
  yellow: number;
  green: number;
  blue: number;
}

/** What GET/POST /user/getusernotifications answers in `data`. */
export interface NotificationResponse {
  data: NotificationGroup[];
  /** Counts of the whole view by colour, whatever the filter. */
  ryg_count: RygCount;
  /** The caller's user id. */
  id: string;
  /** Tasks in the view with the filter applied (for paging). */
  total: number;
}

export interface TaskComment {
  id: string;
  taskId: string;
  author: TaskPerson;
  text: string;
  created_at: string;
}

/**
 * The desktop socket's message when a task changes (docs/API.md, "Work
 * items"), sent to the assignee and every follower (each of their tabs).
 * A client refreshes its badge and open views; the assignee of a new
 * assignment also gets a desktop notification with its icon and sound.
 */
export const TASK_CHANGED_MESSAGE = 'tasks:changed';
export const TASK_CHANGE_REASONS = ['assigned', 'updated', 'completed', 'snoozed', 'unsnoozed', 'commented'] as const;
export type TaskChangeReason = (typeof TASK_CHANGE_REASONS)[number];
// Its params (TaskChangedParams) are in the socket contract, sockets/messages.ts.

/** Error codes of the task calls (the client translates `code`; docs/behaviour/work.md#errors). */
export const TaskMessages = {
  taskNotFound: 'Task not found',
  snoozeNotAllowed: 'Only green tasks whose end date has not passed can be snoozed',
  snoozeDate: 'Choose a date after now and no later than the end date',
  notSnoozed: 'This task is not snoozed',
  alreadySnoozed: 'This task is already snoozed; extend the snooze instead',
  extendDate: 'Choose a date after the current snooze and no later than the end date',
  taskNotEditable: 'Only the creator or the assignee can change this task',
  snoozeNotAssignee: 'Only the assignee can snooze this task',
  assigneeNotMember: 'The assignee is not a member of this organisation',
  appNotAvailable: 'This application is not available to you',
} as const;
export type TaskMessageKey = keyof typeof TaskMessages;
