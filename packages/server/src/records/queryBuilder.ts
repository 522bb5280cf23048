/**
 * A declaration and a list query made into bound SQL over the `records`
 * table (records/README.md): the list's WHERE (organisation, application,
 * entity, live or deleted records, the row scope, the filters, the search),
 * its ORDER BY and its page. No text of the client or of the declaration
 * becomes SQL: field keys and values are bound parameters, and every
 * operator and direction is chosen here from a fixed set. Conditions are
 * compiled by conditionSql.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  RECORD_META_FIELDS,
  type ConditionOp,
  type ConditionValue,
  type Entity,
  type EvaluationContext,
  type Field,
  type Literal,
  type RecordMetaField,
  type RecordQuery,
  type SortSpec,
} from '@atrium/shared/apps';
import type { RowScope } from '../access/recordRights.js';
import { prefixQueryText, searchWords } from '../db/fullText.js';
import { memberships, records, tasks, users } from '../db/schema.js';
import { bad, bound, FALSE, fieldOperand, TRUE, leafSql, metaOperand, ordered, resolvedLiterals, scopeSql, type Operand } from './conditionSql.js';
import { RecordError } from './RecordError.js';

export { colourSql, conditionSql, scopeSql } from './conditionSql.js';

/** The records a list reads: one entity of one application in one organisation. */
export interface ListTarget {
  accountId: string;
  appId: string;
  entityKey: string;
  entity: Entity;
}

/** The parts of a list's statement. */
export interface ListQuerySql {
  where: SQL;
  orderBy: SQL;
  limit: number;
  offset: number;
}

/** Types a list never filters or sorts by: child tables, files and rich text. */
const UNLISTABLE: ReadonlySet<Field['type']> = new Set(['table', 'file', 'richText']);

/** Who sees what, as a list query needs it. */
interface Visibility {
  hidden: ReadonlySet<string>;
  partly: Readonly<Record<string, RowScope>>;
  /** The organisation listed: its members' names are read once for a sort by person. */
  accountId: string;
}

/** A user's name as the product shows it ("Firstname Lastname", else the username), lower-case, of the users row `alias`. */
function shownName(alias: 'member' | 'person'): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return sql`lower(coalesce(nullif(concat_ws(' ', nullif(${column('firstname')}, ''), nullif(${column('lastname')}, '')), ''), ${column('username')}))`;
}

/**
 * The name a person sorts by: read from one map of the organisation's
 * members' names, made once per statement, and looked up for anyone else
 * (a former member): one lookup per record in a map rather than one
 * query per record.
 */
function personName(operand: Operand, accountId: string): SQL {
  const members = sql`(select jsonb_object_agg(member.id::text, ${shownName('member')}) from ${users} as member join ${memberships} on ${memberships.userId} = member.id where ${memberships.accountId} = ${accountId}::uuid)`;
  const anyone = sql`(select ${shownName('person')} from ${users} as person where person.id = ${operand.person!})`;
  return sql`(coalesce(${members} ->> ${operand.typed}, ${anyone}) collate "C")`;
}

/** The operand a list may filter or sort by: a field the caller sees and that has a value to compare, or a record's column. Null for anything else. */
function listOperand(name: string, entity: Entity, seen: Visibility, ctx: EvaluationContext): Operand | null {
  if (Object.hasOwn(entity.fields, name)) {
    const field = entity.fields[name]!;
    if (seen.hidden.has(name) || UNLISTABLE.has(field.type)) return null;
    return fieldOperand(name, field);
  }
  if (!(RECORD_META_FIELDS as readonly string[]).includes(name)) return null;
  const behind = fieldBehind(name, entity);
  if (behind !== undefined && seen.hidden.has(behind)) return null;
  // The colour by a rule reading a field the caller does not see counts only where they see it.
  const colourSeen = (fields: string[]): SQL | null => {
    const where = seenWhere(fields, entity, seen, ctx);
    return where === FALSE ? null : where;
  };
  return metaOperand(name as RecordMetaField, entity, ctx, colourSeen);
}

/** The declared field a key reads: the field itself, or for the owner column the entity's owner field (whose value the owner is). */
function fieldBehind(name: string, entity: Entity): string | undefined {
  if (Object.hasOwn(entity.fields, name)) return name;
  return name === 'owner' ? entity.ownerField : undefined;
}

