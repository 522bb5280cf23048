/**
 * A dataset query made into one bound statement over `dataset_facts`
 * (datasets/README.md, docs/behaviour/dashboards.md#queries). Only keys the
 * dataset declares become slots; every value is a parameter; operators,
 * functions and directions come from fixed sets; column aliases are c0, c1,
 * ... The caller's row scope is added: by the facts' owner for `own` and
 * `reports`, and over the records themselves (joined) for a scope's
 * conditions.
 */
import { DATASET_ROW_CAPS, type DatasetColumn, type DatasetFilter, type DatasetQuery, type DatasetValueType } from '@atrium/shared/dashboards';
import type { Dataset, DatasetMeasure, Entity, EvaluationContext, FieldType } from '@atrium/shared/apps';
import { sql, type SQL } from 'drizzle-orm';
import type { RowScope } from '../access/recordRights.js';
import { records } from '../db/schema.js';
import { conditionSql } from '../records/conditionSql.js';
import { DatasetError } from './DatasetError.js';
import type { DatasetDef } from './DatasetStore.js';
import { dayOf, numberSlot, textSlot } from './factsLayout.js';
import { rolledCount, rolledMeasure, rollupPlan, rollupSource } from './rollupSql.js';

/** What the compiler needs besides the query: the definition, the declaration's dataset and entity, the caller's scope and the fields refused to them. */
export interface CompileInput {
  def: DatasetDef;
  dataset: Dataset;
  datasetKey: string;
  entity: Entity;
  /** The caller's read scope (never 'none': the service refuses that first). */
  scope: Exclude<RowScope, { kind: 'none' }>;
  ctx: EvaluationContext;
  /** Fields (and `owner`, `createdAt`) the caller may not see on every record they read. */
  refused: ReadonlySet<string>;
  /** The record's title tells a field the caller may not see: the name stands in. */
  titleHidden: boolean;
  query: DatasetQuery;
  /** Read the dataset's roll-up where it can answer (default); false: always the facts (tests compare the two). */
  rollups?: boolean;
}

export interface CompiledQuery {
  statement: SQL;
  columns: DatasetColumn[];
  /** Rows answered at most (the statement reads one more, to tell truncation). */
  limit: number;
}

const slotText = (i: number) => sql.raw(`f.d${i + 1}`);
const slotNumber = (i: number) => sql.raw(`f.n${i + 1}`);
const alias = (i: number) => sql.raw(`c${i}`);

/** The type of a dataset's field: the entity's, else the record's owner or creation time. */
function fieldType(entity: Entity, field: string): FieldType | undefined {
  if (Object.hasOwn(entity.fields, field)) return entity.fields[field]!.type;
  return field === 'owner' ? 'user' : field === 'createdAt' ? 'datetime' : undefined;
}

function valueType(type: FieldType | undefined, part: string | undefined): DatasetValueType {
  if (part !== undefined) return 'datePart';
  if (type === 'choice' || type === 'user' || type === 'link' || type === 'boolean') return type;
  return 'text';
}

/** A dimension resolved: its text slot and column. */
interface Dim {
  key: string;
  slot: SQL;
  column: DatasetColumn;
}

function resolveDimension(input: CompileInput, key: string): Dim {
  const { dataset, datasetKey, entity, def } = input;
  if (!Object.hasOwn(dataset.dimensions, key)) throw new DatasetError('unknownDimension', { dataset: datasetKey, key });
  const dimension = dataset.dimensions[key]!;
  if (input.refused.has(dimension.field)) throw new DatasetError('hiddenField', { key });
  const slot = textSlot(def.layout, entity, dimension.field, dimension.part);
  if (slot < 0) throw new DatasetError('unavailable', { dataset: datasetKey, key });
  const column: DatasetColumn = { key, kind: 'dimension', type: valueType(fieldType(entity, dimension.field), dimension.part), ...(dimension.part ? { part: dimension.part } : {}) };
  return { key, slot: sql`${slotText(slot)} collate "C"`, column };
}

