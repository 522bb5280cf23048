import * as z from 'zod/mini';
import type { Locale } from '../constants.js';
import { RYG_STATUSES, type RygStatus } from '../rules/ryg.js';
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../api/text.js';
import { CONDITION_OPS, type ConditionOp } from './condition.js';
import type { Action, AppDeclaration } from './declaration.js';
import type { Labels } from './labels.js';
import type { ValueProblem } from './values.js';

/**
 * The calls of declared applications' records (docs/API.md, "Records"):
 * what the generic runtime sends and receives. Every body is checked on the
 * server with these schemas; values inside are checked against the entity's
 * declaration (values.ts), and no text of them ever becomes SQL.
 *
 *     GET    records/apps                                   the declared applications the caller has, with their rights
 *     POST   records/{app}/{entity}/query                   a page of a list (filters, search, sort, paging)
 *     GET    records/{app}/{entity}/export.csv?q=           the list as CSV (the query as JSON in q)
 *     POST   records/{app}/{entity}/import?dryRun=1         CSV import: a preview with each row's problems, or all rows written
 *     POST   records/{app}/{entity}                         create
 *     GET    records/{app}/record/{name}                    one record, with what the caller may do with it
 *     PUT    records/{app}/record/{name}                    update (with the version it was read at)
 *     DELETE records/{app}/record/{name}?version=           delete
 *     POST   records/{app}/record/{name}/restore            restore a deleted record
 *     GET    records/{app}/record/{name}/timeline           history and comments, newest first
 *     POST   records/{app}/record/{name}/comments           comment (with @mentions)
 *     POST   records/{app}/record/{name}/files?field=       upload a file to a file field (multipart, part `upload`)
 *     POST   records/{app}/record/{name}/transition         take a workflow transition (docs/behaviour/workflows.md)
 *     POST   records/{app}/record/{name}/reassign           give a state's open work of one assignee to another
 *     PUT    records/{app}/record/{name}/follow             follow the record
 *     DELETE records/{app}/record/{name}/follow             stop following it
 */

export { RECORD_PAGE_MAX, RECORD_PAGE_DEFAULT, RECORD_COUNT_CAP, recordCountBound, countedTotal, recordsAfter, RECORD_CSV_MAX_ROWS, RECORD_CSV_MAX_CHARS, RECORD_COMMENT_MAX_LENGTH, RECORD_FILTERS_MAX, RECORD_SEARCH_MAX_LENGTH, RecordMessages, type RecordErrorCode } from './recordLimits.js';
import { RECORD_PAGE_MAX, RECORD_PAGE_DEFAULT, RECORD_CSV_MAX_CHARS, RECORD_COMMENT_MAX_LENGTH, RECORD_FILTERS_MAX, RECORD_SEARCH_MAX_LENGTH } from './recordLimits.js';

/** Columns every record has besides its fields; lists filter and sort by them too. */
export const RECORD_META_FIELDS = ['name', 'owner', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'colour'] as const;
export type RecordMetaField = (typeof RECORD_META_FIELDS)[number];

const storable = () => z.refine<string>((s) => !hasUnstorableText(s), UNSTORABLE_TEXT_MESSAGE);
const fieldKey = () => z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must name a field'));
const literal = z.union([z.string().check(z.maxLength(1000), storable()), z.number(), z.boolean(), z.null()]);

/** Path parameters of the calls. */
export const RecordAppParams = z.strictObject({ app: z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/)) });
export const RecordEntityParams = z.strictObject({ app: RecordAppParams.shape.app, entity: fieldKey() });
export const RecordNameParams = z.strictObject({ app: RecordAppParams.shape.app, name: z.string().check(z.minLength(1), z.maxLength(140), storable()) });

/** One filter of a list: a field (or a column of RECORD_META_FIELDS) compared with a value, as the declaration's conditions. */
export const RecordFilter = z.strictObject({
  field: fieldKey(),
  op: z.enum(CONDITION_OPS),
  value: z.optional(
    z.union([
      literal,
      z.array(literal).check(z.maxLength(200)),
      z.strictObject({ relative: z.strictObject({ days: z.optional(z.number()), hours: z.optional(z.number()) }) }),
      z.strictObject({ me: z.literal(true) }),
    ]),
  ),
});
export type RecordFilter = z.infer<typeof RecordFilter>;