/** The records where the caller sees what a key reads, when that is some of those they read only. */
function partlyScope(name: string, entity: Entity, seen: Visibility): RowScope | undefined {
  const field = fieldBehind(name, entity);
  return field !== undefined && Object.hasOwn(seen.partly, field) ? seen.partly[field] : undefined;
}

/** The operator a list's filter may narrow through an index of the field's key, from the operators of conditions. */
const KEYED_OPS: Readonly<Partial<Record<ConditionOp, SQL>>> = { eq: sql`=`, in: sql`in`, lt: sql`<`, lte: sql`<=`, gt: sql`>`, gte: sql`>=` };

/**
 * The key a list sorts an operand by when that key reads the record alone
 * (no other table, no caller): a choice by its place among the choices, a
 * text by its lower case, a number, day, moment or yes/no by itself, a
 * person by their id (filters only: a person sorts by their name). Null
 * for anything else. The indexes of records/recordIndexes.ts hold exactly
 * these expressions, so that a list's sort and filters use them.
 */
export function keyExpression(operand: Operand, isNameColumn = false): SQL | null {
  switch (operand.kind) {
    case 'choice':
      // A choice sorts in the order the declaration lists its choices (draft, submitted, approved).
      return sql`array_position(array[${sql.join(operand.choices!.map((c) => sql`${c}::text`), sql`, `)}]::text[], ${operand.typed})`;
    case 'text':
      return isNameColumn ? sql`(${operand.typed} collate "C")` : sql`(lower(${operand.typed}) collate "C")`;
    case 'number':
    case 'boolean':
    case 'day':
    case 'moment':
      return ordered(operand);
    case 'user':
      return operand.json === undefined ? null : operand.typed;
    default:
      return null;
  }
}

/**
 * A filter over the field's key (keyExpression), or null when it has none:
 * `key = v`, `key in (…)` or `key < v` for values that are not empty, so
 * that the database finds the records through the key's index. `same`:
 * it selects exactly what the filter does (then it stands for it);
 * otherwise every record the filter selects meets it (then it goes beside
 * the filter, which still decides: a day or moment compared by order,
 * where a blank text would also compare).
 */
function keyCondition(operand: Operand, op: ConditionOp, value: ConditionValue | undefined, ctx: EvaluationContext): { condition: SQL; same: boolean } | null {
  const operator = KEYED_OPS[op];
  if (operator === undefined || operand.json === undefined || operand.kind === 'text') return null;
  const key = keyExpression(operand);
  if (key === null) return null;
  const values = resolvedLiterals(operand, op, value, ctx);
  if (values.length === 0 || values.some((v) => v === null)) return null;
  const present = values as Array<Exclude<Literal, null>>;
  // A choice's key is its place among the choices (values are known choices: resolvedLiterals refuses others).
  const keyed = (v: Exclude<Literal, null>) => (operand.kind === 'choice' ? sql`${operand.choices!.indexOf(String(v)) + 1}::int` : bound(operand, v));
  const same = op === 'eq' || op === 'in' || operand.kind === 'number';
  if (op === 'in') return { condition: sql`${key} in (${sql.join(present.map(keyed), sql`, `)})`, same };
  return { condition: sql`${key} ${operator} ${keyed(present[0]!)}`, same };
}

/** The ORDER BY expression of a sort key (and whether it is never null), or null when the list cannot be sorted by it. */
function sortExpression(name: string, entity: Entity, seen: Visibility, ctx: EvaluationContext): { expression: SQL; alwaysSet: boolean } | null {
  const operand = listOperand(name, entity, seen, ctx);
  if (operand === null) return null;
  let expression: SQL;
  switch (operand.kind) {
    case 'multi':
      expression = sql`array_position(array[${sql.join(operand.choices!.map((c) => sql`${c}::text`), sql`, `)}]::text[], ${operand.json} ->> 0)`;
      break;
    case 'colour':
      expression = sql`array_position(array['RED', 'YELLOW', 'GREEN', 'BLUE']::text[], ${operand.typed})`;
      break;
    case 'user':
      // A person sorts by their name as the product shows it, ignoring case.
      expression = personName(operand, seen.accountId);
      break;
    default:
      expression = keyExpression(operand, name === 'name' && !Object.hasOwn(entity.fields, name)) ?? ordered(operand);
  }
  const partly = partlyScope(name, entity, seen);
  // A column that always has a value sorts by itself, so that its index gives the order (the newest change first).
  // A field's empty value reads as null (values.ts stores blank text as none), which sorts last.
  if (partly === undefined) return { expression, alwaysSet: operand.empty === FALSE };
  return { expression: sql`(case when ${scopeSql(partly, entity, ctx)} then ${expression} end)`, alwaysSet: false };
}

