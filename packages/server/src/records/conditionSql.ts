/**
 * Conditions made into bound SQL over the `records` table (records/README.md):
 * a declaration's conditions (row scopes, colour rules) and a list's filters
 * select exactly the records shared `evaluateCondition` says hold, for
 * values of their field's type. Field keys and values are bound parameters;
 * operators come from a fixed set. The list query (queryBuilder.ts) builds
 * on these.
 */
import { sql, type SQL } from 'drizzle-orm';
import { hasUnstorableText } from '@atrium/shared';
import {
  conditionFields,
  normaliseValue,
  RECORD_COLOURS,
  resolveValue,
  type Condition,
  type ConditionOp,
  type ConditionValue,
  type Entity,
  type EvaluationContext,
  type Field,
  type Literal,
  type RecordMetaField,
} from '@atrium/shared/apps';
import type { RowScope } from '../access/recordRights.js';
import { records } from '../db/schema.js';
import { RecordError } from './RecordError.js';

/**
 * How values of a field compare: as numbers, days (YYYY-MM-DD text), moments
 * (ISO text as values.ts normalises them, in UTC, so that text order is
 * time order and a value can never fail a cast), yes/no, text, a choice,
 * a user id, a list of choices, or rows (child tables and files: only
 * empty or not). `absent` is a field the entity does not declare: empty on
 * every record, as evaluateCondition reads it.
 */
type Kind = 'number' | 'day' | 'moment' | 'boolean' | 'text' | 'choice' | 'user' | 'multi' | 'rows' | 'absent' | 'colour';

const KIND_OF: Record<Field['type'], Kind> = {
  text: 'text',
  longText: 'text',
  richText: 'text',
  email: 'text',
  url: 'text',
  phone: 'text',
  link: 'text',
  number: 'number',
  decimal: 'number',
  percent: 'number',
  duration: 'number',
  rating: 'number',
  date: 'day',
  datetime: 'moment',
  boolean: 'boolean',
  choice: 'choice',
  multiChoice: 'multi',
  user: 'user',
  table: 'rows',
  file: 'rows',
};

/** Operators each kind takes; any other is a bad filter. */
const OPS_OF: Record<Kind, readonly ConditionOp[]> = {
  number: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'notIn', 'empty', 'notEmpty'],
  day: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'notIn', 'empty', 'notEmpty'],
  moment: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'empty', 'notEmpty'],
  boolean: ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty'],
  text: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'notIn', 'empty', 'notEmpty', 'contains'],
  choice: ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty', 'contains'],
  user: ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty'],
  multi: ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty', 'contains'],
  rows: ['empty', 'notEmpty'],
  absent: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'notIn', 'empty', 'notEmpty', 'contains'],
  colour: ['eq', 'ne', 'in', 'notIn'],
};

/** The characters JavaScript's trim() removes: a text of only these is empty, as isEmptyValue decides. */
const WHITESPACE = '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';

/** A condition that always holds. */
export const TRUE = sql`true`;
/** A condition that never holds (also: an operand that is never empty). */
export const FALSE = sql`false`;

/** Something a condition compares: a field's value in `data`, or a column of the record. */
export interface Operand {
  /** The key the condition names, for the refusal. */
  name: string;
  kind: Kind;
  /** Whether the value is empty (never null). */
  empty: SQL;
  /** The value as SQL of its kind, null when empty or of another JSON type. */
  typed: SQL;
  /** The field's JSON value (multiple choices). */
  json?: SQL;
  /** A choice field's values, in declaration order. */
  choices?: readonly string[];
  /** For a person: their id as a uuid (null when the value is none), to sort by their name. */
  person?: SQL;
}

/** A user id as the users table holds them. */
const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

const jsonOf = (key: string): SQL => sql`(${records.data} -> ${key}::text)`;
const textOf = (key: string): SQL => sql`(${records.data} ->> ${key}::text)`;

/** The operand of a declared field (or of a key the entity does not declare). */
export function fieldOperand(key: string, field: Field | undefined): Operand {
  if (field === undefined) return { name: key, kind: 'absent', empty: TRUE, typed: sql`null::text` };
  const json = jsonOf(key);
  const text = textOf(key);
  const kind = KIND_OF[field.type];
  // A single value is empty when it is none or blank text (one read of the value); a list when it is none or has no element.
  const empty =
    kind === 'multi' || kind === 'rows'
      ? sql`(case coalesce(jsonb_typeof(${json}), 'null') when 'null' then true when 'string' then btrim(${text}, ${WHITESPACE}::text) = '' when 'array' then jsonb_array_length(${json}) = 0 else false end)`
      : sql`coalesce(btrim(${text}, ${WHITESPACE}::text) = '', true)`;
  const typed =
    kind === 'number'
      ? sql`(case when jsonb_typeof(${json}) = 'number' then (${text})::numeric end)`
      : kind === 'boolean'
        ? sql`(case when jsonb_typeof(${json}) = 'boolean' then (${text})::boolean end)`
        : text;
  const choices = field.type === 'choice' || field.type === 'multiChoice' ? field.choices.map((c) => c.value) : undefined;
  const person = kind === 'user' ? sql`(case when ${text} ~* ${UUID}::text then (${text})::uuid end)` : undefined;
  return { name: key, kind, empty, typed, json, ...(choices ? { choices } : {}), ...(person ? { person } : {}) };
}

