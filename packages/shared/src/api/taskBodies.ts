import * as z from 'zod/mini';
import { QueryInt as Int } from './queryInt.js';
import { RYG_STATUSES } from '../rules/ryg.js';
import { NOTIFICATION_PAGE_SIZE, NOTIFICATION_TAKE_MAX, NOTIFICATION_TYPES, TASK_FOLLOWERS_MAX, TASK_COMMENT_MAX_LENGTH, TASK_NAME_MAX_LENGTH, TASK_SORTS, TASK_STATES } from './tasks.js';
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from './text.js';

/**
 * The request schemas of the work-item calls (docs/API.md, "Work items"),
 * apart from their constants and types (tasks.ts), so that the signed-in
 * shell, which counts the notification centre's badge, does not carry them.
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