/** POST records/{app}/{entity}/query. */
export const RecordQuery = z.strictObject({
  filters: z._default(z.array(RecordFilter).check(z.maxLength(RECORD_FILTERS_MAX)), []),
  /** Words of the entity's searchable fields and title (a prefix match of each word). */
  search: z.optional(z.string().check(z.maxLength(RECORD_SEARCH_MAX_LENGTH), storable())),
  sort: z.optional(z.strictObject({ field: fieldKey(), direction: z._default(z.enum(['asc', 'desc']), 'asc') })),
  offset: z._default(z.int().check(z.minimum(0), z.maximum(1_000_000)), 0),
  limit: z._default(z.int().check(z.minimum(1), z.maximum(RECORD_PAGE_MAX)), RECORD_PAGE_DEFAULT),
  /** Deleted records instead of live ones (for restore); only for roles that may delete. */
  deleted: z.optional(z.boolean()),
  /** Only records with an open workflow task of the caller's (docs/behaviour/workflows.md#lists). */
  waitingForMe: z.optional(z.boolean()),
});
export type RecordQuery = z.output<typeof RecordQuery>;
export type RecordQueryInput = z.input<typeof RecordQuery>;

/**
 * GET records/{app}/{entity}/export.csv?q=: the list's query as JSON in `q`
 * (its page is not used: every record, up to RECORD_CSV_MAX_ROWS), and the
 * columns to write (the list's; else its view's, else every field).
 */
export const RecordExportQuery = z.extend(RecordQuery, { columns: z.optional(z.array(fieldKey()).check(z.maxLength(250))) });
export type RecordExportQuery = z.output<typeof RecordExportQuery>;
export type RecordExportQueryInput = z.input<typeof RecordExportQuery>;

/** The query string of the export: `q`, the query as JSON (none: the whole list). */
export const RecordExportParams = z.strictObject({ q: z.optional(z.string().check(z.maxLength(20_000))) });

/** The query string of POST records/{app}/{entity}/import: `dryRun=1` checks every row and writes nothing. */
export const RecordImportParams = z.strictObject({ dryRun: z.optional(z.enum(['0', '1', 'true', 'false'])) });

/** POST records/{app}/{entity}/import as JSON or a form: the CSV text in `csv` (a text/csv body is the text itself). */
export const RecordImportBody = z.strictObject({ csv: z.string().check(z.maxLength(RECORD_CSV_MAX_CHARS)) });

/** One row of an import: its number in the file (the header is row 1), its cells, and each field's problem (none: it can be imported). */
export interface RecordImportRow {
  row: number;
  cells: string[];
  problems: Record<string, ValueProblem>;
}

/**
 * The answer of an import: the field each column fills (null: a column
 * left out, the record's name), every row with its problems, how many rows
 * are refused, and the names of the records made (empty on a dry run or
 * when any row is refused: then nothing is written).
 */
export interface RecordImportResult {
  columns: Array<string | null>;
  rows: RecordImportRow[];
  refused: number;
  dryRun: boolean;
  created: string[];
}

/** POST records/{app}/{entity}: the new record's values by field key. */
export const CreateRecordBody = z.strictObject({ values: z.record(fieldKey(), z.unknown()) });
export type CreateRecordBody = z.infer<typeof CreateRecordBody>;

/** PUT records/{app}/record/{name}: the fields changed, and the version they were read at. */
export const UpdateRecordBody = z.strictObject({ version: z.int().check(z.minimum(1)), values: z.record(fieldKey(), z.unknown()) });
export type UpdateRecordBody = z.infer<typeof UpdateRecordBody>;

/** DELETE records/{app}/record/{name}?version= */
export const DeleteRecordQuery = z.strictObject({ version: z.coerce.number().check(z.int(), z.minimum(1)) });

/** POST records/{app}/record/{name}/comments. Mentions are written `@username` in the text. */
export const RecordCommentBody = z.strictObject({ text: z.string().check(z.trim(), storable(), z.minLength(1), z.maxLength(RECORD_COMMENT_MAX_LENGTH)) });
export type RecordCommentBody = z.infer<typeof RecordCommentBody>;

/**
 * POST records/{app}/record/{name}/transition: the transition taken, on the
 * version the record was read at, with the comment it asks for. In a state
 * with an approval rule, an approving transition records the caller's
 * decision and moves the record on only when enough have approved.
 */
