/*
 * The records calls' limits and refusal texts, in a module without schemas:
 * the records runtime reads them, and so carries none of the calls' schema
 * code (docs/PERFORMANCE.md, "Bundle budgets"). api.ts re-exports them.
 */

/** Most records in one page of a list. */
export const RECORD_PAGE_MAX = 200;
/** Records in a page when the list's view declares no size. */
export const RECORD_PAGE_DEFAULT = 50;
/**
 * How many matching records a list counts at least (docs/behaviour/records.md#lists):
 * past it the page says only that more match than it counted, since
 * counting every record of a long list costs more than reading its page.
 */
export const RECORD_COUNT_CAP = 10_000;

/**
 * How far the count of a list's page goes: RECORD_COUNT_CAP records, or to
 * the end of the page when that is further (a page past the cap still
 * says how many come up to it). The count reads one record more, to tell
 * whether more match.
 */
export function recordCountBound(offset: number, limit: number, cap: number = RECORD_COUNT_CAP): number {
  return Math.max(cap, offset + limit);
}

/**
 * A page's `total` and `capped` from the records counted, at most
 * `bound + 1` (recordCountBound): the number itself up to the bound,
 * else the bound with `capped` (more than `total` match).
 */
export function countedTotal(counted: number, bound: number): { total: number; capped: boolean } {
  return counted > bound ? { total: bound, capped: true } : { total: counted, capped: false };
}

/** Whether records come after the first `reached` of a list whose page answered `total` and `capped`. */
export function recordsAfter(page: { total: number; capped: boolean }, reached: number): boolean {
  return page.capped || reached < page.total;
}

/** Most rows a CSV export or import holds. */
export const RECORD_CSV_MAX_ROWS = 10_000;
/** Longest CSV text an import reads (about 1,000 characters a row). */
export const RECORD_CSV_MAX_CHARS = 10_000_000;
/** Longest comment on a record. */
export const RECORD_COMMENT_MAX_LENGTH = 5_000;
/** Most filters in one list query. */
export const RECORD_FILTERS_MAX = 20;
/** Longest search text of a list. */
export const RECORD_SEARCH_MAX_LENGTH = 200;

/**
 * The record calls' refusals (code `records.<key>`; the client translates
 * the code with `params`): docs/behaviour/records.md#errors. A record the
 * caller may not read is `notFound`, exactly as one that does not exist.
 */
export const RecordMessages = {
  notFound: 'Record not found',
  appNotFound: 'This application is not available to you',
  entityNotFound: 'This application has no such kind of record',
  forbidden: 'You are not allowed to do this with these records',
  invalid: 'Some values are not valid: see each field',
  conflict: '{user} changed this record meanwhile (version {version}). Reload it to see their change, then make yours again.',
  readOnlyField: 'You may not change the field {field}',
  badFilter: 'The list cannot be filtered by {field} that way',
  badSort: 'The list cannot be sorted by {field}',
  tooManyRows: 'At most {max} rows can be exported or imported at once',
  badCsv: 'The file is not a CSV file this list can import: {reason}',
  notDeleted: 'This record is not deleted',
  outOfScope: 'After this change you could no longer change this record, so it was not saved.',
  noWorkflow: 'Records of this kind have no workflow',
  unknownTransition: 'This workflow has no step {transition}',
  transitionNotAvailable: 'The step {transition} cannot be taken from the record’s current state',
  selfApproval: 'You cannot take the step {transition} on a record you created yourself',
  alreadyDecided: 'You have already given your decision on this record',
  conditionUnmet: 'The record does not meet the condition of the step {transition}',
  commentRequired: 'The step {transition} needs a comment',
  stateLocked: 'This record cannot be changed in its current state',
  notAssignee: '{user} has no open work on this record',
  reassignNotMember: 'The work can only be given to a member of the organisation',
} as const;
export type RecordErrorCode = keyof typeof RecordMessages;
