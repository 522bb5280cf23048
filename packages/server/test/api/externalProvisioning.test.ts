/**
 * @module-tag postgres
 *
 * External sign-in of someone Atrium does not know yet
 * (docs/behaviour/external-sign-in.md#provisioning): with
 * AUTH_PROVISION_ACCOUNT they are created as a member of that organisation,
 * from the token's names and verified address, without a password, and
 * linked to the identity that signed in (externalLinks.test.ts for the
 * names that never get a user).
 */
import { Messages } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeAccount } from '../helpers/factories.js';
import { bearer, expectClientErrorEnvelope, form } from '../helpers/http.js';
import { startIdentityProvider, type TestIdentityProvider } from '../helpers/identityProvider.js';
import { createTestApp, RecordingMailer, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`provisioning on external sign-in on ${databaseKind}`, () => {
  let idp: TestIdentityProvider;
  let t: TestApp;
  let url: string;
  const mailer = new RecordingMailer();

  beforeAll(async () => {
    idp = await startIdentityProvider();
    t = await createTestApp({
      env: { AUTH_TYPE: 'keycloak', AUTH_KEYCLOAK_URL: idp.base, AUTH_REALM: 'atrium', AUTH_CLIENT_ID: 'atrium', AUTH_PROVISION_ACCOUNT: 'Harbour Works' },
      rateLimits: { auth: 10_000, recovery: 10_000 },
      mailer,
    });
    url = `${t.config.wrapperPrefix}/auth/external/keycloak`;
    await makeAccount(t.services.stores, 'Elsewhere');
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  const token = (username: string, extra: Record<string, unknown> = {}) =>
    idp.sign({
      iss: idp.keycloakIssuer,
      aud: 'atrium',
      azp: 'atrium',
      sub: `kc-${username.toLowerCase()}`,
      preferred_username: username,
      given_name: 'Nina',
      family_name: 'Berg',
      email: `${username.toLowerCase()}.berg@harbour.example`,
      email_verified: true,
      ...extra,
    });
  const post = async (username: string, extra?: Record<string, unknown>) => t.app.inject({ method: 'POST', url, ...form({ access_token: await token(username, extra) }) });

  it('refuses unknown users while the configured organisation does not exist, and says so in the log', async () => {
    const res = await post('nina');
    expectClientErrorEnvelope(res, 403);
    expect(res.json()).toMatchObject({ message: Messages.externalNoAccess, code: 'login.error.external-no-access' });
    expect(await t.services.stores.users.findByUsername('nina')).toBeNull();
    expect(t.logs.join('\n')).toContain('external.provision-account-missing');
  });

  it('creates an unknown user in the organisation, from the names and address of the token, links them to the identity and signs them in', async () => {
    const org = await makeAccount(t.services.stores, 'Harbour Works');
    const res = await post('Nina');
    expect(res.statusCode, res.body).toBe(200);
    const { jwt, username } = res.json<{ data: { jwt: string; username: string } }>().data;
    expect(username).toBe('nina');
    const user = (await t.services.stores.users.findByUsername('nina'))!;
    expect(user).toMatchObject({ firstname: 'Nina', lastname: 'Berg', email: 'nina.berg@harbour.example', passwordHash: null, activeAccountId: org.id, externalProvider: 'keycloak' });
    expect(await t.services.stores.identities.findForUser(user.id)).toEqual([expect.objectContaining({ issuer: idp.keycloakIssuer, subject: 'kc-nina', linkedBy: 'provisioning' })]);
    expect((await t.services.stores.accounts.listForUser(user.id)).map((a) => a.name)).toEqual(['Harbour Works']);
    const profile = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me/a+p+acc+ap+t`, headers: bearer(jwt) });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ data: { firstname: 'Nina', lastname: 'Berg', active_account: { name: 'Harbour Works' } } });
  });

  it('signs the same person in again without creating anyone, also once their username at the provider changed', async () => {
    const before = await t.services.stores.users.count();
    expect((await post('nina', { given_name: 'Changed' })).statusCode).toBe(200);
    const renamed = await post('nina', { preferred_username: 'nina.berg' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ data: { username: string } }>().data.username).toBe('nina');
    expect(await t.services.stores.users.count()).toBe(before);
    expect((await t.services.stores.users.findByUsername('nina'))?.firstname).toBe('Nina');
    expect(await t.services.stores.users.findByUsername('nina.berg')).toBeNull();
  });

  it('never lets a provisioned user in with the built-in form, nor gives them a password by mail', async () => {
    for (const password of ['', 'Correct#Horse9', 'null']) {
      const res = await t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/auth`, payload: { username: 'nina', password }, remoteAddress: '10.9.0.1' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
    const forgot = await t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/user/me/forgotpassword`, ...form({ username: 'nina' }) });
    expect(forgot.statusCode).toBe(200);
    await t.services.recovery.drain();
    expect(mailer.sent).toEqual([]);
  });

  it('creates one user when the same new person signs in twice at once', async () => {
    const answers = await Promise.all([post('oskar'), post('oskar'), post('oskar')]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const all = await t.services.stores.users.list();
    expect(all.filter((u) => u.username === 'oskar')).toHaveLength(1);
  });

  it('lets the same new person in when their other first sign-in created them between the checks', async () => {
    const users = t.services.stores.users;
    const listUsernames = users.listUsernames.bind(users);
    // The second sign-in has found no link yet; before it looks at the usernames, the first one completes.
    vi.spyOn(users, 'listUsernames').mockImplementationOnce(async () => {
      expect((await post('ulla')).statusCode).toBe(200);
      return listUsernames();
    });
    const res = await post('ulla');
    vi.restoreAllMocks();
    expect(res.statusCode, res.body).toBe(200);
    expect((await users.list()).filter((u) => u.username === 'ulla')).toHaveLength(1);
  });

  it('keeps out of the record any text the database cannot store, and an address that is not one', async () => {
    const res = await post('petra', { given_name: 'Pe\u0000tra', family_name: 'x'.repeat(300), email: 'not-an-address', realm_access: { roles: ['ok', 'bad\u0000role'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.services.stores.users.findByUsername('petra')).toMatchObject({ firstname: '', lastname: '', email: null });
    const found = await t.services.auth.authenticate(`Bearer ${res.json<{ data: { jwt: string } }>().data.jwt}`);
    expect(found.ok && found.auth.roles?.realm).toEqual(['ok']);
  });

  it('keeps an address the provider does not mark verified (the boolean true) out of the record', async () => {
    for (const [username, verified] of [['quinn', false], ['rosa', 'true'], ['sven', undefined]] as const) {
      const res = await post(username, { email_verified: verified });
      expect(res.statusCode, res.body).toBe(200);
      expect((await t.services.stores.users.findByUsername(username))?.email).toBeNull();
    }
  });

  it('refuses a token whose claim cannot be a username', async () => {
    for (const preferred_username of [undefined, '', 'two words', 'zero\u200bwidth', 7]) {
      const res = await post('tomas', { preferred_username });
      expectClientErrorEnvelope(res, 401);
    }
    expect(await t.services.stores.identities.find(idp.keycloakIssuer, 'kc-tomas')).toBeNull();
  });
});
