import { EVERYONE_ROLE, type AppDeclaration, type ChildField, type Entity, type Field, type FieldType } from './declaration.js';
import { CONDITION_MAX_DEPTH, UNARY_OPS, conditionDepth, type Condition, type ConditionValue } from './condition.js';
import type { DeclarationProblem } from './declarationIssues.js';
import { datasetProblems } from './datasetReferences.js';
import { workflowProblems } from './workflowReferences.js';
import { normaliseValue } from './values.js';

/**
 * The checks a schema cannot make: every name a declaration uses refers to
 * something it declares, with a fitting type (docs/APPLICATIONS.md,
 * "Declaring an application"). Every problem is collected, each at its path.
 */

/** Types whose value can name a record in lists and search (its title). */
export const TITLE_TYPES: readonly FieldType[] = ['text', 'longText', 'email', 'url', 'phone'];
/** Types holding a number. */
export const NUMERIC_TYPES: readonly FieldType[] = ['number', 'decimal', 'percent', 'duration', 'rating'];
/** Types a unique value can be asked of: one plain value that can tell records apart. */
export const UNIQUE_TYPES: readonly FieldType[] = ['text', 'email', 'url', 'phone', 'number', 'decimal', 'date', 'datetime', 'user', 'link', 'choice'];
const DATE_TYPES: readonly FieldType[] = ['date', 'datetime'];
const ORDERED_TYPES: readonly FieldType[] = [...NUMERIC_TYPES, ...DATE_TYPES];
const CONTAINS_TYPES: readonly FieldType[] = ['text', 'longText', 'richText', 'email', 'url', 'phone', 'multiChoice'];
/** Types no condition compares with a value (only empty and notEmpty apply). */
const UNCOMPARABLE_TYPES: readonly FieldType[] = ['table', 'file', 'richText'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) => DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const isMoment = (v: string) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v));

type AnyField = Field | ChildField;
type Fields = Readonly<Record<string, AnyField>>;

const has = (fields: Fields, key: string): boolean => Object.hasOwn(fields, key);
const list = (types: readonly string[]) => types.join(', ');
/** "a text field", "an email field". */
const aField = (type: string) => `${/^[aeio]/i.test(type) ? 'an' : 'a'} ${type} field`;

class Collector {
  readonly problems: DeclarationProblem[] = [];
  add(path: string, message: string): void {
    this.problems.push({ path, message });
  }
}

/** Where a field is looked up: the fields, and how a missing one is described. */
interface Scope {
  fields: Fields;
  /** "entity 'risk'" or "table 'findings'". */
  name: string;
}

/** A field that must exist (and, given `types`, be of one of them); reports at `path`. */
function expectField(out: Collector, scope: Scope, key: string, path: string, types?: readonly FieldType[], what?: string): AnyField | undefined {
  if (!has(scope.fields, key)) {
    out.add(path, `no field '${key}' in ${scope.name}`);
    return undefined;
  }
  const field = scope.fields[key]!;
  if (types && !types.includes(field.type)) {
    out.add(path, `'${key}' is ${aField(field.type)}; ${what ?? `use a field of type ${list(types)}`}`);
    return undefined;
  }
  return field;
}

function expectFields(out: Collector, scope: Scope, keys: readonly string[] | undefined, path: string): void {
  keys?.forEach((key, i) => expectField(out, scope, key, `${path}.${i}`));
}

/** A literal, list or special value of a condition, checked against the field it is compared with. */
function checkConditionValue(out: Collector, field: AnyField, key: string, value: ConditionValue, path: string): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    if ('me' in value && field.type !== 'user') out.add(path, `{ "me": true } is for user fields; '${key}' is ${aField(field.type)}`);
    if ('relative' in value && !DATE_TYPES.includes(field.type)) out.add(path, `a relative day or time is for date and datetime fields; '${key}' is ${aField(field.type)}`);
    return;
  }
  const values = Array.isArray(value) ? (value as readonly unknown[]) : [value];
  values.forEach((v, i) => {
    const at = Array.isArray(value) ? `${path}.${i}` : path;
    if (v === null) return;
    if (NUMERIC_TYPES.includes(field.type)) {
      if (typeof v !== 'number') out.add(at, `must be a number: '${key}' is ${aField(field.type)}`);
    } else if (field.type === 'boolean') {
      if (typeof v !== 'boolean') out.add(at, `must be true or false: '${key}' is a boolean field`);
    } else if (field.type === 'choice' || field.type === 'multiChoice') {
      if (typeof v !== 'string' || !field.choices.some((c) => c.value === v)) out.add(at, `${JSON.stringify(v)} is not a choice of '${key}'; use one of ${list(field.choices.map((c) => c.value))}`);
    } else if (field.type === 'date') {
      if (typeof v !== 'string' || !isDay(v)) out.add(at, `must be a day (YYYY-MM-DD) or { "relative": … }: '${key}' is a date field`);
    } else if (field.type === 'datetime') {
      if (typeof v !== 'string' || !isMoment(v)) out.add(at, `must be a date and time (ISO 8601) or { "relative": … }: '${key}' is a datetime field`);
    } else if (typeof v !== 'string') {
      out.add(at, `must be a text: '${key}' is ${aField(field.type)}`);
    }
  });
}

