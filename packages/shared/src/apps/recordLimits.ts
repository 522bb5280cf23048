/*
 * The records calls' limits and refusal texts, in a module without schemas:
 * the records runtime reads them, and so carries none of the calls' schema
 * code (docs/PERFORMANCE.md, "Bundle budgets"). api.ts re-exports them.
 */

/** Most records in one page of a list. */
export const RECORD_PAGE_MAX = 200;
/** Records in a page when the list's view declares no size. */
export const RECORD_PAGE_DEFAULT = 50;
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
} as const;
export type RecordErrorCode = keyof typeof RecordMessages;
