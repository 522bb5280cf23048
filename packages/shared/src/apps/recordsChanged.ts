import * as z from 'zod/mini';

/*
 * A module of its own: the desktop's socket contract reads it, and the
 * signed-in shell then carries only this message, not the records calls'
 * schemas (docs/PERFORMANCE.md, "Bundle budgets").
 */

/** The socket message telling a user's desktops that records of an entity changed (ids only; the client refetches what it shows). */
export const RECORDS_CHANGED_MESSAGE = 'atrium/records:changed';
export const RecordsChangedParams = z.strictObject({
  app: z.string(),
  entity: z.string(),
  names: z.array(z.string()).check(z.maxLength(1000)),
  /** Who made the change (their display name), for the prompt over an open form. */
  by: z.optional(z.string()),
});
export type RecordsChangedParams = z.infer<typeof RecordsChangedParams>;
