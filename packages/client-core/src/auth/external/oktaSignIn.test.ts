/**
 * @vitest-environment jsdom
 *
 * The Okta port over the real okta-auth-js in jsdom: PKCE, state and nonce
 * on the way out and back, the id token's signature, errors, renewal, the
 * session check and sign-out. The provider is a scripted fetch signing its
 * id tokens with a key of its own.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEnvironment, jsonResponse } from '../../testing/FakeEnvironment.js';
import { flushPromises } from '../../testing/FakeClock.js';
import { fakeProviderToken, testExternalOptions } from '../../testing/FakeExternalSignIn.js';
import { ExternalSignInError, type ExternalSignIn, type ExternalSignInEvent } from './ExternalSignIn.js';
import { createOktaSignIn } from './oktaSignIn.js';

// The library's browser build (the one the web build bundles), not its Node build, which keeps transactions in memory.
vi.mock('@okta/okta-auth-js/core', () => import(/* @vite-ignore */ `${'../../../../../node_modules/@okta/okta-auth-js/esm/browser/exports/exports/core.js'}`));

const ISSUER = 'http://127.0.0.1:8090/oauth2/default';
const site = `${window.location.origin}/`;
const options = testExternalOptions('okta', { issuer: ISSUER, redirectUri: site, postLogoutRedirectUri: site });

interface ProviderCall {
  method: string;
  url: string;
  body: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
}
let providerCalls: ProviderCall[] = [];
let tokenAnswer: (form: URLSearchParams) => Response | Promise<Response> = () => jsonResponse(500, {});
let sessionLive = false;
const ports: ExternalSignIn[] = [];
let signingKey: CryptoKey;
let publicJwk: JsonWebKey;

const base64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const now = () => Math.floor(Date.now() / 1000);

/** An RS256 JWT signed with the provider's key. */
async function signed(claims: Record<string, unknown>): Promise<string> {
  const encode = (value: object) => base64Url(new TextEncoder().encode(JSON.stringify(value)));
  const input = `${encode({ alg: 'RS256', kid: 'key-1', typ: 'JWT' })}.${encode(claims)}`;
  const signature = new Uint8Array(await crypto.subtle.sign('RSASSA-PKCS1-v1_5', signingKey, new TextEncoder().encode(input)));
  return `${input}.${base64Url(signature)}`;
}

/** The provider's token answer for a request with this nonce. */
async function tokens(nonce: string, extra: Record<string, unknown> = {}) {
  return {
    token_type: 'Bearer',
    expires_in: 300,
    scope: 'openid profile email',
    access_token: fakeProviderToken({ iss: ISSUER, aud: 'api://default', cid: 'atrium', sub: 'demo', iat: now(), exp: now() + 300 }),
    id_token: await signed({ iss: ISSUER, aud: 'atrium', sub: 'demo', nonce, iat: now(), exp: now() + 300 }),
    ...extra,
  };
}

