/**
 * The indexes of declared entities' lists (docs/PERFORMANCE.md, "Records"):
 * for each field a list sorts or filters by, a partial index over the
 * records of that entity holding exactly the key the query builder sorts
 * and narrows by (queryBuilder.ts `keyExpression`), so that a list over
 * many records reads an index in its order rather than every record.
 *
 * A field declared `unique` gets a unique index too (`uniqueIndex`): the
 * database's guard behind the service's read check.
 *
 * Made by an install or upgrade (declarations/InstallService.ts), in its
 * transaction, from every declaration the organisations run of the
 * application; an index no declaration wants any more (a field gone, its
 * type changed) is dropped. Names are a hash of the application, entity,
 * field and key: no text of a declaration names anything, and the same
 * declaration always gives the same names. The keys of fields and choices
 * written into the statements are declaration keys (letters, digits, `_`),
 * quoted as literals all the same.
 */
import crypto from 'node:crypto';
import { DECLARATION_KEY_PATTERN, type AppDeclaration, type Entity, type Field } from '@atrium/shared/apps';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { fieldOperand } from './conditionSql.js';
import { keyExpression } from './queryBuilder.js';

/** At most this many indexes per entity: each one costs every write of a record a little. */
export const MAX_INDEXES_PER_ENTITY = 12;

/** Every index of records/recordIndexes.ts starts so, then the hash of its application. */
const PREFIX = 'records_key_';

/** One index a declaration wants. */
export interface RecordIndex {
  name: string;
  entity: string;
  field: string;
  /** A unique index (one value per organisation), not a list's. */
  unique?: true;
  /**
   * The statements making it: the index, and statistics of the key over the
   * table (the planner reads no statistics of a partial index's keys; without
   * them it guesses how many records hold a value, and reads them one by one).
   */
  create: string[];
}

const hash = (...parts: string[]) => crypto.createHash('sha256').update(parts.join('\u0000')).digest('hex');

/** The prefix of every index name of one application. */
export function indexPrefix(appId: string): string {
  return `${PREFIX}${hash(appId).slice(0, 12)}_`;
}

const dialect = new PgDialect();

/** A text as an SQL literal. */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A fragment of the builder as statement text, its parameters written as literals (DDL takes none). */
function inline(fragment: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'string') return literal(value);
    throw new Error(`an index key holds a parameter of an unexpected kind: ${typeof value}`);
  });
}

/** Types whose key is a number or a moment: small to keep in an index, and what a list is most often sorted by. */
const ORDERED_TYPES: ReadonlySet<Field['type']> = new Set(['number', 'decimal', 'percent', 'duration', 'rating', 'date', 'datetime']);

/**
 * The fields an entity's views list, sort, filter, group or place by, the
 * most used first; then its numbers and moments outside the list's columns,
 * which a user may add as a column and sort by.
 */
function listedFields(entity: Entity): string[] {
  const views = entity.views;
  const fieldKeys = Object.keys(entity.fields);
  const wanted = [
    views.list?.sort?.field,
    ...(views.list?.filters ?? []),
    views.board?.groupBy,
    views.calendar?.start,
    entity.ownerField,
    ...fieldKeys.filter((k) => entity.fields[k]!.type === 'choice'),
    ...(views.list?.columns ?? fieldKeys),
    ...fieldKeys.filter((k) => ORDERED_TYPES.has(entity.fields[k]!.type)),
  ];
  return [...new Set(wanted.filter((k): k is string => k !== undefined && Object.hasOwn(entity.fields, k)))];
}

/** Numbers and times are mostly read from the greatest (the newest); anything else from the start. */
function defaultDirection(field: Field): 'asc' | 'desc' {
  return ['number', 'decimal', 'percent', 'duration', 'rating', 'date', 'datetime'].includes(field.type) ? 'desc' : 'asc';
}

/** The index of one field of an entity, or null when lists never sort or narrow by its key. */
function fieldIndex(appId: string, entityKey: string, entity: Entity, fieldKey: string): RecordIndex | null {
  if (!DECLARATION_KEY_PATTERN.test(entityKey) || !DECLARATION_KEY_PATTERN.test(fieldKey)) return null;
  const field = entity.fields[fieldKey]!;
  if (field.type === 'richText') return null;
  const key = keyExpression(fieldOperand(fieldKey, field));
  if (key === null) return null;
  const sort = entity.views.list?.sort;
  const direction = sort?.field === fieldKey ? sort.direction : defaultDirection(field);
  // The builder orders by the key, empty values last, then by the name: an index in that order gives the first page.
  const columns = `"account_id", ${inline(key)} ${direction === 'desc' ? 'desc nulls last' : 'asc nulls last'}, ("name" collate "C")`;
  const where = `"app_id" = ${literal(appId)}::uuid and "entity" = ${literal(entityKey)}::text and "deleted_at" is null`;
  const name = `${indexPrefix(appId)}${hash(entityKey, fieldKey, columns).slice(0, 16)}`;
  return {
    name,
    entity: entityKey,
    field: fieldKey,
    create: [`create index if not exists "${name}" on "records" (${columns}) where ${where}`, `create statistics if not exists "${name}" on (${inline(key)}) from "records"`],
  };
}

