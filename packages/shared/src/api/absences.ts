import * as z from 'zod/mini';

/**
 * A user's absences (docs/behaviour/workflows.md#delegation): days, both
 * included, on which the work a workflow gives them goes to the delegate
 * they named instead. Calls under users/me/absences (docs/API.md, "Absences").
 */

/** A day of the calendar, YYYY-MM-DD. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The longest absence, in days (both ends included). */
export const ABSENCE_MAX_DAYS = 366;
/** Absences that ended more than this many days ago are no longer listed. */
export const ABSENCE_LISTED_DAYS = 30;

/** POST users/me/absences: from, to (both included) and the member who takes the work meanwhile. */
export const AbsenceBody = z.strictObject({
  startsOn: z.string().check(z.regex(DAY, 'must be a date YYYY-MM-DD')),
  endsOn: z.string().check(z.regex(DAY, 'must be a date YYYY-MM-DD')),
  delegate: z.uuid(),
});
export type AbsenceBody = z.output<typeof AbsenceBody>;

/** DELETE users/me/absences/{id}. */
export const AbsenceIdParams = z.strictObject({ id: z.uuid() });

/** One absence as answered. */
export interface AbsenceDto {
  id: string;
  startsOn: string;
  endsOn: string;
  delegate: { id: string; name: string };
}

/**
 * Refusals of the absence calls: code 'absences.<key>', this English text as
 * the message (the client translates the code).
 */
export const AbsenceMessages = {
  invalidDate: 'Choose dates that exist',
  endBeforeStart: 'The absence cannot end before it starts',
  tooLong: 'An absence can last a year at most',
  overlaps: 'This absence overlaps another of yours',
  delegateNotMember: 'The delegate must be a member of this organisation',
  delegateSelf: 'You cannot be your own delegate',
  noOrganisation: 'You need an active organisation to plan absences',
  notFound: 'Absence not found',
} as const;
export type AbsenceMessageKey = keyof typeof AbsenceMessages;

/** The days from `startsOn` to `endsOn`, both included (0 or less when the end is before the start). */
export function absenceDays(startsOn: string, endsOn: string): number {
  return Math.round((Date.parse(`${endsOn}T00:00:00Z`) - Date.parse(`${startsOn}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Whether a YYYY-MM-DD text names a day that exists (not 2026-02-30), between the years 1900 and 9999. */
export function isAbsenceDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && y <= 9999 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
