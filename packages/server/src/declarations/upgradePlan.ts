import type { AppDeclaration, ChildField, Entity, Field, FieldType } from '@atrium/shared/apps';

/**
 * What installing a new declaration over the one an organisation runs does
 * to it (docs/APPLICATIONS.md, "Upgrades"): what is added (applied at once,
 * records kept), what changes without touching any value, and what would
 * lose values that records hold. Pure: the counts of affected records are
 * read first (`countsNeeded`, then the store) and passed in.
 */

/** A question about records of one organisation's application: how many would lose a value. */
export type CountQuery =
  /** Every record of an entity (deleted ones included: they can be restored). */
  | { kind: 'entity'; entity: string }
  /** Records holding a value in a field. */
  | { kind: 'field'; entity: string; field: string }
  /** Records holding a value in a column of a table field, in any row. */
  | { kind: 'column'; entity: string; field: string; column: string }
  /** Records whose choice (or one of whose multiple choices) is this value. */
  | { kind: 'choice'; entity: string; field: string; choice: string }
  /** Records with a row of a table field whose choice in a column is this value. */
  | { kind: 'columnChoice'; entity: string; field: string; column: string; choice: string };

/** Values an upgrade removes from records; with `--allow-data-loss` they are removed, with a history row for each record. */
export type Loss = CountQuery & {
  /** Where in the declaration, e.g. `entities.risk.fields.score`. */
  path: string;
  /** What happens to it: removed, or its type changed. */
  what: string;
  /** How many records lose a value (always more than 0). */
  records: number;
};

/** A field the new declaration has unique whose value live records share: no install can keep it unique until they differ. */
export interface SharedValues {
  entity: string;
  field: string;
  /** Where in the declaration, e.g. `entities.risk.fields.code`. */
  path: string;
  /** How many live records hold a value another live record holds too (always more than 0). */
  records: number;
}

export interface UpgradePlan {
  /** Entities, fields, choices, views and roles added. */
  additions: string[];
  /** Everything else that changes without removing a value: texts, settings, views, rights, and removals no record is affected by. */
  changes: string[];
  losses: Loss[];
  /** Unique fields whose values records share: the upgrade is refused whatever the operator allows. */
  shared: SharedValues[];
}

/** Type changes that keep every value as it is (a value of the old type is a valid value of the new one). */
const COMPATIBLE: Readonly<Partial<Record<FieldType, readonly FieldType[]>>> = {
  text: ['longText', 'richText'],
  longText: ['richText'],
  email: ['text', 'longText'],
  url: ['text', 'longText'],
  phone: ['text', 'longText'],
  number: ['decimal', 'percent'],
  percent: ['decimal', 'number'],
  duration: ['number', 'decimal'],
  rating: ['number', 'decimal'],
};