const DEFAULT_SORT: SortSpec = { field: 'updatedAt', direction: 'desc' };

/** The ORDER BY of a list: the asked sort, else the list view's (when the caller may sort by it), else the newest change first; then by name. */
function orderBySql(query: RecordQuery, entity: Entity, seen: Visibility, ctx: EvaluationContext): SQL {
  let sort: SortSpec = query.sort ?? entity.views.list?.sort ?? DEFAULT_SORT;
  let key = sortExpression(sort.field, entity, seen, ctx);
  if (key === null && query.sort !== undefined) throw new RecordError('badSort', { field: query.sort.field });
  if (key === null) {
    sort = DEFAULT_SORT;
    key = sortExpression(sort.field, entity, seen, ctx)!;
  }
  const direction = sort.direction === 'desc' ? sql`desc` : sql`asc`;
  const byName = sql`(${records.name} collate "C") asc`;
  if (sort.field === 'name' && !Object.hasOwn(entity.fields, 'name')) return sql`${key.expression} ${direction}`;
  return key.alwaysSet ? sql`${key.expression} ${direction}, ${byName}` : sql`${key.expression} ${direction} nulls last, ${byName}`;
}

/** Where the caller sees every one of some fields: everywhere (TRUE), nowhere (FALSE), or on the records of their scopes. */
function seenWhere(keys: readonly string[], entity: Entity, seen: Visibility, ctx: EvaluationContext): SQL {
  if (keys.some((f) => seen.hidden.has(f))) return FALSE;
  const partly = keys.filter((f) => Object.hasOwn(seen.partly, f)).map((f) => scopeSql(seen.partly[f]!, entity, ctx));
  return partly.length === 0 ? TRUE : sql`(${sql.join(partly, sql` and `)})`;
}

/**
 * The search: every word as the start of a word of the title or of the
 * searchable fields, on the records where the caller sees them. The title's
 * words are the search column's weight A, the searchable fields' weight B
 * (one text for them all, so a record's searchable words count only where
 * the caller sees every searchable field).
 */
