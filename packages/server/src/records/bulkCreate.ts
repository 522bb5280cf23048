import { checkValues, defaultValues, type AppDeclaration, type Entity, type ValueProblem } from '@atrium/shared/apps';
import { newRecord } from './newRecord.js';
import { RecordError } from './RecordError.js';
import type { RecordScope, RecordStore, StoredRecord } from './RecordStore.js';
import { same } from './recordChecks.js';
import { RECORD_NAME_MAX_LENGTH, seriesKey, seriesNames, seriesPrefix, userValues } from './recordText.js';

/** One record of a bulk write by an operator or the product's own data. */
export interface BulkRecord {
  entity: string;
  values: Readonly<Record<string, unknown>>;
  createdBy: string;
  at: Date;
}

/** A record of a bulk write being checked: its entity, its checked values and their problems, its name once named. */
interface Checked {
  input: BulkRecord;
  index: number;
  entity: Entity;
  values: Record<string, unknown>;
  problems: Record<string, ValueProblem>;
  name: string;
}

/** A refused record of a bulk write: which one (its place in the list) and the problems of its fields. */
export class BulkRecordRefused extends RecordError {
  constructor(
    readonly index: number,
    problems: Record<string, ValueProblem>,
  ) {
    super('invalid', undefined, problems);
  }
}

/**
 * Writes many records of one application, each exactly as the records
 * service's createAsOperator writes one (the same value check, people of
 * the organisation, live linked records, unique values, naming, title,
 * search text and creation history), but checked and written in a few
 * statements: the series numbers of a day are taken at once, the people and
 * linked records are read once. A link may name a record written earlier in
 * the list. Call it inside a transaction: a refused record throws
 * BulkRecordRefused before anything is written, and the numbers taken are
 * given back with the transaction. Returns the records written, in order.
 */
export async function createRecordsInBulk(store: RecordStore, app: { declaration: AppDeclaration; scope: RecordScope }, list: readonly BulkRecord[]): Promise<StoredRecord[]> {
  const checked = list.map((input, index): Checked => {
    if (!Object.hasOwn(app.declaration.entities, input.entity)) throw new RecordError('entityNotFound');
    const entity = app.declaration.entities[input.entity]!;
    const evaluation = { userId: input.createdBy, now: input.at.getTime() };
    const { values, problems } = checkValues(entity, { ...defaultValues(entity, evaluation), ...input.values }, evaluation);
    return { input, index, entity, values, problems: { ...problems } as Record<string, ValueProblem>, name: '' };
  });
  await checkPeopleAndUnique(store, app.scope, checked);
  const named = await nameByField(store, app.scope, checked);
  const refused = checked.find((r) => Object.keys(r.problems).length > 0);
  if (refused) throw new BulkRecordRefused(refused.index, refused.problems);
  await nameBySeries(store, app.scope, checked, named);
  await checkLinks(store, app.scope, checked);

  const people = await store.people(checked.flatMap((r) => userValues(r.entity, r.values)));
  const made = checked.map((r) => {
    const ownerId = r.entity.ownerField ? ((r.values[r.entity.ownerField] as string | null) ?? null) : r.input.createdBy;
    // A new record's history lists every field it was given a value, as one written alone.
    return newRecord(app.scope, r.entity, { entity: r.input.entity, name: r.name, values: r.values, ownerId, createdBy: r.input.createdBy, at: r.input.at }, people, 'create');
  });
  const stored = await store.insertMany(made.map((m) => m.record));
  await store.addHistoryMany(made.map((m) => m.history));
  return stored;
}