/** Whether a field of type `from` may become `to` with every value kept. */
export function keepsValues(from: FieldType, to: FieldType): boolean {
  return from === to || (COMPATIBLE[from]?.includes(to) ?? false);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A key of the record the count is about. */
export function countKey(q: CountQuery): string {
  switch (q.kind) {
    case 'entity':
      return `entity:${q.entity}`;
    case 'field':
      return `field:${q.entity}.${q.field}`;
    case 'column':
      return `column:${q.entity}.${q.field}.${q.column}`;
    case 'choice':
      return `choice:${q.entity}.${q.field}:${q.choice}`;
    case 'columnChoice':
      return `choice:${q.entity}.${q.field}.${q.column}:${q.choice}`;
  }
}

type Count = (q: CountQuery) => number;

interface Plan extends Omit<UpgradePlan, 'shared'> {
  /** The would-be losses, before their counts are known. */
  candidates: Array<CountQuery & { path: string; what: string }>;
}

/** What changes in one field (or a table's column) kept by name. */
function compareField(plan: Plan, path: string, entity: string, key: string, a: Field | ChildField, b: Field | ChildField, table?: string): void {
  const query = table === undefined ? ({ kind: 'field', entity, field: key } as const) : ({ kind: 'column', entity, field: table, column: key } as const);
  if (a.type !== b.type) {
    if (keepsValues(a.type, b.type)) plan.changes.push(`${path}: type ${a.type} -> ${b.type}, values kept`);
    else plan.candidates.push({ ...query, path, what: `type changed from ${a.type} to ${b.type}` });
    return;
  }
  if (a.type === 'link' && b.type === 'link' && a.entity !== b.entity) {
    plan.candidates.push({ ...query, path, what: `now links ${b.entity} instead of ${a.entity}` });
    return;
  }
  if (!same(a.label, b.label) || !same(a.help, b.help)) plan.changes.push(`${path}: label or help changed`);
  if ((a.type === 'choice' || a.type === 'multiChoice') && (b.type === 'choice' || b.type === 'multiChoice')) {
    const before = new Map(a.choices.map((c) => [c.value, c]));
    const after = new Map(b.choices.map((c) => [c.value, c]));
    for (const [value, choice] of after) {
      const old = before.get(value);
      if (!old) plan.additions.push(`${path}.choices.${value}: added`);
      else if (!same(old, choice)) plan.changes.push(`${path}.choices.${value}: label or colour changed`);
    }
    for (const value of before.keys()) {
      if (after.has(value)) continue;
      const query = table === undefined ? ({ kind: 'choice', entity, field: key, choice: value } as const) : ({ kind: 'columnChoice', entity, field: table, column: key, choice: value } as const);
      plan.candidates.push({ ...query, path: `${path}.choices.${value}`, what: 'choice removed' });
    }
    if (!same(a.choices.map((c) => c.value).filter((v) => after.has(v)), b.choices.map((c) => c.value).filter((v) => before.has(v)))) plan.changes.push(`${path}.choices: order changed`);
  }
  if (a.type === 'table' && b.type === 'table') compareFields(plan, `${path}.fields`, entity, a.fields, b.fields, key);
  const settings = (f: Field | ChildField) => {
    const rest: Record<string, unknown> = { ...f };
    for (const k of ['label', 'help', 'choices', 'fields', 'type']) delete rest[k];
    return rest;
  };
  if (!same(settings(a), settings(b))) plan.changes.push(`${path}: settings changed`);
}

function compareFields(plan: Plan, path: string, entity: string, from: Readonly<Record<string, Field | ChildField>>, to: Readonly<Record<string, Field | ChildField>>, table?: string): void {
  for (const [key, field] of Object.entries(to)) {
    const old = Object.hasOwn(from, key) ? from[key] : undefined;
    if (old === undefined) plan.additions.push(`${path}.${key}: added (${field.type})`);
    else compareField(plan, `${path}.${key}`, entity, key, old, field, table);
  }
  for (const key of Object.keys(from)) {
    if (Object.hasOwn(to, key)) continue;
    const query = table === undefined ? ({ kind: 'field', entity, field: key } as const) : ({ kind: 'column', entity, field: table, column: key } as const);
    plan.candidates.push({ ...query, path: `${path}.${key}`, what: 'removed' });
  }
  if (!same(Object.keys(from).filter((k) => Object.hasOwn(to, k)), Object.keys(to).filter((k) => Object.hasOwn(from, k)))) plan.changes.push(`${path}: order changed`);
}

function compareEntity(plan: Plan, name: string, a: Entity, b: Entity): void {
  const path = `entities.${name}`;
  if (!same(a.label, b.label) || !same(a.pluralLabel, b.pluralLabel)) plan.changes.push(`${path}: label changed`);
  for (const key of ['naming', 'titleField', 'ownerField', 'cardFields', 'searchFields', 'colour'] as const) {
    if (!same(a[key], b[key])) plan.changes.push(`${path}.${key}: changed`);
  }
  compareFields(plan, `${path}.fields`, name, a.fields, b.fields);
  for (const kind of ['list', 'form', 'board', 'calendar'] as const) {
    const [before, after] = [a.views[kind], b.views[kind]];
    if (before === undefined && after !== undefined) plan.additions.push(`${path}.views.${kind}: added`);
    else if (before !== undefined && after === undefined) plan.changes.push(`${path}.views.${kind}: removed`);
    else if (!same(before, after)) plan.changes.push(`${path}.views.${kind}: changed`);
  }
  for (const role of new Set([...Object.keys(a.rights), ...Object.keys(b.rights)])) {
    const [before, after] = [a.rights[role], b.rights[role]];
    if (before === undefined) plan.changes.push(`${path}.rights.${role}: granted`);
    else if (after === undefined) plan.changes.push(`${path}.rights.${role}: taken away`);
    else if (!same(before, after)) plan.changes.push(`${path}.rights.${role}: changed`);
  }
}

function compare(from: AppDeclaration, to: AppDeclaration): Plan {
  const plan: Plan = { additions: [], changes: [], losses: [], candidates: [] };
  if (from.version !== to.version) plan.changes.push(`version: ${from.version} -> ${to.version}`);
  for (const key of ['label', 'description', 'category', 'icon'] as const) {
    if (!same(from[key], to[key])) plan.changes.push(`${key}: changed`);
  }
  for (const role of Object.keys(to.roles)) {
    if (!Object.hasOwn(from.roles, role)) plan.additions.push(`roles.${role}: added`);
    else if (!same(from.roles[role], to.roles[role])) plan.changes.push(`roles.${role}: label changed`);
  }
  for (const role of Object.keys(from.roles)) if (!Object.hasOwn(to.roles, role)) plan.changes.push(`roles.${role}: removed; holding it no longer gives rights`);
  for (const [name, entity] of Object.entries(to.entities)) {
    const old = Object.hasOwn(from.entities, name) ? from.entities[name] : undefined;
    if (old === undefined) plan.additions.push(`entities.${name}: added`);
    else compareEntity(plan, name, old, entity);
  }
  for (const name of Object.keys(from.entities)) {
    if (!Object.hasOwn(to.entities, name)) plan.candidates.push({ kind: 'entity', entity: name, path: `entities.${name}`, what: 'removed' });
  }
  return plan;
}

/** The record counts an upgrade from one declaration to another needs. */
export function countsNeeded(from: AppDeclaration, to: AppDeclaration): CountQuery[] {
  return compare(from, to).candidates.map(({ path: _path, what: _what, ...query }) => query as CountQuery);
}

/**
 * The unique fields of the new declaration that records may hold values of
 * already (the entity and the field were there before): whether their
 * values are shared is read before an upgrade, whether the field was unique
 * before or is made so now (the database keeps them unique from then on,
 * records/recordIndexes.ts). The field naming records is left out: the
 * records' names are unique already.
 */
export function uniqueFieldsToCheck(from: AppDeclaration, to: AppDeclaration): Array<{ entity: string; field: string }> {
  const out: Array<{ entity: string; field: string }> = [];
  for (const [name, entity] of Object.entries(to.entities)) {
    const old = Object.hasOwn(from.entities, name) ? from.entities[name]! : undefined;
    if (old === undefined) continue;
    for (const [key, field] of Object.entries(entity.fields)) {
      if (field.unique && Object.hasOwn(old.fields, key) && !('field' in entity.naming && entity.naming.field === key)) out.push({ entity: name, field: key });
    }
  }
  return out;
}

/**
 * The plan of an upgrade. A would-be loss no record is affected by is a
 * change (nothing is lost); the others are the plan's losses. `shared`
 * counts the live records sharing a value of a unique field
 * (uniqueFieldsToCheck): any is a field the upgrade cannot keep unique.
 */
export function planUpgrade(from: AppDeclaration, to: AppDeclaration, count: Count, shared: (entity: string, field: string) => number = () => 0): UpgradePlan {
  const { candidates, ...rest } = compare(from, to);
  const plan: UpgradePlan = { ...rest, shared: [] };
  for (const candidate of candidates) {
    const records = count(candidate);
    if (records > 0) plan.losses.push({ ...candidate, records });
    else plan.changes.push(`${candidate.path}: ${candidate.what}; no record held a value`);
  }
  for (const { entity, field } of uniqueFieldsToCheck(from, to)) {
    const records = shared(entity, field);
    if (records > 0) plan.shared.push({ entity, field, path: `entities.${entity}.fields.${field}`, records });
  }
  return plan;
}

/** What an entity's stored title and search words are made from: the naming, the title and searchable fields, and how those fields read as words (type, choices' English labels). */
function textRule(entity: Entity): string {
  const keys = [entity.titleField, ...(entity.searchFields ?? [])];
  const fields = keys.map((key) => {
    const field = Object.hasOwn(entity.fields, key) ? entity.fields[key]! : null;
    if (field === null) return null;
    const choices = field.type === 'choice' || field.type === 'multiChoice' ? field.choices.map((c) => [c.value, c.label.en_EN]) : undefined;
    return { type: field.type, choices };
  });
  return JSON.stringify({ naming: entity.naming, titleField: entity.titleField, searchFields: entity.searchFields ?? [], fields });
}

/**
 * The entities kept by an upgrade whose records' stored title or search
 * words would read otherwise (records/recordText.ts): another title field,
 * other searchable fields, another naming, or those fields reading as other
 * words (a type, a choice's label). Their records' texts are computed
 * again in the upgrade's transaction.
 */
export function entitiesToRetitle(from: AppDeclaration, to: AppDeclaration): string[] {
  return Object.keys(to.entities).filter((key) => Object.hasOwn(from.entities, key) && textRule(from.entities[key]!) !== textRule(to.entities[key]!));
}

/** Shared values in the operator's words: `entities.risk.fields.code: unique, but 4 records share their value with another record`. */
export function formatShared(shared: SharedValues): string {
  return `${shared.path}: unique, but ${shared.records} ${shared.records === 1 ? 'record shares its' : 'records share their'} value with another record`;
}

/** A loss in the operator's words: `entities.risk.fields.score: removed; 120 records hold a value`. */
export function formatLoss(loss: Loss): string {
  const n = `${loss.records} ${loss.records === 1 ? 'record' : 'records'}`;
  if (loss.kind === 'entity') return `${loss.path}: ${loss.what}; its ${n} would be deleted`;
  if (loss.kind === 'choice' || loss.kind === 'columnChoice') return `${loss.path}: ${loss.what}; ${n} ${loss.records === 1 ? 'uses' : 'use'} it`;
  return `${loss.path}: ${loss.what}; ${n} ${loss.records === 1 ? 'holds' : 'hold'} a value`;
}

/** Whether a plan changes anything at all. */
export function isEmptyPlan(plan: UpgradePlan): boolean {
  return plan.additions.length === 0 && plan.changes.length === 0 && plan.losses.length === 0 && plan.shared.length === 0;
}
