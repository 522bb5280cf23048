/**
 * @vitest-environment jsdom
 *
 * The Keycloak port over the real keycloak-js in jsdom: what the library
 * asks of the provider and how it treats the answer (PKCE, state, nonce,
 * errors, renewal, sign-out). The provider's endpoints are a scripted fetch.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEnvironment, jsonResponse } from '../../testing/FakeEnvironment.js';
import { fakeProviderToken, testExternalOptions } from '../../testing/FakeExternalSignIn.js';
import type { ExternalSignIn, ExternalSignInEvent } from './ExternalSignIn.js';
import { ExternalSignInError } from './ExternalSignIn.js';
import { createKeycloakSignIn } from './keycloakSignIn.js';

const REALM = 'http://127.0.0.1:8090/realms/atrium/protocol/openid-connect';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const site = `${window.location.origin}/`;
const options = testExternalOptions('keycloak', { url: 'http://127.0.0.1:8090', redirectUri: site, postLogoutRedirectUri: site, checkLoginIframe: false });

/** A request keycloak-js sent to the provider. */
interface ProviderCall {
  url: string;
  form: Record<string, string>;
}
let providerCalls: ProviderCall[] = [];
let tokenAnswer: (form: Record<string, string>) => Response = () => jsonResponse(500, {});
const ports: ExternalSignIn[] = [];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  providerCalls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const form = init.body instanceof URLSearchParams ? Object.fromEntries(init.body) : {};
    providerCalls.push({ url: String(url), form });
    if (String(url) === `${REALM}/token`) return tokenAnswer(form);
    return jsonResponse(404, {});
  });
});

afterEach(() => {
  for (const port of ports.splice(0)) port.dispose();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The page at an address (jsdom's own, which keycloak-js reads) and its port. */
async function portAt(path = '/', overrides: Partial<typeof options> = {}) {
  window.history.replaceState(null, '', path);
  const env = new FakeEnvironment({ address: window.location.href });
  const port = await createKeycloakSignIn(env, { ...options, ...overrides });
  ports.push(port);
  const events: ExternalSignInEvent[] = [];
  port.onEvent((event) => events.push(event));
  return { env, port, events };
}

/** What keycloak-js stored for a request it sent (state, nonce, PKCE verifier, expiry). */
function stored(state: string): { state: string; nonce: string; pkceCodeVerifier: string; redirectUri: string; expires: number; prompt?: string } {
  const text = localStorage.getItem(`kc-callback-${state}`);
  if (!text) throw new Error(`nothing stored for ${state}`);
  return JSON.parse(text) as ReturnType<typeof stored>;
}

/** Sends the browser to the provider from the card; returns the request's parameters and what was stored for it. */
async function signInRequest() {
  const { env, port } = await portAt('/');
  await port.signIn();
  const url = new URL(env.location.assigned[0]!);
  const state = url.searchParams.get('state')!;
  return { url, params: url.searchParams, state, kept: stored(state) };
}

const now = () => Math.floor(Date.now() / 1000);
/** The provider's token answer for a request with this nonce. */
function tokens(nonce: string, serial = 1) {
  return {
    access_token: fakeProviderToken({ iss: 'http://127.0.0.1:8090/realms/atrium', aud: ['atrium', 'account'], azp: 'atrium', preferred_username: 'demo', sid: 'sid-1', iat: now(), exp: now() + 300, n: serial }),
    refresh_token: fakeProviderToken({ typ: 'Refresh', sid: 'sid-1', iat: now(), exp: now() + 1800, n: serial }),
    id_token: fakeProviderToken({ aud: 'atrium', nonce, sid: 'sid-1', iat: now(), exp: now() + 300 }),
    token_type: 'Bearer',
    expires_in: 300,
  };
}

async function base64UrlSha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

describe('keycloak-js: the request to the provider', () => {
  it('asks for the code with PKCE S256, a 96-character verifier kept for the return, UUID state and nonce', async () => {
    const { url, params, state, kept } = await signInRequest();
    expect(`${url.origin}${url.pathname}`).toBe(`${REALM}/auth`);
    expect(params.get('client_id')).toBe('atrium');
    expect(params.get('redirect_uri')).toBe(site);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('response_mode')).toBe('fragment');
    expect(params.get('scope')).toBe('openid profile email');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.has('prompt')).toBe(false);
    expect(state).toMatch(UUID);
    expect(params.get('nonce')).toMatch(UUID);
    expect(kept.nonce).toBe(params.get('nonce'));
    expect(kept.pkceCodeVerifier).toMatch(/^[A-Za-z0-9]{96}$/);
    expect(params.get('code_challenge')).toBe(await base64UrlSha256(kept.pkceCodeVerifier));
  });

  it('keeps the stored request for one hour', async () => {
    const before = Date.now();
    const { kept } = await signInRequest();
    expect(kept.expires).toBeGreaterThanOrEqual(before + 3600_000);
    expect(kept.expires).toBeLessThanOrEqual(Date.now() + 3600_000);
  });

  it('checks the provider session silently (prompt=none) with check-sso and no session iframe', async () => {
    const { env, port } = await portAt('/');
    expect(await port.start()).toEqual({ status: 'redirecting' });
    const params = new URL(env.location.assigned[0]!).searchParams;
    expect(params.get('prompt')).toBe('none');
    expect(stored(params.get('state')!).prompt).toBe('none');
  });

  it('goes to the provider at once with login-required', async () => {
    const { env, port } = await portAt('/', { onLoad: 'login-required' });
    expect(await port.start()).toEqual({ status: 'redirecting' });
    expect(new URL(env.location.assigned[0]!).searchParams.has('prompt')).toBe(false);
  });

  it('disables the session frame with a warning when the browser blocks third-party cookies', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { env, port } = await portAt('/', { checkLoginIframe: true });
    const started = port.start();
    // The provider's check page answers 'unsupported' (its cookie did not come back from a frame).
    await vi.waitFor(() => expect(document.querySelector('iframe[title="keycloak-3p-check-iframe"]')).not.toBeNull());
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title="keycloak-3p-check-iframe"]')!;
    window.dispatchEvent(new MessageEvent('message', { data: 'unsupported', source: frame.contentWindow, origin: 'http://127.0.0.1:8090' }));
    // Without the frame, check-sso asks the provider silently instead.
    expect(await started).toEqual({ status: 'redirecting' });
    expect(new URL(env.location.assigned[0]!).searchParams.get('prompt')).toBe('none');
    expect(document.querySelector('iframe[title="keycloak-session-iframe"]')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Your browser is blocking access to 3rd-party cookies'));
  });

  it("gives up after 10 s when the provider's third-party-cookie check never answers", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { port } = await portAt('/', { checkLoginIframe: true });
    const started = port.start().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = (await started) as ExternalSignInError;
    expect(error).toBeInstanceOf(ExternalSignInError);
    expect(error.kind).toBe('unreachable');
    expect(error.detail).toBe('Timeout when waiting for 3rd party check iframe message.');
  });
});