/** People who are no members of the organisation, and unique values that live records or records earlier in the list hold. */
async function checkPeopleAndUnique(store: RecordStore, scope: RecordScope, checked: readonly Checked[]): Promise<void> {
  const members = await store.members(scope.accountId, checked.flatMap((r) => userValues(r.entity, r.values)));
  const unique = new Set<string>();
  for (const r of checked) {
    for (const [key, field] of Object.entries(r.entity.fields)) {
      const value = r.values[key];
      if (field.type === 'user' && typeof value === 'string' && !members.has(value)) r.problems[key] ??= { code: 'user' };
      if (!field.unique || value === null || value === undefined || same(value, [])) continue;
      const seen = `${r.input.entity}\u0000${key}\u0000${JSON.stringify(value)}`;
      if (unique.has(seen) || (await store.valueTaken(scope, r.input.entity, key, value, null))) r.problems[key] ??= { code: 'unique' };
      unique.add(seen);
    }
  }
}

/** The names of the records named by a field's value (required, not too long, taken by no record nor earlier in the list); the names given. */
async function nameByField(store: RecordStore, scope: RecordScope, checked: readonly Checked[]): Promise<Set<string>> {
  const byName = checked.filter((r) => 'field' in r.entity.naming);
  const taken = await store.takenNames(scope, byName.map((r) => String(r.values[(r.entity.naming as { field: string }).field] ?? '')));
  const named = new Set<string>();
  for (const r of byName) {
    const key = (r.entity.naming as { field: string }).field;
    const value = r.values[key];
    if (r.problems[key]) continue;
    const name = value === null || value === undefined ? '' : String(value);
    if (name === '') r.problems[key] = { code: 'required' };
    else if (name.length > RECORD_NAME_MAX_LENGTH) r.problems[key] = { code: 'maxLength', params: { max: String(RECORD_NAME_MAX_LENGTH) } };
    else if (taken.has(name) || named.has(name)) r.problems[key] = { code: 'unique' };
    r.name = name;
    named.add(name);
  }
  return named;
}

/** The names of the records named by a series: the next numbers of the series of the record's day, taken once per series and day. */
async function nameBySeries(store: RecordStore, scope: RecordScope, checked: readonly Checked[], named: Set<string>): Promise<void> {
  const series = new Map<string, { entity: string; prefix: string; records: Checked[] }>();
  for (const r of checked) {
    if (!('series' in r.entity.naming)) continue;
    const prefix = seriesPrefix(r.entity.naming.series, r.input.at);
    const group = `${r.input.entity}\u0000${seriesKey(prefix)}`;
    if (!series.has(group)) series.set(group, { entity: r.input.entity, prefix, records: [] });
    series.get(group)!.records.push(r);
  }
  for (const { entity, prefix, records } of series.values()) {
    const names = await seriesNames(store, scope, entity, prefix, records.length, named);
    for (const [i, r] of records.entries()) r.name = names[i]!;
  }
}

/** Refuses the first record whose link names neither a live record of the organisation nor one written earlier in the list. */
async function checkLinks(store: RecordStore, scope: RecordScope, checked: readonly Checked[]): Promise<void> {
  const linkTargets = new Map<string, Set<string>>();
  for (const r of checked) {
    for (const [key, field] of Object.entries(r.entity.fields)) {
      if (field.type === 'link' && typeof r.values[key] === 'string') linkTargets.set(field.entity, (linkTargets.get(field.entity) ?? new Set()).add(r.values[key]));
    }
  }
  const live = new Map<string, Set<string>>();
  for (const [entity, names] of linkTargets) live.set(entity, new Set((await store.findByNames(scope, entity, [...names])).map((t) => t.name)));
  const earlier = new Map<string, Set<string>>();
  for (const r of checked) {
    for (const [key, field] of Object.entries(r.entity.fields)) {
      const value = r.values[key];
      if (field.type === 'link' && typeof value === 'string' && !live.get(field.entity)?.has(value) && !earlier.get(field.entity)?.has(value)) throw new BulkRecordRefused(r.index, { [key]: { code: 'link' } });
    }
    earlier.set(r.input.entity, (earlier.get(r.input.entity) ?? new Set()).add(r.name));
  }
}
