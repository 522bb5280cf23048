import { failureOf, RecordsFailure } from './RecordsApi.js';

/**
 * Why a call of the board, the calendar or the timeline failed: the
 * records calls' failure (its code, `records.conflict`…, params and HTTP
 * status), read the same way as the list's and the form's.
 */
export type Refusal = RecordsFailure;

/** The failure an error carries (failureOf). */
export function refusalOf(error: unknown): Refusal {
  return failureOf(error);
}

/** A comment longer than the server takes, refused before it is sent (its text: records.timeline.comment.tooLong). */
export const COMMENT_TOO_LONG = 'records.commentTooLong';

/** The refusal of a comment too long, before sending it. */
export function commentTooLong(max: number): Refusal {
  return new RecordsFailure(COMMENT_TOO_LONG, `A comment holds at most ${max} characters`, { max: String(max) });
}