/**
 * The record's colour by the entity's rule, as colourOf decides it: the
 * first of red, yellow, green whose condition holds, else BLUE. `seen`
 * gives where the caller sees some fields (a colour whose condition reads
 * a field counts only where the caller sees it; null: nowhere).
 */
export function colourSql(entity: Entity, ctx: EvaluationContext, seen: (fields: string[]) => SQL | null = () => sql`true`): SQL {
  const rule = entity.colour;
  const whens = (['red', 'yellow', 'green'] as const).flatMap((c) => {
    const condition = rule?.[c];
    if (condition === undefined) return [];
    const where = seen(conditionFields(condition));
    return where === null ? [] : [sql`when ${where} and ${conditionSql(condition, entity, ctx)} then ${c.toUpperCase()}::text`];
  });
  return whens.length === 0 ? sql`'BLUE'::text` : sql`(case ${sql.join(whens, sql` `)} else 'BLUE'::text end)`;
}

/** The operand of a record's column (RECORD_META_FIELDS); `seen` as colourSql's. */
export function metaOperand(name: RecordMetaField, entity: Entity, ctx: EvaluationContext, seen?: (fields: string[]) => SQL | null): Operand {
  switch (name) {
    case 'name':
      return { name, kind: 'text', empty: FALSE, typed: sql`${records.name}` };
    case 'owner':
      return { name, kind: 'user', empty: sql`(${records.ownerId} is null)`, typed: sql`(${records.ownerId})::text`, person: sql`${records.ownerId}` };
    case 'createdBy':
      return { name, kind: 'user', empty: sql`(${records.createdBy} is null)`, typed: sql`(${records.createdBy})::text`, person: sql`${records.createdBy}` };
    case 'updatedBy':
      return { name, kind: 'user', empty: sql`(${records.updatedBy} is null)`, typed: sql`(${records.updatedBy})::text`, person: sql`${records.updatedBy}` };
    case 'createdAt':
      return { name, kind: 'moment', empty: FALSE, typed: sql`${records.createdAt}` };
    case 'updatedAt':
      return { name, kind: 'moment', empty: FALSE, typed: sql`${records.updatedAt}` };
    case 'colour':
      return { name, kind: 'colour', empty: FALSE, typed: colourSql(entity, ctx, seen) };
  }
}

/** Refuses a filter (or a declaration's condition) by the field it names. */
export const bad = (field: string): never => {
  throw new RecordError('badFilter', { field });
};

/** A day or a moment as a field of that type would take it (values.ts): a moment normalised to ISO text in UTC. Null when it would not. */
function asTime(type: 'date' | 'datetime', value: string): string | null {
  const { value: normalised, problem } = normaliseValue({ type, label: { en_EN: type } }, value);
  return problem === undefined && typeof normalised === 'string' ? normalised : null;
}

/**
 * A value made concrete and checked against its operand's kind: null for
 * an empty one; a number, a day, a moment (normalised to ISO text in UTC),
 * yes/no, a known choice, a colour, or text. Anything else is a bad filter.
 */
function literalFor(operand: Operand, value: Literal): Literal {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  if (typeof value === 'string' && hasUnstorableText(value)) return bad(operand.name);
  switch (operand.kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : bad(operand.name);
    case 'day':
    case 'moment':
      return (typeof value === 'string' ? asTime(operand.kind === 'day' ? 'date' : 'datetime', value) : null) ?? bad(operand.name);
    case 'boolean':
      return typeof value === 'boolean' ? value : bad(operand.name);
    case 'choice':
    case 'multi':
      return typeof value === 'string' && operand.choices!.includes(value) ? value : bad(operand.name);
    case 'colour':
      return typeof value === 'string' && (RECORD_COLOURS as readonly string[]).includes(value) ? value : bad(operand.name);
    case 'text':
    case 'user':
      return typeof value === 'string' ? value : bad(operand.name);
    case 'absent':
      return value;
    case 'rows':
      return bad(operand.name);
  }
}