/**
 * The fields whose values the database keeps unique: those every
 * declaration the application runs, that has the field, declares `unique`
 * (one that does not would have its organisation's records refused for a
 * rule it does not have), by entity.
 */
export function uniqueFields(declarations: readonly AppDeclaration[]): Array<{ entity: string; field: string }> {
  const out = new Map<string, { entity: string; field: string }>();
  const notUnique = new Set<string>();
  for (const declaration of declarations) {
    for (const [entityKey, entity] of Object.entries(declaration.entities)) {
      for (const [fieldKey, field] of Object.entries(entity.fields)) {
        const key = `${entityKey}\u0000${fieldKey}`;
        // The field naming records is unique already: it is the record's name, which the table keeps unique.
        if ('field' in entity.naming && entity.naming.field === fieldKey) continue;
        if (field.unique) out.set(key, { entity: entityKey, field: fieldKey });
        else notUnique.add(key);
      }
    }
  }
  return [...out].filter(([key]) => !notUnique.has(key)).map(([, value]) => value);
}

/**
 * The name of the unique index of an entity's field (a hash, as the list
 * indexes' names): the records service reads a refused write's index name
 * back to the field whose value another record holds.
 */
export function uniqueIndexName(appId: string, entityKey: string, fieldKey: string): string {
  return `${indexPrefix(appId)}${hash('unique', entityKey, fieldKey).slice(0, 16)}`;
}

/**
 * The unique index of a field: one value per organisation among the live
 * records of the entity holding one (an empty value, null or no files, is
 * none), over the same JSON the service's read check compares, so that two
 * writes at once cannot both keep a value.
 */
function uniqueIndex(appId: string, entityKey: string, fieldKey: string): RecordIndex | null {
  if (!DECLARATION_KEY_PATTERN.test(entityKey) || !DECLARATION_KEY_PATTERN.test(fieldKey)) return null;
  const value = `("data" -> ${literal(fieldKey)})`;
  const name = uniqueIndexName(appId, entityKey, fieldKey);
  const where = `"app_id" = ${literal(appId)}::uuid and "entity" = ${literal(entityKey)}::text and "deleted_at" is null and ${value} is not null and ${value} <> 'null'::jsonb and ${value} <> '[]'::jsonb`;
  return { name, entity: entityKey, field: fieldKey, unique: true, create: [`create unique index if not exists "${name}" on "records" ("account_id", ${value}) where ${where}`] };
}

/** The indexes the declarations an application runs want, each once: those of their lists, and one per unique field. */
export function wantedIndexes(appId: string, declarations: readonly AppDeclaration[]): RecordIndex[] {
  const byName = new Map<string, RecordIndex>();
  for (const declaration of declarations) {
    for (const [entityKey, entity] of Object.entries(declaration.entities)) {
      const indexes = listedFields(entity)
        .map((f) => fieldIndex(appId, entityKey, entity, f))
        .filter((i) => i !== null)
        .slice(0, MAX_INDEXES_PER_ENTITY);
      for (const index of indexes) byName.set(index.name, index);
    }
  }
  for (const { entity, field } of uniqueFields(declarations)) {
    const index = uniqueIndex(appId, entity, field);
    if (index) byName.set(index.name, index);
  }
  return [...byName.values()];
}

/** The statement listing the indexes of an application that exist. */
export function existingIndexesSql(appId: string): SQL {
  return sql`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = 'records' and starts_with(indexname, ${indexPrefix(appId)}::text) order by indexname`;
}

/** The statements dropping an index of records/recordIndexes.ts and its statistics, by its name (a hash, checked). */
export function dropIndexSql(name: string): string[] {
  if (!/^records_key_[0-9a-f]{12}_[0-9a-f]{16}$/.test(name)) throw new Error(`not an index of a declared entity: ${name}`);
  return [`drop index if exists "${name}"`, `drop statistics if exists "${name}"`];
}
