import crypto from 'node:crypto';
import type { Locale } from '@atrium/shared';
import {
  checkValues,
  colourOf,
  defaultValues,
  type DeclaredAppDto,
  type Entity,
  type EvaluationContext,
  type FileRef,
  type Labels,
  type RecordDetail,
  type RecordDto,
  type RecordPage,
  type RecordQuery,
  type ValueProblem,
} from '@atrium/shared/apps';
import { entityRights, lockedOnCreate, mayDo, partlyHiddenFields, recordAccess, rowScope, staysChangeable, visibleColour, visibleDeclaration, workHolderAccess } from '../access/recordRights.js';
import type { Caller } from '../access/Caller.js';
import { ExpiringCache } from '../auth/ExpiringCache.js';
import type { InstalledApp } from '../declarations/DeclarationStore.js';
import type { Stores } from '../stores.js';
import { createRecordsInBulk, type BulkRecord } from './bulkCreate.js';
import { listQuerySql, recordSearchSql, type RecordSearchSql } from './queryBuilder.js';
import { RecordAttachments } from './RecordAttachments.js';
import type { AppContext, KnownFacts, ReadRecord, RecordCore } from './RecordCore.js';
import { RecordCsv } from './RecordCsv.js';
import { RecordError } from './RecordError.js';
import { RecordPresenter } from './RecordPresenter.js';
import type { FieldChange, HistoryAction, RecordStore, StoredRecord } from './RecordStore.js';
import { RecordTimeline, type Mention } from './RecordTimeline.js';
import { fileProblems, removedFiles } from './fileValues.js';
import { newRecord } from './newRecord.js';
import { refuseLocked, same, uniqueViolationProblems } from './recordChecks.js';
import { freeSeriesName, RECORD_NAME_MAX_LENGTH, searchTextOf, seriesPrefix, titleOf, userValues } from './recordText.js';
import type { Delegation, Following } from '../workflows/ports.js';
import type { EnterDeps } from '../workflows/entering.js';
import { WorkflowService } from '../workflows/WorkflowService.js';
import type { TaskRecord } from '../tasks/TaskStore.js';

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

export interface RecordServiceDeps {
  stores: Pick<Stores, 'records' | 'declarations' | 'access' | 'users' | 'tasks' | 'workflows' | 'transaction' | 'accounts'>;
  /** The catalogue grant (docs/behaviour/applications.md#visibility) for a user and an application name. */
  canSeeApp(userId: string, appName: string): Promise<boolean>;
  /** Tells a mentioned user (a work item in their notification centre). */
  notifyMention(mention: Mention): Promise<void>;
  /** The user's interface language (their setting), for what is written for them. */
  localeOf(userId: string): Promise<Locale>;
  /** What the workflows (docs/behaviour/workflows.md) ask of other domains: absences, following, the notification centres' live updates. */
  workflow?: {
    delegation?: Delegation;
    following?: Following;
    announceTasks?(tasks: readonly TaskRecord[], reason: 'assigned' | 'completed', by: { id: string; name: string }): void;
  };
  now?: () => Date;
}

/** Who follows a record (docs/behaviour/workflows.md#following): the following part (following/RecordFollowing.ts). */
export interface RecordFollowHooks extends Following {
  unfollow(recordId: string, userId: string): Promise<void>;
  isFollowing(recordId: string, userId: string): Promise<boolean>;
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
  private following: RecordFollowHooks | null = null;
  /** Export and import as CSV (RecordCsv.ts). */
  readonly csv: RecordCsv;
  /** A record's timeline and comments, with their mentions (RecordTimeline.ts). */
  readonly timeline: RecordTimeline;
  /** The records' side of file fields' files (RecordAttachments.ts). */
  readonly attachments: RecordAttachments;
  /** The workflows of entities that declare one: transitions, approvals, reassigning (../workflows/). */
  readonly workflow: WorkflowService;

