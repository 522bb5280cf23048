import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Locale } from '@atrium/shared';
import {
  checkValues,
  colourOf,
  defaultValues,
  RECORD_CSV_MAX_ROWS,
  FILES_PER_FIELD_MAX,
  RECORD_MENTION_TEXTS,
  type AppDeclaration,
  type RecordExportQuery,
  type RecordImportResult,
  type DeclaredAppDto,
  type Entity,
  type EvaluationContext,
  type FileRef,
  type Labels,
  type RecordDetail,
  type RecordDto,
  type RecordPage,
  type RecordQuery,
  type TimelineEntry,
  type ValueProblem,
} from '@atrium/shared/apps';
import { entityRights, lockedOnCreate, mayDo, partlyHiddenFields, recordAccess, rowScope, visibleColour, visibleDeclaration } from '../access/recordRights.js';
import type { Caller } from '../access/Caller.js';
import { ExpiringCache } from '../auth/ExpiringCache.js';
import type { InstalledApp } from '../declarations/DeclarationStore.js';
import type { Stores } from '../stores.js';
import { displayName } from '../users/displayName.js';
import { createRecordsInBulk, type BulkRecord } from './bulkCreate.js';
import { listQuerySql, recordSearchSql, scopeSql, type RecordSearchSql } from './queryBuilder.js';
import { RecordError } from './RecordError.js';
import { RecordPresenter } from './RecordPresenter.js';
import type { FieldChange, HistoryAction, RecordScope, RecordStore, StoredRecord } from './RecordStore.js';
import { fileProblems, fileRefs, removedFiles } from './fileValues.js';
import { isUniqueViolation, mentionedUsernames, refuseLocked, same } from './recordChecks.js';
import { csvColumns, csvHeader, CsvProblem, csvText, csvValue, isCsvField, parseCsv, writeCsv } from './recordsCsv.js';
import { fillRecordText, RECORD_NAME_MAX_LENGTH, seriesKey, searchTextOf, seriesName, seriesPrefix, titleOf, userValues } from './recordText.js';

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** How long an organisation's installed declaration of an application is remembered (declarations change rarely). */
const DECLARATION_TTL_MS = 5_000;
const DECLARATIONS_REMEMBERED = 1_000;

/** A change of records, for the live updates: the names only; each desktop reads again what it shows, with its own rights. */
export interface RecordChange {
  accountId: string;
  app: string;
  entity: string;
  names: string[];
  by: { id: string; name: string };
  /** Made through this server, or through another one (heard of on the event bus). */
  origin: 'here' | 'elsewhere';
}

/** A user a comment mentions, to be told of it (docs/behaviour/records.md#comments). */
export interface Mention {
  accountId: string;
  app: string;
  userId: string;
  /** "{commenter} mentioned you on {record title}", in the mentioned user's language. */
  text: string;
  by: { id: string; name: string };
}

export interface RecordServiceDeps {
  stores: Pick<Stores, 'records' | 'declarations' | 'access' | 'users' | 'transaction'>;
  /** The catalogue grant (docs/behaviour/applications.md#visibility) for a user and an application name. */
  canSeeApp(userId: string, appName: string): Promise<boolean>;
  /** Tells a mentioned user (a work item in their notification centre). */
  notifyMention(mention: Mention): Promise<void>;
  /** The user's interface language (their setting), for what is written for them. */
  localeOf(userId: string): Promise<Locale>;
  now?: () => Date;
}

/** What the attachments' part does when a write takes files out of a record. */
export interface RecordFilesHooks {
  removed(where: { accountId: string; app: string; record: string }, files: FileRef[]): Promise<void>;
}

/**
 * One entity that global search reads for a caller: the SQL of the records
 * they may read and of those a text matches (queryBuilder's
 * recordSearchSql), and what a result shows of it.
 */
export interface RecordSearchTarget extends RecordSearchSql {
  app: string;
  appLabel: Labels;
  entity: string;
  entityLabel: Labels;
  /** A record's colour by its entity's rule, as far as the caller sees the fields the rule reads on that record. */
  colourOf(data: Readonly<Record<string, unknown>>, ownerId: string | null): RecordDto['colour'];
}

/** An application as the caller's organisation runs it. */
interface AppContext {
  name: string;
  declaration: AppDeclaration;
  scope: RecordScope;
}

/** Facts an import reads once for all its rows: the organisation's members among the people named, the links checked so far, the values and names taken. */
interface KnownFacts {
  members: ReadonlySet<string>;
  links: Map<string, boolean>;
  /** By unique field, the values of the file other records hold (as JSON text). */
  taken: ReadonlyMap<string, ReadonlySet<string>>;
  /** The names of the file's records (naming by a field) that records have. */
  names: ReadonlySet<string>;
}

/** A record the caller may read, with what they may do with it. */
interface ReadRecord {
  record: StoredRecord;
  entity: Entity;
  access: ReturnType<typeof recordAccess>;
}


/**
 * The records of declared applications (docs/behaviour/records.md): the one
 * place that writes them. Every call resolves the declaration the caller's
 * organisation runs and asks access/recordRights.ts what the caller may do;
 * a record the caller may not read answers `notFound`, exactly as one that
 * does not exist. Every write is one transaction with its history row, and
 * is told to the listeners (the live updates) once committed.
 */
export class RecordService {
  private readonly listeners = new Set<(change: RecordChange) => void>();
  private readonly declarations: ExpiringCache<string, InstalledApp | null>;
  private readonly now: () => Date;
  private readonly present: RecordPresenter;
  private files: RecordFilesHooks | null = null;

  constructor(private readonly deps: RecordServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.declarations = new ExpiringCache(DECLARATIONS_REMEMBERED, () => this.now().getTime());
    this.present = new RecordPresenter(deps.stores.records);
  }