/** A condition over the fields of a scope: fields exist, operators fit their types, values fit, depth bounded. */
function checkCondition(out: Collector, scope: Scope, condition: Condition, path: string, depthChecked = false): void {
  if (!depthChecked) {
    const depth = conditionDepth(condition);
    if (depth > CONDITION_MAX_DEPTH) {
      out.add(path, `nests ${depth} levels deep; at most ${CONDITION_MAX_DEPTH}`);
      return;
    }
  }
  if ('all' in condition) return condition.all.forEach((c, i) => checkCondition(out, scope, c, `${path}.all.${i}`, true));
  if ('any' in condition) return condition.any.forEach((c, i) => checkCondition(out, scope, c, `${path}.any.${i}`, true));
  if ('not' in condition) return checkCondition(out, scope, condition.not, `${path}.not`, true);
  const field = expectField(out, scope, condition.field, `${path}.field`);
  if (!field) return;
  const { op } = condition;
  const type = field.type;
  if (UNARY_OPS.includes(op)) return;
  let fits = !UNCOMPARABLE_TYPES.includes(type);
  if (op === 'lt' || op === 'lte' || op === 'gt' || op === 'gte') fits = ORDERED_TYPES.includes(type);
  if (op === 'contains') fits = CONTAINS_TYPES.includes(type);
  if (!fits) {
    out.add(`${path}.op`, `${op} does not apply to the ${type} field '${condition.field}'`);
    return;
  }
  if (condition.value !== undefined) checkConditionValue(out, field, condition.field, condition.value, `${path}.value`);
}

const PROBLEM_TEXTS: Readonly<Record<string, string>> = {
  choice: 'must be one of the choices',
  type: 'does not fit the field type',
  date: 'must be a day (YYYY-MM-DD) or today',
  datetime: 'must be a date and time (ISO 8601) or today',
  email: 'must be an email address',
  url: 'must be an http(s) address',
  phone: 'must be a phone number',
  integer: 'must be a whole number',
  pattern: "must match the field's pattern",
  min: 'must not be below the minimum',
  max: 'must not be above the maximum',
  minLength: 'is shorter than minLength',
  maxLength: 'is longer than the longest text allowed',
};