describe("keycloak-js: the provider's answer", () => {
  it('redeems a code whose state was stored, with its verifier, and signs in', async () => {
    const { state, kept } = await signInRequest();
    tokenAnswer = () => jsonResponse(200, tokens(kept.nonce));
    const { port } = await portAt(`/#state=${state}&session_state=sid-1&code=code-1`);
    const result = await port.start();
    expect(providerCalls.map((c) => c.url)).toEqual([`${REALM}/token`]);
    expect(providerCalls[0]?.form).toEqual({ code: 'code-1', grant_type: 'authorization_code', client_id: 'atrium', redirect_uri: site, code_verifier: kept.pkceCodeVerifier });
    expect(result).toMatchObject({ status: 'authenticated', session: { provider: 'keycloak' } });
    if (result.status !== 'authenticated') return;
    expect(result.accessToken).toBe(result.session.accessToken);
    expect(result.session.refreshToken).toMatch(/\./);
    // The answer leaves the address, and its stored request is used up.
    expect(window.location.hash).toBe('');
    expect(localStorage.getItem(`kc-callback-${state}`)).toBeNull();
  });

  it('does not redeem a code whose state was never stored here, and says so', async () => {
    await signInRequest();
    const { env, port } = await portAt(`/#state=${crypto.randomUUID()}&session_state=sid-1&code=code-1`);
    const error = (await port.start().catch((e: unknown) => e)) as ExternalSignInError;
    expect(error.kind).toBe('state');
    expect(providerCalls).toEqual([]);
    expect(env.location.assigned).toEqual([]);
  });

  it('clears the token when the id token’s nonce does not match the stored one', async () => {
    const { state } = await signInRequest();
    tokenAnswer = () => jsonResponse(200, tokens(crypto.randomUUID()));
    const { port, events } = await portAt(`/#state=${state}&session_state=sid-1&code=code-1`);
    const error = (await port.start().catch((e: unknown) => e)) as ExternalSignInError;
    expect(error.kind).toBe('state');
    expect(error.detail).toBe('Invalid nonce.');
    // The library cleared the token it had just received.
    expect(events).toEqual([{ type: 'ended', reason: expect.any(String) }]);
  });

  it("shows the provider's error answer with its error and description", async () => {
    const { state } = await signInRequest();
    const { port } = await portAt(`/#error=access_denied&error_description=The+user+refused&state=${state}`);
    const error = (await port.start().catch((e: unknown) => e)) as ExternalSignInError;
    expect(error.kind).toBe('provider');
    expect(error.detail).toBe('access_denied: The user refused');
  });

  it('takes an error answer to a silent check (prompt=none) as no session: the card', async () => {
    const first = await portAt('/');
    await first.port.start();
    const state = new URL(first.env.location.assigned[0]!).searchParams.get('state')!;
    const { port, env } = await portAt(`/#error=login_required&error_description=End-User+authentication+is+required&state=${state}`);
    expect(await port.start()).toEqual({ status: 'anonymous' });
    expect(env.location.assigned).toEqual([]);
  });

  it('fails as a code exchange failure when the token endpoint refuses the code', async () => {
    const { state } = await signInRequest();
    tokenAnswer = () => jsonResponse(400, { error: 'invalid_grant', error_description: 'Code not valid' }, 'Bad Request');
    const { port } = await portAt(`/#state=${state}&session_state=sid-1&code=code-1`);
    const error = (await port.start().catch((e: unknown) => e)) as ExternalSignInError;
    expect(error.kind).toBe('exchange');
    expect(error.detail).toContain('400');
  });
});

