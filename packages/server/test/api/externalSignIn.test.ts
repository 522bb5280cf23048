/**
 * @module-tag embedded-only
 *
 * External sign-in, POST {wrapper}/auth/external/:provider
 * (docs/behaviour/external-sign-in.md#server): the provider's access token
 * is checked against the keys a real (if tiny) provider on 127.0.0.1
 * publishes, and a good one opens an Atrium session like the built-in form,
 * as the user its identity is linked to (externalLinks.test.ts for how
 * links are made and the names in a token never find a user).
 */
import { Messages } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer, expectClientErrorEnvelope, form, formData } from '../helpers/http.js';
import { startIdentityProvider, unsignedToken, type TestIdentityProvider } from '../helpers/identityProvider.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

const CLIENT_ID = 'atrium';

describe(`external sign-in with Keycloak on ${databaseKind}`, () => {
  let idp: TestIdentityProvider;
  let t: TestApp;
  let url: string;
  /** Every provider token sent, to look for in the logs. */
  const sent: string[] = [];

  beforeAll(async () => {
    idp = await startIdentityProvider();
    t = await createTestApp({
      env: { AUTH_TYPE: 'keycloak', AUTH_KEYCLOAK_URL: idp.base, AUTH_REALM: 'atrium', AUTH_CLIENT_ID: CLIENT_ID },
      rateLimits: { auth: 10_000 },
    });
    url = `${t.config.wrapperPrefix}/auth/external/keycloak`;
    const account = await makeAccount(t.services.stores, 'Northwind');
    const ada = await makeUser(t.services.stores, t.hasher, { username: 'ada', email: 'ada.lovelace@example.test', accounts: [account.id] });
    const dora = await makeUser(t.services.stores, t.hasher, { username: 'dora', accounts: [account.id] });
    await t.services.stores.users.update(dora.id, { disabled: true });
    for (const [user, subject] of [[ada, 'kc-ada'], [dora, 'kc-dora']] as const) {
      await t.services.stores.identities.link({ issuer: idp.keycloakIssuer, subject, userId: user.id, linkedBy: 'operator' });
    }
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  /** Claims of a good Keycloak access token for a user. */
  const claims = (username = 'ada') => ({
    iss: idp.keycloakIssuer,
    aud: [CLIENT_ID, 'account'],
    azp: CLIENT_ID,
    typ: 'Bearer',
    sub: `kc-${username}`,
    preferred_username: username,
    realm_access: { roles: ['offline_access', 'atrium-admin'] },
    resource_access: { [CLIENT_ID]: { roles: ['editor'] }, account: { roles: ['view-profile'] } },
  });

  async function post(token: string, encoding: 'form' | 'json' | 'multipart' = 'form') {
    sent.push(token);
    const payload = { access_token: token };
    if (encoding === 'multipart') return t.app.inject({ method: 'POST', url, ...(await formData(payload)) });
    return encoding === 'form' ? t.app.inject({ method: 'POST', url, ...form(payload) }) : t.app.inject({ method: 'POST', url, payload });
  }

  async function expectRefused(token: string) {
    const res = await post(token);
    expectClientErrorEnvelope(res, 401);
    expect(res.json()).toMatchObject({ message: Messages.externalTokenRefused, code: 'login.error.external-token' });
  }

  it("signs in with a good token: the answer is a Login result whose jwt works on the user's calls", async () => {
    // A form, JSON, and a browser's FormData (docs/COMPATIBILITY.md#encodings).
    for (const encoding of ['form', 'json', 'multipart'] as const) {
      const res = await post(await idp.sign(claims()), encoding);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ status: string; data: { jwt: string; refresh_token: string; username: string } }>();
      expect(body.status).toBe('success');
      expect(body.data.username).toBe('ada');
      expect(body.data.refresh_token.length).toBeGreaterThanOrEqual(32);
      const me = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me`, headers: bearer(body.data.jwt) });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json<{ data: { username: string } }>().data.username).toBe('ada');
      // The session is Atrium's own: its refresh token renews it like any other.
      const refreshed = await t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/refreshtoken`, ...form({ jwt: body.data.jwt, refresh_token: body.data.refresh_token }) });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
    }
  });

  it('signs in as the user the identity (sub) is linked to, whatever username and e-mail address the token names', async () => {
    for (const names of [{ preferred_username: 'dora' }, { preferred_username: 'somebody.else', email: 'dora@example.test', email_verified: true }, { preferred_username: undefined }]) {
      const res = await post(await idp.sign({ ...claims(), ...names }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: { username: string } }>().data.username).toBe('ada');
    }
  });

  it("never signs in with a name alone: an unlinked identity whose token names ada, in any case or by her address, is refused", async () => {
    for (const username of ['ada', 'ADA', 'Ada.Lovelace@Example.test']) {
      const res = await post(await idp.sign({ ...claims(), sub: 'kc-mallory', preferred_username: username, email: 'ada.lovelace@example.test', email_verified: true }));
      expectClientErrorEnvelope(res, 403);
      expect(res.json()).toMatchObject({ code: 'login.error.external-no-access' });
    }
  });

  it('fetches the discovery document and the keys once for many sign-ins', async () => {
    for (let i = 0; i < 3; i++) expect((await post(await idp.sign(claims()))).statusCode).toBe(200);
    expect(idp.requests.filter((p) => p.endsWith('/.well-known/openid-configuration'))).toHaveLength(1);
    expect(idp.requests.filter((p) => p.endsWith('/keys'))).toHaveLength(1);
  });

  describe('refuses with 401 a token', () => {
    it('from another issuer', async () => {
      await expectRefused(await idp.sign({ ...claims(), iss: `${idp.base}/realms/other` }));
      await expectRefused(await idp.sign({ ...claims(), iss: idp.oktaIssuer }));
    });

    it('for another audience', async () => {
      await expectRefused(await idp.sign({ ...claims(), aud: 'account' }));
      await expectRefused(await idp.sign({ ...claims(), aud: undefined }));
    });

    it('that has expired, or is issued in the future', async () => {
      const now = Math.floor(Date.now() / 1000);
      await expectRefused(await idp.sign({ ...claims(), iat: now - 600, exp: now - 300 }));
      await expectRefused(await idp.sign({ ...claims(), iat: now + 600, exp: now + 900 }));
      await expectRefused(await idp.sign({ ...claims(), exp: undefined }));
    });

    it('unsigned (alg none)', async () => {
      await expectRefused(unsignedToken(claims()));
    });

    it('signed with a shared secret (HS256)', async () => {
      await expectRefused(await idp.sign(claims(), { alg: 'HS256', key: new TextEncoder().encode('a-secret-anybody-could-have-0123456789') }));
    });

    it('signed with a key the provider does not publish', async () => {
      await expectRefused(await idp.sign(claims(), { key: await idp.otherKey(), kid: 'k2' }));
      // The published key's id on a token another key signed.
      await expectRefused(await idp.sign(claims(), { key: await idp.otherKey() }));
    });

    it('issued to another client (azp)', async () => {
      await expectRefused(await idp.sign({ ...claims(), azp: 'another-app' }));
    });

    it('that names no client (no azp), though meant for this audience', async () => {
      await expectRefused(await idp.sign({ ...claims(), azp: undefined }));
      await expectRefused(await idp.sign({ ...claims(), azp: null }));
      await expectRefused(await idp.sign({ ...claims(), azp: [CLIENT_ID] }));
    });

    it('that is not an access token (an ID token)', async () => {
      await expectRefused(await idp.sign({ ...claims(), typ: 'ID' }));
    });

    it("that does not name the user's id at the provider (sub)", async () => {
      const subs: unknown[] = [undefined, '', 42, ['kc-ada'], 'kc ada', 'kc-ada\u200b', 'x'.repeat(256)];
      for (const sub of subs) await expectRefused(await idp.sign({ ...claims(), sub } as Record<string, unknown>));
    });

    it('that is not a JWT at all', async () => {
      for (const text of ['a.b.c', 'not-a-token', 'x'.repeat(4000)]) await expectRefused(text);
    });
  });

  it('refuses an identity linked to nobody and one linked to a disabled user with 403, the same answer', async () => {
    for (const username of ['nobody', 'dora']) {
      const res = await post(await idp.sign(claims(username)));
      expectClientErrorEnvelope(res, 403);
      expect(res.json()).toMatchObject({ message: Messages.externalNoAccess, code: 'login.error.external-no-access' });
    }
  });

  it('answers 404 for a provider that is not the configured type', async () => {
    for (const provider of ['okta', 'builtin', 'saml', '__proto__', 'constructor']) {
      const res = await t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/auth/external/${provider}`, ...form({ access_token: 'a.b.c' }) });
      expectClientErrorEnvelope(res, 404);
      expect(res.json()).toMatchObject({ message: Messages.externalNotConfigured, code: 'login.error.external-not-configured' });
    }
  });

  it('answers 400 for a malformed body', async () => {
    for (const payload of [{}, { access_token: '' }, { access_token: 'a.b.c', extra: 'x' }, { access_token: 12 }, { access_token: 'a\u0000b' }, { access_token: 'x'.repeat(20_000) }]) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expectClientErrorEnvelope(res, 400);
    }
  });

  it('keeps the realm and resource roles of the token on the session, for every later call', async () => {
    const token = await idp.sign({ ...claims(), resource_access: { [CLIENT_ID]: { roles: ['editor'] }, ['__proto__']: { roles: ['sneaky'] } } });
    const res = await post(token);
    const { jwt, refresh_token } = res.json<{ data: { jwt: string; refresh_token: string } }>().data;
    const { hasRealmRole, hasResourceRole } = await import('@atrium/shared');
    const check = async (accessToken: string) => {
      const found = await t.services.auth.authenticate(`Bearer ${accessToken}`);
      if (!found.ok) throw new Error(`not signed in: ${found.reason}`);
      return found.auth.roles;
    };
    // The first check reads the database, the second the session cache.
    for (const roles of [await check(jwt), await check(jwt)]) {
      expect(hasRealmRole(roles, 'atrium-admin')).toBe(true);
      expect(hasRealmRole(roles, 'editor')).toBe(false);
      expect(hasResourceRole(roles, 'editor', CLIENT_ID)).toBe(true);
      expect(hasResourceRole(roles, 'editor', 'account')).toBe(false);
      expect(hasResourceRole(roles, 'editor', 'constructor')).toBe(false);
      expect(({} as Record<string, unknown>).sneaky).toBeUndefined();
    }
    // The same session after a refresh.
    const refreshed = await t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/refreshtoken`, ...form({ jwt, refresh_token }) });
    expect(hasResourceRole(await check(refreshed.json<{ data: { jwt: string } }>().data.jwt), 'editor', CLIENT_ID)).toBe(true);
    // A session of the built-in form has none.
    expect(await check((await signIn(t.app, t.config.wrapperPrefix, 'ada')).jwt)).toBeNull();
  });

  it("lets the page connect to the Keycloak server (code, renewal, logout) and nowhere else but this server", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/client-config' });
    const connect = /(?:^|;\s*)connect-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(connect?.split(' ')).toEqual(["'self'", new URL(idp.base).origin]);
  });

  it('keeps the built-in form working (#login) while Keycloak is configured', async () => {
    expect((await signIn(t.app, t.config.wrapperPrefix, 'ada')).jwt).toBeTruthy();
  });

  it('answers the checked options in GET /client-config, addressed to PUBLIC_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/client-config', headers: { host: 'atrium.example:8443' } });
    expect(res.json()).toMatchObject({
      site: { authType: 'keycloak' },
      external: {
        type: 'keycloak',
        name: 'Keycloak',
        clientId: CLIENT_ID,
        url: idp.base,
        realm: 'atrium',
        issuer: null,
        redirectUri: 'http://atrium.test/',
        postLogoutRedirectUri: 'http://atrium.test/',
        scopes: ['openid', 'profile', 'email'],
        onLoad: 'check-sso',
        flow: 'standard',
        responseMode: 'fragment',
        pkceMethod: 'S256',
        checkLoginIframe: true,
        checkLoginIframeInterval: 5,
      },
    });
  });

  it('writes why a token was refused to the log, and never a token', async () => {
    const lines = t.logs.join('\n');
    expect(lines).toContain('external.refused');
    expect(lines).toContain('issued to another client');
    expect(lines).toContain('names no client (azp)');
    expect(lines).toContain("claim sub (the user's id at the provider) missing");
    for (const token of sent) {
      const signature = token.split('.')[2];
      expect(lines).not.toContain(token);
      if (signature && signature.length > 16) expect(lines).not.toContain(signature);
    }
    expect(sent.length).toBeGreaterThan(20);
  });
});