  /** Tells `listener` of every change; returns the unsubscription. */
  onChange(listener: (change: RecordChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Forgets the remembered declarations (after an install or an upgrade made by this process). */
  forgetDeclarations(): void {
    this.declarations.clear();
  }

  /** GET records/apps: the declared applications of the caller's organisation the caller has, as far as they may see them. */
  async apps(caller: Caller): Promise<DeclaredAppDto[]> {
    if (!caller.organisation) return [];
    const installed = await this.deps.stores.declarations.installedFor(caller.organisation.id);
    const out: DeclaredAppDto[] = [];
    for (const app of installed) {
      if (!(await this.deps.canSeeApp(caller.userId, app.name))) continue;
      const declaration = visibleDeclaration(caller, app.declaration);
      const rights = Object.fromEntries(Object.keys(declaration.entities).map((entity) => [entity, entityRights(caller, app.declaration, entity)]));
      out.push({ declaration, version: app.version, rights });
    }
    return out;
  }

  /**
   * What global search reads for the caller (docs/behaviour/search.md#rights):
   * every entity they may read of each declared application their
   * organisation runs and they have, within their read scope, matched by
   * `text` as a list's search matches it.
   */
  async searchTargets(caller: Caller, text: string): Promise<RecordSearchTarget[]> {
    if (!caller.organisation) return [];
    const accountId = caller.organisation.id;
    const installed = await this.deps.stores.declarations.installedFor(accountId);
    const evaluation = this.evaluation(caller);
    const targets: RecordSearchTarget[] = [];
    for (const app of installed) {
      const keys = Object.keys(app.declaration.entities).filter((key) => rowScope(caller, app.declaration, key, 'read').kind !== 'none');
      if (keys.length === 0 || !(await this.deps.canSeeApp(caller.userId, app.name))) continue;
      for (const key of keys) {
        const entity = app.declaration.entities[key]!;
        const target = { accountId, appId: app.appId, entityKey: key, entity };
        const sql = recordSearchSql(target, text, rowScope(caller, app.declaration, key, 'read'), entityRights(caller, app.declaration, key).hiddenFields, evaluation, partlyHiddenFields(caller, app.declaration, key));
        targets.push({
          ...sql,
          app: app.name,
          appLabel: app.declaration.label,
          entity: key,
          entityLabel: entity.label,
          colourOf: (data, ownerId) =>
            colourOf(visibleColour(entity.colour, new Set(recordAccess(caller, app.declaration, key, { ownerId, values: data }, evaluation.now).hiddenFields)), data, entity.fields, evaluation),
        });
      }
    }
    return targets;
  }

  /** POST records/{app}/{entity}/query: a page of the records the caller may read, each without the fields hidden to them. */
  async list(caller: Caller, appName: string, entityKey: string, query: RecordQuery): Promise<RecordPage> {
    const app = await this.context(caller, appName);
    const entity = this.entity(app, entityKey);
    const evaluation = this.evaluation(caller);
    if (query.deleted && !mayDo(caller, app.declaration, entityKey, 'delete')) throw new RecordError('forbidden');
    // Deleted records are listed for restoring them: those the caller may delete.
    const scope = rowScope(caller, app.declaration, entityKey, query.deleted ? 'delete' : 'read');
    const { hiddenFields } = entityRights(caller, app.declaration, entityKey);
    const target = { accountId: app.scope.accountId, appId: app.scope.appId, entityKey, entity };
    const sql = listQuerySql(target, query, scope, hiddenFields, evaluation, partlyHiddenFields(caller, app.declaration, entityKey));
    const page = await this.deps.stores.records.page(sql.where, sql.orderBy, sql.limit, sql.offset);
    const shown = page.records.map((record) => ({ record, hidden: this.access(caller, app, record).hiddenFields }));
    const answer = await this.present.records(app, caller, shown, evaluation);
    return { records: answer.records, total: page.total, capped: page.capped, offset: sql.offset, people: answer.people, links: answer.links };
  }

  /** GET records/{app}/record/{name}: the record and what the caller may do with it. */
  async get(caller: Caller, appName: string, name: string): Promise<RecordDetail> {
    const app = await this.context(caller, appName);
    return this.detail(caller, app, await this.readable(caller, app, name));
  }

  /** POST records/{app}/{entity}: a new record named by its entity's rule, owned by its owner field or its creator. */
  async create(caller: Caller, appName: string, entityKey: string, input: Readonly<Record<string, unknown>>): Promise<RecordDetail> {
    const app = await this.context(caller, appName);
    const entity = this.entity(app, entityKey);
    if (!mayDo(caller, app.declaration, entityKey, 'create')) throw new RecordError('forbidden');
    const now = this.now();
    const evaluation = this.evaluation(caller, now);
    const defaults = defaultValues(entity, evaluation);
    const { hiddenFields } = entityRights(caller, app.declaration, entityKey);
    refuseLocked(entity, input, defaults, (key) => hiddenFields.includes(key));
    const checked = checkValues(entity, { ...defaults, ...input }, evaluation);
    const values = checked.values;
    const changed = Object.keys(entity.fields).filter((key) => !same(values[key], null) && !same(values[key], []));
    // A new record has no folder yet: its files come by upload once it exists.
    const problems = { ...(await this.serverProblems(caller, app, entityKey, values, changed, null)), ...fileProblems(entity, {}, values, null), ...checked.problems };
    const fieldName = 'field' in entity.naming ? entity.naming.field : null;
    if (fieldName !== null && problems[fieldName] === undefined) {
      const problem = await this.nameProblem(app, values[fieldName]);
      if (problem) problems[fieldName] = problem;
    }
    if (Object.keys(problems).length > 0) throw new RecordError('invalid', undefined, problems);
    const ownerId = entity.ownerField ? ((values[entity.ownerField] as string | null) ?? null) : caller.userId;
    if (!recordAccess(caller, app.declaration, entityKey, { ownerId, values }, now.getTime()).actions.includes('create')) throw new RecordError('forbidden');
    // A field read-only to the caller on the new record (by the grants that let them create it) keeps its default.
    const locked = lockedOnCreate(caller, app.declaration, entityKey, { ownerId, values }, now.getTime());
    refuseLocked(entity, input, defaults, (key) => locked.includes(key));
    const created = await this.insert(app, entityKey, values, ownerId, caller.userId, now);
    this.publish(caller, app, entityKey, [created.name]);
    return this.detail(caller, app, { record: created, entity, access: this.access(caller, app, created) });
  }

  /**
   * A record written by an operator or by the product's own data (the demo
   * records): its values checked as any write's (people of the
   * organisation, live linked records, unique values), named, titled and
   * kept in history as any record, made by `createdBy` at `at`, without
   * anyone's rights. Returns its name.
   */
  async createAsOperator(input: { accountId: string; app: string; entity: string; values: Readonly<Record<string, unknown>>; createdBy: string; at?: Date }): Promise<string> {
    const installed = await this.deps.stores.declarations.installed(input.accountId, input.app);
    if (!installed) throw new RecordError('appNotFound');
    const app: AppContext = { name: installed.name, declaration: installed.declaration, scope: { accountId: input.accountId, appId: installed.appId } };
    const entity = this.entity(app, input.entity);
    const at = input.at ?? this.now();
    const evaluation = { userId: input.createdBy, now: at.getTime() };
    const checked = checkValues(entity, { ...defaultValues(entity, evaluation), ...input.values }, evaluation);
    const values = checked.values;
    const problems = { ...(await this.serverProblems(null, app, input.entity, values, Object.keys(entity.fields), null)), ...checked.problems };
    const fieldName = 'field' in entity.naming ? entity.naming.field : null;
    if (fieldName !== null && problems[fieldName] === undefined) {
      const problem = await this.nameProblem(app, values[fieldName]);
      if (problem) problems[fieldName] = problem;
    }
    if (Object.keys(problems).length > 0) throw new RecordError('invalid', undefined, problems);
    const ownerId = entity.ownerField ? ((values[entity.ownerField] as string | null) ?? null) : input.createdBy;
    const created = await this.insert(app, input.entity, values, ownerId, input.createdBy, at);
    const people = await this.deps.stores.records.people([input.createdBy]);
    this.emit({ accountId: app.scope.accountId, app: app.name, entity: input.entity, names: [created.name], by: { id: input.createdBy, name: people.get(input.createdBy) ?? '' }, origin: 'here' });
    return created.name;
  }

  /**
   * Many records of one application written as createAsOperator writes
   * each (the demo records), checked and written in a few statements
   * (bulkCreate.ts), all or none: a refused one throws BulkRecordRefused,
   * naming it. Returns their names, in order.
   */
  async createManyAsOperator(input: { accountId: string; app: string; records: readonly BulkRecord[] }): Promise<string[]> {
    const installed = await this.deps.stores.declarations.installed(input.accountId, input.app);
    if (!installed) throw new RecordError('appNotFound');
    const scope = { accountId: input.accountId, appId: installed.appId };
    const names = await this.deps.stores.transaction((tx) => createRecordsInBulk(tx.records, { declaration: installed.declaration, scope }, input.records));
    const first = input.records[0]?.createdBy ?? '';
    const by = { id: first, name: (await this.deps.stores.records.people([first])).get(first) ?? '' };
    for (const entity of new Set(input.records.map((r) => r.entity))) {
      this.emit({ accountId: input.accountId, app: installed.name, entity, names: names.filter((_, i) => input.records[i]!.entity === entity), by, origin: 'here' });
    }
    return names;
  }

  /** PUT records/{app}/record/{name}: the fields given, on the version they were read at. */
  async update(caller: Caller, appName: string, name: string, version: number, input: Readonly<Record<string, unknown>>): Promise<RecordDetail> {
    const app = await this.context(caller, appName);
    return this.write(caller, app, await this.readable(caller, app, name), version, input, null);
  }

  /**
   * A record's fields written on a version: its file fields only keep or
   * lose the files they hold, but for `uploaded`, the file just stored in
   * the record's folder. The files a write takes out are deleted with it.
   */
  private async write(caller: Caller, app: AppContext, read: ReadRecord, version: number, input: Readonly<Record<string, unknown>>, uploaded: FileRef | null): Promise<RecordDetail> {
    const { record, entity, access } = read;
    const name = record.name;
    if (record.deletedAt) throw new RecordError('notFound');
    if (!access.actions.includes('update')) throw new RecordError('forbidden');
    if (record.version !== version) throw await this.conflict(record);
    const now = this.now();
    const evaluation = this.evaluation(caller, now);
    // The field that names the record is set when it is made: the name never changes (docs/behaviour/records.md).
    const namingField = 'field' in entity.naming ? entity.naming.field : null;
    refuseLocked(entity, input, record.data, (key) => key === namingField || access.readOnlyFields.includes(key) || access.hiddenFields.includes(key));
    const checked = checkValues(entity, { ...record.data, ...input }, evaluation);
    const values = checked.values;
    const changed = Object.keys(entity.fields).filter((key) => !same(record.data[key], values[key]));
    // Values that did not change are not checked again: a link to a record the caller no longer sees stays.
    const problems = { ...(await this.serverProblems(caller, app, record.entity, values, changed, record.id)), ...fileProblems(entity, record.data, values, uploaded), ...checked.problems };
    if (Object.keys(problems).length > 0) throw new RecordError('invalid', undefined, problems);
    if (changed.length === 0) return this.detail(caller, app, read);
    const ownerId = entity.ownerField ? ((values[entity.ownerField] as string | null) ?? null) : record.ownerId;
    const people = await this.deps.stores.records.people(userValues(entity, values));
    const updated = await this.deps.stores.transaction(async (tx) => {
      const after = await tx.records.update(record.id, version, {
        title: titleOf(entity, values, record.name, people),
        ownerId,
        data: values,
        searchText: searchTextOf(entity, values, people),
        updatedBy: caller.userId,
        at: now,
      });
      if (after) await this.history(tx.records, after, caller.userId, 'update', changed.map((field) => ({ field, before: record.data[field] ?? null, after: values[field] })));
      return after;
    });
    if (!updated) throw await this.conflictOf(app, name);
    const removed = removedFiles(entity, record.data, values);
    if (removed.length > 0) await this.files?.removed({ accountId: app.scope.accountId, app: app.name, record: record.name }, removed);
    this.publish(caller, app, record.entity, [record.name]);
    return this.detail(caller, app, { record: updated, entity, access: this.access(caller, app, updated) });
  }

  // ---- Attachments (RecordFiles.ts) ----

  /** The attachments' part, told of the files a write takes out of a record. */
  useFiles(files: RecordFilesHooks): void {
    this.files = files;
  }

  /**
   * Of these names of an application's records, the live ones the caller
   * may read, each with the names of the files its fields the caller sees
   * hold; null when the caller does not have the application.
   */
  async readableFiles(caller: Caller, appName: string, names: readonly string[]): Promise<Map<string, Set<string>> | null> {
    const app = await this.context(caller, appName).catch((e: unknown) => {
      if (e instanceof RecordError && e.code === 'records.appNotFound') return null;
      throw e;
    });
    if (!app) return null;
    const found = new Map<string, Set<string>>();
    if (names.length === 0) return found;
    for (const [key, entity] of Object.entries(app.declaration.entities)) {
      if (!Object.values(entity.fields).some((f) => f.type === 'file')) continue;
      for (const record of await this.deps.stores.records.findByNames(app.scope, key, names)) {
        const access = this.access(caller, app, record);
        if (!access.actions.includes('read')) continue;
        const shown = Object.keys(entity.fields).filter((f) => entity.fields[f]!.type === 'file' && !access.hiddenFields.includes(f));
        found.set(record.name, new Set(shown.flatMap((f) => fileRefs(record.data[f]).map((file) => file.name))));
      }
    }
    return found;
  }

  /**
   * Where a caller's upload to a record's file field may go: a live record
   * they may update, a file field they may change, with room for one more
   * file. Refused as the record's update would be.
   */
  async fileTarget(caller: Caller, appName: string, name: string, fieldKey: string): Promise<{ app: string; record: string }> {
    const app = await this.context(caller, appName);
    const { record, entity, access } = await this.readable(caller, app, name);
    if (record.deletedAt) throw new RecordError('notFound');
    if (!access.actions.includes('update')) throw new RecordError('forbidden');
    const field = Object.hasOwn(entity.fields, fieldKey) && !access.hiddenFields.includes(fieldKey) ? entity.fields[fieldKey]! : null;
    if (field?.type !== 'file') throw new RecordError('invalid', undefined, { [fieldKey]: { code: 'unknownField' } });
    if (field.readOnly || access.readOnlyFields.includes(fieldKey)) throw new RecordError('readOnlyField', { field: fieldKey });
    const max = field.multiple ? FILES_PER_FIELD_MAX : 1;
    if (fileRefs(record.data[fieldKey]).length >= max) throw new RecordError('invalid', undefined, { [fieldKey]: { code: 'maxRows', params: { max: String(max) } } });
    return { app: app.name, record: record.name };
  }

  /** A file stored in a record's folder added to its file field, on the record's newest version (a change in its history). */
  async attach(caller: Caller, appName: string, name: string, fieldKey: string, file: FileRef): Promise<RecordDetail> {
    const app = await this.context(caller, appName);
    // Another change may come between reading the record and writing it: the file is added to the newer values then.
    for (let attempt = 1; ; attempt++) {
      const read = await this.readable(caller, app, name);
      if (read.record.deletedAt) throw new RecordError('notFound');
      try {
        return await this.write(caller, app, read, read.record.version, { [fieldKey]: [...fileRefs(read.record.data[fieldKey]), file] }, file);
      } catch (e) {
        if (!(e instanceof RecordError && e.code === 'records.conflict') || attempt >= 3) throw e;
      }
    }
  }

  /** DELETE records/{app}/record/{name}?version=: the record leaves the lists (kept, for restoring). */
  async remove(caller: Caller, appName: string, name: string, version: number): Promise<void> {
    const app = await this.context(caller, appName);
    const { record, access } = await this.readable(caller, app, name);
    if (record.deletedAt) throw new RecordError('notFound');
    if (!access.actions.includes('delete')) throw new RecordError('forbidden');
    if (record.version !== version) throw await this.conflict(record);
    await this.setDeleted(caller, app, record, version, this.now(), 'delete');
  }

  /** POST records/{app}/record/{name}/restore: a deleted record back in the lists. */
  async restore(caller: Caller, appName: string, name: string): Promise<RecordDetail> {
    const app = await this.context(caller, appName);
    const read = await this.readable(caller, app, name);
    if (!read.access.actions.includes('delete')) throw new RecordError('forbidden');
    if (!read.record.deletedAt) throw new RecordError('notDeleted');
    const restored = await this.setDeleted(caller, app, read.record, read.record.version, null, 'restore');
    return this.detail(caller, app, { ...read, record: restored, access: this.access(caller, app, restored) });
  }

  /** GET records/{app}/record/{name}/timeline: history and comments, newest first, without the fields hidden to the caller. */
  async timeline(caller: Caller, appName: string, name: string): Promise<TimelineEntry[]> {
    const app = await this.context(caller, appName);
    const { record, access } = await this.readable(caller, app, name);
    const [history, comments] = await Promise.all([this.deps.stores.records.history(record.id), this.deps.stores.records.comments(record.id)]);
    const hidden = new Set(access.hiddenFields);
    const people = await this.deps.stores.records.people([...history.map((h) => h.userId ?? ''), ...comments.flatMap((c) => [c.authorId ?? '', ...c.mentions])]);
    const person = (id: string | null) => (id && people.has(id) ? { id, name: people.get(id)! } : null);
    const entries: TimelineEntry[] = [
      ...history.map(
        (h): TimelineEntry => ({
          kind: 'change',
          id: h.id,
          at: h.at.toISOString(),
          by: person(h.userId),
          action: h.action,
          version: h.version,
          changes: h.changes.filter((c) => !hidden.has(c.field)),
        }),
      ),
      ...comments.map(
        (c): TimelineEntry => ({
          kind: 'comment',
          id: c.id,
          at: c.createdAt.toISOString(),
          by: person(c.authorId),
          text: c.text,
          mentions: c.mentions.map(person).filter((p) => p !== null),
        }),
      ),
    ];
    return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  }

  /**
   * POST records/{app}/record/{name}/comments: a comment; each `@username`
   * (or `@<user id>`) of a member who may read the record is kept as a mention and told of
   * it (a work item in their notification centre).
   */
  async comment(caller: Caller, appName: string, name: string, text: string): Promise<TimelineEntry> {
    const app = await this.context(caller, appName);
    const { record, access } = await this.readable(caller, app, name);
    if (record.deletedAt || !access.actions.includes('comment')) throw new RecordError('forbidden');
    const mentioned = await this.mentionable(app, record, text, caller.userId);
    const row = await this.deps.stores.records.addComment({
      id: crypto.randomUUID(),
      recordId: record.id,
      authorId: caller.userId,
      text,
      mentions: mentioned.map((p) => p.id),
      createdAt: this.now(),
    });
    const by = { id: caller.userId, name: caller.name };
    for (const person of mentioned) {
      const text = fillRecordText(RECORD_MENTION_TEXTS[await this.deps.localeOf(person.id)], { user: caller.name, record: person.title });
      await this.deps.notifyMention({ accountId: app.scope.accountId, app: app.name, userId: person.id, text, by });
    }
    this.publish(caller, app, record.entity, [record.name]);
    return { kind: 'comment', id: row.id, at: row.createdAt.toISOString(), by, text: row.text, mentions: mentioned.map(({ id, name }) => ({ id, name })) };
  }

  /**
   * GET records/{app}/{entity}/export.csv: the list as CSV (recordsCsv.ts),
   * every record the caller may both export and read that the query's
   * filters and search select, in its order, at most RECORD_CSV_MAX_ROWS
   * (more is `tooManyRows`). The columns: the record's name, then the
   * query's columns, else the list view's, else every field, leaving out
   * tables, files and fields the caller sees on no record; a field hidden
   * on some records is empty there.
   */
  async exportCsv(caller: Caller, appName: string, entityKey: string, query: RecordExportQuery): Promise<{ filename: string; text: string }> {
    const app = await this.context(caller, appName);
    const entity = this.entity(app, entityKey);
    if (!mayDo(caller, app.declaration, entityKey, 'export')) throw new RecordError('forbidden');
    const now = this.now();
    const evaluation = this.evaluation(caller, now);
    const { hiddenFields } = entityRights(caller, app.declaration, entityKey);
    const target = { accountId: app.scope.accountId, appId: app.scope.appId, entityKey, entity };
    const list = listQuerySql(target, { ...query, deleted: false }, rowScope(caller, app.declaration, entityKey, 'export'), hiddenFields, evaluation, partlyHiddenFields(caller, app.declaration, entityKey));
    const readable = scopeSql(rowScope(caller, app.declaration, entityKey, 'read'), entity, evaluation);
    const page = await this.deps.stores.records.page(sql`${list.where} and ${readable}`, list.orderBy, RECORD_CSV_MAX_ROWS + 1, 0);
    if (page.total > RECORD_CSV_MAX_ROWS) throw new RecordError('tooManyRows', { max: String(RECORD_CSV_MAX_ROWS) });
    const shown = (query.columns ?? entity.views.list?.columns ?? Object.keys(entity.fields)).filter((key) => Object.hasOwn(entity.fields, key) && isCsvField(entity.fields[key]!) && !hiddenFields.includes(key));
    const fields = [...new Set(shown)];
    // The record's name first, unless a field is titled so (import would not tell them apart).
    const columns = fields.some((key) => key.toLowerCase() === 'name' || entity.fields[key]!.label.en_EN.trim().toLowerCase() === 'name') ? fields : ['name', ...fields];
    const userIds = new Set(page.records.flatMap((record) => userValues(entity, record.data)));
    const usernames = new Map<string, string>();
    for (const id of userIds) {
      const user = await this.deps.stores.users.findById(id);
      if (user) usernames.set(id, user.username);
    }
    const rows = page.records.map((record) => {
      const hidden = new Set(this.access(caller, app, record).hiddenFields);
      return columns.map((key) => (key === 'name' && !Object.hasOwn(entity.fields, key) ? record.name : hidden.has(key) ? '' : csvText(entity.fields[key]!, record.data[key], { usernames })));
    });
    return { filename: `${app.name}-${entityKey}-${now.toISOString().slice(0, 10)}.csv`, text: writeCsv([csvHeader(entity, columns), ...rows]) };
  }

  /**
   * POST records/{app}/{entity}/import: records made from CSV text, each row
   * checked exactly as a new record (shared checkValues, then members, links
   * and unique values, also unique within the file, and the caller's create
   * scope), its problems by field (`*`: the row as a whole). With a refused
   * row, or on a dry run, nothing is written; otherwise every row is made in
   * one transaction, in history as 'import', told once to the listeners.
   * Columns name fields by key or label in any language; a column of the
   * record's name is left out (names come from the naming rule), and one of
   * a computed field too (computed again).
   */
  async importCsv(caller: Caller, appName: string, entityKey: string, text: string, dryRun: boolean): Promise<RecordImportResult> {
    const app = await this.context(caller, appName);
    const entity = this.entity(app, entityKey);
    if (!mayDo(caller, app.declaration, entityKey, 'import') || !mayDo(caller, app.declaration, entityKey, 'create')) throw new RecordError('forbidden');
    const { hiddenFields } = entityRights(caller, app.declaration, entityKey);
    const fillable = Object.keys(entity.fields).filter((key) => isCsvField(entity.fields[key]!) && !hiddenFields.includes(key));
    let table: string[][];
    let columns: Array<string | null>;
    try {
      table = parseCsv(text);
      if (table.length === 0) throw new CsvProblem('noHeader', 'it has no header row');
      if (table.length - 1 > RECORD_CSV_MAX_ROWS) throw new RecordError('tooManyRows', { max: String(RECORD_CSV_MAX_ROWS) });
      if (table.length === 1) throw new CsvProblem('noRows', 'it has no rows below its header');
      columns = csvColumns(entity, table[0]!, fillable);
      const wide = table.findIndex((row) => row.length > columns.length);
      if (wide >= 0) throw new CsvProblem('tooManyCells', `row ${wide + 1} has more cells than the header`, { row: String(wide + 1) });
    } catch (e) {
      if (e instanceof CsvProblem) throw new RecordError('badCsv', { reason: e.message, problem: e.problem, ...e.params });
      throw e;
    }
    const now = this.now();
    const evaluation = this.evaluation(caller, now);
    const defaults = defaultValues(entity, evaluation);
    const userIds = await this.userIdsOf(entity, columns, table.slice(1));
    const fieldName = 'field' in entity.naming ? entity.naming.field : null;
    // Every row's values first, so that what the database holds is read once for the whole file.
    const read = table.slice(1).map((cells) => {
      const input: Record<string, unknown> = {};
      const locked: Record<string, ValueProblem> = {};
      columns.forEach((key, c) => {
        if (key === null) return;
        const field = entity.fields[key]!;
        if ('computed' in field && field.computed !== undefined) return;
        const value = csvValue(field, cells[c] ?? '', userIds);
        // An empty cell is a field left out: it takes its default, as in a new record's form.
        if (value === null || same(value, [])) return;
        if (field.readOnly && !same(value, defaults[key] ?? null)) locked[key] = { code: 'readOnly' };
        else input[key] = value;
      });
      return { cells, input, locked, checked: checkValues(entity, { ...defaults, ...input }, evaluation) };
    });
    const store = this.deps.stores.records;
    const valuesOf = (key: string) => read.map((r) => r.checked.values[key]).filter((v) => v !== null && v !== undefined && !same(v, []));
    const taken = new Map<string, ReadonlySet<string>>();
    for (const key of Object.keys(entity.fields)) if (entity.fields[key]!.unique) taken.set(key, await store.takenValues(app.scope, entityKey, key, valuesOf(key)));
    const known: KnownFacts = {
      members: await store.members(app.scope.accountId, [...new Set([caller.userId, ...userIds.values()])]),
      links: new Map(),
      taken,
      names: fieldName === null ? new Set() : await store.takenNames(app.scope, valuesOf(fieldName).map(String)),
    };
    const inFile = new Map<string, Set<string>>();
    const rows: RecordImportResult['rows'] = [];
    const good: Array<{ values: Record<string, unknown>; ownerId: string | null }> = [];
    for (const [i, { cells, input, locked, checked }] of read.entries()) {
      const values = checked.values;
      const given = Object.keys(entity.fields).filter((key) => !same(values[key], null) && !same(values[key], []));
      const problems: Record<string, ValueProblem> = { ...(await this.serverProblems(caller, app, entityKey, values, given, null, known)), ...checked.problems, ...locked };
      if (fieldName !== null && problems[fieldName] === undefined) {
        const problem = await this.nameProblem(app, values[fieldName], known.names);
        if (problem) problems[fieldName] = problem;
      }
      // Unique within the file too (the record's name among them).
      for (const key of Object.keys(entity.fields)) {
        if (!(entity.fields[key]!.unique || key === fieldName) || values[key] === null || same(values[key], [])) continue;
        const seen = inFile.get(key) ?? inFile.set(key, new Set()).get(key)!;
        const text = JSON.stringify(values[key]);
        if (seen.has(text) && problems[key] === undefined) problems[key] = { code: 'unique' };
        seen.add(text);
      }
      const ownerId = entity.ownerField ? ((values[entity.ownerField] as string | null) ?? null) : caller.userId;
      if (!recordAccess(caller, app.declaration, entityKey, { ownerId, values }, now.getTime()).actions.includes('create')) problems['*'] = { code: 'scope' };
      else {
        // A field the importer's grants let them read but not set on a new record, as in the form (recordRights lockedOnCreate).
        for (const key of lockedOnCreate(caller, app.declaration, entityKey, { ownerId, values }, now.getTime())) {
          if (Object.hasOwn(input, key) && !same(input[key], defaults[key] ?? null) && problems[key] === undefined) problems[key] = { code: 'readOnly' };
        }
      }
      rows.push({ row: i + 2, cells, problems });
      good.push({ values, ownerId });
    }
    const refused = rows.filter((row) => Object.keys(row.problems).length > 0).length;
    if (dryRun || refused > 0) return { columns, rows, refused, dryRun, created: [] };
    const people = await this.deps.stores.records.people([...new Set(good.flatMap((row) => userValues(entity, row.values)))]);
    const created = await this.deps.stores
      .transaction((tx) => this.insertAll(tx.records, app, entityKey, good, people, caller.userId, now))
      .catch((e: unknown) => {
        // Another write took a name meanwhile: nothing is written, as for a refused row.
        if (isUniqueViolation(e) && fieldName !== null) throw new RecordError('invalid', undefined, { [fieldName]: { code: 'unique' } });
        throw e;
      });
    this.publish(caller, app, entityKey, created);
    return { columns, rows, refused: 0, dryRun: false, created };
  }

  /** The user id of each username a file's person columns name (lower-case username -> id). */
  private async userIdsOf(entity: Entity, columns: ReadonlyArray<string | null>, rows: readonly string[][]): Promise<Map<string, string>> {
    const names = new Set<string>();
    columns.forEach((key, c) => {
      if (key !== null && entity.fields[key]!.type === 'user') for (const row of rows) if ((row[c] ?? '').trim() !== '') names.add(row[c]!.trim().toLowerCase());
    });
    const out = new Map<string, string>();
    for (const name of names) {
      const user = name.length <= 100 ? await this.deps.stores.users.findByUsername(name) : null;
      if (user) out.set(name, user.id);
    }
    return out;
  }

  /**
   * A change made through another server, heard of on the event bus: told
   * to this server's listeners (its desktops' sockets) as it came.
   */
  async changedElsewhere(change: Omit<RecordChange, 'origin' | 'by'> & { byId: string }): Promise<void> {
    const people = await this.deps.stores.records.people([change.byId]);
    const { byId, ...rest } = change;
    this.emit({ ...rest, by: { id: byId, name: people.get(byId) ?? '' }, origin: 'elsewhere' });
  }

  // ---- The parts of the calls ----

  /** The application as the caller's organisation runs it, if the caller has it. */
  private async context(caller: Caller, appName: string): Promise<AppContext> {
    const accountId = caller.organisation?.id;
    if (!accountId) throw new RecordError('appNotFound');
    const key = `${accountId}\u0000${appName}`;
    let installed = this.declarations.get(key);
    if (installed === undefined) {
      installed = await this.deps.stores.declarations.installed(accountId, appName);
      this.declarations.set(key, installed, this.now().getTime() + DECLARATION_TTL_MS);
    }
    if (!installed || !(await this.deps.canSeeApp(caller.userId, appName))) throw new RecordError('appNotFound');
    return { name: installed.name, declaration: installed.declaration, scope: { accountId, appId: installed.appId } };
  }

  private entity(app: AppContext, key: string): Entity {
    if (!Object.hasOwn(app.declaration.entities, key)) throw new RecordError('entityNotFound');
    return app.declaration.entities[key]!;
  }

  private evaluation(caller: Caller, now: Date = this.now()): EvaluationContext {
    return { userId: caller.userId, now: now.getTime() };
  }

  private access(caller: Caller, app: AppContext, record: StoredRecord) {
    return recordAccess(caller, app.declaration, record.entity, { ownerId: record.ownerId, values: record.data }, this.now().getTime());
  }

  /**
   * A record the caller may read: one outside their read scope is not found.
   * A deleted one is seen only by those who may delete it (to restore it).
   */
  private async readable(caller: Caller, app: AppContext, name: string): Promise<ReadRecord> {
    const record = await this.deps.stores.records.findByName(app.scope, name);
    if (!record || !Object.hasOwn(app.declaration.entities, record.entity)) throw new RecordError('notFound');
    const access = this.access(caller, app, record);
    if (!access.actions.includes('read') || (record.deletedAt && !access.actions.includes('delete'))) throw new RecordError('notFound');
    return { record, entity: app.declaration.entities[record.entity]!, access };
  }

  private async detail(caller: Caller, app: AppContext, { record, entity, access }: ReadRecord): Promise<RecordDetail> {
    const answer = await this.present.records(app, caller, [{ record, hidden: access.hiddenFields }], this.evaluation(caller));
    const actions = access.actions;
    return {
      record: answer.records[0]!,
      rights: {
        update: actions.includes('update'),
        delete: actions.includes('delete'),
        comment: actions.includes('comment'),
        readOnlyFields: [...new Set([...access.readOnlyFields, ...('field' in entity.naming ? [entity.naming.field] : [])])].filter((f) => !access.hiddenFields.includes(f)),
      },
      people: answer.people,
      links: answer.links,
    };
  }

  /** What only the server can check of the changed values: people of the organisation, linked records the caller sees, unique values. */
  private async serverProblems(caller: Caller | null, app: AppContext, entityKey: string, values: Record<string, unknown>, changed: string[], exceptId: string | null, known?: KnownFacts): Promise<Record<string, ValueProblem>> {
    const entity = app.declaration.entities[entityKey]!;
    const problems: Record<string, ValueProblem> = {};
    const users = changed.filter((key) => entity.fields[key]?.type === 'user' && typeof values[key] === 'string');
    const members = known?.members ?? (await this.deps.stores.records.members(app.scope.accountId, users.map((key) => values[key] as string)));
    for (const key of users) if (!members.has(values[key] as string)) problems[key] = { code: 'user' };
    for (const key of changed) {
      const field = entity.fields[key]!;
      const value = values[key];
      if (field.type === 'link' && typeof value === 'string' && !(await this.mayLinkKnown(caller, app, field.entity, value, known))) problems[key] = { code: 'link' };
      if (field.unique && value !== null && !same(value, []) && (known ? (known.taken.get(key)?.has(JSON.stringify(value)) ?? false) : await this.deps.stores.records.valueTaken(app.scope, entityKey, key, value, exceptId))) problems[key] = { code: 'unique' };
    }
    return problems;
  }

  /** mayLink, remembered across the rows of one import. */
  private async mayLinkKnown(caller: Caller | null, app: AppContext, entity: string, name: string, known: KnownFacts | undefined): Promise<boolean> {
    if (!known) return this.mayLink(caller, app, entity, name);
    const key = `${entity}\u0000${name}`;
    let answer = known.links.get(key);
    if (answer === undefined) {
      answer = await this.mayLink(caller, app, entity, name);
      known.links.set(key, answer);
    }
    return answer;
  }

  /** Whether a link may name a record: a live one of its entity, that the caller may read (any, for an operator). */
  private async mayLink(caller: Caller | null, app: AppContext, entity: string, name: string): Promise<boolean> {
    const [target] = await this.deps.stores.records.findByNames(app.scope, entity, [name]);
    return target !== undefined && (caller === null || this.access(caller, app, target).actions.includes('read'));
  }

  /** A record named by a field's value: a text that fits a name and that no record of the application has yet. */
  private async nameProblem(app: AppContext, value: unknown, taken?: ReadonlySet<string>): Promise<ValueProblem | null> {
    if (value === null || value === undefined) return { code: 'required' };
    const name = String(value);
    if (name.length > RECORD_NAME_MAX_LENGTH) return { code: 'maxLength', params: { max: String(RECORD_NAME_MAX_LENGTH) } };
    return (taken ? taken.has(name) : await this.deps.stores.records.findByName(app.scope, name)) ? { code: 'unique' } : null;
  }

  /** Writes a checked new record, named by its entity's rule, with its history row, in one transaction. */
  private async insert(app: AppContext, entityKey: string, values: Record<string, unknown>, ownerId: string | null, createdBy: string, at: Date): Promise<StoredRecord> {
    const entity = app.declaration.entities[entityKey]!;
    const people = await this.deps.stores.records.people(userValues(entity, values));
    const fieldName = 'field' in entity.naming ? entity.naming.field : null;
    return this.deps.stores
      .transaction((tx) => this.insertIn(tx.records, app, entityKey, { values, ownerId }, people, createdBy, at, 'create'))
      .catch((e: unknown) => {
        // Another write took the name meanwhile (a record named by a field's value).
        if (isUniqueViolation(e) && fieldName !== null) throw new RecordError('invalid', undefined, { [fieldName]: { code: 'unique' } });
        throw e;
      });
  }

  /** Writes one checked new record within a transaction: named by its entity's rule, its history listing every field given a value. */
  private async insertIn(store: RecordStore, app: AppContext, entityKey: string, row: { values: Record<string, unknown>; ownerId: string | null }, people: ReadonlyMap<string, string>, createdBy: string, at: Date, action: 'create' | 'import'): Promise<StoredRecord> {
    const entity = app.declaration.entities[entityKey]!;
    const { values, ownerId } = row;
    const given = Object.keys(entity.fields).filter((key) => !same(values[key], null) && !same(values[key], []));
    const name = 'series' in entity.naming ? await this.seriesName(store, app.scope, entityKey, seriesPrefix(entity.naming.series, at)) : String(values[entity.naming.field]);
    const record = await store.insert({
      id: crypto.randomUUID(),
      ...app.scope,
      entity: entityKey,
      name,
      title: titleOf(entity, values, name, people),
      ownerId,
      createdBy,
      at,
      data: values,
      searchText: searchTextOf(entity, values, people),
    });
    await this.history(store, record, createdBy, action, given.map((field) => ({ field, before: null, after: values[field] })));
    return record;
  }

  /**
   * Writes many checked new records within a transaction (an import): the
   * series' numbers taken at once, the records and their history rows
   * ('import') in a few statements. Answers their names, in order.
   */
  private async insertAll(store: RecordStore, app: AppContext, entityKey: string, rows: ReadonlyArray<{ values: Record<string, unknown>; ownerId: string | null }>, people: ReadonlyMap<string, string>, createdBy: string, at: Date): Promise<string[]> {
    const entity = app.declaration.entities[entityKey]!;
    let names: string[];
    if ('series' in entity.naming) {
      const prefix = seriesPrefix(entity.naming.series, at);
      const first = await store.nextNumbers(app.scope, entityKey, seriesKey(prefix), rows.length);
      names = rows.map((_, i) => seriesName(prefix, first + i));
      // A name given by hand may hold a number of the series: that row takes the series' next free one.
      const taken = await store.takenNames(app.scope, names);
      for (const [i, name] of names.entries()) if (taken.has(name)) names[i] = await this.seriesName(store, app.scope, entityKey, prefix);
    } else {
      const field = entity.naming.field;
      names = rows.map((row) => String(row.values[field]));
    }
    const stored = await store.insertMany(
      rows.map(({ values, ownerId }, i) => ({
        id: crypto.randomUUID(),
        ...app.scope,
        entity: entityKey,
        name: names[i]!,
        title: titleOf(entity, values, names[i]!, people),
        ownerId,
        createdBy,
        at,
        data: values,
        searchText: searchTextOf(entity, values, people),
      })),
    );
    await store.addHistoryMany(
      stored.map((record, i) => ({
        id: crypto.randomUUID(),
        recordId: record.id,
        userId: createdBy,
        at: record.updatedAt,
        action: 'import' as const,
        version: record.version,
        changes: Object.keys(entity.fields)
          .filter((key) => !same(rows[i]!.values[key], null) && !same(rows[i]!.values[key], []))
          .map((field) => ({ field, before: null, after: rows[i]!.values[field] })),
      })),
    );
    return stored.map((record) => record.name);
  }

  /** The next name of a series that no record of the application has (one named by hand may hold a number of the series). */
  private async seriesName(store: RecordStore, scope: RecordScope, entity: string, prefix: string): Promise<string> {
    for (;;) {
      const name = seriesName(prefix, await store.nextNumber(scope, entity, seriesKey(prefix)));
      if (!(await store.findByName(scope, name))) return name;
    }
  }

  private async setDeleted(caller: Caller, app: AppContext, record: StoredRecord, version: number, deletedAt: Date | null, action: 'delete' | 'restore'): Promise<StoredRecord> {
    const now = this.now();
    const after = await this.deps.stores.transaction(async (tx) => {
      const changed = await tx.records.setDeleted(record.id, version, deletedAt, caller.userId, now);
      if (changed) await this.history(tx.records, changed, caller.userId, action, []);
      return changed;
    });
    if (!after) throw await this.conflictOf(app, record.name);
    this.publish(caller, app, record.entity, [record.name]);
    return after;
  }

  private history(store: RecordStore, record: StoredRecord, userId: string, action: HistoryAction, changes: FieldChange[]): Promise<void> {
    return store.addHistory({ id: crypto.randomUUID(), recordId: record.id, userId, at: record.updatedAt, action, version: record.version, changes });
  }

  /** The refusal of a write on an older version, naming who made the newest change. */
  private async conflict(record: StoredRecord): Promise<RecordError> {
    const last = await this.deps.stores.records.lastChange(record.id);
    const people = await this.deps.stores.records.people(last?.userId ? [last.userId] : []);
    const user = (last?.userId && people.get(last.userId)) || '?';
    return new RecordError('conflict', { user, version: String(record.version) });
  }

  private async conflictOf(app: AppContext, name: string): Promise<RecordError> {
    const now = await this.deps.stores.records.findByName(app.scope, name);
    return now ? this.conflict(now) : new RecordError('notFound');
  }

  /**
   * The members a comment mentions who may read the record, each once, the
   * commenter left out; each with the record's title as they may see it.
   */
  private async mentionable(app: AppContext, record: StoredRecord, text: string, authorId: string): Promise<Array<{ id: string; name: string; title: string }>> {
    const usernames = mentionedUsernames(text);
    const out: Array<{ id: string; name: string; title: string }> = [];
    for (const username of usernames) {
      // A person is named by username, or by id (as the runtime's suggestions write them).
      const user = USER_ID.test(username) ? await this.deps.stores.users.findById(username) : await this.deps.stores.users.findByUsername(username);
      if (!user || user.disabled || user.id === authorId) continue;
      const facts = await this.deps.stores.access.callerFacts(user.id, app.scope.accountId);
      if (!facts.organisation || !(await this.deps.canSeeApp(user.id, app.name))) continue;
      const name = displayName(user);
      const them: Caller = { userId: user.id, name, sessionId: '', ...facts };
      const access = recordAccess(them, app.declaration, record.entity, { ownerId: record.ownerId, values: record.data }, this.now().getTime());
      // A title made of a field hidden to them would show it: the name stands in, as in their answers.
      const title = access.hiddenFields.includes(app.declaration.entities[record.entity]!.titleField) ? record.name : record.title;
      if (access.actions.includes('read')) out.push({ id: user.id, name, title });
    }
    return out;
  }

  private publish(caller: Caller, app: AppContext, entity: string, names: string[]): void {
    this.emit({ accountId: app.scope.accountId, app: app.name, entity, names, by: { id: caller.userId, name: caller.name }, origin: 'here' });
  }

  private emit(change: RecordChange): void {
    for (const listener of this.listeners) listener(change);
  }
}