  constructor(private readonly deps: RecordServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.declarations = new ExpiringCache(DECLARATIONS_REMEMBERED, () => this.now().getTime());
    this.present = new RecordPresenter(deps.stores.records);
    const core = this.core();
    this.timeline = new RecordTimeline(core, deps);
    this.attachments = new RecordAttachments(core, deps.stores.records);
    // The assignees a state gives follow the record through the following part, once it is given (useFollowing).
    const following: Following = { follow: async (recordId, userIds, reason) => this.following?.follow(recordId, userIds, reason) };
    this.workflow = new WorkflowService(core, { stores: deps.stores, localeOf: deps.localeOf, following, ...deps.workflow });
    this.csv = new RecordCsv(core, deps.stores, this.workflow);
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
    // A workflow's state field starts in its initial state (docs/behaviour/workflows.md#the-engine).
    const first = this.workflow.createValues(entity, input);
    const checked = checkValues(entity, { ...defaults, ...input, ...first.values }, evaluation);
    const values = checked.values;
    const changed = Object.keys(entity.fields).filter((key) => !same(values[key], null) && !same(values[key], []));
    // A new record has no folder yet: its files come by upload once it exists.
    const problems = { ...(await this.serverProblems(caller, app, entityKey, values, changed, null)), ...fileProblems(entity, {}, values, null), ...checked.problems, ...first.problems };
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
    const created = await this.insert(app, entityKey, values, ownerId, { id: caller.userId, name: caller.name }, now);
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
    const first = this.workflow.createValues(entity, input.values);
    const checked = checkValues(entity, { ...defaultValues(entity, evaluation), ...input.values, ...first.values }, evaluation);
    const values = checked.values;
    const problems = { ...(await this.serverProblems(null, app, input.entity, values, Object.keys(entity.fields), null)), ...checked.problems, ...first.problems };
    const fieldName = 'field' in entity.naming ? entity.naming.field : null;
    if (fieldName !== null && problems[fieldName] === undefined) {
      const problem = await this.nameProblem(app, values[fieldName]);
      if (problem) problems[fieldName] = problem;
    }
    if (Object.keys(problems).length > 0) throw new RecordError('invalid', undefined, problems);
    const ownerId = entity.ownerField ? ((values[entity.ownerField] as string | null) ?? null) : input.createdBy;
    const people = await this.deps.stores.records.people([input.createdBy]);
    const by = { id: input.createdBy, name: people.get(input.createdBy) ?? '' };
    const created = await this.insert(app, input.entity, values, ownerId, by, at);
    this.emit({ accountId: app.scope.accountId, app: app.name, entity: input.entity, names: [created.name], by, origin: 'here' });
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
    const app: AppContext = { name: installed.name, declaration: installed.declaration, scope };
    // Each record enters the state its values hold, in the same transaction (docs/behaviour/workflows.md#the-engine).
    const prepared = new Map<string, EnterDeps>();
    for (const entityKey of new Set(input.records.map((r) => r.entity))) {
      const entity = installed.declaration.entities[entityKey];
      if (!entity?.workflow) continue;
      const list = input.records.filter((r) => r.entity === entityKey).map((r) => ({ values: r.values, ownerId: entity.ownerField ? ((r.values[entity.ownerField] as string | undefined) ?? r.createdBy) : r.createdBy }));
      const deps = await this.workflow.prepare(app, entityKey, list, list.map((r) => this.workflow.statesOf(entity, r.values)!));
      if (deps) prepared.set(entityKey, deps);
    }
    const written = await this.deps.stores.transaction(async (tx) => {
      const stored = await createRecordsInBulk(tx.records, app, input.records);
      return { stored, pending: await this.workflow.enterAll(tx, prepared, app, stored) };
    });
    const names = written.stored.map((r) => r.name);
    const first = input.records[0]?.createdBy ?? '';
    const by = { id: first, name: (await this.deps.stores.records.people([first])).get(first) ?? '' };
    await this.workflow.committed(written.pending, by);
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
    // A workflow's state decides what may change (docs/behaviour/workflows.md#the-engine).
    this.workflow.checkWrite(caller, app, read, changed);
    // Values that did not change are not checked again: a link to a record the caller no longer sees stays.
    const problems = { ...(await this.serverProblems(caller, app, record.entity, values, changed, record.id)), ...fileProblems(entity, record.data, values, uploaded), ...checked.problems };
    if (Object.keys(problems).length > 0) throw new RecordError('invalid', undefined, problems);
    if (changed.length === 0) return this.detail(caller, app, read);
    const ownerId = entity.ownerField ? ((values[entity.ownerField] as string | null) ?? null) : record.ownerId;
    if (!staysChangeable(caller, app.declaration, record.entity, { ownerId, values }, now.getTime())) throw new RecordError('outOfScope');
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
    }).catch((e: unknown) => {
      // Another write took a unique value meanwhile.
      const problems = uniqueViolationProblems(e, app.scope.appId, record.entity, entity);
      if (problems) throw new RecordError('invalid', undefined, problems);
      throw e;
    });
    if (!updated) throw await this.conflictOf(app, name);
    const removed = removedFiles(entity, record.data, values);
    if (removed.length > 0) await this.files?.removed({ accountId: app.scope.accountId, app: app.name, record: record.name }, removed);
    this.publish(caller, app, record.entity, [record.name]);
    return this.detail(caller, app, { record: updated, entity, access: this.access(caller, app, updated) });
  }

  // ---- Following (docs/behaviour/workflows.md#following) ----

  /** The following part: a record's creator follows it, and every answer says whether the caller follows the record. */
  useFollowing(following: RecordFollowHooks): void {
    this.following = following;
  }

  /** PUT (`on`) or DELETE records/{app}/record/{name}/follow: the caller follows a record they may read, or stops. */
  async follow(caller: Caller, appName: string, name: string, on: boolean): Promise<RecordDetail> {
    const app = await this.context(caller, appName);
    const read = await this.readable(caller, app, name);
    if (!this.following) throw new RecordError('notFound');
    if (on) await this.following.follow(read.record.id, [caller.userId], 'manual');
    else await this.following.unfollow(read.record.id, caller.userId);
    return this.detail(caller, app, read);
  }

  // ---- Attachments (RecordFiles.ts) ----

  /** The attachments' part, told of the files a write takes out of a record. */
  useFiles(files: RecordFilesHooks): void {
    this.files = files;
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

  /** The steps of the calls lent to the service's parts (RecordCore.ts). */
  private core(): RecordCore {
    return {
      now: () => this.now(),
      context: (caller, appName) => this.context(caller, appName),
      entity: (app, key) => this.entity(app, key),
      evaluation: (caller, now) => this.evaluation(caller, now),
      access: (caller, app, record) => this.access(caller, app, record),
      readable: (caller, app, name) => this.readable(caller, app, name),
      write: (caller, app, read, version, input, uploaded) => this.write(caller, app, read, version, input, uploaded),
      serverProblems: (caller, app, entityKey, values, changed, exceptId, known) => this.serverProblems(caller, app, entityKey, values, changed, exceptId, known),
      nameProblem: (app, value, taken) => this.nameProblem(app, value, taken),
      publish: (caller, app, entity, names) => this.publish(caller, app, entity, names),
      follow: async (recordId, userIds, reason) => this.following?.follow(recordId, userIds, reason),
      detail: (caller, app, read) => this.detail(caller, app, read),
      conflictOf: (app, name) => this.conflictOf(app, name),
    };
  }

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
   * A record the caller may read: one outside their read scope is not found,
   * unless they hold open work on it (a delegate's or a reassigned
   * approval: docs/behaviour/workflows.md#the-engine).
   * A deleted one is seen only by those who may delete it (to restore it).
   */
  private async readable(caller: Caller, app: AppContext, name: string): Promise<ReadRecord> {
    const record = await this.deps.stores.records.findByName(app.scope, name);
    if (!record || !Object.hasOwn(app.declaration.entities, record.entity)) throw new RecordError('notFound');
    const entity = app.declaration.entities[record.entity]!;
    let access = this.access(caller, app, record);
    if (!access.actions.includes('read') && !record.deletedAt && entity.workflow && (await this.workflow.holdsWork(caller, record))) {
      access = workHolderAccess(caller, app.declaration, record.entity) ?? access;
    }
    if (!access.actions.includes('read') || (record.deletedAt && !access.actions.includes('delete'))) throw new RecordError('notFound');
    return { record, entity, access };
  }

  private async detail(caller: Caller, app: AppContext, read: ReadRecord): Promise<RecordDetail> {
    const { record, entity, access } = read;
    const answer = await this.present.records(app, caller, [{ record, hidden: access.hiddenFields }], this.evaluation(caller));
    const actions = access.actions;
    const workflow = await this.workflow.view(caller, app, read);
    const people = workflow ? await this.deps.stores.records.people(workflow.people.filter((id) => !Object.hasOwn(answer.people, id))) : new Map<string, string>();
    const stateReadOnly = workflow ? this.workflow.readOnlyFields(caller, app, read) : [];
    return {
      record: answer.records[0]!,
      rights: {
        update: actions.includes('update'),
        delete: actions.includes('delete'),
        comment: actions.includes('comment'),
        // In the entity's field order, as the form shows them.
        readOnlyFields: Object.keys(entity.fields).filter((f) => !access.hiddenFields.includes(f) && (access.readOnlyFields.includes(f) || stateReadOnly.includes(f) || ('field' in entity.naming && entity.naming.field === f))),
      },
      people: { ...answer.people, ...Object.fromEntries(people) },
      links: answer.links,
      following: (await this.following?.isFollowing(record.id, caller.userId)) ?? false,
      ...(workflow ? { workflow: workflow.workflow } : {}),
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

  /** Writes a checked new record, named by its entity's rule, with its history row and its workflow's first state, in one transaction. */
  private async insert(app: AppContext, entityKey: string, values: Record<string, unknown>, ownerId: string | null, by: { id: string; name: string }, at: Date): Promise<StoredRecord> {
    const entity = app.declaration.entities[entityKey]!;
    const people = await this.deps.stores.records.people(userValues(entity, values));
    const prepared = entity.workflow ? await this.workflow.prepare(app, entityKey, [{ values, ownerId }], [entity.workflow.initial]) : null;
    const written = await this.deps.stores
      .transaction(async (tx) => {
        const stored = await this.insertIn(tx.records, app, entityKey, { values, ownerId }, people, by.id, at);
        return { stored, pending: prepared ? await this.workflow.enterFirst(tx, prepared, app, entityKey, stored, by.id) : null };
      })
      .catch((e: unknown) => {
        // Another write took the name (a record named by a field's value) or a unique value meanwhile.
        const problems = uniqueViolationProblems(e, app.scope.appId, entityKey, entity);
        if (problems) throw new RecordError('invalid', undefined, problems);
        throw e;
      });
    if (written.pending) await this.workflow.committed([written.pending], by);
    // Its creator follows it (docs/behaviour/workflows.md#following).
    await this.following?.follow(written.stored.id, [by.id], 'created');
    return written.stored;
  }

  /** Writes one checked new record within a transaction: named by its entity's rule, its history listing every field given a value. */
  private async insertIn(store: RecordStore, app: AppContext, entityKey: string, row: { values: Record<string, unknown>; ownerId: string | null }, people: ReadonlyMap<string, string>, createdBy: string, at: Date): Promise<StoredRecord> {
    const entity = app.declaration.entities[entityKey]!;
    const name = 'series' in entity.naming ? await freeSeriesName(store, app.scope, entityKey, seriesPrefix(entity.naming.series, at)) : String(row.values[entity.naming.field]);
    const { record, history } = newRecord(app.scope, entity, { entity: entityKey, name, ...row, createdBy, at }, people, 'create');
    const stored = await store.insert(record);
    await store.addHistory(history);
    return stored;
  }

  private async setDeleted(caller: Caller, app: AppContext, record: StoredRecord, version: number, deletedAt: Date | null, action: 'delete' | 'restore'): Promise<StoredRecord> {
    const now = this.now();
    // A deleted record's work is closed; a restored one enters its state again (docs/behaviour/workflows.md#the-engine).
    const entity = app.declaration.entities[record.entity]!;
    const state = this.workflow.statesOf(entity, record.data);
    const prepared = action === 'restore' && state !== null ? await this.workflow.prepare(app, record.entity, [{ values: record.data, ownerId: record.ownerId }], [state]) : null;
    const { changed: after, pending } = await this.deps.stores
      .transaction(async (tx) => {
        const changed = await tx.records.setDeleted(record.id, version, deletedAt, caller.userId, now);
        if (!changed) return { changed, pending: null };
        await this.history(tx.records, changed, caller.userId, action, []);
        const work = action === 'delete' ? this.workflow.leaveOnDelete(tx, changed, now, caller.userId) : prepared ? this.workflow.enterOnRestore(tx, prepared, app, changed, caller.userId) : null;
        return { changed, pending: await work };
      })
      .catch((e: unknown) => {
        // A restored record's unique value, taken by another record since it was deleted.
        const problems = uniqueViolationProblems(e, app.scope.appId, record.entity, app.declaration.entities[record.entity]!);
        if (problems) throw new RecordError('invalid', undefined, problems);
        throw e;
      });
    if (!after) throw await this.conflictOf(app, record.name);
    if (pending) await this.workflow.committed([pending], { id: caller.userId, name: caller.name });
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

  private publish(caller: Caller, app: AppContext, entity: string, names: string[]): void {
    this.emit({ accountId: app.scope.accountId, app: app.name, entity, names, by: { id: caller.userId, name: caller.name }, origin: 'here' });
  }

  private emit(change: RecordChange): void {
    for (const listener of this.listeners) listener(change);
  }
}
