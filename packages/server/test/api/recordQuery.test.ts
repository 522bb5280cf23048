// @module-tag postgres
/**
 * The list query builder against the database: a few hundred records of an
 * entity with every field type, written straight into `records`; every
 * filter (each operator on each type, with values generated from a seed),
 * compound conditions, colours, row scopes, sorts and pages select exactly
 * what the shared evaluation (evaluateCondition, colourOf, recordAccess)
 * decides record by record. Inputs meant to break the SQL leave the table
 * intact and get a sane answer or a refusal.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  colourOf,
  CONDITION_OPS,
  evaluateCondition,
  RecordQuery,
  type Condition,
  type ConditionOp,
  type ConditionValue,
  type Field,
  type RecordFilter,
  type RecordQueryInput,
} from '@atrium/shared/apps';
import type { Caller } from '../../src/access/Caller.js';
import { partlyHiddenFields, recordAccess, rowScope, type RowScope } from '../../src/access/recordRights.js';
import { records } from '../../src/db/schema.js';
import { conditionSql, listQuerySql, scopeSql } from '../../src/records/queryBuilder.js';
import { RecordError } from '../../src/records/RecordError.js';
import { app, entity, fields, generateRows, NOW, pool, random, type Row } from '../helpers/recordFixture.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { createTestStores, type TestStores } from '../helpers/testStores.js';

let s: TestStores;
let accountId: string;
let appId: string;
let rows: Row[];
let live: Row[];
let me: string;
let userIds: string[] = [];
/** Each user's name as the product shows it, lower-case. */
const shownAs = new Map<string, string>();
const ctx = () => ({ userId: me, now: NOW });

/** The names a list query selects, in its order. */
async function names(query: RecordQueryInput, scope: RowScope = { kind: 'all' }, hidden: readonly string[] = [], partly: Readonly<Record<string, RowScope>> = {}): Promise<string[]> {
  const parts = listQuerySql({ accountId, appId, entityKey: 'thing', entity }, RecordQuery.parse(query), scope, hidden, ctx(), partly);
  const found = await s.database.db.select({ name: records.name }).from(records).where(parts.where).orderBy(parts.orderBy).limit(parts.limit).offset(parts.offset);
  return found.map((r) => r.name);
}

/** The names of the live records a condition of the declaration selects, sorted. */
async function selected(condition: Condition): Promise<string[]> {
  const found = await s.database.db
    .select({ name: records.name })
    .from(records)
    .where(sql`${records.accountId} = ${accountId}::uuid and ${records.entity} = 'thing' and ${records.deletedAt} is null and ${conditionSql(condition, entity, ctx())}`);
  return found.map((r) => r.name).sort();
}

const sorted = (list: Row[]) => list.map((r) => r.name).sort();
const all = (query: RecordQueryInput) => names({ limit: 200, ...query });
async function allPages(query: RecordQueryInput, scope?: RowScope, hidden?: readonly string[], partly?: Readonly<Record<string, RowScope>>): Promise<string[]> {
  const out: string[] = [];
  for (let offset = 0; ; offset += 200) {
    const page = await names({ ...query, limit: 200, offset }, scope, hidden, partly);
    out.push(...page);
    if (page.length < 200) return out;
  }
}