/** A condition's value made concrete: `{me}` for users, `{relative}` for days and moments only; a list only for in and notIn. */
function resolved(operand: Operand, op: ConditionOp, value: ConditionValue | undefined, ctx: EvaluationContext): Literal | Literal[] {
  const list = op === 'in' || op === 'notIn';
  if (Array.isArray(value) !== list) return bad(operand.name);
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const form = 'me' in value ? 'me' : 'relative';
    const fits = form === 'me' ? operand.kind === 'user' : operand.kind === 'day' || operand.kind === 'moment';
    if (!fits) return bad(operand.name);
  }
  let concrete: Literal | readonly Literal[];
  try {
    concrete = resolveValue(value, { type: operand.kind === 'day' ? 'date' : 'datetime' }, ctx);
  } catch {
    // A moment out of the calendar's range (a relative value of millions of days).
    return bad(operand.name);
  }
  return Array.isArray(concrete) ? concrete.map((v: Literal) => literalFor(operand, v)) : literalFor(operand, concrete as Literal);
}

/** A condition's value or values made concrete and checked (as leafSql reads them), always as a list. */
export function resolvedLiterals(operand: Operand, op: ConditionOp, value: ConditionValue | undefined, ctx: EvaluationContext): Literal[] {
  const concrete = resolved(operand, op, value, ctx);
  return Array.isArray(concrete) ? concrete : [concrete];
}

/** A non-empty value bound as a parameter of its kind. */
export function bound(operand: Operand, value: Exclude<Literal, null>): SQL {
  switch (operand.kind) {
    case 'number':
      return sql`${String(value)}::numeric`;
    case 'boolean':
      return sql`${value}::boolean`;
    case 'moment':
      // Columns are timestamps; a field's moment is its ISO text in UTC.
      return operand.json === undefined ? sql`${String(value)}::timestamptz` : sql`${String(value)}::text`;
    default:
      return sql`${String(value)}::text`;
  }
}

/** Text order is code point order, the same on every database and in JavaScript for the characters of most writing. */
export function ordered(operand: Operand): SQL {
  return operand.kind === 'number' || operand.kind === 'boolean' || (operand.kind === 'moment' && operand.json === undefined) ? operand.typed : sql`(${operand.typed} collate "C")`;
}

const COMPARISON: Partial<Record<ConditionOp, SQL>> = { lt: sql`<`, lte: sql`<=`, gt: sql`>`, gte: sql`>=` };

/** Whether an element of a list of choices is empty. */
const ELEMENT_EMPTY = sql`(x is null or btrim(x, ${WHITESPACE}::text) = '')`;

/**
 * Whether the operand (one value) is the same as a value: both empty, or
 * both not and equal. A value that is not empty is never equal to an empty
 * one (a blank text, a number or yes/no of another JSON type reads as null),
 * so equality alone decides.
 */
function sameAs(operand: Operand, value: Literal): SQL {
  if (value === null) return operand.empty;
  return sql`(${operand.typed} = ${bound(operand, value)})`;
}

/** Whether the operand (one value) is one of the values. */
function oneOf(operand: Operand, values: readonly Literal[]): SQL {
  const present = [...new Set(values.filter((v): v is Exclude<Literal, null> => v !== null))];
  const parts: SQL[] = [];
  if (present.length > 0) parts.push(sql`(${operand.typed} in (${sql.join(present.map((v) => bound(operand, v)), sql`, `)}))`);
  if (present.length < values.length) parts.push(operand.empty);
  return parts.length === 0 ? FALSE : sql`(${sql.join(parts, sql` or `)})`;
}

/** Whether some element of a list of choices is one of the values. */
function someElementOf(operand: Operand, values: readonly Literal[]): SQL {
  const present = [...new Set(values.filter((v): v is string => typeof v === 'string'))];
  const parts: SQL[] = [];
  if (present.length > 0) parts.push(sql`x in (${sql.join(present.map((v) => sql`${v}::text`), sql`, `)})`);
  if (values.includes(null)) parts.push(ELEMENT_EMPTY);
  if (parts.length === 0) return FALSE;
  return sql`exists (select 1 from jsonb_array_elements_text(${operand.json}) as e(x) where ${sql.join(parts, sql` or `)})`;
}

/** For a list of choices: the array's rule when the value is a list, the single value's otherwise (as evaluateCondition reads either). */
function eitherShape(operand: Operand, asList: SQL, asValue: SQL): SQL {
  if (operand.kind !== 'multi') return asValue;
  return sql`(case when jsonb_typeof(${operand.json}) = 'array' then ${asList} else ${asValue} end)`;
}

