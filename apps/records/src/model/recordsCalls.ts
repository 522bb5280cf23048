import type { RecordDetail, RecordDto, RecordPage, RecordQueryInput, TimelineEntry, TransitionBody } from '@atrium/shared/apps';

/**
 * The server calls the board, the calendar and the timeline need
 * (docs/API.md, "Records"); the runtime's records client implements them,
 * tests give a recording fake. A refused call rejects with an Error whose
 * `code` is `records.<key>`, with `params` for its text.
 */
export interface RecordsCalls {
  /** A page of an entity's records matching the query's filters. */
  query(app: string, entity: string, query: RecordQueryInput): Promise<RecordPage>;
  /** Changes some fields of a record read at `version`; answers the record as written (alone, or with the caller's rights). */
  update(app: string, name: string, version: number, values: Record<string, unknown>): Promise<RecordDetail | RecordDto>;
  /** A record's history and comments, newest first. */
  timeline(app: string, name: string): Promise<TimelineEntry[]>;
  /** Comments on a record (mentions written `@username`). */
  comment(app: string, name: string, text: string): Promise<unknown>;
  /** One record with what the caller may do with it (a board grouped by a workflow's state reads the steps of a card moved). */
  get?(app: string, name: string): Promise<RecordDetail>;
  /** Takes a workflow step of a record read at the body's version (docs/behaviour/workflows.md#in-the-runtime). */
  transition?(app: string, name: string, body: TransitionBody): Promise<RecordDetail>;
}

/** The record an update answered, whichever of its shapes the answer has. */
export function writtenRecord(answer: RecordDetail | RecordDto): { record: RecordDto; people: Record<string, string>; links: Record<string, string> } {
  return 'record' in answer ? { record: answer.record, people: answer.people, links: answer.links } : { record: answer, people: {}, links: {} };
}
