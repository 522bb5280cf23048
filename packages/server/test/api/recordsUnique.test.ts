/**
 * @module-tag postgres
 *
 * Unique fields under writes made at once (docs/behaviour/records.md,
 * "Values"): the read check before a write lets both of two writes
 * through when each reads before the other writes; the database's unique
 * index then keeps one, and the other gets the same field problem the read
 * check gives, never a server error.
 */
import { AppDeclaration, type RecordProblemsEnvelope } from '@atrium/shared/apps';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordStore } from '../../src/records/RecordStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { gate } from '../helpers/gate.js';
import { installDeclaration, LEAVE_DECLARATION, RecordsApi } from '../helpers/records.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`unique values written at once on ${databaseKind}`, () => {
  let t: TestApp;
  /** hr: every request. */
  let adaApi: RecordsApi;
  let bobApi: RecordsApi;

  beforeAll(async () => {
    t = await createTestApp();
    const { stores } = t.services;
    const org = await makeAccount(stores);
    const ada = await makeUser(stores, t.hasher, { accounts: [org.id] });
    const bob = await makeUser(stores, t.hasher, { accounts: [org.id] });
    const app = await installDeclaration(stores, LEAVE_DECLARATION, [org.id], [ada.id, bob.id]);
    // With the indexes an install makes (records/recordIndexes.ts).
    await stores.records.syncIndexes(app.id, [AppDeclaration.parse(LEAVE_DECLARATION)]);
    await stores.access.grantRole({ userId: ada.id, accountId: org.id, appId: app.id, role: 'hr' });
    adaApi = new RecordsApi(t, (await signIn(t.app, t.config.wrapperPrefix, ada.username)).jwt);
    bobApi = new RecordsApi(t, (await signIn(t.app, t.config.wrapperPrefix, bob.username)).jwt);
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * Runs the writes with the read check of unique values answering only
   * once every write has asked it: each has read before any has written.
   */
  async function atOnce(writes: Array<() => Promise<LightMyRequestResponse>>): Promise<LightMyRequestResponse[]> {
    const store = t.services.stores.records as RecordStore;
    const original = store.valueTaken.bind(store);
    const allRead = gate();
    let asked = 0;
    store.valueTaken = async (...args) => {
      const answer = await original(...args);
      if (++asked === writes.length) allRead.open();
      await allRead.promise;
      return answer;
    };
    try {
      return await Promise.all(writes.map((write) => write()));
    } finally {
      store.valueTaken = original;
    }
  }

  const problems = (res: LightMyRequestResponse) => res.json<RecordProblemsEnvelope>();

  it('keeps exactly one of two new records with one value; the other gets the field’s problem', async () => {
    const answers = await atOnce([() => bobApi.create({ subject: 'Mine', code: 'RACE-1' }), () => adaApi.create({ subject: 'Ours', code: 'RACE-1' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    const refused = answers.find((a) => a.statusCode === 400)!;
    expect(problems(refused)).toMatchObject({ code: 'records.invalid', fields: { code: { code: 'unique' } } });
    const listed = await adaApi.list({ filters: [{ field: 'code', op: 'eq', value: 'RACE-1' }] });
    expect(listed.total).toBe(1);
  });

  it('keeps exactly one of two changes giving two records one value', async () => {
    const first = await adaApi.created({ subject: 'First' });
    const second = await adaApi.created({ subject: 'Second' });
    const answers = await atOnce([() => adaApi.update(first.record.name, 1, { code: 'RACE-2' }), () => adaApi.update(second.record.name, 1, { code: 'RACE-2' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(problems(answers.find((a) => a.statusCode === 400)!)).toMatchObject({ code: 'records.invalid', fields: { code: { code: 'unique' } } });
    const values = [(await adaApi.detail(first.record.name)).record.values.code, (await adaApi.detail(second.record.name)).record.values.code];
    expect(values.filter((v) => v === 'RACE-2')).toHaveLength(1);
  });

  it('refuses to restore a record whose unique value another record took since, with the field’s problem', async () => {
    const gone = await adaApi.created({ subject: 'Gone', code: 'BACK-1' });
    expect((await adaApi.remove(gone.record.name, 1)).statusCode).toBe(200);
    // Deleted records hold no unique value: another takes it.
    await adaApi.created({ subject: 'Taker', code: 'BACK-1' });
    const restore = await adaApi.restore(gone.record.name);
    expect(restore.statusCode).toBe(400);
    expect(problems(restore)).toMatchObject({ code: 'records.invalid', fields: { code: { code: 'unique' } } });
    expect((await adaApi.list({ deleted: true })).records.map((r) => r.name)).toContain(gone.record.name);
  });
});
