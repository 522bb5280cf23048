/**
 * @module-tag postgres
 *
 * The caller of every authenticated request (docs/ARCHITECTURE.md, "The
 * caller"): its organisation, roles, manager and reports; a switch of
 * organisation and a role granted or revoked are seen by the very next
 * request; and a repeated call of a session reads nothing more.
 */
import type { LoginResult, Profile } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../src/accounts/AccountStore.js';
import type { AppRecord } from '../../src/apps/AppStore.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer } from '../helpers/http.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { VfsClient } from '../helpers/vfs.js';

describe(`the caller of a request on ${databaseKind}`, () => {
  let t: TestApp;
  let acme: AccountRecord;
  let beta: AccountRecord;
  let audits: AppRecord;
  let carol: UserRecord;
  let ada: UserRecord;
  let bob: UserRecord;
  let session: LoginResult;
  let statements: string[] = [];

  const profile = async (jwt = session.jwt): Promise<Profile> => {
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me/a+p+acc+ap+t`, headers: bearer(jwt) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Profile }).data;
  };
  const switchTo = async (account: AccountRecord): Promise<string> => {
    const res = await t.app.inject({ method: 'POST', url: `${t.config.apiPrefix}/user/switchaccount`, payload: { accountId: account.id }, headers: bearer(session.jwt) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { jwt: string } }).data.jwt;
  };

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { auth: 1000 } });
    const { stores } = t.services;
    acme = await makeAccount(stores, 'Acme');
    beta = await makeAccount(stores, 'Beta');
    audits = await stores.apps.create({ name: 'Audits', title: 'Audit Management', category: 'quality management' });
    carol = await makeUser(stores, t.hasher, { username: 'carol', firstname: 'Carol', lastname: 'Chief', accounts: [acme.id] });
    ada = await makeUser(stores, t.hasher, { username: 'ada', firstname: 'Ada', lastname: 'Lovelace', managerId: carol.id, accounts: [acme.id, beta.id] });
    bob = await makeUser(stores, t.hasher, { username: 'bob', firstname: 'Bob', lastname: 'Builder', managerId: ada.id, accounts: [acme.id] });
    const gone = await makeUser(stores, t.hasher, { username: 'gone', firstname: 'Gone', managerId: ada.id, accounts: [acme.id] });
    await stores.users.update(gone.id, { disabled: true });
    await stores.users.update(ada.id, { activeAccountId: acme.id });
    session = await signIn(t.app, t.config.wrapperPrefix, 'ada');
    const db = (t.database.db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
    const logger = { logQuery: (query: string) => statements.push(query) };
    db.logger = logger;
    db.options.logger = logger;
  });
  afterAll(() => t.close());

  it('names the user, the active organisation, the manager and the enabled direct reports', async () => {
    const caller = await t.services.callers.of((await t.services.stores.users.findById(ada.id))!, 'a-session');
    expect(caller).toEqual({
      userId: ada.id,
      name: 'Ada Lovelace',
      sessionId: 'a-session',
      organisation: { id: acme.id, name: 'Acme' },
      roles: { organisation: [], apps: {} },
      manager: { id: carol.id, name: 'Carol Chief' },
      reports: [{ id: bob.id, name: 'Bob Builder' }],
    });
  });

  it('has no organisation and no roles for a user whose active organisation is one they left', async () => {
    const { stores } = t.services;
    const eve = await makeUser(stores, t.hasher, { username: 'eve', accounts: [beta.id] });
    await stores.access.grantRole({ userId: eve.id, accountId: beta.id, appId: null, role: 'manager' });
    await stores.users.update(eve.id, { activeAccountId: beta.id });
    await stores.accounts.removeMember(beta.id, eve.id);
    const caller = await t.services.callers.of((await stores.users.findById(eve.id))!, 'eve-session');
    expect(caller.organisation).toBeNull();
    expect(caller.roles).toEqual({ organisation: [], apps: {} });
  });

  it('shows a role in the profile at the next request after it is granted, and no longer at once after it is revoked', async () => {
    const { access } = t.services.stores;
    expect((await profile()).roles).toEqual({ organisation: [], apps: {} });
    await access.grantRole({ userId: ada.id, accountId: acme.id, appId: null, role: 'manager' });
    await access.grantRole({ userId: ada.id, accountId: acme.id, appId: audits.id, role: 'auditor' });
    expect((await profile()).roles).toEqual({ organisation: ['manager'], apps: { Audits: ['auditor'] } });
    await access.revokeRole({ userId: ada.id, accountId: acme.id, appId: audits.id, role: 'auditor' });
    expect((await profile()).roles).toEqual({ organisation: ['manager'], apps: {} });
  });

  it("sees a switch of organisation at once: the other organisation's roles and files", async () => {
    const { access } = t.services.stores;
    await access.grantRole({ userId: ada.id, accountId: beta.id, appId: audits.id, role: 'lead-auditor' });
    const files = new VfsClient(t, session.jwt);
    expect((await files.post('mkdir', { path: 'shared:/Acme only' })).statusCode).toBe(200);

    const jwt = await switchTo(beta);
    expect((await profile(jwt)).roles).toEqual({ organisation: [], apps: { Audits: ['lead-auditor'] } });
    // The same session's older token too: the organisation is the user's, not the token's.
    expect((await profile()).roles).toEqual({ organisation: [], apps: { Audits: ['lead-auditor'] } });
    const listing = await new VfsClient(t, jwt).get('readdir', { path: 'shared:/' });
    expect(listing.statusCode, listing.body).toBe(200);
    expect((listing.json() as { data: Array<{ filename: string }> }).data.map((e) => e.filename)).not.toContain('Acme only');

    await switchTo(acme);
    const back = await files.get('readdir', { path: 'shared:/' });
    expect((back.json() as { data: Array<{ filename: string }> }).data.map((e) => e.filename)).toContain('Acme only');
  });

  it('reads nothing more for a repeated call of the same session, and the caller in one statement after a change', async () => {
    const me = () => t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me`, headers: bearer(session.jwt) });
    expect((await me()).statusCode).toBe(200);
    statements = [];
    expect((await me()).statusCode).toBe(200);
    expect(statements).toEqual([]);
    await t.services.stores.access.grantRole({ userId: ada.id, accountId: acme.id, appId: null, role: 'buyer' });
    statements = [];
    expect((await me()).statusCode).toBe(200);
    // The caller's organisation, roles, manager and reports: one statement.
    expect(statements.filter((s) => /\bmemberships\b|\broles\b|\baccounts\b/.test(s))).toHaveLength(1);
  });

  it('forgets a caller whose report or manager changed', async () => {
    const before = await t.services.callers.of((await t.services.stores.users.findById(ada.id))!, session.jwt.slice(-12));
    expect(before.reports.map((r) => r.name)).toEqual(['Bob Builder']);
    await t.services.stores.users.update(bob.id, { managerId: carol.id });
    const after = await t.services.callers.of((await t.services.stores.users.findById(ada.id))!, session.jwt.slice(-12));
    expect(after.reports).toEqual([]);
  });
});
