import type { AppDeclaration, HistoryDetail } from '@atrium/shared/apps';
import type { SQL } from 'drizzle-orm';

/** One change of a field, as history keeps it. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** What a history row says was done (docs/behaviour/records.md#history). */
export type HistoryAction = 'create' | 'update' | 'delete' | 'restore' | 'import' | 'transition' | 'reassign';

/** A record as stored: its values in `data` (every field of its entity, null where none). */
export interface StoredRecord {
  id: string;
  accountId: string;
  appId: string;
  entity: string;
  name: string;
  title: string;
  ownerId: string | null;
  createdBy: string | null;
  createdAt: Date;
  updatedBy: string | null;
  updatedAt: Date;
  version: number;
  deletedAt: Date | null;
  data: Record<string, unknown>;
}

export interface NewRecord {
  id: string;
  accountId: string;
  appId: string;
  entity: string;
  name: string;
  title: string;
  ownerId: string | null;
  createdBy: string;
  at: Date;
  data: Record<string, unknown>;
  searchText: string;
}

/** A change of a record's values: the whole new values, with what is derived from them. */
export interface RecordPatch {
  title: string;
  ownerId: string | null;
  data: Record<string, unknown>;
  searchText: string;
  updatedBy: string;
  at: Date;
}

export interface HistoryRow {
  id: string;
  recordId: string;
  userId: string | null;
  at: Date;
  action: HistoryAction;
  /** The record's version after the change. */
  version: number;
  changes: FieldChange[];
  /** A workflow's step: the transition taken and its comment, or the work reassigned (null or absent otherwise). */
  detail?: HistoryDetail | null;
}

export interface CommentRow {
  id: string;
  recordId: string;
  authorId: string | null;
  text: string;
  /** Ids of the users the comment mentions. */
  mentions: string[];
  createdAt: Date;
}

/** A page of stored records, and how many match (more than `total` when `capped`). */
export interface RecordPageRows {
  records: StoredRecord[];
  total: number;
  capped: boolean;
}

/** The records of one application of one organisation. */
export interface RecordScope {
  accountId: string;
  appId: string;
}

/**
 * Persistence of declared applications' records (docs/behaviour/records.md):
 * the records, their history, comments and naming series. A write that
 * names a version changes the record only while it still has that version
 * (its answer is null otherwise), so that of two writes made on one version
 * exactly one wins.
 */
export interface RecordStore {
  /** Adds a record at version 1. */
  insert(record: NewRecord): Promise<StoredRecord>;
  /** Replaces a live record's values if it still has `version`; the record after (version + 1), or null. */
  update(id: string, version: number, patch: RecordPatch): Promise<StoredRecord | null>;
  /** Deletes (a moment) or restores (null) a record if it still has `version`; the record after (version + 1), or null. */
  setDeleted(id: string, version: number, deletedAt: Date | null, userId: string, at: Date): Promise<StoredRecord | null>;
  /** A record by its name within an application of an organisation, deleted or not. */
  findByName(scope: RecordScope, name: string): Promise<StoredRecord | null>;
  /** The live records of those names (of one entity), for the titles of links. */
  findByNames(scope: RecordScope, entity: string, names: readonly string[]): Promise<StoredRecord[]>;
  /**
   * A page of records matching `where` in `orderBy` order, and how many
   * match: counted up to shared recordCountBound(offset, limit) (the cap,
   * or the page's end when further), `capped` when more match. A page
   * that reaches the cap is not counted: one record read past it says
   * whether more match.
   */
  page(where: SQL, orderBy: SQL, limit: number, offset: number): Promise<RecordPageRows>;
  /** The next number of a naming series (1 for a new one): within a transaction, held until it ends. */
  nextNumber(scope: RecordScope, entity: string, prefix: string): Promise<number>;
  /** `count` consecutive numbers of a naming series at once (within a transaction, held until it ends); the first of them. */
  reserveNumbers(scope: RecordScope, entity: string, prefix: string, count: number): Promise<number>;
  /** Whether a live record of the entity other than `exceptId` holds this value in a field. */
  valueTaken(scope: RecordScope, entity: string, field: string, value: unknown, exceptId: string | null): Promise<boolean>;
  addHistory(row: HistoryRow): Promise<void>;
  /**
   * Adds many records at version 1 (an import), in as few statements as the
   * database takes, in the order given; with many (PgRecordStore's
   * RECORDS_ANALYZE_AFTER, and a tenth of the table), renews the table's
   * statistics.
   */
  insertMany(records: readonly NewRecord[]): Promise<StoredRecord[]>;
  addHistoryMany(rows: readonly HistoryRow[]): Promise<void>;
  /** Which of these names records of the application have (deleted or not). */
  takenNames(scope: RecordScope, names: readonly string[]): Promise<Set<string>>;
  /** Which of these values of a field live records of the entity hold (as JSON text), for unique fields. */
  takenValues(scope: RecordScope, entity: string, field: string, values: readonly unknown[]): Promise<Set<string>>;
  /** A record's history, newest first. */
  history(recordId: string): Promise<HistoryRow[]>;
  /** The newest history row of a record. */
  lastChange(recordId: string): Promise<HistoryRow | null>;
  addComment(row: CommentRow): Promise<CommentRow>;
  /** A record's comments, newest first. */
  comments(recordId: string): Promise<CommentRow[]>;
  /** Display names of users by id (the ids of users that do not exist are left out). */
  people(ids: readonly string[]): Promise<Map<string, string>>;
  /** Which of these users are members of the organisation (and not disabled). */
  members(accountId: string, ids: readonly string[]): Promise<Set<string>>;
  /**
   * Makes the indexes of an application's lists (recordIndexes.ts) those
   * its declarations want: creates the missing ones, drops those no longer
   * wanted. Returns the names of both. The table's statistics are renewed
   * when an index is made, or when the install changed `rowsWritten`
   * records, as many as insertMany's.
   */
  syncIndexes(appId: string, declarations: readonly AppDeclaration[], rowsWritten?: number): Promise<{ created: string[]; dropped: string[] }>;
}
