import type { AppDeclaration, Entity, EvaluationContext, FileRef, RecordDetail, ValueProblem } from '@atrium/shared/apps';
import type { RecordAccess } from '../access/recordRights.js';
import type { Caller } from '../access/Caller.js';
import type { Following } from '../workflows/ports.js';
import type { RecordScope, StoredRecord } from './RecordStore.js';

/** An application as the caller's organisation runs it. */
export interface AppContext {
  name: string;
  declaration: AppDeclaration;
  scope: RecordScope;
}

/** A record the caller may read, with what they may do with it. */
export interface ReadRecord {
  record: StoredRecord;
  entity: Entity;
  access: RecordAccess;
}

/** Facts an import reads once for all its rows: the organisation's members among the people named, the links checked so far, the values and names taken. */
export interface KnownFacts {
  members: ReadonlySet<string>;
  links: Map<string, boolean>;
  /** By unique field, the values of the file other records hold (as JSON text). */
  taken: ReadonlyMap<string, ReadonlySet<string>>;
  /** The names of the file's records (naming by a field) that records have. */
  names: ReadonlySet<string>;
}

/**
 * The steps every records call is made of, kept by RecordService and lent
 * to its parts (RecordCsv, RecordTimeline, RecordAttachments) so that each
 * rule has one home: which application the caller runs, which records they
 * may read, what only the server can check of values, how a record's fields
 * are written (with history and the files taken out), and the live updates.
 */
export interface RecordCore {
  now(): Date;
  /** The application as the caller's organisation runs it, if the caller has it (else `appNotFound`). */
  context(caller: Caller, appName: string): Promise<AppContext>;
  /** An entity of the application (else `entityNotFound`). */
  entity(app: AppContext, key: string): Entity;
  evaluation(caller: Caller, now?: Date): EvaluationContext;
  /** What the caller may do with a stored record. */
  access(caller: Caller, app: AppContext, record: StoredRecord): RecordAccess;
  /** A record the caller may read (a deleted one only for who may delete it); `notFound` otherwise. */
  readable(caller: Caller, app: AppContext, name: string): Promise<ReadRecord>;
  /** A record's fields written on a version, as an update writes them; `uploaded` is a file just stored in its folder. */
  write(caller: Caller, app: AppContext, read: ReadRecord, version: number, input: Readonly<Record<string, unknown>>, uploaded: FileRef | null): Promise<RecordDetail>;
  /** What only the server can check of the changed values: people of the organisation, linked records the caller sees, unique values. */
  serverProblems(caller: Caller | null, app: AppContext, entityKey: string, values: Record<string, unknown>, changed: string[], exceptId: string | null, known?: KnownFacts): Promise<Record<string, ValueProblem>>;
  /** The problem of a field's value that names a record (required, too long, taken), if any. */
  nameProblem(app: AppContext, value: unknown, taken?: ReadonlySet<string>): Promise<ValueProblem | null>;
  /** The record as answered to the caller, with what they may do (and its workflow). */
  detail(caller: Caller, app: AppContext, read: ReadRecord): Promise<RecordDetail>;
  /** The refusal of a write on an older version of the named record (`conflict`, naming who changed it last), or `notFound`. */
  conflictOf(app: AppContext, name: string): Promise<Error>;
  /** Tells the listeners (the live updates) of records the caller changed. */
  publish(caller: Caller, app: AppContext, entity: string, names: string[]): void;
  /** Users follow a record (docs/behaviour/workflows.md#following); nothing when following is not wired. */
  follow: Following['follow'];
}
