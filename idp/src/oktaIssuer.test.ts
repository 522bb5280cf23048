import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import type { JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdp } from './startIdp.js';
import type { Idp } from './startIdp.js';
import { authorizationSecrets, callbackParams, TestBrowser } from './TestBrowser.js';

const APP = 'http://127.0.0.1:18080/';
const APP_ORIGIN = 'http://127.0.0.1:18080';

let idp: Idp;
let issuer: string;
let discovery: Record<string, string>;

beforeAll(async () => {
  idp = await startIdp({ port: 0, redirectUris: [APP], accessTokenTtl: 60, log: () => {} });
  issuer = idp.oktaIssuer;
  discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<string, string>;
});
afterAll(() => idp.close());

function authorizeUrl(secrets: ReturnType<typeof authorizationSecrets>, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({
    client_id: 'atrium',
    redirect_uri: APP,
    response_type: 'code',
    response_mode: 'query',
    state: secrets.state,
    nonce: secrets.nonce,
    scope: 'openid profile email',
    code_challenge: secrets.challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  return `${issuer}/v1/authorize?${params}`;
}

async function redeem(code: string, verifier: string) {
  // As okta-auth-js sends it: form-encoded, with its own header (so a CORS preflight comes first).
  const response = await fetch(`${issuer}/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', origin: APP_ORIGIN, 'x-okta-user-agent-extended': 'okta-auth-js/8.0.1' },
    body: new URLSearchParams({ client_id: 'atrium', redirect_uri: APP, grant_type: 'authorization_code', code_verifier: verifier, code }),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
  return (await response.json()) as Record<string, string>;
}

async function signIn(browser: TestBrowser, username = 'olivia', scope = 'openid profile email') {
  const secrets = authorizationSecrets();
  const back = await browser.signIn(await browser.navigate(authorizeUrl(secrets, { scope }), APP), username, 'Demo@1234', APP);
  const params = callbackParams(back.url);
  expect(params.get('state')).toBe(secrets.state);
  return { secrets, tokens: await redeem(params.get('code')!, secrets.verifier) };
}

const jwks = async () => createLocalJWKSet((await (await fetch(discovery.jwks_uri!)).json()) as JSONWebKeySet);

const sessionsMe = (browser: TestBrowser, method = 'GET') =>
  browser.request(`${idp.url}/api/v1/sessions/me`, { method, headers: { origin: APP_ORIGIN, accept: 'application/json', 'content-type': 'application/json' } });

const clientAuth = { authorization: `Basic ${btoa('atrium')}`, 'content-type': 'application/x-www-form-urlencoded', origin: APP_ORIGIN };

describe('the Okta-style issuer', () => {
  it('publishes its discovery document and keys where okta-auth-js looks', async () => {
    expect(discovery.issuer).toBe(`${idp.url}/oauth2/default`);
    expect(discovery.authorization_endpoint).toBe(`${issuer}/v1/authorize`);
    expect(discovery.token_endpoint).toBe(`${issuer}/v1/token`);
    expect(discovery.jwks_uri).toBe(`${issuer}/v1/keys`);
    expect(discovery.userinfo_endpoint).toBe(`${issuer}/v1/userinfo`);
    expect(discovery.revocation_endpoint).toBe(`${issuer}/v1/revoke`);
    expect(discovery.introspection_endpoint).toBe(`${issuer}/v1/introspect`);
    expect(discovery.end_session_endpoint).toBe(`${issuer}/v1/logout`);
    const keys = (await (await fetch(discovery.jwks_uri!)).json()) as JSONWebKeySet;
    expect(keys.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys.keys[0]).not.toHaveProperty('d');
  });

  it('answers the token endpoint’s CORS preflight for the application’s origin', async () => {
    const preflight = await fetch(`${issuer}/v1/token`, {
      method: 'OPTIONS',
      headers: { origin: APP_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-okta-user-agent-extended' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-okta-user-agent-extended');
  });

  it('signs in with the code flow and PKCE; the access token is shaped like Okta’s', async () => {
    const { secrets, tokens } = await signIn(new TestBrowser());
    expect(decodeProtectedHeader(tokens.access_token!).alg).toBe('RS256');
    const { payload } = await jwtVerify(tokens.access_token!, await jwks(), { issuer, audience: 'api://default' });
    expect(payload).toMatchObject({ sub: 'olivia', cid: 'atrium', ver: 1, scp: ['openid', 'profile', 'email'], given_name: 'Olivia', family_name: 'Hart', email: 'olivia.hart@northwind.example', email_verified: true });
    expect(payload.uid).toMatch(/^00u[A-Za-z0-9]{17}$/);
    expect(payload.exp! - payload.iat!).toBe(60);
    // okta-auth-js checks the id token: issuer, audience (the client), nonce, signature.
    const { payload: id } = await jwtVerify(tokens.id_token!, await jwks(), { issuer, audience: 'atrium' });
    expect(id.nonce).toBe(secrets.nonce);
    expect(id.sub).toBe(payload.uid);
    expect(id.preferred_username).toBe('olivia');
    // No offline_access, no refresh token (as Okta).
    expect(tokens.refresh_token).toBeUndefined();
  });

  it('gives a refresh token with offline_access, and renews with it', async () => {
    const { tokens } = await signIn(new TestBrowser(), 'liam', 'openid profile email offline_access');
    expect(tokens.refresh_token).toBeTruthy();
    const response = await fetch(`${issuer}/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'atrium', grant_type: 'refresh_token', scope: 'openid profile email offline_access', refresh_token: tokens.refresh_token! }),
    });
    expect(response.status).toBe(200);
    const renewed = (await response.json()) as Record<string, string>;
    expect((await jwtVerify(renewed.access_token!, await jwks(), { issuer })).payload.sub).toBe('liam');
  });

  it('answers the silent renewal in a frame (okta_post_message), with a code while the session lasts', async () => {
    const browser = new TestBrowser();
    await signIn(browser);
    const secrets = authorizationSecrets();
    const frame = await browser.request(authorizeUrl(secrets, { prompt: 'none', response_mode: 'okta_post_message' }));
    expect(frame.status).toBe(200);
    const html = await frame.text();
    const message = /window\.parent\.postMessage\((\{.*?\}), "([^"]+)"\)/.exec(html);
    expect(message?.[2]).toBe(APP_ORIGIN);
    const response = JSON.parse(message![1]!) as Record<string, string>;
    expect(response.state).toBe(secrets.state);
    const tokens = await redeem(response.code!, secrets.verifier);
    expect((await jwtVerify(tokens.access_token!, await jwks(), { issuer })).payload.sub).toBe('olivia');
  });

  it('answers prompt=none with login_required without a session, in a frame as in a redirect', async () => {
    const secrets = authorizationSecrets();
    const frame = await new TestBrowser().request(authorizeUrl(secrets, { prompt: 'none', response_mode: 'okta_post_message' }));
    const html = await frame.text();
    expect(html).toContain('"error":"login_required"');
    expect(html).toContain(`"state":"${secrets.state}"`);
    const back = await new TestBrowser().navigate(authorizeUrl(secrets, { prompt: 'none' }), APP);
    expect(callbackParams(back.url).get('error')).toBe('login_required');
  });

  it('shows the error line after a wrong password', async () => {
    const browser = new TestBrowser();
    const refused = await browser.signIn(await browser.navigate(authorizeUrl(authorizationSecrets()), APP), 'olivia', 'nope', APP);
    expect(await refused.response.text()).toContain('role="alert">Invalid username or password.</p>');
  });

  it('reports the browser’s session at /api/v1/sessions/me, and DELETE closes it', async () => {
    const browser = new TestBrowser();
    expect((await sessionsMe(browser)).status).toBe(404);
    await signIn(browser, 'sofia');

    const preflight = await fetch(`${idp.url}/api/v1/sessions/me`, {
      method: 'OPTIONS',
      headers: { origin: APP_ORIGIN, 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'content-type,x-okta-user-agent-extended' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('DELETE');

    const active = await sessionsMe(browser);
    expect(active.status).toBe(200);
    expect(active.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(active.headers.get('access-control-allow-credentials')).toBe('true');
    expect(await active.json()).toMatchObject({ status: 'ACTIVE', login: 'sofia' });

    expect((await sessionsMe(browser, 'DELETE')).status).toBe(204);
    expect((await sessionsMe(browser)).status).toBe(404);
    const back = await browser.navigate(authorizeUrl(authorizationSecrets(), { prompt: 'none' }), APP);
    expect(callbackParams(back.url).get('error')).toBe('login_required');
  });

  it('does not let another origin read the session', async () => {
    const browser = new TestBrowser();
    await signIn(browser);
    const response = await browser.request(`${idp.url}/api/v1/sessions/me`, { headers: { origin: 'http://evil.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('revokes an access token (client authenticated as okta-auth-js does) and introspects it', async () => {
    const { tokens } = await signIn(new TestBrowser());
    const call = (endpoint: string) => fetch(`${issuer}/v1/${endpoint}`, { method: 'POST', headers: clientAuth, body: new URLSearchParams({ token_type_hint: 'access_token', token: tokens.access_token! }) });
    expect(await (await call('introspect')).json()).toMatchObject({ active: true, username: 'olivia', client_id: 'atrium' });
    const userinfo = () => fetch(`${issuer}/v1/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(await (await userinfo()).json()).toMatchObject({ preferred_username: 'olivia', email: 'olivia.hart@northwind.example' });

    const revoked = await call('revoke');
    expect(revoked.status).toBe(200);
    expect(revoked.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(await (await call('introspect')).json()).toEqual({ active: false });
    expect((await userinfo()).status).toBe(401);
  });

  it('refuses revocation by an unknown client', async () => {
    const response = await fetch(`${issuer}/v1/revoke`, {
      method: 'POST',
      headers: { ...clientAuth, authorization: `Basic ${btoa('nobody')}` },
      body: new URLSearchParams({ token: 'x' }),
    });
    expect(response.status).toBe(401);
  });

  it('mints test tokens signed with the issuer’s published key', async () => {
    const token = await idp.issueAccessToken({ provider: 'okta', username: 'demo', claims: { cid: 'other-app' } });
    const { payload } = await jwtVerify(token, await jwks(), { issuer, audience: 'api://default' });
    expect(payload).toMatchObject({ sub: 'demo', cid: 'other-app' });
  });
});