beforeAll(async () => {
  const pair = (await crypto.subtle.generateKey({ name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  signingKey = pair.privateKey;
  publicJwk = { ...(await crypto.subtle.exportKey('jwk', pair.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' } as JsonWebKey;
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  providerCalls = [];
  sessionLive = false;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    providerCalls.push({ method, url, body: typeof init.body === 'string' ? init.body : init.body instanceof URLSearchParams ? init.body.toString() : '', headers: { ...(init.headers as Record<string, string>) }, credentials: init.credentials });
    const path = new URL(url).pathname;
    if (path === '/oauth2/default/.well-known/openid-configuration') {
      return jsonResponse(200, { issuer: ISSUER, authorization_endpoint: `${ISSUER}/v1/authorize`, token_endpoint: `${ISSUER}/v1/token`, jwks_uri: `${ISSUER}/v1/keys`, code_challenge_methods_supported: ['S256'] });
    }
    if (path === '/oauth2/default/v1/keys') return jsonResponse(200, { keys: [publicJwk] });
    if (path === '/oauth2/default/v1/token') return tokenAnswer(new URLSearchParams(providerCalls.at(-1)!.body));
    if (path === '/oauth2/default/v1/revoke') return new Response(null, { status: 200 });
    if (path === '/api/v1/sessions/me' && method === 'GET') return sessionLive ? jsonResponse(200, { id: 's-1', status: 'ACTIVE', _links: {} }) : jsonResponse(404, { errorCode: 'E0000007', errorSummary: 'Not found: Resource not found: me (Session)' });
    if (path === '/api/v1/sessions/me' && method === 'DELETE') {
      sessionLive = false;
      return new Response(null, { status: 204 });
    }
    return jsonResponse(404, {});
  });
});

afterEach(() => {
  for (const port of ports.splice(0)) port.dispose();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function portAt(path = '/', overrides: Partial<typeof options> = {}) {
  window.history.replaceState(null, '', path);
  const env = new FakeEnvironment({ address: window.location.href });
  // The port reads the same page storage as okta-auth-js (its markers for silent checks).
  env.sessionStorage = window.sessionStorage;
  const port = await createOktaSignIn(env, { ...options, ...overrides });
  ports.push(port);
  const events: ExternalSignInEvent[] = [];
  port.onEvent((event) => events.push(event));
  return { env, port, events };
}

/** What okta-auth-js stored for its request (state, nonce, PKCE verifier). */
function storedTransaction(state: string): { state: string; nonce: string; codeVerifier: string } {
  for (const area of [localStorage, sessionStorage]) {
    for (let i = 0; i < area.length; i += 1) {
      const text = area.getItem(area.key(i)!) ?? '';
      if (text.includes(state)) {
        const value = JSON.parse(text) as Record<string, unknown>;
        const meta = (value[state] as { transaction?: unknown } | undefined)?.transaction ?? value;
        return meta as ReturnType<typeof storedTransaction>;
      }
    }
  }
  throw new Error(`no transaction stored for ${state}`);
}

async function signInRequest() {
  const { env, port } = await portAt('/');
  await port.signIn();
  const url = new URL(env.location.assigned[0]!);
  const state = url.searchParams.get('state')!;
  return { url, params: url.searchParams, state, kept: storedTransaction(state) };
}

describe('okta-auth-js: the request to the provider', () => {
  it('asks for the code with PKCE S256 and a stored verifier, state and nonce', async () => {
    const { url, params, kept } = await signInRequest();
    expect(`${url.origin}${url.pathname}`).toBe(`${ISSUER}/v1/authorize`);
    expect(params.get('client_id')).toBe('atrium');
    expect(params.get('redirect_uri')).toBe(site);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('response_mode')).toBe('fragment');
    expect(params.get('scope')).toBe('openid profile email');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(kept.nonce).toBe(params.get('nonce'));
    expect(kept.codeVerifier.length).toBeGreaterThanOrEqual(43);
    expect(kept.codeVerifier.length).toBeLessThanOrEqual(128);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(kept.codeVerifier)));
    expect(params.get('code_challenge')).toBe(base64Url(digest));
  });

  it('asks for id_token and token with the implicit flow', async () => {
    const { env, port } = await portAt('/', { flow: 'implicit' });
    await port.signIn();
    const params = new URL(env.location.assigned[0]!).searchParams;
    expect(params.get('response_type')).toBe('id_token token');
    expect(params.has('code_challenge')).toBe(false);
  });

  it('goes to the provider at once with login-required', async () => {
    const { env, port } = await portAt('/', { onLoad: 'login-required' });
    expect(await port.start()).toEqual({ status: 'redirecting' });
    expect(new URL(env.location.assigned[0]!).searchParams.has('prompt')).toBe(false);
  });

  it('shows the card with check-sso, without asking the provider anything', async () => {
    sessionLive = true;
    const { env, port } = await portAt('/');
    expect(await port.start()).toEqual({ status: 'anonymous' });
    expect(env.location.assigned).toEqual([]);
    expect(providerCalls).toEqual([]);
  });
});

describe("okta-auth-js: the provider's answer", () => {
  it('redeems a code whose state was stored, with its verifier, verifies the id token and signs in', async () => {
    const { state, kept } = await signInRequest();
    tokenAnswer = async () => jsonResponse(200, await tokens(kept.nonce));
    const { port } = await portAt(`/#code=code-1&state=${state}`);
    const result = await port.start();
    const exchange = providerCalls.find((c) => c.url === `${ISSUER}/v1/token`);
    expect(Object.fromEntries(new URLSearchParams(exchange?.body))).toEqual({ client_id: 'atrium', redirect_uri: site, grant_type: 'authorization_code', code_verifier: kept.codeVerifier, code: 'code-1' });
    expect(providerCalls.some((c) => c.url === `${ISSUER}/v1/keys`)).toBe(true);
    expect(result).toMatchObject({ status: 'authenticated', session: { provider: 'okta', idToken: expect.stringMatching(/\./) } });
    expect(window.location.hash).toBe('');
  });

  it('refuses an answer whose state differs from the stored request', async () => {
    const { kept } = await signInRequest();
    tokenAnswer = async () => jsonResponse(200, await tokens(kept.nonce));
    const { port } = await portAt('/#code=code-1&state=tampered');
    const error = (await port.start().catch((e: unknown) => e)) as ExternalSignInError;
    expect(error).toBeInstanceOf(ExternalSignInError);
    expect(error.kind).toBe('state');
    expect(providerCalls.some((c) => c.url === `${ISSUER}/v1/token`)).toBe(false);
  });

  it('refuses an answer when no request was made from this browser, and takes it out of the address', async () => {
    const { port, env } = await portAt('/#code=code-1&state=never-stored');
    const error = (await port.start().catch((e: unknown) => e)) as ExternalSignInError;
    expect(error.kind).toBe('state');
    expect(env.historyCalls).toEqual([{ kind: 'replace', url: '/' }]);
  });

  it("refuses an id token whose nonce is not the request's", async () => {
    const { state } = await signInRequest();
    tokenAnswer = async () => jsonResponse(200, await tokens('another-nonce'));
    const { port } = await portAt(`/#code=code-1&state=${state}`);
    const error = (await port.start().catch((e: unknown) => e)) as ExternalSignInError;
    expect(error.kind).toBe('state');
    expect(error.detail).toMatch(/nonce/);
  });

  it("shows the provider's error answer with its error and description (logged)", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { state } = await signInRequest();
    const { port } = await portAt(`/#error=access_denied&error_description=The+user+refused&state=${state}`);
    const error = (await port.start().catch((e: unknown) => e)) as ExternalSignInError;
    expect(error.kind).toBe('provider');
    expect(error.detail).toBe('access_denied: The user refused');
    expect(warn).toHaveBeenCalled();
  });

  it('fails as a code exchange failure when the token endpoint refuses the code', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { state } = await signInRequest();
    tokenAnswer = () => jsonResponse(400, { error: 'invalid_grant', error_description: 'The authorization code is invalid or has expired.' });
    const { port } = await portAt(`/#code=code-1&state=${state}`);
    const error = (await port.start().catch((e: unknown) => e)) as ExternalSignInError;
    expect(error.kind).toBe('exchange');
    expect(error.detail).toBe('invalid_grant: The authorization code is invalid or has expired.');
  });
});

describe('okta-auth-js: a signed-in page', () => {
  /** Signed in through a redeemed answer (with a refresh token when asked). */
  async function signedIn(extra: Record<string, unknown> = {}, overrides: Partial<typeof options> = {}) {
    const { state, kept } = await signInRequest();
    tokenAnswer = async () => jsonResponse(200, await tokens(kept.nonce, extra));
    const page = await portAt(`/#code=code-1&state=${state}`, overrides);
    const result = await page.port.start();
    if (result.status !== 'authenticated') throw new Error('not signed in');
    return { ...page, session: result.session };
  }

  it('resumes with the kept tokens and renews an expired access token with the refresh token', async () => {
    const { session } = await signedIn({ refresh_token: 'okta-refresh-1', expires_in: 1 }, { checkLoginIframe: false });
    tokenAnswer = async (form) => jsonResponse(200, await tokens('', { refresh_token: `okta-refresh-2-${form.get('grant_type')}`, id_token: undefined }));
    const { port, events } = await portAt('/', { checkLoginIframe: false });
    await port.resume(session);
    await vi.waitFor(() => expect(events.some((e) => e.type === 'renewed')).toBe(true), { timeout: 5000 });
    const renewed = events.find((e) => e.type === 'renewed');
    expect(renewed?.type === 'renewed' && renewed.session.refreshToken).toBe('okta-refresh-2-refresh_token');
  });

  it('signs out of Atrium when the session check sees the okta session end', async () => {
    sessionLive = true;
    const { session } = await signedIn();
    const { env, port, events } = await portAt('/');
    await port.resume({ ...session, sessionCheckWorks: true });
    expect(events).toEqual([]);
    sessionLive = false;
    env.clock.advance(5000);
    await vi.waitFor(() => expect(events).toEqual([{ type: 'ended', reason: 'The provider session ended' }]));
  });

  it('disables the session check with a warning when it never sees the okta session (third-party cookies)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { session } = await signedIn();
    const { env, port, events } = await portAt('/');
    await port.resume(session);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('the session check is disabled'));
    env.clock.advance(60_000);
    await flushPromises();
    expect(events).toEqual([]);
  });

  it('ends the okta session at sign-out: the access token revoked, then the session closed', async () => {
    const { session } = await signedIn({}, { checkLoginIframe: false });
    const { port } = await portAt('/');
    sessionLive = true;
    providerCalls = [];
    await port.endSession(session);
    expect(providerCalls.map((c) => `${c.method} ${c.url}`)).toEqual([`POST ${ISSUER}/v1/revoke`, 'DELETE http://127.0.0.1:8090/api/v1/sessions/me']);
    expect(Object.fromEntries(new URLSearchParams(providerCalls[0]?.body))).toEqual({ token_type_hint: 'access_token', token: session.accessToken });
    expect(sessionLive).toBe(false);
  });
});
