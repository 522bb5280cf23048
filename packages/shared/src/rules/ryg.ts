/**
 * A task's colour (docs/behaviour/work.md#colours), derived from its end date
 * and the time now, never stored: the one rule the server's filters, counts
 * and answers and the client's snooze buttons all use.
 *
 * - RED: the end date has passed;
 * - YELLOW: it is due within the yellow window (two days unless the server
 *   is configured otherwise, TASK_YELLOW_WINDOW);
 * - GREEN: it is due later;
 * - BLUE: it has no end date.
 */

export const RYG_STATUSES = ['RED', 'YELLOW', 'GREEN', 'BLUE'] as const;
export type RygStatus = (typeof RYG_STATUSES)[number];

/** The yellow window when none is configured: 48 hours, in milliseconds. */
export const DEFAULT_YELLOW_WINDOW_MS = 48 * 60 * 60 * 1000;

/**
 * The bounds of a colour as an interval of end dates (ms since the epoch),
 * `from` inclusive and `to` exclusive, or `none` for the tasks without an
 * end date. The server turns it into its WHERE clause, so that a filter and
 * `rygStatus` can never disagree.
 */
export type RygRange = { none: true } | { none: false; from: number | null; to: number | null };

export function rygRange(status: RygStatus, now: number, yellowWindowMs: number = DEFAULT_YELLOW_WINDOW_MS): RygRange {
  switch (status) {
    case 'RED':
      return { none: false, from: null, to: now };
    case 'YELLOW':
      return { none: false, from: now, to: now + yellowWindowMs };
    case 'GREEN':
      return { none: false, from: now + yellowWindowMs, to: null };
    case 'BLUE':
      return { none: true };
  }
}

/** The colour of a task due at `endDate` (ms, ISO text or null) at `now`. */
export function rygStatus(endDate: number | string | null, now: number, yellowWindowMs: number = DEFAULT_YELLOW_WINDOW_MS): RygStatus {
  if (endDate === null) return 'BLUE';
  const end = typeof endDate === 'number' ? endDate : Date.parse(endDate);
  if (Number.isNaN(end)) return 'BLUE';
  if (end < now) return 'RED';
  if (end < now + yellowWindowMs) return 'YELLOW';
  return 'GREEN';
}

/**
 * Whether a task may be snoozed, or its snooze extended: only GREEN tasks
 * whose end date has not passed (docs/behaviour/work.md#snooze). The client
 * greys the Snooze action otherwise; the server refuses it the same way.
 */
export function canSnooze(task: { rygStatus: RygStatus; end_date: string | null }, now: number): boolean {
  if (task.rygStatus !== 'GREEN' || task.end_date === null) return false;
  const end = Date.parse(task.end_date);
  return !Number.isNaN(end) && end > now;
}

/**
 * Whether this user may snooze the task (or extend its snooze) now: only its
 * assignee, and only when `canSnooze` allows it. The notification centre and
 * Priorities grey their Snooze action by it; the server refuses the same.
 */
export function maySnooze(task: { rygStatus: RygStatus; end_date: string | null; assignee: { id: string } }, userId: string | null, now: number): boolean {
  return userId !== null && task.assignee.id === userId && canSnooze(task, now);
}

/**
 * Whether `until` is a date a task can be snoozed to at `now`: later than
 * now and no later than the task's end date (a task never sleeps past its
 * deadline). `current` is the present snooze, which an extension must pass.
 */
export function isValidSnoozeDate(until: number, endDate: string, now: number, current: number | null = null): boolean {
  const end = Date.parse(endDate);
  if (Number.isNaN(until) || Number.isNaN(end)) return false;
  if (until <= now || until > end) return false;
  return current === null || until > current;
}
