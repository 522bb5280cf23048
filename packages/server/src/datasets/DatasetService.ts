import type { AppDeclaration, Dataset, Entity, Labels } from '@atrium/shared/apps';
import type { DatasetDimensionInfo, DatasetInfo, DatasetMeasureInfo, DatasetQuery, DatasetResult } from '@atrium/shared/dashboards';
import type { Caller } from '../access/Caller.js';
import { entityRights, partlyHiddenFields, recordAccess, rowScope, type RowScope } from '../access/recordRights.js';
import { ExpiringCache } from '../auth/ExpiringCache.js';
import type { InstalledApp } from '../declarations/DeclarationStore.js';
import type { RecordChange } from '../records/RecordService.js';
import type { RecordScope } from '../records/RecordStore.js';
import type { Stores } from '../stores.js';
import { DatasetError } from './DatasetError.js';
import { DatasetTimeout, type DatasetDef, type QueryRow } from './DatasetStore.js';
import { compileQuery, type CompiledQuery } from './querySql.js';

/** How long an organisation's installed declaration is remembered (as the records service does). */
const DECLARATION_TTL_MS = 5_000;
/** Answers remembered at most, across every caller. */
const CACHE_ENTRIES = 2_000;

export interface DatasetServiceDeps {
  stores: Pick<Stores, 'datasets' | 'declarations' | 'records'>;
  /** The catalogue grant (docs/behaviour/applications.md#visibility) for a user and an application name. */
  canSeeApp(userId: string, appName: string): Promise<boolean>;
  /** Tells of every change of records (here and on other servers), to forget the answers they change. */
  onRecordChange(listener: (change: RecordChange) => void): () => void;
  /** Seconds an answer is remembered (0: never) and milliseconds a statement may run. */
  cacheTtl: number;
  queryTimeout: number;
  /**
   * Whether a statement under way can be cancelled when the caller gives up
   * (PostgreSQL: yes; the embedded database: no, there only a statement not
   * begun yet is dropped).
   */
  cancellable: boolean;
  /** Read roll-ups where they answer (default); false: always the facts (tests compare the two). */
  rollups?: boolean;
  now?: () => Date;
}

/** An application as the caller's organisation runs it. */
interface AppContext {
  name: string;
  declaration: AppDeclaration;
  scope: RecordScope;
}

/** A remembered answer and the records whose changes make it stale. */
interface Remembered {
  target: string;
  result: DatasetResult;
}

/** Runs work that reads the database, as a costly call of the caller (http/costlyRoutes.ts). */
export type Costly = <T>(work: () => Promise<T>) => Promise<T>;

const targetOf = (accountId: string, app: string, entity: string) => `${accountId}\u0000${app}\u0000${entity}`;

/**
 * Dashboards' figures (docs/behaviour/dashboards.md#queries): the datasets
 * a caller may query, and a query's answer, computed over the facts of the
 * dataset within the caller's read scope, by a statement the query
 * compiler builds from the declaration (querySql.ts), capped in rows and
 * time, and remembered a few seconds per dataset, scope and query until the
 * records of its entity change.
 */
export class DatasetService {
  private readonly now: () => Date;
  private readonly declarations: ExpiringCache<string, InstalledApp | null>;
  /** Definitions, remembered as the declarations are (an install's rebuild is seen within DECLARATION_TTL_MS). */
  private readonly defs: ExpiringCache<string, DatasetDef | null>;
  private readonly answers: ExpiringCache<string, Remembered>;
  /** Changes heard per entity: an answer read across a change is not remembered. */
  private readonly generations = new Map<string, number>();

  constructor(private readonly deps: DatasetServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.declarations = new ExpiringCache(1_000, () => this.now().getTime());
    this.defs = new ExpiringCache(1_000, () => this.now().getTime());
    this.answers = new ExpiringCache(deps.cacheTtl > 0 ? CACHE_ENTRIES : 0, () => this.now().getTime());
    deps.onRecordChange((change) => this.forget(change));
  }

