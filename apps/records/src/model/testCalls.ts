import { countedTotal, evaluateCondition, RECORD_COUNT_CAP, recordCountBound, type Entity, type RecordDetail, type RecordDto, type RecordPage, type RecordQueryInput, type RecordsChangedParams, type TimelineEntry } from '@atrium/shared/apps';
import { RecordsFailure } from './RecordsApi.js';
import type { RecordsCalls } from './recordsCalls.js';

/**
 * Server calls for the models' tests: records kept in memory, queries
 * answered by evaluating their filters as the server's query does (every
 * filter must hold), updates checked against the version and the fields a
 * test makes read-only, and every call recorded. A call can be held
 * (`hold`) to look at the state while it is under way. Never used by
 * production code.
 */
export class TestCalls implements RecordsCalls {
  readonly queries: Array<{ app: string; entity: string; query: RecordQueryInput }> = [];
  readonly updates: Array<{ app: string; name: string; version: number; values: Record<string, unknown> }> = [];
  readonly comments: Array<{ app: string; name: string; text: string }> = [];
  records: RecordDto[] = [];
  entries = new Map<string, TimelineEntry[]>();
  people: Record<string, string> = {};
  /** How far a list's count goes, as the server's RECORD_COUNT_CAP (a test of a capped count sets a smaller one). */
  countCap = RECORD_COUNT_CAP;
  /** Fields an update may not change (refused as the server refuses a read-only field). */
  readOnly = new Set<string>();
  /** The next call of this kind fails with this error. */
  failNext: Partial<Record<'query' | 'update' | 'timeline' | 'comment', Error>> = {};
  #held: Array<() => void> | null = null;

  constructor(private readonly entity: Entity) {}

  /** Holds every call until release() is called. */
  hold(): void {
    this.#held ??= [];
  }

  /** Lets the held calls answer. */
  async release(): Promise<void> {
    const held = this.#held ?? [];
    this.#held = null;
    for (const go of held) go();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }

  async #gate(kind: keyof TestCalls['failNext']): Promise<void> {
    if (this.#held) await new Promise<void>((resolve) => this.#held!.push(resolve));
    const failure = this.failNext[kind];
    if (failure) {
      delete this.failNext[kind];
      throw failure;
    }
  }

  async query(app: string, entity: string, query: RecordQueryInput): Promise<RecordPage> {
    this.queries.push({ app, entity, query });
    await this.#gate('query');
    const ctx = { userId: 'olivia', now: Date.parse('2026-11-27T12:00:00Z') };
    const matching = this.records.filter((r) =>
      (query.filters ?? []).every((f) => evaluateCondition({ field: f.field, op: f.op, ...(f.value === undefined ? {} : { value: f.value }) } as never, r.values, this.entity.fields, ctx)),
    );
    const offset = query.offset ?? 0;
    const limit = query.limit ?? 50;
    // Counted as the server counts: up to the cap, or to the end of the page when further.
    const bound = recordCountBound(offset, limit, this.countCap);
    return { records: matching.slice(offset, offset + limit), ...countedTotal(Math.min(matching.length, bound + 1), bound), offset, people: this.people, links: {} };
  }

  async update(app: string, name: string, version: number, values: Record<string, unknown>): Promise<RecordDetail> {
    this.updates.push({ app, name, version, values });
    await this.#gate('update');
    const at = this.records.findIndex((r) => r.name === name);
    if (at < 0) throw refusal('records.notFound', 'Record not found');
    const record = this.records[at]!;
    const field = Object.keys(values).find((k) => this.readOnly.has(k));
    if (field !== undefined) throw refusal('records.readOnlyField', `You may not change the field ${field}`, { field });
    if (record.version !== version) throw refusal('records.conflict', `Liam Chen changed this record meanwhile (version ${record.version}).`, { user: 'Liam Chen', version: String(record.version) });
    const written: RecordDto = { ...record, version: record.version + 1, values: { ...record.values, ...values } };
    this.records[at] = written;
    return { record: written, rights: { update: true, delete: true, comment: true, readOnlyFields: [] }, people: this.people, links: {}, following: false };
  }

  async timeline(_app: string, name: string): Promise<TimelineEntry[]> {
    await this.#gate('timeline');
    return [...(this.entries.get(name) ?? [])];
  }

  async comment(app: string, name: string, text: string): Promise<unknown> {
    this.comments.push({ app, name, text });
    await this.#gate('comment');
    const entry: TimelineEntry = { kind: 'comment', id: `sent-${this.comments.length}`, at: '2026-11-27T12:00:00.000Z', by: { id: 'olivia', name: 'Olivia Hart' }, text, mentions: [] };
    this.entries.set(name, [entry, ...(this.entries.get(name) ?? [])]);
    return entry;
  }
}

/** A refusal as the records calls reject with it. */
export function refusal(code: string, message: string, params: Record<string, string> = {}): Error {
  return new RecordsFailure(code, message, params, {}, code === 'records.conflict' ? 409 : code === 'records.notFound' ? 404 : 403);
}

/** A record of the tests' entity. */
export function testRecord(name: string, values: Record<string, unknown>, extra: Partial<RecordDto> = {}): RecordDto {
  return {
    app: 'Leave',
    entity: 'request',
    name,
    title: String(values.title ?? name),
    version: 1,
    colour: 'BLUE',
    owner: { id: 'liam', name: 'Liam Chen' },
    createdAt: '2026-11-01T09:00:00.000Z',
    createdBy: { id: 'liam', name: 'Liam Chen' },
    updatedAt: '2026-11-01T09:00:00.000Z',
    updatedBy: { id: 'liam', name: 'Liam Chen' },
    values,
    ...extra,
  };
}

/** The desktop socket's records changes, told by a test. */
export function testChanges() {
  const listeners = new Set<(change: RecordsChangedParams | null) => void>();
  return {
    listen: (listener: (change: RecordsChangedParams | null) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** A change, or null: the connection came back and changes may have been missed. */
    tell: (change: RecordsChangedParams | null) => {
      for (const listener of [...listeners]) listener(change);
    },
    get listeners() {
      return listeners.size;
    },
  };
}
