import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import type { JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdp } from './startIdp.js';
import type { Idp } from './startIdp.js';
import { authorizationSecrets, callbackParams, TestBrowser } from './TestBrowser.js';

const APP = 'http://127.0.0.1:18080/';
const APP_ORIGIN = 'http://127.0.0.1:18080';

let idp: Idp;
let realm: string;
let discovery: Record<string, string>;

beforeAll(async () => {
  idp = await startIdp({ port: 0, redirectUris: [APP], clients: [{ clientId: 'other-app', redirectUris: ['http://127.0.0.1:18081/'] }], log: () => {} });
  realm = idp.keycloakIssuer;
  discovery = (await (await fetch(`${realm}/.well-known/openid-configuration`)).json()) as Record<string, string>;
});
afterAll(() => idp.close());

function authorizeUrl(secrets: ReturnType<typeof authorizationSecrets>, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({
    client_id: 'atrium',
    redirect_uri: APP,
    state: secrets.state,
    response_mode: 'fragment',
    response_type: 'code',
    scope: 'openid profile email',
    nonce: secrets.nonce,
    code_challenge: secrets.challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  return `${realm}/protocol/openid-connect/auth?${params}`;
}

async function tokenRequest(body: Record<string, string>) {
  const response = await fetch(`${realm}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP_ORIGIN },
    body: new URLSearchParams(body),
  });
  return { response, body: (await response.json()) as Record<string, string | number> };
}

/** Signs in through the form and redeems the code, as keycloak-js does. */
async function signIn(browser: TestBrowser, username = 'demo') {
  const secrets = authorizationSecrets();
  const page = await browser.navigate(authorizeUrl(secrets), APP);
  const back = await browser.signIn(page, username, 'Demo@1234', APP);
  const params = callbackParams(back.url);
  expect(params.get('state')).toBe(secrets.state);
  const { response, body } = await tokenRequest({ grant_type: 'authorization_code', client_id: 'atrium', redirect_uri: APP, code: params.get('code') ?? '', code_verifier: secrets.verifier });
  expect(response.status).toBe(200);
  return { secrets, tokens: body as Record<string, string> };
}

const jwks = async () => createLocalJWKSet((await (await fetch(discovery.jwks_uri!)).json()) as JSONWebKeySet);

const sessionStatus = async (browser: TestBrowser, sid: string) =>
  (await browser.request(`${realm}/protocol/openid-connect/login-status-iframe.html/status?client_id=atrium&session_state=${encodeURIComponent(sid)}`)).text();

describe('the Keycloak-style realm', () => {
  it('publishes its discovery document with Keycloak’s endpoints', () => {
    expect(discovery.issuer).toBe(`${idp.url}/realms/atrium`);
    expect(discovery.authorization_endpoint).toBe(`${realm}/protocol/openid-connect/auth`);
    expect(discovery.token_endpoint).toBe(`${realm}/protocol/openid-connect/token`);
    expect(discovery.jwks_uri).toBe(`${realm}/protocol/openid-connect/certs`);
    expect(discovery.end_session_endpoint).toBe(`${realm}/protocol/openid-connect/logout`);
    expect(discovery.userinfo_endpoint).toBe(`${realm}/protocol/openid-connect/userinfo`);
    expect(discovery.check_session_iframe).toBe(`${realm}/protocol/openid-connect/login-status-iframe.html`);
  });

  it('shows an accessible sign-in page, and the error line after a wrong password', async () => {
    const browser = new TestBrowser();
    const page = await browser.navigate(authorizeUrl(authorizationSecrets()), APP);
    expect(page.url).toMatch(/\/realms\/atrium\/interaction\//);
    const form = await page.response.clone().text();
    expect(form).toContain('<label for="username">Username</label>');
    expect(form).toContain('<label for="password">Password</label>');
    expect(form).toContain('<button type="submit">Sign in</button>');
    expect(form).not.toContain('Invalid username or password.');

    const refused = await browser.signIn(page, 'demo', 'wrong-password', APP);
    expect(refused.response.status).toBe(200);
    const again = await refused.response.text();
    expect(again).toContain('<p class="error" id="error" role="alert">Invalid username or password.</p>');
    expect(again).toContain('value="demo"');
  });

  it('signs in with the code flow and PKCE, and issues RS256 access tokens shaped like Keycloak’s', async () => {
    const { secrets, tokens } = await signIn(new TestBrowser());
    const access = tokens.access_token!;
    expect(decodeProtectedHeader(access).alg).toBe('RS256');
    const { payload } = await jwtVerify(access, await jwks(), { issuer: realm, audience: 'atrium' });
    expect(payload.aud).toEqual(['atrium', 'account']);
    expect(payload).toMatchObject({
      azp: 'atrium',
      typ: 'Bearer',
      preferred_username: 'demo',
      given_name: 'Dana',
      family_name: 'Demo',
      email: 'dana.demo@northwind.example',
      scope: 'openid profile email',
    });
    expect(payload.sub).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(payload.sid).toEqual(expect.any(String));
    expect(payload.session_state).toBe(payload.sid);
    expect((payload.realm_access as { roles: string[] }).roles).toEqual(expect.arrayContaining(['atrium-user', 'atrium-admin']));
    expect((payload.resource_access as Record<string, { roles: string[] }>).atrium!.roles).toEqual(['desktop-user', 'desktop-admin']);
    expect(payload.exp! - payload.iat!).toBe(300);

    const { payload: id } = await jwtVerify(tokens.id_token!, await jwks(), { issuer: realm, audience: 'atrium' });
    expect(id.nonce).toBe(secrets.nonce);
    expect(id.preferred_username).toBe('demo');

    // keycloak-js decodes the refresh token: it is a JWT too.
    expect(decodeJwt(tokens.refresh_token!)).toMatchObject({ typ: 'Refresh', azp: 'atrium', sid: payload.sid });
  });

  it('sends the application an access_denied answer when the user cancels', async () => {
    const browser = new TestBrowser();
    const secrets = authorizationSecrets();
    const page = await browser.navigate(authorizeUrl(secrets), APP);
    const action = /<form method="post" action="([^"]+)"/.exec(await page.response.text())![1]!;
    const back = await browser.navigate(new URL(action, page.url).href, APP, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ cancel: '1' }) });
    const params = callbackParams(back.url);
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('error_description')).toBe('The user cancelled the sign-in.');
    expect(params.get('state')).toBe(secrets.state);
  });

  it('answers the implicit flow with the tokens in the fragment', async () => {
    const browser = new TestBrowser();
    const secrets = authorizationSecrets();
    const page = await browser.navigate(authorizeUrl(secrets, { response_type: 'id_token token' }), APP);
    const params = callbackParams((await browser.signIn(page, 'sofia', 'Demo@1234', APP)).url);
    const { payload } = await jwtVerify(params.get('access_token')!, await jwks(), { issuer: realm, audience: 'atrium' });
    expect(payload.preferred_username).toBe('sofia');
    expect((await jwtVerify(params.get('id_token')!, await jwks(), { issuer: realm, audience: 'atrium' })).payload.nonce).toBe(secrets.nonce);
  });

  it('refuses a code redeemed without the right PKCE verifier', async () => {
    const browser = new TestBrowser();
    const secrets = authorizationSecrets();
    const back = await browser.signIn(await browser.navigate(authorizeUrl(secrets), APP), 'liam', 'Demo@1234', APP);
    const code = callbackParams(back.url).get('code')!;
    const { response, body } = await tokenRequest({ grant_type: 'authorization_code', client_id: 'atrium', redirect_uri: APP, code, code_verifier: authorizationSecrets().verifier });
    expect(response.status).toBe(400);
    expect(body.error).toBe('invalid_grant');
  });

  it('gives atrium-admin to the administrator only', async () => {
    const { tokens } = await signIn(new TestBrowser(), 'liam');
    const payload = decodeJwt(tokens.access_token!);
    expect((payload.realm_access as { roles: string[] }).roles).toContain('atrium-user');
    expect((payload.realm_access as { roles: string[] }).roles).not.toContain('atrium-admin');
  });

  it('signs in again without the form while the provider session lasts (SSO)', async () => {
    const browser = new TestBrowser();
    await signIn(browser, 'olivia');
    const secrets = authorizationSecrets();
    const back = await browser.navigate(authorizeUrl(secrets), APP);
    expect(back.url.startsWith(APP)).toBe(true);
    expect(callbackParams(back.url).get('code')).toBeTruthy();
  });

  it('answers prompt=none with login_required when there is no session', async () => {
    const secrets = authorizationSecrets();
    const back = await new TestBrowser().navigate(authorizeUrl(secrets, { prompt: 'none' }), APP);
    const params = callbackParams(back.url);
    expect(params.get('error')).toBe('login_required');
    expect(params.get('state')).toBe(secrets.state);
  });

  it('renews tokens with the refresh token', async () => {
    const { tokens } = await signIn(new TestBrowser());
    const { response, body } = await tokenRequest({ grant_type: 'refresh_token', client_id: 'atrium', refresh_token: tokens.refresh_token! });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    const { payload } = await jwtVerify(String(body.access_token), await jwks(), { issuer: realm });
    expect(payload.preferred_username).toBe('demo');
    expect(payload.sid).toBe(decodeJwt(tokens.access_token!).sid);
    expect(String(body.refresh_token).split('.')).toHaveLength(3);
  });

  it('ends the session on the logout POST: a refresh fails and the session frame says changed', async () => {
    const browser = new TestBrowser();
    const { tokens } = await signIn(browser);
    const sid = String(decodeJwt(tokens.access_token!).sid);
    expect(await sessionStatus(browser, sid)).toBe('unchanged');
    const userinfo = () => fetch(discovery.userinfo_endpoint!, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect((await userinfo()).status).toBe(200);

    // The spec's call, from the application's page: form-encoded client_id, redirect_uri and refresh_token.
    const logout = await fetch(`${realm}/protocol/openid-connect/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP_ORIGIN },
      body: new URLSearchParams({ client_id: 'atrium', redirect_uri: APP, refresh_token: tokens.refresh_token! }),
    });
    expect(logout.status).toBe(204);
    expect(logout.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);

    const refresh = await tokenRequest({ grant_type: 'refresh_token', client_id: 'atrium', refresh_token: tokens.refresh_token! });
    expect(refresh.response.status).toBe(400);
    expect(refresh.body.error).toBe('invalid_grant');
    expect(await sessionStatus(browser, sid)).toBe('changed');
    expect((await userinfo()).status).toBe(401);
    // And the next authorization asks for the password again.
    const page = await browser.navigate(authorizeUrl(authorizationSecrets()), APP);
    expect(page.url).toMatch(/\/interaction\//);
  });

  it('refuses the logout POST of a refresh token issued to another client', async () => {
    const { tokens } = await signIn(new TestBrowser());
    const logout = await fetch(`${realm}/protocol/openid-connect/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'other-app', refresh_token: tokens.refresh_token! }),
    });
    expect(logout.status).toBe(400);
    expect(((await logout.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('ends the session through the RP-initiated GET logout too', async () => {
    const browser = new TestBrowser();
    const { tokens } = await signIn(browser);
    const params = new URLSearchParams({ client_id: 'atrium', post_logout_redirect_uri: APP, id_token_hint: tokens.id_token! });
    const page = await browser.navigate(`${realm}/protocol/openid-connect/logout?${params}`, APP);
    // The sign-out step is a form the page sends at once.
    const html = await page.response.text();
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const back = await browser.navigate(action, APP, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ xsrf, logout: 'yes' }) });
    expect(back.url).toBe(APP);
    expect(await sessionStatus(browser, String(decodeJwt(tokens.access_token!).sid))).toBe('changed');
  });

  it('serves the session frame, checks the page’s origin once, and compares the browser’s session with the sid', async () => {
    const browser = new TestBrowser();
    const frame = await browser.request(`${realm}/protocol/openid-connect/login-status-iframe.html`);
    expect(frame.status).toBe(200);
    expect(frame.headers.get('x-frame-options')).toBeNull();
    expect(await frame.text()).toContain("addEventListener('message'");
    const init = (origin: string) => fetch(`${realm}/protocol/openid-connect/login-status-iframe.html/init?client_id=atrium&origin=${encodeURIComponent(origin)}`);
    expect((await init(APP_ORIGIN)).status).toBe(204);
    expect((await init('http://evil.example')).status).toBe(403);
    // No session and no sid: nothing changed; a sid without the session: changed.
    expect(await sessionStatus(browser, '')).toBe('unchanged');
    expect(await sessionStatus(browser, 'some-sid')).toBe('changed');
    const { tokens } = await signIn(browser);
    expect(await sessionStatus(browser, String(decodeJwt(tokens.access_token!).sid))).toBe('unchanged');
    expect(await sessionStatus(browser, '')).toBe('changed');
  });

  it('serves the third-party cookie check pages', async () => {
    const step1 = await fetch(`${realm}/protocol/openid-connect/3p-cookies/step1.html`);
    expect(await step1.text()).toContain("location.replace('step2.html')");
    const step2 = await fetch(`${realm}/protocol/openid-connect/3p-cookies/step2.html`);
    expect(await step2.text()).toContain("postMessage(supported ? 'supported' : 'unsupported', '*')");
  });

  it('mints test tokens signed with the realm’s published key', async () => {
    const token = await idp.issueAccessToken({ provider: 'keycloak', username: 'sofia', clientId: 'other-app' });
    const { payload } = await jwtVerify(token, await jwks(), { issuer: realm });
    expect(payload).toMatchObject({ azp: 'other-app', aud: ['other-app', 'account'], preferred_username: 'sofia' });
    const expired = await idp.issueAccessToken({ provider: 'keycloak', username: 'demo', expiresIn: -60 });
    await expect(jwtVerify(expired, await jwks(), { issuer: realm })).rejects.toThrow(/exp/);
  });
});
