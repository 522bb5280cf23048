import * as z from 'zod/mini';
import { QueryInt as Int } from './queryInt.js';
import { RYG_STATUSES, type RygStatus } from '../rules/ryg.js';
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from './text.js';

export * from '../rules/ryg.js';

/**
 * Work items (tasks) and the notification centre's calls (docs/API.md,
 * "Work items"; rules in docs/behaviour/work.md). A task belongs to an
 * application and an organisation, is assigned to one user and followed by
 * its creator (and whoever else is added as a follower). A user only ever
 * sees tasks of the active organisation that are assigned to them or that
 * they follow.
 */

/** Refuses a NUL or an unpaired surrogate (which the database cannot store) with a 400, never a failure in the database. */
const storable = () => z.refine<string>((s) => !hasUnstorableText(s), UNSTORABLE_TEXT_MESSAGE);

/** Earliest and latest dates a task takes (the database refuses year 0, which ISO 8601 text can name). */
const DATE_MIN = Date.UTC(1900, 0, 1);
const DATE_MAX = Date.UTC(9999, 11, 31);

/** Whether an ISO 8601 text names a day of the calendar (not 2026-02-30) between the years 1900 and 9999. */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = [Number(text.slice(0, 4)), Number(text.slice(5, 7)), Number(text.slice(8, 10))];
  const date = new Date(Date.UTC(year, month - 1, day));
  const time = Date.parse(text);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && time >= DATE_MIN && time <= DATE_MAX;
}

/** A date and time with its offset (ISO 8601) that names a real day. */
const isoDate = () => z.iso.datetime({ offset: true }).check(z.refine(isCalendarDate, 'must be a real date between the years 1900 and 9999'));

/** The three views of the notification centre: assigned to me, followed by me, snoozed by me. */
export const NOTIFICATION_TYPES = ['assignments', 'followups', 'snoozed'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Tasks per page of the notification centre, and the most one page may ask for. */
export const NOTIFICATION_PAGE_SIZE = 5;
export const NOTIFICATION_TAKE_MAX = 100;
/** A colour counter shows '99+' above this. */
export const RYG_COUNT_DISPLAY_MAX = 99;

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


/**
 * GET /user/getusernotifications?type=&take=&skip= (and POST, the same query,
 * with the colour filter in the body). `sort` and `order` are the Priorities
 * application's; the default is by end date, soonest first, undated last.
 */
export const NotificationQuery = z.strictObject({
  type: z._default(z.enum(NOTIFICATION_TYPES), 'assignments'),
  take: z._default(Int(0, NOTIFICATION_TAKE_MAX), NOTIFICATION_PAGE_SIZE),
  skip: z._default(Int(0, 1_000_000), 0),
  sort: z.optional(z.enum(TASK_SORTS)),
  order: z.optional(z.enum(['asc', 'desc'])),
  ryg_status: z.optional(z.enum(RYG_STATUSES)),
});
export type NotificationQuery = z.output<typeof NotificationQuery>;

/** POST /user/getusernotifications: the colour filter (an empty string or null is no filter). */
export const NotificationFilterBody = z.strictObject({
  ryg_status: z.optional(z.nullable(z.union([z.enum(RYG_STATUSES), z.literal('')]))),
});

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
  updated_at: string;
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

/** POST /tasks/{id}/snooze and /tasks/{id}/extend: until when (ISO 8601). */
export const SnoozeBody = z.strictObject({
  snoozed_till: isoDate(),
});
export type SnoozeBody = z.infer<typeof SnoozeBody>;

/** POST /tasks/{id}/comments. The text is stored and shown as text, never as HTML. */
export const CommentBody = z.strictObject({
  text: z.string().check(z.trim(), storable(), z.minLength(1), z.maxLength(TASK_COMMENT_MAX_LENGTH)),
});
export type CommentBody = z.infer<typeof CommentBody>;

export interface TaskComment {
  id: string;
  taskId: string;
  author: TaskPerson;
  text: string;
  created_at: string;
}

/** Path parameter of the task routes. */
export const TaskIdParams = z.strictObject({ id: z.uuid() });

/**
 * POST /tasks: an application creates a task in the caller's active
 * organisation. `app` names the application (its package name); the caller
 * must be allowed to see it. `assignee` is a username or user id of a member
 * of the organisation. The creator follows the task, and so do `followers`.
 */
export const CreateTaskBody = z.strictObject({
  app: z.string().check(storable(), z.minLength(1), z.maxLength(100)),
  name: z.string().check(z.trim(), storable(), z.minLength(1), z.maxLength(TASK_NAME_MAX_LENGTH)),
  assignee: z.string().check(storable(), z.minLength(1), z.maxLength(200)),
  end_date: z.optional(z.nullable(isoDate())),
  followers: z.optional(z.array(z.string().check(storable(), z.minLength(1), z.maxLength(200))).check(z.maxLength(TASK_FOLLOWERS_MAX))),
});
export type CreateTaskBody = z.infer<typeof CreateTaskBody>;

/** PUT /tasks/{id}: what the creator or the assignee may change; at least one field. */
export const UpdateTaskBody = z
  .strictObject({
    name: z.optional(z.string().check(z.trim(), storable(), z.minLength(1), z.maxLength(TASK_NAME_MAX_LENGTH))),
    assignee: z.optional(z.string().check(storable(), z.minLength(1), z.maxLength(200))),
    end_date: z.optional(z.nullable(isoDate())),
    status: z.optional(z.enum(TASK_STATES)),
  })
  .check(z.refine((b) => Object.values(b).some((v) => v !== undefined), 'give at least one field'));
export type UpdateTaskBody = z.infer<typeof UpdateTaskBody>;

/**
 * The desktop socket's message when a task changes (docs/API.md, "Work
 * items"), sent to the assignee and every follower (each of their tabs).
 * A client refreshes its badge and open views; the assignee of a new
 * assignment also gets a desktop notification with its icon and sound.
 */
export const TASK_CHANGED_MESSAGE = 'tasks:changed';
export const TASK_CHANGE_REASONS = ['assigned', 'updated', 'completed', 'snoozed', 'unsnoozed', 'commented'] as const;
export type TaskChangeReason = (typeof TASK_CHANGE_REASONS)[number];
export interface TaskChangedParams {
  reason: TaskChangeReason;
  taskId: string;
  task_name: string;
  appName: string;
  /** Who made the change. */
  by: TaskPerson;
}

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