/** A measure's aggregate over the facts. */
function measureSql(input: CompileInput, key: string, measure: DatasetMeasure, nested: boolean, rolled: boolean): SQL {
  const { dataset, datasetKey, entity, def } = input;
  if (measure.ratio !== undefined) {
    if (nested) throw new DatasetError('unavailable', { dataset: datasetKey, key });
    const part = (name: string) => measureSql(input, name, dataset.measures[name]!, true, rolled);
    const ratio = sql`(${part(measure.ratio.numerator)}) / nullif(${part(measure.ratio.denominator)}, 0)`;
    return measure.percent ? sql`(${ratio}) * 100` : ratio;
  }
  if (measure.field !== undefined && input.refused.has(measure.field)) throw new DatasetError('hiddenField', { key });
  switch (measure.op) {
    case 'count':
      return rolled ? rolledCount : sql`count(*)::float8`;
    case 'distinct': {
      const slot = textSlot(def.layout, entity, measure.field!);
      if (slot < 0) throw new DatasetError('unavailable', { dataset: datasetKey, key });
      return sql`count(distinct ${slotText(slot)})::float8`;
    }
    case 'sum':
    case 'avg':
    case 'min':
    case 'max': {
      const slot = numberSlot(def.layout, measure.field!);
      if (slot < 0) throw new DatasetError('unavailable', { dataset: datasetKey, key });
      return rolled ? rolledMeasure(measure.op, slot) : sql`${sql.raw(measure.op)}(${slotNumber(slot)})::float8`;
    }
    default:
      throw new DatasetError('unavailable', { dataset: datasetKey, key });
  }
}

function resolveMeasure(input: CompileInput, key: string, rolled: boolean): SQL {
  const measure = Object.hasOwn(input.dataset.measures, key) ? input.dataset.measures[key] : undefined;
  if (measure === undefined) throw new DatasetError('unknownMeasure', { dataset: input.datasetKey, key });
  // A ratio reads the fields of its two measures: each is checked as they are.
  if (measure.ratio !== undefined) for (const part of [measure.ratio.numerator, measure.ratio.denominator]) measureSql(input, part, input.dataset.measures[part]!, true, rolled);
  return measureSql(input, key, measure, false, rolled);
}

/** The number slots the query's measures (and their ratios' parts) add up. */
function numberSlotsOf(input: CompileInput): Set<number> {
  const out = new Set<number>();
  const visit = (key: string): void => {
    const measure = input.dataset.measures[key];
    if (measure?.ratio !== undefined) [measure.ratio.numerator, measure.ratio.denominator].forEach(visit);
    else if (measure?.field !== undefined) out.add(numberSlot(input.def.layout, measure.field));
  };
  input.query.measures.forEach(visit);
  return out;
}

/** A filter's value as the key facts hold: text as it is, numbers and yes/no as text. */
function keyOf(value: string | number | boolean | null): string | null {
  return value === null ? null : String(value);
}

function filterSql(input: CompileInput, filter: DatasetFilter): SQL {
  const { slot } = resolveDimension(input, filter.dimension);
  const bad = (reason: string): never => {
    throw new DatasetError('badFilter', { key: filter.dimension, reason });
  };
  const value = filter.value;
  const list = (): Array<string | null> => (Array.isArray(value) ? value.map(keyOf) : bad('it needs a list of values'));
  const single = (): string | null => (value === undefined || Array.isArray(value) ? bad('it needs one value') : keyOf(value));
  const inList = (keys: Array<string | null>): SQL => {
    const given = keys.filter((k): k is string => k !== null);
    const parts = [given.length > 0 ? sql`${slot} in (${sql.join(given.map((k) => sql`${k}`), sql`, `)})` : sql`false`];
    if (keys.includes(null)) parts.push(sql`${slot} is null`);
    return sql`(${sql.join(parts, sql` or `)})`;
  };
  switch (filter.op) {
    case 'empty':
      return sql`${slot} is null`;
    case 'notEmpty':
      return sql`${slot} is not null`;
    case 'eq': {
      const key = single();
      return key === null ? sql`${slot} is null` : sql`${slot} = ${key}`;
    }
    case 'ne': {
      const key = single();
      return key === null ? sql`${slot} is not null` : sql`${slot} is distinct from ${key}`;
    }
    case 'in':
      return inList(list());
    case 'notIn':
      return sql`not coalesce(${inList(list())}, false)`;
    default: {
      const key = single();
      if (key === null) return bad('it needs a value to compare with');
      const op = { lt: '<', lte: '<=', gt: '>', gte: '>=' }[filter.op];
      return sql`${slot} ${sql.raw(op)} ${key}`;
    }
  }
}