/**
 * `contains`: in a list of choices, that choice (a blank text finds an
 * empty element); in a text, the text anywhere, ignoring case (a blank one
 * is found in every text). The value is a text, a known choice for a list
 * of choices; letters beyond ASCII compare by the database's case rules.
 */
function containsSql(operand: Operand, value: ConditionValue | undefined): SQL {
  if (typeof value !== 'string' || hasUnstorableText(value)) return bad(operand.name);
  if (operand.kind === 'absent') return FALSE;
  const blank = value.trim() === '';
  if (operand.kind === 'multi' && !blank && !operand.choices!.includes(value)) return bad(operand.name);
  const found = sql`strpos(lower(${operand.typed}), lower(${value}::text)) > 0`;
  const inText = operand.json === undefined ? found : sql`(jsonb_typeof(${operand.json}) = 'string' and ${found})`;
  return sql`coalesce(${eitherShape(operand, someElementOf(operand, [blank ? null : value]), inText)}, false)`;
}

/** One comparison of an operand, never null. */
export function leafSql(operand: Operand, op: ConditionOp, value: ConditionValue | undefined, ctx: EvaluationContext): SQL {
  if (!OPS_OF[operand.kind].includes(op)) return bad(operand.name);
  if (op === 'empty') return operand.empty;
  if (op === 'notEmpty') return sql`(not ${operand.empty})`;
  if (op === 'contains') return containsSql(operand, value);
  const expected = resolved(operand, op, value, ctx);
  switch (op) {
    case 'eq':
    case 'ne': {
      const one = expected as Literal;
      const same = eitherShape(operand, someElementOf(operand, [one]), sameAs(operand, one));
      return op === 'eq' ? sql`coalesce(${same}, false)` : sql`(not coalesce(${same}, false))`;
    }
    case 'in':
    case 'notIn': {
      const list = expected as Literal[];
      const found = eitherShape(operand, someElementOf(operand, list), oneOf(operand, list));
      return op === 'in' ? sql`coalesce(${found}, false)` : sql`(not coalesce(${found}, false))`;
    }
    default: {
      const one = expected as Literal;
      if (one === null) return FALSE;
      const comparison = sql`${ordered(operand)} ${COMPARISON[op]!} ${bound(operand, one)}`;
      // A number or yes/no that reads as one is never empty. An empty text never compares: values.ts stores blank text
      // as none, so the cheap test of an empty text stands for the full one (which reads the value twice more).
      if (operand.empty === FALSE || operand.kind === 'number' || operand.kind === 'boolean') return sql`coalesce(${comparison}, false)`;
      return sql`coalesce(${operand.typed} <> '' and ${comparison}, false)`;
    }
  }
}

/** A condition over operands named by `operandOf`, never null. */
function compile(condition: Condition, operandOf: (name: string) => Operand, ctx: EvaluationContext): SQL {
  if ('all' in condition) return condition.all.length === 0 ? TRUE : sql`(${sql.join(condition.all.map((c) => compile(c, operandOf, ctx)), sql` and `)})`;
  if ('any' in condition) return condition.any.length === 0 ? FALSE : sql`(${sql.join(condition.any.map((c) => compile(c, operandOf, ctx)), sql` or `)})`;
  if ('not' in condition) return sql`(not ${compile(condition.not, operandOf, ctx)})`;
  return leafSql(operandOf(condition.field), condition.op, condition.value, ctx);
}

/**
 * A condition of the declaration (a row scope, a colour) over an entity's
 * fields as a WHERE fragment over `records`, its values bound: it selects
 * exactly the records evaluateCondition says hold. A key the entity does
 * not declare reads as empty, as there. A value that does not fit its
 * field's type throws RecordError('badFilter').
 */
export function conditionSql(condition: Condition, entity: Entity, ctx: EvaluationContext): SQL {
  return compile(condition, (name) => fieldOperand(name, Object.hasOwn(entity.fields, name) ? entity.fields[name] : undefined), ctx);
}

/** The records of a row scope: none, all, or those owned by one of its owners or matching one of its conditions. */
export function scopeSql(scope: RowScope, entity: Entity, ctx: EvaluationContext): SQL {
  if (scope.kind === 'none') return FALSE;
  if (scope.kind === 'all') return TRUE;
  const parts: SQL[] = [];
  if (scope.owners.length > 0) parts.push(sql`${records.ownerId} in (${sql.join(scope.owners.map((o) => sql`${o}::uuid`), sql`, `)})`);
  for (const where of scope.where) parts.push(conditionSql(where, entity, ctx));
  return parts.length === 0 ? FALSE : sql`(${sql.join(parts, sql` or `)})`;
}