  /** Forgets the answers over an entity whose records changed (here or on another server). */
  private forget(change: Pick<RecordChange, 'accountId' | 'app' | 'entity'>): void {
    const target = targetOf(change.accountId, change.app, change.entity);
    this.generations.set(target, (this.generations.get(target) ?? 0) + 1);
    this.answers.deleteWhere((r) => r.target === target);
  }

  /** GET datasets: the datasets of the applications the caller's organisation runs and the caller has, of entities they may read, as they may use them. */
  async list(caller: Caller, appName?: string): Promise<DatasetInfo[]> {
    if (!caller.organisation) return [];
    const installed = await this.deps.stores.declarations.installedFor(caller.organisation.id);
    const out: DatasetInfo[] = [];
    for (const app of installed) {
      if ((appName !== undefined && app.name !== appName) || !app.declaration.datasets) continue;
      if (!(await this.deps.canSeeApp(caller.userId, app.name))) continue;
      for (const [key, dataset] of Object.entries(app.declaration.datasets)) {
        const entity = app.declaration.entities[dataset.entity];
        if (!entity || rowScope(caller, app.declaration, dataset.entity, 'read').kind === 'none') continue;
        out.push(datasetInfo(app.name, app.declaration.label, key, dataset, entity, refusedFields(caller, app.declaration, dataset.entity)));
      }
    }
    return out;
  }

  /**
   * POST datasets/query: the figures (or records, for a drill to detail) the
   * caller may read. A remembered answer is given at once; only the work
   * that reads the database runs through `costly` (the route's limits on
   * costly calls), so that answers from the cache never count towards them.
   */
  async query(caller: Caller, query: DatasetQuery, signal?: AbortSignal, costly: Costly = (work) => work()): Promise<DatasetResult> {
    const app = await this.context(caller, query.app);
    const dataset = app.declaration.datasets && Object.hasOwn(app.declaration.datasets, query.dataset) ? app.declaration.datasets[query.dataset]! : undefined;
    const entity = dataset && Object.hasOwn(app.declaration.entities, dataset.entity) ? app.declaration.entities[dataset.entity] : undefined;
    if (!dataset || !entity) throw new DatasetError('unknownDataset', { app: query.app, dataset: query.dataset });
    const scope = rowScope(caller, app.declaration, dataset.entity, 'read');
    if (scope.kind === 'none') throw new DatasetError('forbidden', { dataset: query.dataset });
    const def = await this.def(app, query.dataset);
    if (!def) throw new DatasetError('unknownDataset', { app: query.app, dataset: query.dataset });
    const refused = refusedFields(caller, app.declaration, dataset.entity);
    const at = this.now();
    const compiled = compileQuery({ def, dataset, datasetKey: query.dataset, entity, scope, ctx: { userId: caller.userId, now: at.getTime() }, refused, titleHidden: refused.has(entity.titleField), query, rollups: this.deps.rollups !== false });
    const target = targetOf(app.scope.accountId, app.name, dataset.entity);
    const key = JSON.stringify([def.id, def.builtAt.getTime(), scopeKey(caller, scope), [...refused].sort(), query]);
    const remembered = this.answers.get(key);
    if (remembered) return remembered.result;
    const generation = this.generations.get(target) ?? 0;
    const result = await costly(() => this.read(caller, app, dataset, compiled, at, signal));
    if (this.deps.cacheTtl > 0 && (this.generations.get(target) ?? 0) === generation) this.answers.set(key, { target, result }, at.getTime() + this.deps.cacheTtl * 1000);
    return result;
  }

