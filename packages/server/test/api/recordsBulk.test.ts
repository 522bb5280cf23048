// @module-tag postgres
/**
 * Records written many at once for an operator (the demo data): each as
 * one written alone would be (checked, named by its day's series, owned by
 * its owner field, with its creation in history), and none when one of
 * them is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BulkRecordRefused } from '../../src/records/bulkCreate.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { installDeclaration, LEAVE_DECLARATION, RecordsApi } from '../helpers/records.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`records written in bulk on ${databaseKind}`, () => {
  let t: TestApp;
  let ada: UserRecord;
  let bob: UserRecord;
  let outsider: UserRecord;
  let accountId: string;
  let adaApi: RecordsApi;

  beforeAll(async () => {
    t = await createTestApp();
    const { stores } = t.services;
    const org = await makeAccount(stores);
    const other = await makeAccount(stores);
    accountId = org.id;
    ada = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Ada', lastname: 'Hart' });
    bob = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Bob', lastname: 'Novak' });
    outsider = await makeUser(stores, t.hasher, { accounts: [other.id], firstname: 'Erin', lastname: 'Far' });
    const app = await installDeclaration(stores, LEAVE_DECLARATION, [org.id], [ada.id, bob.id]);
    await stores.access.grantRole({ userId: ada.id, accountId: org.id, appId: app.id, role: 'hr' });
    adaApi = new RecordsApi(t, (await signIn(t.app, t.config.wrapperPrefix, ada.username)).jwt);
  });
  afterAll(async () => {
    await t.close();
  });

  it("names each record by the series of its own day, in the list's order, after the numbers already taken", async () => {
    const one = await t.services.records.createAsOperator({ accountId, app: 'Leave', entity: 'request', values: { subject: 'Alone', employee: bob.id }, createdBy: ada.id, at: new Date('2024-05-01T09:00:00Z') });
    expect(one).toBe('LR-2024-00001');
    const names = await t.services.records.createManyAsOperator({
      accountId,
      app: 'Leave',
      records: [
        { entity: 'request', values: { subject: 'Spring', employee: bob.id }, createdBy: bob.id, at: new Date('2024-03-04T10:00:00Z') },
        { entity: 'request', values: { subject: 'New year', employee: ada.id }, createdBy: ada.id, at: new Date('2025-01-02T08:00:00Z') },
        { entity: 'request', values: { subject: 'Summer', employee: bob.id, approved: true }, createdBy: bob.id, at: new Date('2024-07-01T10:00:00Z') },
      ],
    });
    expect(names).toEqual(['LR-2024-00002', 'LR-2025-00001', 'LR-2024-00003']);
    // As one written alone: owned by its owner field, made by its creator at its moment, the values as given, its creation in history.
    const summer = await adaApi.detail('LR-2024-00003');
    expect(summer.record).toMatchObject({ title: 'Summer', createdAt: '2024-07-01T10:00:00.000Z', createdBy: { name: 'Bob Novak' }, owner: { id: bob.id }, version: 1, values: { approved: true } });
    expect(await adaApi.timeline('LR-2024-00003')).toEqual([expect.objectContaining({ kind: 'change', action: 'create', version: 1, by: { id: bob.id, name: 'Bob Novak' } })]);
    expect((await adaApi.list({ search: 'Summer' })).records.map((r) => r.name)).toEqual(['LR-2024-00003']);
    // The series goes on from the numbers the bulk write took.
    expect(await t.services.records.createAsOperator({ accountId, app: 'Leave', entity: 'request', values: { subject: 'After', employee: bob.id }, createdBy: ada.id, at: new Date('2024-09-01T09:00:00Z') })).toBe('LR-2024-00004');
  });

  it('lets a record link to one written earlier in the list, and refuses a unique value given twice', async () => {
    const at = new Date('2024-12-01T09:00:00Z');
    const names = await t.services.records.createManyAsOperator({
      accountId,
      app: 'Leave',
      records: [
        { entity: 'team', values: { code: 'OPS', title: 'Operations' }, createdBy: ada.id, at },
        { entity: 'request', values: { subject: 'Team day', employee: bob.id, team: 'OPS', code: 'X-1' }, createdBy: ada.id, at },
      ],
    });
    expect(names).toEqual(['OPS', 'LR-2024-00005']);
    expect((await adaApi.detail('LR-2024-00005')).record.values.team).toBe('OPS');
    await expect(
      t.services.records.createManyAsOperator({
        accountId,
        app: 'Leave',
        records: [
          { entity: 'request', values: { subject: 'No such team', employee: bob.id, team: 'NONE' }, createdBy: ada.id, at },
          { entity: 'request', values: { subject: 'Same code', employee: bob.id, code: 'X-1' }, createdBy: ada.id, at },
        ],
      }),
    ).rejects.toMatchObject({ index: 1, fields: { code: { code: 'unique' } } });
    await expect(
      t.services.records.createManyAsOperator({ accountId, app: 'Leave', records: [{ entity: 'request', values: { subject: 'No such team', employee: bob.id, team: 'NONE' }, createdBy: ada.id, at }] }),
    ).rejects.toMatchObject({ index: 0, fields: { team: { code: 'link' } } });
  });

  it('writes none of the records when one is refused, and says which one and why', async () => {
    const before = (await adaApi.list()).total;
    const refused = t.services.records.createManyAsOperator({
      accountId,
      app: 'Leave',
      records: [
        { entity: 'request', values: { subject: 'Fine', employee: bob.id }, createdBy: ada.id, at: new Date('2024-10-01T09:00:00Z') },
        { entity: 'request', values: { subject: 'Not ours', employee: outsider.id }, createdBy: ada.id, at: new Date('2024-10-02T09:00:00Z') },
      ],
    });
    await expect(refused).rejects.toBeInstanceOf(BulkRecordRefused);
    await expect(refused).rejects.toMatchObject({ index: 1, code: 'records.invalid', fields: { employee: { code: 'user' } } });
    await expect(t.services.records.createManyAsOperator({ accountId, app: 'Leave', records: [{ entity: 'request', values: { employee: bob.id }, createdBy: ada.id, at: new Date() }] })).rejects.toMatchObject({
      index: 0,
      fields: { subject: { code: 'required' } },
    });
    expect((await adaApi.list()).total).toBe(before);
    // No number was used up by the refused writes.
    expect(await t.services.records.createAsOperator({ accountId, app: 'Leave', entity: 'request', values: { subject: 'Next', employee: bob.id }, createdBy: ada.id, at: new Date('2024-11-01T09:00:00Z') })).toBe('LR-2024-00006');
  });
});