export const TransitionBody = z.strictObject({
  transition: fieldKey(),
  version: z.int().check(z.minimum(1)),
  comment: z.optional(z.string().check(z.trim(), storable(), z.maxLength(RECORD_COMMENT_MAX_LENGTH))),
});
export type TransitionBody = z.infer<typeof TransitionBody>;

/** POST records/{app}/record/{name}/reassign: the current state's open work of `from` given to `to` (a member of the organisation). */
export const ReassignBody = z.strictObject({ from: z.uuid(), to: z.uuid() });
export type ReassignBody = z.infer<typeof ReassignBody>;

/** POST records/{app}/record/{name}/files?field=: the file field the upload (the multipart part `upload`) goes to. */
export const RecordFileQuery = z.strictObject({ field: fieldKey() });

/** A person as records show them. */
export interface RecordPerson {
  id: string;
  name: string;
}

/** A record as the calls answer it: only the fields the caller may see are in `values`. */
export interface RecordDto {
  app: string;
  entity: string;
  name: string;
  title: string;
  version: number;
  colour: RygStatus;
  owner: RecordPerson | null;
  createdAt: string;
  createdBy: RecordPerson | null;
  updatedAt: string;
  updatedBy: RecordPerson | null;
  /** Set on a deleted record (listed for restore). */
  deletedAt?: string;
  values: Record<string, unknown>;
}

/** What the caller may do with one record (GET record answers it). */
export interface RecordRights {
  update: boolean;
  delete: boolean;
  comment: boolean;
  /** Fields the caller sees but may not change, besides read-only and computed ones. */
  readOnlyFields: string[];
}

/**
 * A page of a list. `people` and `links` name the users and linked records
 * the values refer to. `total`: how many records match, counted up to
 * RECORD_COUNT_CAP (or to the end of the page, when further:
 * recordCountBound); `capped`: more than `total` match, and the list goes on
 * after this page.
 */
export interface RecordPage {
  records: RecordDto[];
  total: number;
  capped: boolean;
  offset: number;
  people: Record<string, string>;
  links: Record<string, string>;
}

/** A transition as the record's form offers it: one the caller may take from the record's state. */
export interface TransitionDto {
  key: string;
  action: Labels;
  to: string;
  decision?: 'approve' | 'reject';
  confirm?: Labels;
  comment: 'none' | 'optional' | 'required';
  /**
   * Why it cannot be taken yet, when the caller is among those who may take
   * it: the record does not meet its condition, or these fields need a
   * value first. Absent: it can be taken now.
   */
  blocked?: { condition: boolean; requires: string[] };
}

/** One approver of a state with an approval rule, and their decision so far. */
export interface ApproverDto {
  userId: string;
  decision: 'approve' | 'reject' | null;
  at: string | null;
  comment: string | null;
  /** The absent user this approver stands in for (delegation). */
  delegatedFrom: string | null;
}

/** The record's place in its entity's workflow (GET record answers it when the entity declares one). */
export interface RecordWorkflowDto {
  state: string;
  enteredAt: string;
  dueAt: string | null;
  /** Who the state's open work is with (user ids; names in the answer's `people`). */
  assignees: string[];
  /** The transitions the caller may take from this state. */
  transitions: TransitionDto[];
  /** The state's approval: how many approvals it needs and each approver's decision; null without an approval rule. */
  approval: { needed: number; approvers: ApproverDto[] } | null;
  /** Whether the caller may give an assignee's work to someone else. */
  mayReassign: boolean;
}

/** GET records/{app}/record/{name}. */
export interface RecordDetail {
  record: RecordDto;
  rights: RecordRights;
  people: Record<string, string>;
  links: Record<string, string>;
  /** Present when the record's entity declares a workflow. */
  workflow?: RecordWorkflowDto;
  /** Whether the caller follows the record (docs/behaviour/workflows.md#following). */
  following: boolean;
}

/** What the caller may do with an entity as a whole (GET records/apps). */
export interface EntityRights {
  actions: Action[];
  /** Fields the caller sees on none of the records. */
  hiddenFields: string[];
  /**
   * Fields the caller may give no new record, besides those declared
   * read-only or computed: the hidden ones, and those read-only or hidden in
   * every grant of theirs having 'create'. A new record's form shows them
   * read-only at their defaults and does not send them.
   */
  lockedOnCreate: string[];
}

