// @module-tag embedded-only
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`health and sign-in on ${databaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers liveness, and readiness with the database reachable and migrated', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'success' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'success', data: { database: 'ok', migrations: 'done', stopping: false } });
  });

  it('signs a user in and returns their profile', async () => {
    const account = await makeAccount(t.services.stores, 'Acme');
    const user = await makeUser(t.services.stores, t.hasher, { username: 'ada', accounts: [account.id] });
    const result = await signIn(t.app, t.config.wrapperPrefix, 'ada');
    expect(result.username).toBe('ada');
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me/a+p+acc+ap+t`, headers: { authorization: `Bearer ${result.jwt}` } });
    expect(res.json()).toMatchObject({ status: 'success', data: { id: user.id, active_account: { name: 'Acme' } } });
  });
});