  /** Runs the statement and shapes its rows, with the names of the people and the titles of the linked records shown. */
  private async read(caller: Caller, app: AppContext, dataset: Dataset, compiled: CompiledQuery, at: Date, signal?: AbortSignal): Promise<DatasetResult> {
    const entity = app.declaration.entities[dataset.entity]!;
    let rows: QueryRow[];
    try {
      rows = await this.deps.stores.datasets.run(compiled.statement, { timeoutMs: this.deps.queryTimeout, ...(signal ? { signal, cancelRunning: this.deps.cancellable } : {}) });
    } catch (e) {
      if (e instanceof DatasetTimeout) throw new DatasetError('timeout');
      throw e;
    }
    const truncated = rows.length > compiled.limit;
    const values = rows.slice(0, compiled.limit).map((row) => compiled.columns.map((_, i) => cell(row[`c${i}`])));
    const people: Record<string, string> = {};
    const links: Record<string, string> = {};
    const userIds = new Set<string>();
    const linked = new Map<string, Set<string>>();
    compiled.columns.forEach((column, i) => {
      if (column.kind !== 'dimension' || (column.type !== 'user' && column.type !== 'link')) return;
      const dimension = dataset.dimensions[column.key]!;
      const field = Object.hasOwn(entity.fields, dimension.field) ? entity.fields[dimension.field] : undefined;
      for (const row of values) {
        const value = row[i];
        if (typeof value !== 'string') continue;
        if (column.type === 'user') userIds.add(value);
        else if (field?.type === 'link') (linked.get(field.entity) ?? linked.set(field.entity, new Set()).get(field.entity)!).add(value);
      }
    });
    for (const [id, name] of await this.deps.stores.records.people([...userIds])) people[id] = name;
    for (const [target, names] of linked) {
      if (!Object.hasOwn(app.declaration.entities, target)) continue;
      for (const record of await this.deps.stores.records.findByNames(app.scope, target, [...names])) {
        // A linked record the caller may not read shows by its name only.
        if (recordAccess(caller, app.declaration, target, { ownerId: record.ownerId, values: record.data }, at.getTime()).actions.includes('read')) links[record.name] = record.title;
      }
    }
    return { columns: compiled.columns, rows: values, truncated, people, links, choices: choiceLabels(compiled, values, dataset, entity), readAt: at.toISOString() };
  }

  /** The application as the caller's organisation runs it, if the caller has it. */
  private async context(caller: Caller, appName: string): Promise<AppContext> {
    const accountId = caller.organisation?.id;
    if (!accountId) throw new DatasetError('unknownApp', { app: appName });
    const key = `${accountId}\u0000${appName}`;
    let installed = this.declarations.get(key);
    if (installed === undefined) {
      installed = await this.deps.stores.declarations.installed(accountId, appName);
      this.declarations.set(key, installed, this.now().getTime() + DECLARATION_TTL_MS);
    }
    if (!installed || !(await this.deps.canSeeApp(caller.userId, appName))) throw new DatasetError('unknownApp', { app: appName });
    return { name: installed.name, declaration: installed.declaration, scope: { accountId, appId: installed.appId } };
  }

  private async def(app: AppContext, dataset: string): Promise<DatasetDef | null> {
    const key = `${app.scope.accountId}\u0000${app.scope.appId}\u0000${dataset}`;
    let def = this.defs.get(key);
    if (def === undefined) {
      def = await this.deps.stores.datasets.def(app.scope.accountId, app.scope.appId, dataset);
      this.defs.set(key, def, this.now().getTime() + DECLARATION_TTL_MS);
    }
    return def;
  }

  /** Forgets remembered declarations and definitions (after an install or upgrade made by this process). */
  forgetDeclarations(): void {
    this.declarations.clear();
    this.defs.clear();
  }
}

/** The labels, in every locale, of the choices the choice columns of the rows hold (a value no longer declared has none). */
function choiceLabels(compiled: CompiledQuery, rows: ReadonlyArray<ReadonlyArray<string | number | null>>, dataset: Dataset, entity: Entity): Record<string, Record<string, Labels>> {
  const out: Record<string, Record<string, Labels>> = {};
  compiled.columns.forEach((column, i) => {
    if (column.kind !== 'dimension' || column.type !== 'choice') return;
    const dimension = dataset.dimensions[column.key]!;
    const field = Object.hasOwn(entity.fields, dimension.field) ? entity.fields[dimension.field] : undefined;
    if (field?.type !== 'choice') return;
    const labels: Record<string, Labels> = {};
    for (const row of rows) {
      const value = row[i];
      if (typeof value !== 'string' || Object.hasOwn(labels, value)) continue;
      const choice = field.choices.find((c) => c.value === value);
      if (choice) labels[value] = choice.label;
    }
    out[column.key] = labels;
  });
  return out;
}