describe('keycloak-js: a signed-in page', () => {
  const keptSession = (exp: number) => ({
    provider: 'keycloak' as const,
    accessToken: fakeProviderToken({ sid: 'sid-1', iat: exp - 300, exp }),
    refreshToken: fakeProviderToken({ typ: 'Refresh', sid: 'sid-1', exp: now() + 1800 }),
  });

  it('renews an expired token with the refresh token and tells the new tokens', async () => {
    tokenAnswer = () => jsonResponse(200, tokens('unused', 2));
    const { port, events } = await portAt('/');
    const kept = keptSession(now() - 10);
    await port.resume(kept);
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(providerCalls[0]?.form).toEqual({ grant_type: 'refresh_token', refresh_token: kept.refreshToken, client_id: 'atrium' });
    expect(events[0]).toMatchObject({ type: 'renewed', session: { provider: 'keycloak', refreshToken: expect.stringMatching(/\./) } });
    const renewed = events[0]?.type === 'renewed' ? events[0].session : null;
    expect(renewed?.refreshToken).not.toBe(kept.refreshToken);
  });

  it('clears the token when the refresh is refused with a 400: the provider session is over', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    tokenAnswer = () => jsonResponse(400, { error: 'invalid_grant', error_description: 'Session not active' }, 'Bad Request');
    const { port, events, env } = await portAt('/');
    // Without the session iframe the library checks a resumed session by refreshing it at once.
    await expect(port.resume(keptSession(now() - 10))).rejects.toThrow('Server responded with an invalid status.');
    expect(events).toEqual([{ type: 'ended', reason: expect.any(String) }]);
    expect(env.location.assigned).toEqual([]);
  });

  it('sends the user to sign in again when the token is cleared and login is required', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    // The resumed session's check succeeds with a token that lives one second; its renewal is refused.
    const answers = [
      () => jsonResponse(200, { ...tokens('unused', 2), access_token: fakeProviderToken({ sid: 'sid-1', iat: now(), exp: now() + 1 }) }),
      () => jsonResponse(400, { error: 'invalid_grant' }, 'Bad Request'),
    ];
    tokenAnswer = () => (answers.shift() ?? answers[0]!)();
    const { port, env, events } = await portAt('/', { onLoad: 'login-required' });
    await port.resume(keptSession(now() + 300));
    await vi.waitFor(() => expect(env.location.assigned).toHaveLength(1), { timeout: 5000 });
    expect(events.map((e) => e.type)).toEqual(['renewed', 'ended']);
    const url = new URL(env.location.assigned[0]!);
    expect(`${url.origin}${url.pathname}`).toBe(`${REALM}/auth`);
    expect(url.searchParams.has('prompt')).toBe(false);
  });

  it("ends the provider session with Keycloak's logout call: client_id, redirect_uri and refresh_token, form-encoded", async () => {
    const { env, port } = await portAt('/');
    env.route('POST', '/realms/atrium/protocol/openid-connect/logout', () => new Response(null, { status: 204 }));
    await port.endSession({ provider: 'keycloak', refreshToken: 'kc-refresh-9' });
    const call = env.calls('POST', '/realms/atrium/protocol/openid-connect/logout')[0];
    expect(call?.url).toBe(`${REALM}/logout`);
    expect(call?.form()).toEqual({ client_id: 'atrium', redirect_uri: site, refresh_token: 'kc-refresh-9' });
  });

  it("refuses to end a session it holds no refresh token of: 'Not authenticated'", async () => {
    const { port } = await portAt('/');
    await expect(port.endSession({ provider: 'keycloak' })).rejects.toThrow('Not authenticated');
  });
});
