// @module-tag postgres
import crypto from 'node:crypto';
import { DECLARED_APP_TYPE } from '@atrium/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordHistory, records } from '../../src/db/schema.js';
import type { CountQuery } from '../../src/declarations/upgradePlan.js';
import { parsed, riskRegister } from '../helpers/declarations.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { createTestStores, type TestStores } from '../helpers/testStores.js';

describe(`DeclarationStore on ${databaseKind}`, () => {
  let s: TestStores;
  let appId = '';
  let orgId = '';
  let otherOrgId = '';
  beforeAll(async () => {
    s = await createTestStores();
    appId = (await s.stores.apps.create({ name: 'RiskRegister', title: 'Risk Register', category: 'information security management', appType: DECLARED_APP_TYPE })).id;
    orgId = (await s.stores.accounts.create({ name: 'Northwind Trading' })).id;
    otherOrgId = (await s.stores.accounts.create({ name: 'Contoso' })).id;
  });
  afterAll(() => s.close());

  let named = 0;
  async function add(accountId: string, data: Record<string, unknown>, entity = 'risk'): Promise<string> {
    const id = crypto.randomUUID();
    await s.database.db.insert(records).values({ id, accountId, appId, entity, name: `R-${++named}`, title: 'x', data });
    return id;
  }
  const dataOf = async (id: string) => (await s.database.db.select({ data: records.data, version: records.version }).from(records).where(eq(records.id, id)))[0];

  it('keeps a declaration as installed, the order of its entities and fields included', async () => {
    const declaration = parsed(riskRegister());
    const version = await s.stores.declarations.addVersion(appId, declaration);
    const [kept] = await s.stores.declarations.versions(appId);
    expect(JSON.stringify(kept!.declaration)).toBe(JSON.stringify(declaration));
    expect(Object.keys(kept!.declaration.entities.risk!.fields)).toEqual(['title', 'score', 'status', 'notes', 'actions']);
    await s.stores.declarations.setInstalled(appId, orgId, version.id);
    expect(JSON.stringify((await s.stores.declarations.installed(orgId, 'RiskRegister'))!.declaration)).toBe(JSON.stringify(declaration));
  });

  it('counts the records holding a value, a choice or a value in a column, within one organisation', async () => {
    await add(orgId, { title: 'A', notes: 'n', status: 'open', tags: ['x', 'y'], actions: [{ what: 'w', hours: 1 }] });
    await add(orgId, { title: 'B', notes: null, status: 'closed', tags: ['y'], actions: [{ what: 'w' }] });
    await add(orgId, { title: 'C', notes: '', status: null, tags: null, actions: [] });
    await add(orgId, { summary: 'S' }, 'review');
    await add(otherOrgId, { title: 'D', notes: 'n', status: 'open', tags: ['x'], actions: [{ hours: 2 }] });
    const queries: CountQuery[] = [
      { kind: 'entity', entity: 'risk' },
      { kind: 'entity', entity: 'review' },
      { kind: 'field', entity: 'risk', field: 'notes' },
      { kind: 'field', entity: 'risk', field: 'actions' },
      { kind: 'field', entity: 'risk', field: 'missing' },
      { kind: 'choice', entity: 'risk', field: 'status', choice: 'open' },
      { kind: 'choice', entity: 'risk', field: 'tags', choice: 'y' },
      { kind: 'column', entity: 'risk', field: 'actions', column: 'hours' },
      { kind: 'column', entity: 'risk', field: 'actions', column: 'what' },
    ];
    // An empty text counts as a value here: the value checks never store one (they store null).
    expect(await s.stores.declarations.countRecords(orgId, appId, queries)).toEqual([3, 1, 2, 2, 0, 1, 2, 1, 2]);
  });

  it('removes values: a field, a column, a choice and a multiple choice, each record once with one history row', async () => {
    const id = await add(orgId, { title: 'E', notes: 'gone', status: 'closed', tags: ['x', 'y'], actions: [{ what: 'w', hours: 3 }] });
    const untouched = await add(orgId, { title: 'F', notes: null, status: 'open', tags: ['x'], actions: [] });
    const before = await dataOf(untouched);
    const queries: CountQuery[] = [
      { kind: 'field', entity: 'risk', field: 'notes' },
      { kind: 'column', entity: 'risk', field: 'actions', column: 'hours' },
      { kind: 'choice', entity: 'risk', field: 'status', choice: 'closed' },
      { kind: 'choice', entity: 'risk', field: 'tags', choice: 'y' },
    ];
    const removed = (q: CountQuery) => q.kind === 'field' || q.kind === 'column';
    await s.stores.transaction((tx) => tx.declarations.removeValues(orgId, appId, queries, removed));
    expect(await dataOf(id)).toEqual({ data: { title: 'E', status: null, tags: ['x'], actions: [{ what: 'w' }] }, version: 2 });
    expect(await dataOf(untouched)).toEqual(before);
    const history = await s.database.db.select().from(recordHistory).where(eq(recordHistory.recordId, id)).orderBy(asc(recordHistory.at));
    expect(history).toHaveLength(1);
    expect(history[0]!.changes).toEqual([
      { field: 'notes', before: 'gone', after: null },
      { field: 'actions', before: [{ what: 'w', hours: 3 }], after: [{ what: 'w' }] },
      { field: 'status', before: 'closed', after: null },
      { field: 'tags', before: ['x', 'y'], after: ['x'] },
    ]);
    // The other organisation's records are not touched.
    expect(await s.stores.declarations.countRecords(otherOrgId, appId, [{ kind: 'field', entity: 'risk', field: 'notes' }])).toEqual([1]);
  });

  it("deletes a removed entity's records", async () => {
    expect(await s.stores.declarations.removeValues(orgId, appId, [{ kind: 'entity', entity: 'review' }], () => true)).toEqual({ touched: 1, retitled: 0 });
    expect(await s.stores.declarations.countRecords(orgId, appId, [{ kind: 'entity', entity: 'review' }, { kind: 'entity', entity: 'risk' }])).toEqual([0, 5]);
  });

  it("counts and removes a choice of a table's column, single or multiple", async () => {
    const id = await add(otherOrgId, { title: 'H', actions: [{ kind: 'watch', kinds: ['fix', 'watch'] }, { kind: 'fix', kinds: ['watch'] }, { kind: null }] });
    const queries: CountQuery[] = [
      { kind: 'columnChoice', entity: 'risk', field: 'actions', column: 'kind', choice: 'watch' },
      { kind: 'columnChoice', entity: 'risk', field: 'actions', column: 'kinds', choice: 'watch' },
    ];
    expect(await s.stores.declarations.countRecords(otherOrgId, appId, [...queries, { kind: 'columnChoice', entity: 'risk', field: 'actions', column: 'kind', choice: 'other' }])).toEqual([1, 1, 0]);
    await s.stores.declarations.removeValues(otherOrgId, appId, queries, () => false);
    expect((await dataOf(id))!.data.actions).toEqual([{ kind: null, kinds: ['fix'] }, { kind: 'fix', kinds: null }, { kind: null }]);
  });

  it('keeps a table column whose type changed, emptied', async () => {
    const id = await add(orgId, { title: 'G', actions: [{ what: 'w', hours: 4 }] });
    await s.stores.declarations.removeValues(orgId, appId, [{ kind: 'column', entity: 'risk', field: 'actions', column: 'hours' }], () => false);
    expect((await dataOf(id))!.data.actions).toEqual([{ what: 'w', hours: null }]);
  });
});