/** A database value as an answer's cell: numbers as numbers, text as text. */
function cell(value: string | number | null | undefined): string | number | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'number' ? (Number.isFinite(value) ? value : null) : String(value);
}

/**
 * The fields no figure of the caller may read: those hidden to them on some
 * record they read (everywhere or on part of them: a count by a field seen
 * on some records only would tell its values on the others), and `owner`
 * when the entity's owner field is one of them.
 */
export function refusedFields(caller: Caller, declaration: AppDeclaration, entityKey: string): Set<string> {
  const entity = declaration.entities[entityKey]!;
  const refused = new Set([...entityRights(caller, declaration, entityKey).hiddenFields, ...Object.keys(partlyHiddenFields(caller, declaration, entityKey))]);
  if (entity.ownerField !== undefined && refused.has(entity.ownerField) && !Object.hasOwn(entity.fields, 'owner')) refused.add('owner');
  return refused;
}

/** The caller's read scope as part of an answer's key: all, or the owners and conditions (with the caller, whom conditions may name). */
function scopeKey(caller: Caller, scope: RowScope): string {
  if (scope.kind !== 'some') return scope.kind;
  return JSON.stringify({ owners: [...scope.owners].sort(), where: scope.where, user: scope.where.length > 0 ? caller.userId : null });
}

function datasetInfo(app: string, appLabel: Labels, key: string, dataset: Dataset, entity: Entity, refused: ReadonlySet<string>): DatasetInfo {
  const dimensions: DatasetDimensionInfo[] = [];
  for (const [dimKey, dimension] of Object.entries(dataset.dimensions)) {
    if (refused.has(dimension.field)) continue;
    const field = Object.hasOwn(entity.fields, dimension.field) ? entity.fields[dimension.field] : undefined;
    const type = dimension.part ? 'datePart' : field === undefined ? (dimension.field === 'owner' ? 'user' : 'text') : (['choice', 'user', 'link', 'boolean'] as const).find((t) => t === field.type) ?? 'text';
    const choices = field?.type === 'choice' ? field.choices.map((c) => ({ value: c.value, label: c.label, ...(c.colour ? { colour: c.colour } : {}) })) : undefined;
    dimensions.push({ key: dimKey, label: dimension.label, type, ...(dimension.part ? { part: dimension.part } : {}), ...(choices ? { choices } : {}) });
  }
  const measures: DatasetMeasureInfo[] = [];
  const readsRefused = (measureKey: string): boolean => {
    const m = dataset.measures[measureKey]!;
    return m.ratio ? readsRefused(m.ratio.numerator) || readsRefused(m.ratio.denominator) : m.field !== undefined && refused.has(m.field);
  };
  for (const [measureKey, measure] of Object.entries(dataset.measures)) {
    if (readsRefused(measureKey)) continue;
    const field = measure.field !== undefined && Object.hasOwn(entity.fields, measure.field) ? entity.fields[measure.field] : undefined;
    const currency = field?.type === 'decimal' && field.currency && measure.op !== 'distinct' ? field.currency : undefined;
    measures.push({ key: measureKey, label: measure.label, ...(measure.percent ? { percent: true } : {}), ...(measure.decimals !== undefined ? { decimals: measure.decimals } : {}), ...(currency ? { currency } : {}) });
  }
  const shown = new Set(dimensions.map((d) => d.key));
  const hierarchies = Object.entries(dataset.hierarchies ?? {})
    .filter(([, h]) => h.levels.every((l) => shown.has(l)))
    .map(([hKey, h]) => ({ key: hKey, label: h.label, levels: [...h.levels] }));
  const time = dataset.time !== undefined && !refused.has(dataset.time) ? dataset.time : undefined;
  return { app, appLabel, key, label: dataset.label, ...(dataset.description ? { description: dataset.description } : {}), entity: dataset.entity, dimensions, measures, hierarchies, ...(time ? { time } : {}) };
}