/** The bounds, pattern, default, computed value and child fields of one field. */
function checkField(out: Collector, scope: Scope, key: string, field: AnyField, path: string, entities: Readonly<Record<string, Entity>>, inTable: boolean): void {
  const f = field as AnyField & Record<string, unknown>;
  if (typeof f.min === 'number' && typeof f.max === 'number' && f.min > f.max) out.add(`${path}.min`, `must not be greater than max (${f.max})`);
  if (typeof f.minLength === 'number' && typeof f.maxLength === 'number' && f.minLength > f.maxLength) out.add(`${path}.minLength`, `must not be greater than maxLength (${f.maxLength})`);
  if (field.type === 'date' || field.type === 'datetime') {
    const valid = field.type === 'date' ? isDay : isMoment;
    for (const bound of ['min', 'max'] as const) {
      const v = field[bound];
      if (v !== undefined && !valid(v)) out.add(`${path}.${bound}`, field.type === 'date' ? 'must be a day (YYYY-MM-DD)' : 'must be a date and time (ISO 8601)');
    }
    if (field.min !== undefined && field.max !== undefined && valid(field.min) && valid(field.max) && Date.parse(field.min) > Date.parse(field.max)) out.add(`${path}.min`, `must not be after max (${field.max})`);
  }
  if (typeof f.pattern === 'string') {
    try {
      new RegExp(f.pattern, 'u');
    } catch (e) {
      out.add(`${path}.pattern`, `is not a valid regular expression: ${(e as Error).message}`);
    }
  }
  if (field.type === 'choice' || field.type === 'multiChoice') {
    const seen = new Set<string>();
    field.choices.forEach((c, i) => {
      if (seen.has(c.value)) out.add(`${path}.choices.${i}.value`, `the choice '${c.value}' is declared twice`);
      seen.add(c.value);
    });
  }
  if (field.unique && (inTable || !UNIQUE_TYPES.includes(field.type))) {
    out.add(`${path}.unique`, inTable ? "a table's rows have no unique values" : `${aField(field.type)} cannot be unique; use one of ${list(UNIQUE_TYPES)}`);
  }
  if (f.default !== undefined && !(f.default === 'today' && DATE_TYPES.includes(field.type)) && field.type !== 'user') {
    const { problem } = normaliseValue(field, f.default);
    if (problem) {
      const detail = field.type === 'choice' || field.type === 'multiChoice' ? `; use one of ${list(field.choices.map((c) => c.value))}` : '';
      out.add(`${path}.default`, `${PROBLEM_TEXTS[problem.code] ?? `does not fit the field (${problem.code})`}${detail}${problem.params ? ` (${Object.values(problem.params).join(', ')})` : ''}`);
    }
  }
  if (field.type === 'link' && !Object.hasOwn(entities, field.entity)) out.add(`${path}.entity`, `no entity '${field.entity}' in this application; use one of ${list(Object.keys(entities))}`);
  if (field.hiddenWhen) checkCondition(out, scope, field.hiddenWhen, `${path}.hiddenWhen`);
  if ('computed' in field && field.computed) {
    const c = field.computed;
    const at = `${path}.computed`;
    if ('daysBetween' in c) c.daysBetween.forEach((k, i) => expectField(out, scope, k, `${at}.daysBetween.${i}`, ['date'], 'days are counted between date fields'));
    else if ('product' in c) c.product.forEach((k, i) => expectField(out, scope, k, `${at}.product.${i}`, NUMERIC_TYPES, `a product takes number fields (${list(NUMERIC_TYPES)})`));
    else if ('sum' in c) c.sum.forEach((k, i) => expectField(out, scope, k, `${at}.sum.${i}`, NUMERIC_TYPES, `a sum takes number fields (${list(NUMERIC_TYPES)})`));
    else {
      const table = expectField(out, scope, c.sumOf.table, `${at}.sumOf.table`, ['table'], 'sumOf adds up a column of a table field');
      if (table?.type === 'table') expectField(out, { fields: table.fields, name: `table '${c.sumOf.table}'` }, c.sumOf.field, `${at}.sumOf.field`, NUMERIC_TYPES, `sumOf adds up a number column (${list(NUMERIC_TYPES)})`);
    }
    for (const input of 'daysBetween' in c ? c.daysBetween : 'product' in c ? c.product : 'sum' in c ? c.sum : [c.sumOf.table]) {
      if (input === key) out.add(at, `'${key}' cannot be computed from itself`);
    }
  }
  if (field.type === 'table') {
    const childScope = { fields: field.fields, name: `table '${key}'` };
    for (const [childKey, child] of Object.entries(field.fields)) checkField(out, childScope, childKey, child, `${path}.fields.${childKey}`, entities, true);
    if (field.minRows !== undefined && field.maxRows !== undefined && field.minRows > field.maxRows) out.add(`${path}.minRows`, `must not be greater than maxRows (${field.maxRows})`);
  }
}