/** The records of the caller's scope, over the facts' owner and (joined) the records' values. */
function scopeSql(input: CompileInput): { where: SQL | null; joinsRecords: boolean } {
  const { scope } = input;
  if (scope.kind === 'all') return { where: null, joinsRecords: false };
  const parts: SQL[] = [];
  if (scope.owners.length > 0) parts.push(sql`f.owner_id in (${sql.join(scope.owners.map((o) => sql`${o}::uuid`), sql`, `)})`);
  for (const where of scope.where) parts.push(conditionSql(where, input.entity, input.ctx));
  return { where: parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`, joinsRecords: scope.where.length > 0 };
}

function rangeSql(input: CompileInput): SQL[] {
  const range = input.query.range;
  if (range === undefined || input.dataset.time === undefined) return [];
  if (input.refused.has(input.dataset.time) && (range.from !== undefined || range.to !== undefined)) throw new DatasetError('hiddenField', { key: input.dataset.time });
  const out: SQL[] = [];
  for (const end of ['from', 'to'] as const) {
    const day = range[end];
    if (day === undefined) continue;
    if (dayOf(day) !== day) throw new DatasetError('badRange', { reason: `${day} is not a day` });
    out.push(end === 'from' ? sql`f.at >= ${day}::date` : sql`f.at <= ${day}::date`);
  }
  if (range.from !== undefined && range.to !== undefined && range.from > range.to) throw new DatasetError('badRange', { reason: 'it ends before it starts' });
  return out;
}

/** The ORDER BY: the asked keys among the answer's columns, else the dimensions (or the name) ascending; empty values last. */
function orderSql(query: DatasetQuery, columns: DatasetColumn[]): SQL {
  const keys = query.sort.map((s) => {
    const at = columns.findIndex((c) => c.key === s.by && c.kind !== 'record');
    if (at < 0) throw new DatasetError('badSort', { key: s.by });
    return sql`${alias(at)} ${sql.raw(s.direction === 'desc' ? 'desc' : 'asc')} nulls last`;
  });
  const defaults = columns.map((c, i) => ({ c, i })).filter(({ c }) => c.kind === 'dimension' || c.type === 'name');
  const all = [...keys, ...defaults.map(({ i }) => sql`${alias(i)} asc nulls last`)];
  return all.length === 0 ? sql`` : sql` order by ${sql.join(all, sql`, `)}`;
}

/** The statement of a query, its columns and the rows it answers at most. */
export function compileQuery(input: CompileInput): CompiledQuery {
  const { query } = input;
  const detail = query.detail === true;
  const cap = detail ? DATASET_ROW_CAPS.detail : DATASET_ROW_CAPS.aggregated;
  const limit = Math.min(query.limit ?? cap, cap);
  const dims = [...new Set(query.dimensions)].map((key) => resolveDimension(input, key));
  const scope = scopeSql(input);
  const range = rangeSql(input);
  const plan = input.rollups === false ? null : rollupPlan(input.dataset, query, scope.joinsRecords);
  const rolled = plan !== null;
  const measures = detail ? [] : [...new Set(query.measures)].map((key) => ({ key, sql: resolveMeasure(input, key, rolled) }));
  const conditions = [...(rolled ? [] : [sql`f.def_id = ${input.def.id}::uuid`, ...range]), ...query.filters.map((f) => filterSql(input, f)), ...(scope.where ? [scope.where] : [])];
  const select: SQL[] = [];
  const columns: DatasetColumn[] = [];
  if (detail) {
    select.push(sql`${records.name} collate "C"`, input.titleHidden ? sql`${records.name}` : sql`${records.title}`);
    columns.push({ key: 'name', kind: 'record', type: 'name' }, { key: 'title', kind: 'record', type: 'title' });
  }
  for (const dim of dims) {
    select.push(dim.slot);
    columns.push(dim.column);
  }
  for (const measure of measures) {
    select.push(measure.sql);
    columns.push({ key: measure.key, kind: 'measure', type: 'number' });
  }
  if (select.length === 0) {
    select.push(rolled ? rolledCount : sql`count(*)::float8`);
    columns.push({ key: 'count', kind: 'measure', type: 'number' });
  }
  const joinRecords = detail || scope.joinsRecords;
  const from = plan ? rollupSource(input.def.id, plan, numberSlotsOf(input)) : joinRecords ? sql`dataset_facts f join ${records} on ${records.id} = f.record_id` : sql`dataset_facts f`;
  const aliased = sql.join(
    select.map((s, i) => sql`${s} as ${alias(i)}`),
    sql`, `,
  );
  const groupBy = !detail && dims.length > 0 ? sql` group by ${sql.join(dims.map((_, i) => sql.raw(String(i + 1))), sql`, `)}` : sql``;
  const where = conditions.length === 0 ? sql`` : sql` where ${sql.join(conditions, sql` and `)}`;
  const statement = sql`select ${aliased} from ${from}${where}${groupBy}${orderSql(query, columns)} limit ${sql.raw(String(limit + 1))}`;
  return { statement, columns, limit };
}