/** One declared application the caller has (GET records/apps), its declaration with only what the caller may see. */
export interface DeclaredAppDto {
  declaration: AppDeclaration;
  version: string;
  rights: Record<string, EntityRights>;
}

/**
 * What a workflow's history row adds (docs/behaviour/workflows.md): the
 * transition taken, with its comment and, in an approval, the decision
 * (an approval that did not yet move the record is a row of its own); or
 * the work reassigned from one user to another.
 */
export type HistoryDetail =
  | { transition: string; comment: string | null; decision?: 'approve' | 'reject'; onBehalfOf?: string | null }
  | { reassigned: { from: string; to: string } };

/** A workflow's step as the timeline shows it: the people of a `HistoryDetail` by their names. */
export type TimelineDetail =
  | { transition: string; comment: string | null; decision?: 'approve' | 'reject'; onBehalfOf?: RecordPerson | null }
  | { reassigned: { from: RecordPerson | null; to: RecordPerson | null } };

/** One entry of a record's timeline. */
export type TimelineEntry =
  | {
      kind: 'change';
      id: string;
      at: string;
      by: RecordPerson | null;
      action: 'create' | 'update' | 'delete' | 'restore' | 'import' | 'transition' | 'reassign';
      version: number;
      changes: Array<{ field: string; before: unknown; after: unknown }>;
      /** A workflow's step: the transition taken (and its comment), or the work given from one person to another. */
      detail?: TimelineDetail;
    }
  | { kind: 'comment'; id: string; at: string; by: RecordPerson | null; text: string; mentions: RecordPerson[] };

/** The refusal of a write whose values do not fit the declaration (400, code `records.invalid`): each problem by field. */
export interface RecordProblemsEnvelope {
  status: 'error';
  code: 'records.invalid';
  message: string;
  fields: Record<string, ValueProblem>;
}

/** The refusal of a write made on an older version (409, code `records.conflict`), naming who changed it since. */
export interface RecordConflictParams extends Record<string, string> {
  user: string;
  version: string;
}


/**
 * The name of the work item a mention on a record gives the mentioned user
 * (docs/behaviour/records.md#comments), in that user's language: it is
 * stored as the task's name, so the server writes it once, translated.
 */
export const RECORD_MENTION_TEXTS: Readonly<Record<Locale, string>> = {
  en_EN: '{user} mentioned you on {record}',
  de_DE: '{user} hat Sie bei {record} erwähnt',
  fr_FR: '{user} vous a mentionné dans {record}',
  nb_NO: '{user} nevnte deg i {record}',
  sl_SI: '{user} vas je omenil(a) v zapisu {record}',
  vi_VN: '{user} đã nhắc đến bạn trong {record}',
  zh_CN: '{user} 在 {record} 中提到了你',
};

/**
 * The name of the one item a followed record gives each follower
 * (docs/behaviour/workflows.md#following), in the follower's language:
 * `changed` for a change of its fields (or its deletion, its restoring),
 * `commented` for a comment. Stored as the task's name.
 */
export const RECORD_FOLLOW_TEXTS: Readonly<Record<Locale, { changed: string; commented: string }>> = {
  en_EN: { changed: '{name} · {record} changed by {user}', commented: '{name} · {record}: comment by {user}' },
  de_DE: { changed: '{name} · {record} geändert von {user}', commented: '{name} · {record}: Kommentar von {user}' },
  fr_FR: { changed: '{name} · {record} modifié par {user}', commented: '{name} · {record} : commentaire de {user}' },
  nb_NO: { changed: '{name} · {record} endret av {user}', commented: '{name} · {record}: kommentar fra {user}' },
  sl_SI: { changed: '{name} · {record} – spremenil(a) {user}', commented: '{name} · {record}: komentar uporabnika {user}' },
  vi_VN: { changed: '{name} · {record} đã được {user} thay đổi', commented: '{name} · {record}: bình luận của {user}' },
  zh_CN: { changed: '{name} · {record} 已由 {user} 更改', commented: '{name} · {record}：{user} 的评论' },
};

/** Colours a list may be filtered by. */
export const RECORD_COLOURS: readonly RygStatus[] = RYG_STATUSES;

export { RECORDS_CHANGED_MESSAGE, RecordsChangedParams } from './recordsChanged.js';

export type { ConditionOp };