function searchSql(text: string | undefined, entity: Entity, seen: Visibility, ctx: EvaluationContext): SQL | null {
  const words = searchWords(text ?? '');
  if (words.length === 0) return null;
  const query = (weight: '' | 'A' | 'B') => sql`${records.search} @@ to_tsquery('simple'::regconfig, ${words.map((w) => `${prefixQueryText([w])}${weight}`).join(' & ')}::text)`;
  const title = seenWhere([entity.titleField], entity, seen, ctx);
  const searchable = seenWhere(entity.searchFields ?? [], entity, seen, ctx);
  const parts: SQL[] = [];
  const where = (...conditions: SQL[]) => conditions.filter((c) => c !== TRUE);
  if (title !== FALSE && searchable !== FALSE) parts.push(sql.join([...where(title, searchable), query('')], sql` and `));
  if (title !== FALSE && searchable !== TRUE) parts.push(sql.join([...where(title), query('A')], sql` and `));
  if (searchable !== FALSE && title !== TRUE) parts.push(sql.join([...where(searchable), query('B')], sql` and `));
  return parts.length === 0 ? FALSE : sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * A list's statement parts: `where` = the organisation, application and
 * entity, live (or deleted, with `query.deleted`) records, the row scope,
 * every filter and the search (and, with `waitingForMe`, the caller's open
 * work of the record's workflow); `orderBy` = the sort, then the name. A
 * filter or sort by a field the caller does not see (`hiddenFields`), one
 * without a comparable value, an unknown one, or a value that does not fit,
 * throws RecordError('badFilter' | 'badSort'); so does the owner column
 * when the entity's owner field is hidden. `partlyHidden` names fields
 * the caller sees on some records only (recordRights' partlyHiddenFields):
 * filters on them hold, and sorts by them order, only where they are seen.
 */
export function listQuerySql(
  target: ListTarget,
  query: RecordQuery,
  scope: RowScope,
  hiddenFields: readonly string[],
  ctx: EvaluationContext,
  partlyHidden: Readonly<Record<string, RowScope>> = {},
): ListQuerySql {
  const { entity } = target;
  const seen: Visibility = { hidden: new Set(hiddenFields), partly: partlyHidden, accountId: target.accountId };
  const parts: SQL[] = [
    sql`${records.accountId} = ${target.accountId}::uuid`,
    sql`${records.appId} = ${target.appId}::uuid`,
    sql`${records.entity} = ${target.entityKey}::text`,
    query.deleted === true ? sql`${records.deletedAt} is not null` : sql`${records.deletedAt} is null`,
    scopeSql(scope, entity, ctx),
  ];
  for (const filter of query.filters) {
    const operand = listOperand(filter.field, entity, seen, ctx) ?? bad(filter.field);
    const leaf = leafSql(operand, filter.op, filter.value, ctx);
    const partly = partlyScope(filter.field, entity, seen);
    const keyed = partly === undefined ? keyCondition(operand, filter.op, filter.value, ctx) : null;
    if (keyed !== null) parts.push(keyed.condition);
    if (keyed === null || !keyed.same) parts.push(partly === undefined ? leaf : sql`(${scopeSql(partly, entity, ctx)} and ${leaf})`);
  }
  const search = searchSql(query.search, entity, seen, ctx);
  if (search !== null) parts.push(search);
  // Waiting for me: the caller holds open work of the record's workflow (docs/behaviour/workflows.md#lists).
  if (query.waitingForMe === true) {
    parts.push(sql`exists (select 1 from ${tasks} where ${tasks.recordId} = ${records.id} and ${tasks.assigneeId} = ${ctx.userId}::uuid and ${tasks.status} = 'open' and ${tasks.kind} in ('work', 'approval', 'escalation'))`);
  }
  return { where: sql.join(parts, sql` and `), orderBy: orderBySql(query, entity, seen, ctx), limit: query.limit, offset: query.offset };
}

/**
 * What global search reads of one entity for a caller
 * (docs/behaviour/search.md#rights): the live records in their read scope,
 * those of them a text matches exactly as a list's search matches them
 * (the title and the searchable fields, only where the caller sees them),
 * and where the caller sees the title and the searchable fields, for the
 * ranking and the snippet (a hidden field's words neither match nor rank),
 * and the file fields whose files they may find (docs/behaviour/search.md#rights).
 */
export interface RecordSearchSql {
  readable: SQL;
  matches: SQL;
  titleSeen: SQL;
  searchableSeen: SQL;
  /** The entity's file fields the caller sees somewhere, each with where they see it: only their files are found among attachments. */
  files: Array<{ key: string; seen: SQL }>;
}

export function recordSearchSql(
  target: ListTarget,
  text: string,
  scope: RowScope,
  hiddenFields: readonly string[],
  ctx: EvaluationContext,
  partlyHidden: Readonly<Record<string, RowScope>> = {},
): RecordSearchSql {
  const { entity } = target;
  const query: RecordQuery = { filters: [], limit: 1, offset: 0 };
  const seen: Visibility = { hidden: new Set(hiddenFields), partly: partlyHidden, accountId: target.accountId };
  return {
    readable: listQuerySql(target, query, scope, hiddenFields, ctx, partlyHidden).where,
    matches: listQuerySql(target, { ...query, search: text }, scope, hiddenFields, ctx, partlyHidden).where,
    titleSeen: seenWhere([entity.titleField], entity, seen, ctx),
    searchableSeen: seenWhere(entity.searchFields ?? [], entity, seen, ctx),
    files: Object.keys(entity.fields)
      .filter((key) => entity.fields[key]!.type === 'file' && !seen.hidden.has(key))
      .map((key) => ({ key, seen: seenWhere([key], entity, seen, ctx) })),
  };
}
