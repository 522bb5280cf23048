import * as z from 'zod/mini';
import { QueryInt as Int } from './queryInt.js';
import { text } from './text.js';
import type { CatalogueTitles } from './catalogue.js';
import type { Labels } from '../apps/declaration.js';
import type { RygStatus } from '../rules/ryg.js';
import { SEARCH_TEXT_MAX_LENGTH, searchTextProblem, SEARCH_TEXT_MESSAGES } from '../rules/searchText.js';

export * from '../rules/searchText.js';

/**
 * Global search (docs/API.md, "Search"; docs/behaviour/search.md): one call
 * over the applications the caller may see, the people of the caller's
 * organisations, the files the caller can read (names and the text of
 * text-like files), the comments of the tasks and records the caller sees
 * and the records of the declared applications they have, within their
 * read rights. Results are ranked, paged per kind and carry highlighted
 * snippets.
 */

/** The kinds a search may be narrowed to: the panel's four, then the records of declared applications. */
export const SEARCH_FILTERS = ['apps', 'users', 'attachments', 'comments', 'records'] as const;
export type SearchFilter = (typeof SEARCH_FILTERS)[number];

/** Results per kind and page, and the most one page may ask for. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_TAKE_MAX = 100;

/**
 * Snippets mark the matched words between these two characters (private-use
 * code points that never occur in stored text). A client splits on them and
 * renders the parts as text, the matches in a <mark>; nothing is HTML.
 */
export const HIGHLIGHT_START = '\uE000';
export const HIGHLIGHT_END = '\uE001';

/** Splits a snippet into plain and matched parts. */
export function highlightParts(snippet: string): Array<{ text: string; match: boolean }> {
  const parts: Array<{ text: string; match: boolean }> = [];
  let rest = snippet;
  while (rest !== '') {
    const start = rest.indexOf(HIGHLIGHT_START);
    if (start === -1) {
      parts.push({ text: rest, match: false });
      break;
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), match: false });
    const end = rest.indexOf(HIGHLIGHT_END, start + 1);
    const stop = end === -1 ? rest.length : end;
    const text = rest.slice(start + 1, stop);
    if (text !== '') parts.push({ text, match: true });
    rest = end === -1 ? '' : rest.slice(end + 1);
  }
  return parts;
}


/**
 * GET /search?q=&filter=&take=&skip=. Without a filter every kind answers
 * its first page; with one, only that kind (paged by take and skip).
 * A text that is empty or only special characters is refused with the
 * panel's texts (SEARCH_TEXT_MESSAGES).
 */
export const SearchQuery = z.strictObject({
  q: z.string().check(
    z.maxLength(SEARCH_TEXT_MAX_LENGTH),
    z.refine((q) => searchTextProblem(q) !== 'empty', SEARCH_TEXT_MESSAGES.empty),
    z.refine((q) => searchTextProblem(q) !== 'special', SEARCH_TEXT_MESSAGES.special),
  ),
  filter: z.optional(z.union([z.enum(SEARCH_FILTERS), z.literal(''), z.literal('all')])),
  take: z._default(Int(1, SEARCH_TAKE_MAX), SEARCH_PAGE_SIZE),
  skip: z._default(Int(0, 10_000), 0),
});
export type SearchQuery = z.output<typeof SearchQuery>;

export interface AppResult {
  kind: 'apps';
  /** The package name to launch. */
  name: string;
  /** In the default language; `titles` has it in others (catalogueTitle picks the user's). */
  title: string;
  titles?: CatalogueTitles;
  category: string;
  snippet: string;
}

export interface UserResult {
  kind: 'users';
  id: string;
  name: string;
  username: string;
  designation: string | null;
  snippet: string;
}

export interface AttachmentResult {
  kind: 'attachments';
  /** The file's id and 'name:/path', to open it. */
  id: string;
  path: string;
  filename: string;
  mime: string;
  size: number;
  /** Where the words matched: the file's name or its text. */
  matchedIn: 'name' | 'content';
  snippet: string;
  /** The record whose file field holds it, for a file attached to a record: opening the result opens that record. */
  record?: RecordRef;
}

/** A file found that is attached to a record (else a file of the user's folders). */
export type RecordAttachmentResult = AttachmentResult & { record: RecordRef };

/** Whether a file found is attached to a record. */
export function isRecordAttachment(result: AttachmentResult): result is RecordAttachmentResult {
  return result.record !== undefined;
}

/** A comment on a task. */
export interface TaskCommentResult {
  kind: 'comments';
  id: string;
  taskId: string;
  task_name: string;
  appName: string;
  author: { id: string; name: string };
  created_at: string;
  snippet: string;
}

/** Which record of a declared application a result is, with the labels of its application and entity in every locale declared. */
export interface RecordRef {
  /** The declared application's name, to launch it with `{record: name}`. */
  app: string;
  appLabel: Labels;
  entity: string;
  entityLabel: Labels;
  /** The record's name (LR-2026-00001). */
  name: string;
  /** Its title, or its name where the caller may not see the title field. */
  title: string;
}

/** A comment on a record of a declared application. */
export interface RecordCommentResult {
  kind: 'comments';
  id: string;
  record: RecordRef;
  author: { id: string; name: string };
  created_at: string;
  snippet: string;
}

/** A comment found: on a task, or on a record (`'record' in result`). */
export type CommentResult = TaskCommentResult | RecordCommentResult;

/** Whether a comment found is on a record (else on a task). */
export function isRecordComment(result: CommentResult): result is RecordCommentResult {
  return 'record' in result;
}

/** A record of a declared application. */
export interface RecordResult extends RecordRef {
  kind: 'records';
  /** The record's colour by its entity's rule (BLUE without one). */
  colour: RygStatus;
  snippet: string;
}

export type SearchResult = AppResult | UserResult | AttachmentResult | CommentResult | RecordResult;

/**
 * The most matches of one kind that a search counts and ranks: past it the
 * kind's `count` is this number and `countCapped` is true (a client shows
 * "1,000+"), and its results are the best of the first matches found
 * (docs/behaviour/search.md#many-matches). Files and records only: the
 * other kinds are bounded by what the caller sees.
 */
export const SEARCH_COUNT_CAP = 1000;

export interface SearchGroup<T extends SearchResult = SearchResult> {
  /** All matches of this kind, or SEARCH_COUNT_CAP when `countCapped`. */
  count: number;
  /** Present and true when more than SEARCH_COUNT_CAP match: `count` is then a lower bound. */
  countCapped?: boolean;
  items: T[];
}

/** What GET /search answers in `data`: every kind, those not asked for with count 0 and no items. */
export interface SearchResponse {
  q: string;
  filter: SearchFilter | null;
  apps: SearchGroup<AppResult>;
  users: SearchGroup<UserResult>;
  attachments: SearchGroup<AttachmentResult>;
  comments: SearchGroup<CommentResult>;
  records: SearchGroup<RecordResult>;
}

/**
 * POST /user/updateusersearchitems: `search_history` is the text just
 * searched, or a whole comma-separated history with the newest first; the
 * server puts it before the stored history (addToSearchHistory's rule) and
 * answers the history it keeps.
 */
export const SearchHistoryBody = z.strictObject({
  // NUL characters and unpaired surrogates cannot be stored: refused with a 400.
  search_history: text({ max: SEARCH_TEXT_MAX_LENGTH * 20 }),
});
export type SearchHistoryBody = z.infer<typeof SearchHistoryBody>;

/** The global-search application's launch arguments. */
export interface GlobalSearchArgs {
  searchedValue: string;
  selectedFilter: SearchFilter | '';
}