beforeAll(async () => {
  s = await createTestStores();
  const account = await s.stores.accounts.create({ name: 'Query Org' });
  const other = await s.stores.accounts.create({ name: 'Other Org' });
  accountId = account.id;
  appId = (await s.stores.apps.create({ name: 'Tracker', title: 'Tracker', category: 'organization', appType: 3 })).id;
  userIds = [];
  // Names that sort otherwise than their ids, one without a name (shown by username), one lower-case.
  for (const [name, firstname, lastname] of [
    ['olivia', 'Ann', 'Hart'],
    ['dana', 'zed', 'Demo'],
    ['liam', '', ''],
    ['sofia', 'Bob', ''],
  ] as const) {
    const user = await s.stores.users.create({ username: `${name}-${crypto.randomBytes(3).toString('hex')}`, firstname, lastname });
    userIds.push(user.id);
    // Two are members of the organisation, two are not (any more): a sort by person finds both kinds' names.
    if (userIds.length <= 2) await s.stores.accounts.addMember(accountId, user.id);
    shownAs.set(user.id, (firstname || lastname ? [firstname, lastname].filter(Boolean).join(' ') : user.username).toLowerCase());
  }
  me = userIds[0]!;
  rows = generateRows(320, 20261127, userIds);
  live = rows.filter((r) => !r.deleted);
  const values = rows.map((r) => ({
    id: crypto.randomUUID(),
    accountId,
    appId,
    entity: 'thing',
    name: r.name,
    title: r.title,
    ownerId: r.ownerId,
    createdBy: r.ownerId,
    updatedBy: r.ownerId,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    deletedAt: r.deleted ? new Date(NOW) : null,
    data: r.data,
    searchText: r.searchText,
  }));
  // Records of another entity and of another organisation, which no list of this one shows.
  const strangers = rows.slice(0, 20).map((r, i) => ({ ...values[i]!, id: crypto.randomUUID(), entity: i % 2 === 0 ? 'other' : 'thing', accountId: i % 2 === 0 ? accountId : other.id, name: `X-${i}` }));
  await s.database.db.insert(records).values([...values, ...strangers]);
});
afterAll(() => s.close());

const KINDS_WITHOUT_ORDER = new Set(['boolean', 'user', 'multiChoice', 'choice']);
const FILTERABLE = Object.entries(fields).filter(([, f]) => !['table', 'file', 'richText'].includes(f.type));

/** The operators a field takes and the values to try with each (generated from the field's pool). */
function probes(key: string, field: Field, seed: number): RecordFilter[] {
  const { next, pick } = random(seed);
  const values = pool(field, userIds);
  const out: RecordFilter[] = [{ field: key, op: 'empty' }, { field: key, op: 'notEmpty' }];
  const literals: ConditionValue[] = [...values.slice(0, 6), null] as ConditionValue[];
  if (['text', 'longText', 'email', 'url', 'phone', 'link', 'choice'].includes(field.type)) literals.push('', '  ');
  if (field.type === 'date') literals.push({ relative: { days: -10 } }, { relative: { days: 2 } }, { relative: {} });
  if (field.type === 'datetime') literals.push({ relative: { hours: -5 } }, { relative: { days: 1 } }, '2026-03-10T00:00:00Z', '2026-03-10T10:30:00+01:00');
  if (field.type === 'user') literals.push({ me: true });
  const equality: ConditionOp[] = ['eq', 'ne'];
  const ordering: ConditionOp[] = field.type === 'multiChoice' || KINDS_WITHOUT_ORDER.has(field.type) ? [] : ['lt', 'lte', 'gt', 'gte'];
  for (const value of literals) for (const op of [...equality, ...(field.type === 'datetime' || value === null ? [] : ordering)]) out.push({ field: key, op, value } as RecordFilter);
  if (field.type === 'datetime') for (const value of literals.filter((v) => v !== null)) for (const op of ordering) out.push({ field: key, op, value } as RecordFilter);
  if (field.type !== 'datetime') {
    for (let i = 0; i < 4; i++) {
      const list = values.filter(() => next() < 0.4).slice(0, 3) as ConditionValue[] as (string | number | boolean | null)[];
      if (i === 3) list.push(null);
      out.push({ field: key, op: 'in', value: list }, { field: key, op: 'notIn', value: list });
    }
  }
  if (['text', 'longText', 'email', 'url', 'phone', 'link'].includes(field.type)) for (const needle of ['a', 'ALP', '%', '_', "'", '\\', '中', ' ', '', 'zz', 'drop table']) out.push({ field: key, op: 'contains', value: needle });
  if (field.type === 'choice') for (const needle of ['o', 'OPEN', 'x']) out.push({ field: key, op: 'contains', value: needle });
  if (field.type === 'multiChoice') for (const needle of ['a', 'c', '']) out.push({ field: key, op: 'contains', value: needle });
  void pick;
  return out;
}

