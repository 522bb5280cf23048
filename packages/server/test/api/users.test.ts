/**
 * @module-tag postgres
 *
 * The user routes (docs/API.md#user): the current user, the full profile, a
 * colleague's card, the cleared-browser-cache flag, the logged-in flag and
 * switching account.
 */
import { Messages, monogramIcon, type LoginResult, type Profile, type UserDetail } from '@atrium/shared';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRecord } from '../../src/accounts/AccountStore.js';
import type { AppRecord } from '../../src/apps/AppStore.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer, decodeJwt, expectClientErrorEnvelope } from '../helpers/http.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`user routes on ${databaseKind}`, () => {
  let t: TestApp;
  let acme: AccountRecord;
  let beta: AccountRecord;
  let gamma: AccountRecord;
  let ada: UserRecord;
  let bob: UserRecord;
  let carol: UserRecord;
  let eve: UserRecord;
  let apps: AppRecord[];
  let iconId: string;
  let adaSession: LoginResult;
  let api: string;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { auth: 1000 } });
    api = t.config.apiPrefix;
    const { stores } = t.services;
    acme = (await stores.accounts.update((await makeAccount(stores, 'Acme')).id, {
      theme: 'Vision',
      favicon: 'favicon-acme.ico',
      privacyPolicy: 'Be nice.',
      loginUrl: 'https://login.acme.example',
      footerText: '© Acme',
    }))!;
    beta = await makeAccount(stores, 'Beta');
    gamma = await makeAccount(stores, 'Gamma');
    iconId = (await t.services.resources.add('ada.png', Buffer.from('not really a png'))).id;
    carol = await makeUser(stores, t.hasher, { username: 'carol', firstname: 'Carol', lastname: 'Chief', accounts: [acme.id] });
    ada = await makeUser(stores, t.hasher, {
      username: 'ada',
      firstname: 'Ada',
      lastname: 'Lovelace',
      designation: 'Engineer',
      email: 'ada@acme.example',
      country: 'GB',
      dateOfBirth: '1990-05-17',
      iconResourceId: iconId,
      managerId: carol.id,
      accounts: [acme.id, beta.id],
    });
    bob = await makeUser(stores, t.hasher, {
      username: 'bob',
      firstname: 'Bob',
      lastname: 'Builder',
      designation: 'Foreman',
      email: 'bob@acme.example',
      country: 'NO',
      managerId: carol.id,
      accounts: [acme.id],
    });
    eve = await makeUser(stores, t.hasher, { username: 'eve', accounts: [gamma.id] });
    apps = [
      await stores.apps.create({ name: 'Tasks', title: 'Task board', category: 'organization', type: 'application' }),
      await stores.apps.create({ name: 'Chat', title: 'Team chat', titles: { de_DE: 'Teamchat', zh_CN: '团队聊天' }, category: 'collaboration', isBaseApp: true, appType: 2, url: 'https://chat.example' }),
    ];
    await stores.apps.create({ name: 'Hidden', title: 'Not granted', category: 'collaboration' });
    for (const app of apps) await stores.apps.grant(ada.id, app.id);
    await stores.apps.blacklist(ada.id, 'Tasks');
    ada = (await stores.users.update(ada.id, { searchHistory: 'budget,roadmap' }))!;
    adaSession = await signIn(t.app, t.config.wrapperPrefix, 'ada');
  });
  afterAll(() => t.close());

  const get = (url: string, jwt = adaSession.jwt) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });

  describe('GET /user/me', () => {
    it('returns id, cleared_browser_cache and search_history of the caller', async () => {
      const res = await get(`${api}/user/me`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'success', data: { id: ada.id, cleared_browser_cache: 0, search_history: 'budget,roadmap' } });
    });

    it('reports the cleared-browser-cache flag when it is set', async () => {
      const user = await makeUser(t.services.stores, t.hasher, { accounts: [acme.id] });
      await t.services.stores.users.update(user.id, { clearedBrowserCache: 1 });
      const session = await signIn(t.app, t.config.wrapperPrefix, user.username);
      expect((await get(`${api}/user/me`, session.jwt)).json()).toMatchObject({ data: { id: user.id, cleared_browser_cache: 1 } });
    });
  });

  describe('GET /user/me/a+p+acc+ap+t', () => {
    let profile: Profile;
    beforeAll(async () => {
      const res = await get(`${api}/user/me/a+p+acc+ap+t`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'success' });
      profile = res.json<{ data: Profile }>().data;
    });

    it('carries the identity fields', () => {
      expect(profile).toMatchObject({
        id: ada.id,
        firstname: 'Ada',
        lastname: 'Lovelace',
        name: 'Ada Lovelace',
        designation: 'Engineer',
        date_of_birth: '1990-05-17',
      });
    });

    it('gives the icon as an address that serves the stored resource', async () => {
      expect(profile.icon).toBe(`${api}/resources/${iconId}`);
      const res = await t.app.inject({ method: 'GET', url: profile.icon! });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('not really a png');
    });

    it('lists the accounts and names the active one with its preferences', async () => {
      expect(profile.accountId).toBe(acme.id);
      expect(profile.accounts).toEqual([
        { accountId: acme.id, name: 'Acme' },
        { accountId: beta.id, name: 'Beta' },
      ]);
      expect(profile.active_account).toEqual({
        name: 'Acme',
        preferences: {
          theme: 'Vision',
          favicon: 'favicon-acme.ico',
          privacyPolicy: 'Be nice.',
          loginURL: 'https://login.acme.example',
          footerText: '© Acme',
          footer: '© Acme',
          logo: `${api}/account/logo/${acme.id}`,
        },
      });
      expect((await t.app.inject({ method: 'GET', url: profile.active_account.preferences.logo! })).statusCode).toBe(200);
    });

    it('lists exactly the granted apps, each with a start_options JSON string', () => {
      expect(profile.apps.map((a) => a.name).sort()).toEqual(['Chat', 'Tasks']);
      for (const app of apps) {
        const entry = profile.apps.find((a) => a.uuid === app.id);
        expect(entry).toMatchObject({ name: app.name, uuid: app.id, category: app.category, is_base_app: app.isBaseApp, type: app.type });
        expect(typeof entry!.start_options).toBe('string');
        expect(JSON.parse(entry!.start_options)).toMatchObject({ name: app.name, appId: app.id, category: app.category, title: app.title, type: app.type });
      }
    });

    it("gives an organisation page's start_options its monogram as its icon, and other apps none", () => {
      const options = (name: string) => JSON.parse(profile.apps.find((a) => a.name === name)!.start_options) as { icon?: string };
      expect(options('Chat').icon).toBe(monogramIcon('Chat', 'Team chat'));
      expect(options('Tasks').icon).toBeUndefined();
    });

    it("gives an app's title translations in its start_options, and none for an app without them", () => {
      const options = (name: string) => JSON.parse(profile.apps.find((a) => a.name === name)!.start_options) as Record<string, unknown>;
      expect(options('Chat')).toMatchObject({ title: 'Team chat', titles: { de_DE: 'Teamchat', zh_CN: '团队聊天' } });
      expect(options('Tasks')).not.toHaveProperty('titles');
    });

    it('carries the user preferences, blacklisted apps, cache flag, timestamp and search history', async () => {
      const stored = (await t.services.stores.users.findById(ada.id))!;
      expect(profile.preferences).toEqual({ Greetingmessage: 'true' });
      expect(profile.blackListedApps).toEqual({ Tasks: true });
      expect(profile.cleared_browser_cache).toBe(0);
      expect(profile.timestamp).toBe(stored.updatedAt.getTime());
      expect(profile.search_history).toBe('budget,roadmap');
    });

    it('is refused without a token', async () => {
      expectClientErrorEnvelope(await t.app.inject({ method: 'GET', url: `${api}/user/me/a+p+acc+ap+t` }), 401);
    });
  });

  describe('GET /user/{id}/detail', () => {
    it('returns the card of a colleague who shares an account', async () => {
      const res = await get(`${api}/user/${bob.id}/detail`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: UserDetail }>().data).toEqual({
        name: 'Bob Builder',
        designation: 'Foreman',
        username: 'bob',
        email: 'bob@acme.example',
        icon: null,
        manager_name: 'Carol Chief',
        country: 'NO',
      });
    });

    it("returns the caller's own card", async () => {
      const res = await get(`${api}/user/${ada.id}/detail`);
      expect(res.json()).toMatchObject({ data: { username: 'ada', icon: `${api}/resources/${iconId}`, manager_name: 'Carol Chief' } });
    });

    it('answers 404 for a user in no shared account, exactly as for a user that does not exist', async () => {
      const stranger = await get(`${api}/user/${eve.id}/detail`);
      const missing = await get(`${api}/user/${crypto.randomUUID()}/detail`);
      expectClientErrorEnvelope(stranger, 404);
      expect(stranger.json()).toMatchObject({ status: 'error', message: Messages.userNotFound });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toBe(stranger.body);
    });

    it('answers 404 for a disabled colleague', async () => {
      const gone = await makeUser(t.services.stores, t.hasher, { accounts: [acme.id] });
      await t.services.stores.users.update(gone.id, { disabled: true });
      expectClientErrorEnvelope(await get(`${api}/user/${gone.id}/detail`), 404);
    });

    it('answers 400 for an id that is not a uuid', async () => {
      expectClientErrorEnvelope(await get(`${api}/user/not-a-uuid/detail`), 400);
    });
  });

  describe('PUT /user/{id}', () => {
    it('clears the cleared_browser_cache flag of the caller', async () => {
      const user = await makeUser(t.services.stores, t.hasher, { accounts: [acme.id] });
      await t.services.stores.users.update(user.id, { clearedBrowserCache: 1 });
      const session = await signIn(t.app, t.config.wrapperPrefix, user.username);
      const res = await t.app.inject({ method: 'PUT', url: `${api}/user/${user.id}`, headers: bearer(session.jwt), payload: { cleared_browser_cache: 0 } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'success' });
      expect((await get(`${api}/user/me`, session.jwt)).json()).toMatchObject({ data: { cleared_browser_cache: 0 } });
    });

    it("refuses to change another user's record with 403", async () => {
      await t.services.stores.users.update(bob.id, { clearedBrowserCache: 1 });
      const res = await t.app.inject({ method: 'PUT', url: `${api}/user/${bob.id}`, headers: bearer(adaSession.jwt), payload: { cleared_browser_cache: 0 } });
      expectClientErrorEnvelope(res, 403);
      expect((await t.services.stores.users.findById(bob.id))!.clearedBrowserCache).toBe(1);
    });

    it.each([
      ['an extra field', { cleared_browser_cache: 0, disabled: false }],
      ['a value other than 0 or 1', { cleared_browser_cache: 2 }],
      ['a word', { cleared_browser_cache: 'yes' }],
      ['no field', {}],
    ])('refuses %s with 400 and changes nothing', async (_case, payload) => {
      const user = await makeUser(t.services.stores, t.hasher, { accounts: [acme.id] });
      await t.services.stores.users.update(user.id, { clearedBrowserCache: 1 });
      const session = await signIn(t.app, t.config.wrapperPrefix, user.username);
      const res = await t.app.inject({ method: 'PUT', url: `${api}/user/${user.id}`, headers: bearer(session.jwt), payload });
      expectClientErrorEnvelope(res, 400);
      expect((await t.services.stores.users.findById(user.id))!.clearedBrowserCache).toBe(1);
    });

    it('refuses an id that is not a uuid with 400', async () => {
      const res = await t.app.inject({ method: 'PUT', url: `${api}/user/me`, headers: bearer(adaSession.jwt), payload: { cleared_browser_cache: 0 } });
      expectClientErrorEnvelope(res, 400);
    });
  });

  describe('logged-in flag', () => {
    it('reports has_logged_in 0 until updateLoggedIn is called, then 1', async () => {
      const user = await makeUser(t.services.stores, t.hasher, { accounts: [acme.id], verificationPending: null });
      const session = await signIn(t.app, t.config.wrapperPrefix, user.username);
      const before = await get(`${api}/user/me/hasLoggedIn`, session.jwt);
      expect(before.json()).toEqual({ status: 'success', data: { has_logged_in: 0, verification_pending: null } });
      const update = await t.app.inject({ method: 'POST', url: `${api}/user/me/updateLoggedIn`, headers: bearer(session.jwt) });
      expect(update.statusCode).toBe(200);
      expect(update.json()).toMatchObject({ status: 'success', message: expect.any(String) as string });
      expect((await get(`${api}/user/me/hasLoggedIn`, session.jwt)).json()).toMatchObject({ data: { has_logged_in: 1 } });
    });

    it('reports a pending verification', async () => {
      const user = await makeUser(t.services.stores, t.hasher, { accounts: [acme.id], verificationPending: 'email' });
      const session = await signIn(t.app, t.config.wrapperPrefix, user.username);
      expect((await get(`${api}/user/me/hasLoggedIn`, session.jwt)).json()).toMatchObject({ data: { verification_pending: 'email' } });
    });
  });

  describe('POST /user/switchaccount', () => {
    const switchTo = (jwt: string, accountId: unknown) =>
      t.app.inject({ method: 'POST', url: `${api}/user/switchaccount`, headers: bearer(jwt), payload: { accountId } });

    it('switches to an account the user belongs to and returns a token whose profile has it active', async () => {
      const user = await makeUser(t.services.stores, t.hasher, { accounts: [acme.id, beta.id] });
      const session = await signIn(t.app, t.config.wrapperPrefix, user.username);
      expect(decodeJwt(session.jwt).payload.acc).toBe(acme.id);
      const res = await switchTo(session.jwt, beta.id);
      expect(res.statusCode, res.body).toBe(200);
      const { jwt } = res.json<{ status: string; data: { jwt: string } }>().data;
      expect(res.json()).toMatchObject({ status: 'success' });
      expect(decodeJwt(jwt).payload.acc).toBe(beta.id);
      const profile = (await get(`${api}/user/me/a+p+acc+ap+t`, jwt)).json<{ data: Profile }>().data;
      expect(profile.accountId).toBe(beta.id);
      expect(profile.active_account.name).toBe('Beta');
    });

    it("keeps the session: the original refresh token still works and the new tokens carry the new account", async () => {
      const user = await makeUser(t.services.stores, t.hasher, { accounts: [acme.id, beta.id] });
      const session = await signIn(t.app, t.config.wrapperPrefix, user.username);
      const { jwt } = (await switchTo(session.jwt, beta.id)).json<{ data: { jwt: string } }>().data;
      expect(decodeJwt(jwt).payload.sid).toBe(decodeJwt(session.jwt).payload.sid);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: `${t.config.wrapperPrefix}/refreshtoken`,
        payload: { jwt, refresh_token: session.refresh_token },
      });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      const pair = refreshed.json<{ data: LoginResult }>().data;
      expect(decodeJwt(pair.jwt).payload.acc).toBe(beta.id);
      expect((await get(`${api}/user/me/a+p+acc+ap+t`, pair.jwt)).json()).toMatchObject({ data: { accountId: beta.id } });
    });

    it('refuses an account the user does not belong to with 400 and data.errors, changing nothing', async () => {
      const user = await makeUser(t.services.stores, t.hasher, { accounts: [acme.id] });
      const session = await signIn(t.app, t.config.wrapperPrefix, user.username);
      const res = await switchTo(session.jwt, gamma.id);
      expectClientErrorEnvelope(res, 400);
      const body = res.json<{ status: string; data: { errors: string[] } }>();
      expect(body.data.errors.length).toBeGreaterThan(0);
      expect(body.data.errors.every((e) => typeof e === 'string')).toBe(true);
      expect((await t.services.stores.users.findById(user.id))!.activeAccountId).toBe(acme.id);
      const unknown = await switchTo(session.jwt, crypto.randomUUID());
      expectClientErrorEnvelope(unknown, 400);
      expect(unknown.json<{ data: { errors: string[] } }>().data.errors.length).toBeGreaterThan(0);
    });

    it('refuses an accountId that is not a uuid with 400', async () => {
      expectClientErrorEnvelope(await switchTo(adaSession.jwt, 'beta'), 400);
      expectClientErrorEnvelope(await switchTo(adaSession.jwt, 42), 400);
    });
  });
});