/** How records are named: a series with one number run, or a required, unique text field. */
function checkNaming(out: Collector, scope: Scope, entity: Entity, path: string): void {
  const naming = entity.naming;
  if ('series' in naming) {
    const runs = naming.series.match(/\{#+\}/g) ?? [];
    if (runs.length !== 1) out.add(`${path}.series`, `must hold exactly one number run such as {#####}, not ${runs.length}`);
    const rest = naming.series.replace(/\{(?:YYYY|YY|MM|DD|#+)\}/g, '');
    if (/[{}#]/.test(rest)) out.add(`${path}.series`, 'has a placeholder other than {YYYY} {YY} {MM} {DD} {#…#}, or a stray { } or #');
    return;
  }
  const field = expectField(out, scope, naming.field, `${path}.field`, ['text'], 'a record is named by a text field');
  if (field && !(field.required && field.unique)) out.add(`${path}.field`, `the field '${naming.field}' names records, so it must be marked required and unique`);
}

function checkViews(out: Collector, scope: Scope, entity: Entity, path: string): void {
  const { list: listView, form, board, calendar } = entity.views;
  if (listView) {
    expectFields(out, scope, listView.columns, `${path}.list.columns`);
    expectFields(out, scope, listView.filters, `${path}.list.filters`);
    if (listView.sort) expectField(out, scope, listView.sort.field, `${path}.list.sort.field`);
  }
  if (form) {
    const placed = new Map<string, string>();
    const sections = 'tabs' in form ? form.tabs.flatMap((tab, t) => tab.sections.map((s, i) => ({ s, at: `${path}.form.tabs.${t}.sections.${i}` }))) : form.sections.map((s, i) => ({ s, at: `${path}.form.sections.${i}` }));
    for (const { s, at } of sections) {
      s.fields.forEach((key, i) => {
        const here = `${at}.fields.${i}`;
        if (!expectField(out, scope, key, here)) return;
        const before = placed.get(key);
        if (before !== undefined) out.add(here, `'${key}' is already in the form at ${before}`);
        else placed.set(key, here);
      });
    }
  }
  if (board) {
    expectField(out, scope, board.groupBy, `${path}.board.groupBy`, ['choice'], 'a board has a column per choice of a choice field');
    expectFields(out, scope, board.cardFields, `${path}.board.cardFields`);
  }
  if (calendar) {
    expectField(out, scope, calendar.start, `${path}.calendar.start`, DATE_TYPES, 'a calendar places records by a date or datetime field');
    if (calendar.end !== undefined) expectField(out, scope, calendar.end, `${path}.calendar.end`, DATE_TYPES, 'a calendar places records by a date or datetime field');
  }
}

function checkRights(out: Collector, scope: Scope, entity: Entity, roles: readonly string[], path: string): void {
  for (const [role, grant] of Object.entries(entity.rights)) {
    const at = `${path}.${role}`;
    if (role !== EVERYONE_ROLE && !roles.includes(role)) {
      out.add(at, `no role '${role}' is declared; use ${EVERYONE_ROLE}${roles.length > 0 ? ` or one of ${list(roles)}` : ' or declare it under roles'}`);
    }
    if (typeof grant.scope === 'object') checkCondition(out, scope, grant.scope.where, `${at}.scope.where`);
    expectFields(out, scope, grant.hiddenFields, `${at}.hiddenFields`);
    expectFields(out, scope, grant.readOnlyFields, `${at}.readOnlyFields`);
  }
}

/** Every cross-reference problem of a declaration that passed the schema. */
export function referenceProblems(declaration: AppDeclaration): DeclarationProblem[] {
  const out = new Collector();
  const entities = declaration.entities;
  if (Object.keys(entities).length === 0) out.add('entities', 'must declare at least one entity');
  if (Object.hasOwn(declaration.roles, EVERYONE_ROLE)) out.add(`roles.${EVERYONE_ROLE}`, `'${EVERYONE_ROLE}' is every user given the application: it is not declared as a role`);
  const roles = Object.keys(declaration.roles).filter((r) => r !== EVERYONE_ROLE);
  for (const [name, entity] of Object.entries(entities)) {
    const path = `entities.${name}`;
    const scope: Scope = { fields: entity.fields, name: `entity '${name}'` };
    if (Object.keys(entity.fields).length === 0) out.add(`${path}.fields`, 'must declare at least one field');
    for (const [key, field] of Object.entries(entity.fields)) checkField(out, scope, key, field, `${path}.fields.${key}`, entities, false);
    expectField(out, scope, entity.titleField, `${path}.titleField`, TITLE_TYPES, `a record's title is a text field (${list(TITLE_TYPES)})`);
    if (entity.ownerField !== undefined) expectField(out, scope, entity.ownerField, `${path}.ownerField`, ['user'], 'the owner is a user field');
    expectFields(out, scope, entity.cardFields, `${path}.cardFields`);
    expectFields(out, scope, entity.searchFields, `${path}.searchFields`);
    checkNaming(out, scope, entity, `${path}.naming`);
    for (const colour of ['red', 'yellow', 'green'] as const) {
      const condition = entity.colour?.[colour];
      if (condition) checkCondition(out, scope, condition, `${path}.colour.${colour}`);
    }
    checkViews(out, scope, entity, `${path}.views`);
    checkRights(out, scope, entity, roles, `${path}.rights`);
  }
  out.problems.push(...datasetProblems(declaration));
  out.problems.push(...workflowProblems(declaration));
  return out.problems;
}