describe(`the list query builder on ${databaseKind}`, () => {
  it('lists the live records of the entity in its organisation only, by the list view’s sort', async () => {
    const found = await allPages({});
    expect(found.sort()).toEqual(sorted(live));
    expect(await allPages({ deleted: true })).toEqual(expect.arrayContaining(sorted(rows.filter((r) => r.deleted))));
    expect((await allPages({ deleted: true })).length).toBe(rows.filter((r) => r.deleted).length);
  });

  it('selects, for every operator on every field type, exactly the records the shared evaluation says hold', async () => {
    let checked = 0;
    for (const [i, [key, field]] of FILTERABLE.entries()) {
      for (const filter of probes(key, field, 1000 + i)) {
        const expected = sorted(live.filter((r) => evaluateCondition(filter as Condition, r.data, fields, ctx())));
        expect({ filter, found: (await allPages({ filters: [filter] })).sort() }).toEqual({ filter, found: expected });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(400);
  }, 120_000);

  it('selects exactly what the shared evaluation says of generated compound conditions', async () => {
    const { next, pick } = random(77);
    const leaves = FILTERABLE.flatMap(([key, field], i) => probes(key, field, 2000 + i).filter((f) => f.op !== 'contains' || field.type !== 'choice')) as Condition[];
    const build = (depth: number): Condition => {
      const r = next();
      if (depth === 0 || r < 0.4) return pick(leaves);
      if (r < 0.6) return { not: build(depth - 1) };
      const parts = Array.from({ length: 2 + Math.floor(next() * 2) }, () => build(depth - 1));
      return r < 0.8 ? { all: parts } : { any: parts };
    };
    for (let i = 0; i < 150; i++) {
      const condition = build(3);
      const expected = sorted(live.filter((r) => evaluateCondition(condition, r.data, fields, ctx())));
      expect({ condition, found: await selected(condition) }).toEqual({ condition, found: expected });
    }
  }, 120_000);

  it('reads a key the entity does not declare as empty, as the shared evaluation does', async () => {
    for (const op of CONDITION_OPS) {
      const condition = { field: 'missing', op, value: op === 'in' || op === 'notIn' ? [null, 'x'] : op === 'empty' || op === 'notEmpty' ? undefined : 'x' } as Condition;
      expect(await selected(condition)).toEqual(sorted(live.filter((r) => evaluateCondition(condition, r.data, fields, ctx()))));
    }
  });

  it('compiles the declaration’s conditions on child tables, files and rich text as the shared evaluation reads them', async () => {
    const conditions: Condition[] = [
      ...['lines', 'files', 'body'].flatMap((field) => [{ field, op: 'empty' } as Condition, { field, op: 'notEmpty' } as Condition]),
      { field: 'body', op: 'contains', value: 'ALPHA' },
      { field: 'body', op: 'eq', value: 'zeta' },
    ];
    for (const condition of conditions) {
      const expected = sorted(live.filter((r) => evaluateCondition(condition, r.data, fields, ctx())));
      expect(expected.length).toBeGreaterThan(0);
      expect({ condition, found: await selected(condition) }).toEqual({ condition, found: expected });
    }
    expect(() => conditionSql({ field: 'lines', op: 'eq', value: 'x' }, entity, ctx())).toThrow(RecordError);
  });

  it('filters by colour exactly as colourOf decides it', async () => {
    for (const colour of ['RED', 'YELLOW', 'GREEN', 'BLUE']) {
      const expected = sorted(live.filter((r) => colourOf(entity.colour, r.data, fields, ctx()) === colour));
      expect(expected.length).toBeGreaterThan(0);
      expect((await allPages({ filters: [{ field: 'colour', op: 'eq', value: colour }] })).sort()).toEqual(expected);
      expect((await allPages({ filters: [{ field: 'colour', op: 'ne', value: colour }] })).length).toBe(live.length - expected.length);
    }
    const warm = sorted(live.filter((r) => ['RED', 'YELLOW'].includes(colourOf(entity.colour, r.data, fields, ctx()))));
    expect((await allPages({ filters: [{ field: 'colour', op: 'in', value: ['RED', 'YELLOW'] }] })).sort()).toEqual(warm);
  });

  it('filters by the record’s columns: name, owner, creator, times', async () => {
    expect(await all({ filters: [{ field: 'name', op: 'eq', value: 'T-00002' }] })).toEqual(live.some((r) => r.name === 'T-00002') ? ['T-00002'] : []);
    expect((await allPages({ filters: [{ field: 'owner', op: 'eq', value: { me: true } }] })).sort()).toEqual(sorted(live.filter((r) => r.ownerId === me)));
    expect((await allPages({ filters: [{ field: 'createdBy', op: 'empty' }] })).sort()).toEqual(sorted(live.filter((r) => r.ownerId === null)));
    expect((await allPages({ filters: [{ field: 'updatedBy', op: 'in', value: userIds.slice(1, 3) }] })).sort()).toEqual(sorted(live.filter((r) => userIds.slice(1, 3).includes(r.ownerId ?? ''))));
    const since = new Date(NOW - 90 * 60_000).toISOString();
    expect((await allPages({ filters: [{ field: 'createdAt', op: 'gte', value: since }] })).sort()).toEqual(sorted(live.filter((r) => r.createdAt.getTime() >= NOW - 90 * 60_000)));
    expect((await allPages({ filters: [{ field: 'updatedAt', op: 'lt', value: { relative: { hours: -2 } } }] })).sort()).toEqual(sorted(live.filter((r) => r.updatedAt.getTime() < NOW - 2 * 3_600_000)));
  });

  it('joins several filters and the search', async () => {
    const filters: RecordFilter[] = [
      { field: 'count', op: 'gte', value: 1 },
      { field: 'status', op: 'ne', value: 'closed' },
    ];
    const words = (r: Row) => `${r.title} ${r.searchText}`.toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
    const expected = sorted(live.filter((r) => filters.every((f) => evaluateCondition(f as Condition, r.data, fields, ctx())) && words(r).some((w) => w.startsWith('al'))));
    expect(expected.length).toBeGreaterThan(0);
    expect((await allPages({ filters, search: 'AL' })).sort()).toEqual(expected);
    expect((await allPages({ search: 'beta gam' })).sort()).toEqual(sorted(live.filter((r) => ['beta', 'gam'].every((q) => words(r).some((w) => w.startsWith(q))))));
  });

  it('finds a record by the words of its title and searchable fields only where the caller sees them', async () => {
    const has = (text: string, word: string) => (text.toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).some((w) => w.startsWith(word));
    const byTitle = (r: Row, w: string) => has(r.title, w);
    const byNotes = (r: Row, w: string) => has(r.searchText, w);
    const search = (hidden: string[], partly: Record<string, RowScope> = {}) => allPages({ search: 'zeta' }, { kind: 'all' }, hidden, partly).then((found) => found.sort());
    expect(live.filter((r) => byNotes(r, 'zeta') && !byTitle(r, 'zeta')).length).toBeGreaterThan(0);
    expect(live.filter((r) => byTitle(r, 'zeta') && !byNotes(r, 'zeta')).length).toBeGreaterThan(0);
    expect(await search([])).toEqual(sorted(live.filter((r) => byTitle(r, 'zeta') || byNotes(r, 'zeta'))));
    expect(await search(['notes'])).toEqual(sorted(live.filter((r) => byTitle(r, 'zeta'))));
    expect(await search(['title'])).toEqual(sorted(live.filter((r) => byNotes(r, 'zeta'))));
    expect(await search(['title', 'notes'])).toEqual([]);
    const mine = { kind: 'some', owners: [me], where: [] } as RowScope;
    expect(await search([], { notes: mine })).toEqual(sorted(live.filter((r) => byTitle(r, 'zeta') || (r.ownerId === me && byNotes(r, 'zeta')))));
    expect(await search([], { title: mine })).toEqual(sorted(live.filter((r) => (r.ownerId === me && byTitle(r, 'zeta')) || byNotes(r, 'zeta'))));
    // Two words, one in the title and one in the notes, find a record where both are seen.
    const mixed = live.filter((r) => byTitle(r, 'alpha') && byNotes(r, 'beta'));
    expect(mixed.length).toBeGreaterThan(0);
    const both = (await allPages({ search: 'alpha beta' }, { kind: 'all' }, [], { title: mine })).sort();
    const expected = live.filter((r) => (r.ownerId === me ? has(`${r.title} ${r.searchText}`, 'alpha') && has(`${r.title} ${r.searchText}`, 'beta') : byNotes(r, 'alpha') && byNotes(r, 'beta')));
    expect(both).toEqual(sorted(expected));
  });

  it('selects, for each mix of roles, exactly the records recordAccess lets the caller read', async () => {
    const base: Caller = { userId: me, name: 'Olivia', sessionId: 's', organisation: { id: accountId, name: 'Query Org' }, roles: { organisation: [], apps: {} }, manager: null, reports: [] };
    const mixes: Array<[string[], Partial<Caller>]> = [
      [[], {}],
      [['lead'], { reports: [{ id: userIds[1]!, name: 'Dana' }, { id: userIds[2]!, name: 'Liam' }] }],
      [['lead'], {}],
      [['audit'], {}],
      [['mine'], { userId: userIds[3]! }],
      [['audit', 'mine', 'lead'], { reports: [{ id: userIds[2]!, name: 'Liam' }] }],
      [['boss', 'audit'], {}],
      [['boss'], { organisation: null }],
    ];
    for (const [roles, overrides] of mixes) {
      const caller: Caller = { ...base, roles: { organisation: [], apps: { Tracker: roles } }, ...overrides };
      const scope = rowScope(caller, app, 'thing', 'read');
      const expected = sorted(live.filter((r) => recordAccess(caller, app, 'thing', { ownerId: r.ownerId, values: r.data }, NOW).actions.includes('read')));
      const parts = listQuerySql({ accountId, appId, entityKey: 'thing', entity }, RecordQuery.parse({ limit: 200 }), scope, [], { userId: caller.userId, now: NOW });
      const found = await s.database.db.select({ name: records.name }).from(records).where(parts.where);
      expect({ roles, overrides, found: found.map((r) => r.name).sort() }).toEqual({ roles, overrides, found: expected });
      if (roles.length === 1 && roles[0] === 'mine') expect(expected.length).toBeGreaterThan(0);
    }
    expect(scopeSql({ kind: 'none' }, entity, ctx())).toBeDefined();
    expect(await allPages({}, { kind: 'none' })).toEqual([]);
  });

  it('filters by a field seen on some records only over those records', async () => {
    const caller: Caller = { userId: me, name: 'Olivia', sessionId: 's', organisation: { id: accountId, name: 'Query Org' }, roles: { organisation: [], apps: { Tracker: ['mine'] } }, manager: null, reports: [] };
    const partly = partlyHiddenFields(caller, app, 'thing');
    expect(Object.keys(partly)).toEqual(['notes', 'amount']);
    const scope = rowScope(caller, app, 'thing', 'read');
    for (const filter of [
      { field: 'amount', op: 'gt', value: 0 },
      { field: 'amount', op: 'empty' },
      { field: 'amount', op: 'ne', value: 7.5 },
    ] as RecordFilter[]) {
      const expected = sorted(
        live.filter((r) => {
          const access = recordAccess(caller, app, 'thing', { ownerId: r.ownerId, values: r.data }, NOW);
          return access.actions.includes('read') && !access.hiddenFields.includes('amount') && evaluateCondition(filter as Condition, r.data, fields, ctx());
        }),
      );
      expect({ filter, found: (await allPages({ filters: [filter] }, scope, [], partly)).sort() }).toEqual({ filter, found: expected });
    }
    // The owner, when it is the value of a field seen on some records only, filters only there.
    const owned = { ...entity, ownerField: 'amount' };
    const parts = listQuerySql({ accountId, appId, entityKey: 'thing', entity: owned }, RecordQuery.parse({ filters: [{ field: 'owner', op: 'notEmpty' }] }), scope, [], ctx(), partly);
    const found = await s.database.db.select({ name: records.name }).from(records).where(parts.where);
    const visibleAmount = live.filter((r) => {
      const access = recordAccess(caller, app, 'thing', { ownerId: r.ownerId, values: r.data }, NOW);
      return access.actions.includes('read') && !access.hiddenFields.includes('amount') && r.ownerId !== null;
    });
    expect(found.map((r) => r.name).sort()).toEqual(sorted(visibleAmount));
    // Sorted by it, the records where it is hidden come last, as if empty.
    const order = await allPages({ sort: { field: 'amount', direction: 'desc' } }, scope, [], partly);
    const hiddenOn = (n: string) => {
      const row = live.find((r) => r.name === n)!;
      return recordAccess(caller, app, 'thing', { ownerId: row.ownerId, values: row.data }, NOW).hiddenFields.includes('amount');
    };
    const firstHidden = order.findIndex(hiddenOn);
    expect(firstHidden).toBeGreaterThan(0);
    for (const n of order.slice(firstHidden)) {
      const amount = live.find((r) => r.name === n)!.data.amount;
      expect(hiddenOn(n) || amount === null || amount === undefined).toBe(true);
    }
  });

  /** The order the database must give: by the key (empty last either way), then by name. */
  function expectedOrder(key: string, direction: 'asc' | 'desc', value: (r: Row) => unknown, compare: (a: never, b: never) => number): string[] {
    const sign = direction === 'desc' ? -1 : 1;
    return [...live]
      .sort((a, b) => {
        const [x, y] = [value(a), value(b)];
        const [ex, ey] = [x === null || x === undefined, y === null || y === undefined];
        if (ex || ey) return ex && ey ? (a.name < b.name ? -1 : 1) : ex ? 1 : -1;
        return sign * compare(x as never, y as never) || (a.name < b.name ? -1 : 1);
      })
      .map((r) => r.name);
  }
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const byNumber = (a: number, b: number) => a - b;
  const field = (key: string) => (r: Row) => {
    const v = r.data[key];
    return v === null || v === undefined || (Array.isArray(v) && v.length === 0) ? null : v;
  };

  it('sorts by each kind of field and column, empty values last, then by name, page after page', async () => {
    const rank = (list: readonly string[]) => (a: string, b: string) => list.indexOf(a) - list.indexOf(b);
    const cases: Array<[string, (r: Row) => unknown, (a: never, b: never) => number]> = [
      ['count', field('count'), byNumber],
      ['amount', field('amount'), byNumber],
      ['stars', field('stars'), byNumber],
      ['title', (r) => (typeof r.data.title === 'string' ? r.data.title.toLowerCase() : null), byText],
      ['start', field('start'), byText],
      ['at', field('at'), byText],
      ['done', field('done'), (a: boolean, b: boolean) => Number(a) - Number(b)],
      ['status', field('status'), rank(['draft', 'open', 'closed'])],
      ['tags', (r) => (Array.isArray(r.data.tags) && r.data.tags.length > 0 ? r.data.tags[0] : null), rank(['a', 'b', 'c'])],
      ['person', (r) => (typeof r.data.person === 'string' ? shownAs.get(r.data.person) : null), byText],
      ['name', (r) => r.name, byText],
      ['updatedAt', (r) => r.updatedAt.getTime(), byNumber],
      ['owner', (r) => (r.ownerId === null ? null : shownAs.get(r.ownerId)), byText],
      ['colour', (r) => colourOf(entity.colour, r.data, fields, ctx()), rank(['RED', 'YELLOW', 'GREEN', 'BLUE'])],
    ];
    for (const [key, value, compare] of cases) {
      for (const direction of ['asc', 'desc'] as const) {
        const found = await allPages({ sort: { field: key, direction } });
        expect({ key, direction, found }).toEqual({ key, direction, found: expectedOrder(key, direction, value, compare) });
      }
    }
    // The list view's sort when none is asked; pages are slices of one order.
    const whole = expectedOrder('count', 'desc', field('count'), byNumber);
    expect(await allPages({})).toEqual(whole);
    expect(await names({ offset: 30, limit: 25 })).toEqual(whole.slice(30, 55));
    expect(await names({ offset: live.length - 3, limit: 50 })).toEqual(whole.slice(-3));
    expect(await names({ offset: 100_000, limit: 10 })).toEqual([]);
  });

  it('sorts by the newest change when the list view’s sort is hidden to the caller', async () => {
    expect(await allPages({}, { kind: 'all' }, ['count'])).toEqual(expectedOrder('updatedAt', 'desc', (r) => r.updatedAt.getTime(), byNumber));
  });

  it('refuses to filter or sort by an unknown or hidden field, a table, a file or rich text, and values that do not fit', () => {
    const refusal = (query: RecordQueryInput, hidden: string[] = []) => {
      try {
        listQuerySql({ accountId, appId, entityKey: 'thing', entity }, RecordQuery.parse(query), { kind: 'all' }, hidden, ctx());
      } catch (error) {
        if (error instanceof RecordError) return [error.code, error.params];
        throw error;
      }
      return null;
    };
    const badFilter = (filter: RecordFilter, hidden: string[] = []) => expect({ filter, refusal: refusal({ filters: [filter] }, hidden) }).toEqual({ filter, refusal: ['records.badFilter', { field: filter.field }] });
    badFilter({ field: 'nothing', op: 'eq', value: 1 });
    badFilter({ field: 'amount', op: 'gt', value: 1 }, ['amount']);
    for (const key of ['lines', 'files', 'body']) badFilter({ field: key, op: 'notEmpty' });
    badFilter({ field: 'count', op: 'eq', value: '5' });
    badFilter({ field: 'count', op: 'contains', value: '5' });
    badFilter({ field: 'count', op: 'in', value: 5 });
    badFilter({ field: 'count', op: 'eq', value: [5] });
    badFilter({ field: 'count', op: 'eq', value: { relative: { days: 1 } } });
    badFilter({ field: 'title', op: 'eq', value: { me: true } });
    badFilter({ field: 'title', op: 'eq', value: 5 });
    badFilter({ field: 'start', op: 'eq', value: '2026-02-30' });
    badFilter({ field: 'start', op: 'lt', value: { relative: { days: 1e12 } } });
    badFilter({ field: 'at', op: 'gt', value: '2026-03-10' });
    badFilter({ field: 'at', op: 'gt', value: '2026-02-30T10:00:00Z' });
    badFilter({ field: 'at', op: 'gt', value: 'yesterday' });
    badFilter({ field: 'at', op: 'in', value: ['2026-03-10'] });
    badFilter({ field: 'done', op: 'lt', value: true });
    badFilter({ field: 'done', op: 'eq', value: 'true' });
    badFilter({ field: 'status', op: 'eq', value: 'gone' });
    badFilter({ field: 'tags', op: 'gt', value: 'a' });
    badFilter({ field: 'tags', op: 'contains', value: 'z' });
    badFilter({ field: 'person', op: 'lt', value: me });
    badFilter({ field: 'colour', op: 'eq', value: 'PINK' });
    badFilter({ field: 'colour', op: 'gt', value: 'RED' });
    badFilter({ field: 'createdAt', op: 'in', value: [] });
    for (const key of ['nothing', 'lines', 'files', 'body']) expect(refusal({ sort: { field: key } })).toEqual(['records.badSort', { field: key }]);
    // The owner is the owner field's value: hidden with it.
    const owned = { ...entity, ownerField: 'person' };
    const ownedRefusal = (query: RecordQueryInput) => {
      try {
        listQuerySql({ accountId, appId, entityKey: 'thing', entity: owned }, RecordQuery.parse(query), { kind: 'all' }, ['person'], ctx());
      } catch (error) {
        return error instanceof RecordError ? error.code : error;
      }
      return null;
    };
    expect(ownedRefusal({ filters: [{ field: 'owner', op: 'eq', value: { me: true } }] })).toBe('records.badFilter');
    expect(ownedRefusal({ sort: { field: 'owner' } })).toBe('records.badSort');
    expect(ownedRefusal({ filters: [{ field: 'createdBy', op: 'eq', value: { me: true } }] })).toBeNull();
    expect(refusal({ filters: [{ field: 'owner', op: 'eq', value: { me: true } }] }, ['person'])).toBeNull();
    expect(refusal({ sort: { field: 'amount' } }, ['amount'])).toEqual(['records.badSort', { field: 'amount' }]);
    expect(refusal({ filters: [{ field: 'count', op: 'empty', value: 'ignored' }], sort: { field: 'colour' } })).toBeNull();
  });

  it('puts no text of the query into the SQL: field keys, values and words are parameters', () => {
    const nasty = "x'); drop table records; --";
    const query = RecordQuery.parse({
      filters: [
        { field: 'notes', op: 'contains', value: nasty },
        { field: 'status', op: 'in', value: ['open', 'closed'] },
        { field: 'start', op: 'gte', value: { relative: { days: -10 } } },
        { field: 'mail', op: 'eq', value: 'ann@example.test' },
      ],
      search: 'zetaword alphaword',
      sort: { field: 'stars', direction: 'desc' },
    });
    const parts = listQuerySql({ accountId, appId, entityKey: 'thing', entity }, query, { kind: 'some', owners: [me], where: [{ field: 'person', op: 'eq', value: { me: true } }] }, [], ctx());
    const { sql: text, params } = new PgDialect().sqlToQuery(sql`select 1 from records where ${parts.where} order by ${parts.orderBy}`);
    for (const client of ['drop table', 'notes', 'status', 'closed', 'mail', 'ann@', 'zetaword', 'stars', 'person', me, 'thing']) expect({ client, inSql: text.includes(client) }).toEqual({ client, inSql: false });
    expect(params).toEqual(expect.arrayContaining([nasty, 'notes', 'closed', 'ann@example.test', 'thing', me]));
  });

  it('keeps the table intact and answers sanely whatever the filter values and search text hold', async () => {
    const before = await s.database.db.select({ n: count() }).from(records);
    const nasty = ["'); drop table records; --", '\\', '\\\\', '%', '_', "'", '"', '$1', '\u00e9\u4e2d\u{1F600}', 'x'.repeat(1000), ':*', '!&|:*()<>'];
    for (const value of nasty) {
      for (const key of ['title', 'notes', 'ref', 'name']) {
        for (const op of ['eq', 'ne', 'lt', 'contains'] as const) {
          const filter = { field: key, op, value } as RecordFilter;
          const expected = key === 'name' ? [] : sorted(live.filter((r) => evaluateCondition(filter as Condition, r.data, fields, ctx())));
          const found = (await allPages({ filters: [filter] })).sort();
          if (key === 'name') expect(Array.isArray(found)).toBe(true);
          else expect({ filter, found }).toEqual({ filter, found: expected });
        }
      }
      // Not a choice of the field: refused rather than compared.
      await expect(all({ filters: [{ field: 'tags', op: 'in', value: [value] }] })).rejects.toThrow(RecordError);
    }
    for (const value of [1e308, -1e308, Number.MAX_SAFE_INTEGER, 5e-324, -0]) {
      for (const op of ['eq', 'lt', 'gte'] as const) {
        const filter = { field: 'amount', op, value } as RecordFilter;
        expect({ filter, found: (await allPages({ filters: [filter] })).sort() }).toEqual({ filter, found: sorted(live.filter((r) => evaluateCondition(filter as Condition, r.data, fields, ctx()))) });
      }
    }
    for (const search of ['!&|:*()<>', "a' | 'b", 'al:* & !x', '\\', "'", '::', '(((', 'o\u2019brien', ' ', 'x'.repeat(200)]) {
      expect(Array.isArray(await all({ search }))).toBe(true);
    }
    // What the schema refuses never reaches the builder: field names with quotes, unstorable text, odd directions.
    for (const query of [
      { filters: [{ field: "title'--", op: 'eq', value: 'x' }] },
      { filters: [{ field: 'title"', op: 'eq', value: 'x' }] },
      { sort: { field: 'title; drop table records', direction: 'asc' } },
      { sort: { field: 'title', direction: 'asc; drop table records' } },
      { filters: [{ field: 'title', op: 'like', value: 'x' }] },
      { filters: [{ field: 'title', op: 'eq', value: 'a\u0000b' }] },
      { search: 'a\u0000b' },
      { limit: 100_000 },
    ]) {
      expect(RecordQuery.safeParse(query).success).toBe(false);
    }
    expect(await s.database.db.select({ n: count() }).from(records)).toEqual(before);
    expect((await s.database.db.select({ n: count() }).from(records).where(eq(records.entity, 'thing')))[0]!.n).toBeGreaterThan(300);
  });
});