describe(`external sign-in with Okta on ${databaseKind}`, () => {
  let idp: TestIdentityProvider;
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    idp = await startIdentityProvider();
    t = await createTestApp({
      // No PUBLIC_URL: the addresses are the site's as each request reached it.
      env: { AUTH_TYPE: 'okta', AUTH_ISSUER: idp.oktaIssuer, AUTH_CLIENT_ID: '0oa-atrium', AUTH_PROVIDER_NAME: 'Acme Login', PUBLIC_URL: '', AUTH_POST_LOGOUT_REDIRECT_URI: 'https://intranet.example/bye' },
      rateLimits: { auth: 10_000 },
    });
    url = `${t.config.wrapperPrefix}/auth/external/okta`;
    const account = await makeAccount(t.services.stores);
    const ada = await makeUser(t.services.stores, t.hasher, { username: 'ada', accounts: [account.id] });
    await makeUser(t.services.stores, t.hasher, { username: 'ada@example.test', email: 'ada@example.test', accounts: [account.id] });
    await t.services.stores.identities.link({ issuer: idp.oktaIssuer, subject: '00u1', userId: ada.id, linkedBy: 'operator' });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  const claims = () => ({ iss: idp.oktaIssuer, aud: 'api://default', cid: '0oa-atrium', uid: '00u1', sub: 'ada', scp: ['openid', 'profile', 'email'] });
  const post = (token: string) => t.app.inject({ method: 'POST', url, ...form({ access_token: token }) });

  it("signs in as the user Okta's user id (uid) is linked to, whatever login (sub) the token names", async () => {
    for (const sub of ['ada', 'ada@example.test', 'renamed.ada@example.test']) {
      const res = await post(await idp.sign({ ...claims(), sub }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ data: { username: string } }>().data.username).toBe('ada');
    }
  });

  it("refuses a token without Okta's user id (uid), though its login (sub) is a username", async () => {
    for (const uid of [undefined, '', 7]) {
      const res = await post(await idp.sign({ ...claims(), uid }));
      expectClientErrorEnvelope(res, 401);
      expect(res.json()).toMatchObject({ code: 'login.error.external-token' });
    }
    expect(t.logs.join('\n')).toContain("claim uid (the user's id at the provider) missing");
  });

  it('refuses a token for another client (cid), or naming none, or for another audience or issuer', async () => {
    for (const token of [
      await idp.sign({ ...claims(), cid: 'another-app' }),
      await idp.sign({ ...claims(), cid: undefined }),
      await idp.sign({ ...claims(), cid: '' }),
      await idp.sign({ ...claims(), aud: '0oa-atrium' }),
      await idp.sign({ ...claims(), iss: idp.keycloakIssuer }),
    ]) {
      const res = await post(token);
      expectClientErrorEnvelope(res, 401);
      expect(res.json()).toMatchObject({ code: 'login.error.external-token' });
    }
  });

  it("lets the page connect to the Okta issuer's origin and nowhere else but this server", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/client-config' });
    const connect = /(?:^|;\s*)connect-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(connect?.split(' ')).toEqual(["'self'", new URL(idp.oktaIssuer).origin]);
  });

  it('answers 404 at the Keycloak address', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/auth/external/keycloak`, ...form({ access_token: await idp.sign(claims()) }) });
    expectClientErrorEnvelope(res, 404);
  });

  it('answers its options in GET /client-config, the redirect address being the site as the request reached it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/client-config', headers: { host: 'atrium.example:8443' } });
    expect(res.json()).toMatchObject({
      external: {
        type: 'okta',
        name: 'Acme Login',
        clientId: '0oa-atrium',
        issuer: idp.oktaIssuer,
        url: null,
        realm: null,
        redirectUri: 'http://atrium.example:8443/',
        postLogoutRedirectUri: 'https://intranet.example/bye',
      },
    });
  });
});

describe(`external sign-in when the provider cannot be reached on ${databaseKind}`, () => {
  let idp: TestIdentityProvider;
  let t: TestApp;
  let goneIssuer: string;

  beforeAll(async () => {
    idp = await startIdentityProvider();
    // An address where nothing listens any more.
    const gone = await startIdentityProvider();
    await gone.close();
    goneIssuer = gone.keycloakIssuer;
    t = await createTestApp({ env: { AUTH_TYPE: 'keycloak', AUTH_KEYCLOAK_URL: gone.base, AUTH_REALM: 'atrium', AUTH_CLIENT_ID: CLIENT_ID }, rateLimits: { auth: 10_000 } });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  it('answers 503 The identity provider cannot be reached', async () => {
    const token = await idp.sign({ iss: goneIssuer, aud: CLIENT_ID, azp: CLIENT_ID, sub: 'kc-ada', preferred_username: 'ada' });
    const res = await t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/auth/external/keycloak`, ...form({ access_token: token }) });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ status: 'error', message: Messages.externalUnreachable, code: 'login.error.external-unreachable' });
    expect(t.logs.join('\n')).toContain('external.unreachable');
    expect(t.logs.join('\n')).not.toContain(token);
  });

  it.each(['wrong-issuer', 'keys-fail'] as const)('answers 503 when the provider answers wrongly (%s), and signs in once it answers right', async (misbehaviour) => {
    const broken = await startIdentityProvider(misbehaviour);
    const app = await createTestApp({
      env: { AUTH_TYPE: 'keycloak', AUTH_KEYCLOAK_URL: broken.base, AUTH_REALM: 'atrium', AUTH_CLIENT_ID: CLIENT_ID },
      rateLimits: { auth: 10_000 },
      // Asked again at once after a failed discovery.
      externalVerifier: { discoveryRetryMs: 0 },
    });
    try {
      const ada = await makeUser(app.services.stores, app.hasher, { username: 'ada' });
      await app.services.stores.identities.link({ issuer: broken.keycloakIssuer, subject: 'kc-ada', userId: ada.id, linkedBy: 'operator' });
      const token = await broken.sign({ iss: broken.keycloakIssuer, aud: CLIENT_ID, azp: CLIENT_ID, sub: 'kc-ada', preferred_username: 'ada' });
      const send = () => app.app.inject({ method: 'POST', url: `${app.config.wrapperPrefix}/auth/external/keycloak`, ...form({ access_token: token }) });
      const res = await send();
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toMatchObject({ code: 'login.error.external-unreachable' });
      broken.misbehave(undefined);
      const again = await send();
      expect(again.statusCode, again.body).toBe(200);
    } finally {
      await app.close();
      await broken.close();
    }
  });
});
