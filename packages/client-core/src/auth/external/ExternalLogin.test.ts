import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecureStorage } from '../../storage/SecureStorage.js';
import { StorageKeys } from '../../storage/StorageKeys.js';
import { flushPromises } from '../../testing/FakeClock.js';
import { FakeEnvironment, jsonResponse } from '../../testing/FakeEnvironment.js';
import { fakeProviderToken, FakeExternalSignIn, testExternalOptions } from '../../testing/FakeExternalSignIn.js';
import { FakeAuthServer, testConfig } from '../../testing/fixtures.js';
import { Session } from '../Session.js';
import { ExternalLogin } from './ExternalLogin.js';
import { ExternalSignInError, type ExternalSession } from './ExternalSignIn.js';

const providerToken = fakeProviderToken({ iss: 'https://sso.example/realms/atrium', preferred_username: 'ada' });
const kept: ExternalSession = { provider: 'keycloak', refreshToken: 'kc-refresh-1', idToken: 'kc-id-1', accessToken: providerToken };

/** A signed-out page with the external type configured, its server accepting the provider's token for ada, and the model over a fake library. */
async function setUp(options: { address?: string; onLoad?: 'check-sso' | 'login-required' } = {}) {
  const env = new FakeEnvironment(options.address ? { address: options.address } : {});
  const server = new FakeAuthServer(env);
  env.route('POST', '/api/wrapper/auth/external/keycloak', (r) =>
    r.form().access_token === providerToken
      ? jsonResponse(200, { status: 'success', data: { jwt: server.jwt, refresh_token: server.refreshToken, username: 'ada' } })
      : jsonResponse(401, { status: 'error', message: 'The identity provider’s sign-in was not accepted', code: 'login.error.external-token' }, 'Unauthorized'),
  );
  const config = { ...testConfig, external: testExternalOptions('keycloak', { onLoad: options.onLoad ?? 'check-sso' }) };
  const session = new Session(env, config);
  await session.boot();
  const port = new FakeExternalSignIn('keycloak');
  const loads: number[] = [];
  const model = new ExternalLogin(env, session, config.external, async () => {
    loads.push(loads.length + 1);
    return port;
  });
  return { env, server, session, port, model, loads, storage: new SecureStorage(env) };
}

/** Signed in through the fake library. */
async function signedIn() {
  const setup = await setUp();
  setup.port.nextStart = { status: 'authenticated', accessToken: providerToken, session: kept };
  await setup.model.start();
  setup.env.requests.length = 0;
  return setup;
}

describe('ExternalLogin sign-in', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the card when the provider has no session (check-sso)', async () => {
    const { model, port } = await setUp();
    const states: string[] = [];
    model.subscribe(() => states.push(model.getState().status));
    await model.start();
    expect(states).toEqual(['starting', 'ready']);
    expect(port.methods()).toEqual(['start']);
  });

  it("says 'redirecting' at once with login-required, and the library goes to the provider", async () => {
    const { model, port } = await setUp({ onLoad: 'login-required' });
    port.nextStart = { status: 'redirecting' };
    const started = model.start();
    expect(model.getState()).toEqual({ status: 'redirecting' });
    await started;
    expect(model.getState()).toEqual({ status: 'redirecting' });
  });

  it("checks ('starting') rather than redirects when the address holds the provider's answer, even with login-required", async () => {
    const { model } = await setUp({ onLoad: 'login-required', address: 'https://atrium.example/#state=s-1&session_state=x&code=c-1' });
    void model.start();
    expect(model.getState()).toEqual({ status: 'starting' });
  });

  it('sends the browser to the provider from the card', async () => {
    const { model, port } = await setUp();
    await model.start();
    await model.signIn();
    expect(model.getState()).toEqual({ status: 'redirecting' });
    expect(port.methods()).toEqual(['start', 'signIn']);
  });

  it("posts the provider's access token and signs in, keeping Atrium's pair and the provider's tokens", async () => {
    const { env, server, session, port, model, storage } = await setUp();
    port.nextStart = { status: 'authenticated', accessToken: providerToken, session: kept };
    const states: string[] = [];
    model.subscribe(() => states.push(model.getState().status));
    await model.start();
    expect(states).toEqual(['starting', 'checking', 'signed-in']);
    const request = env.calls('POST', '/api/wrapper/auth/external/keycloak')[0];
    expect(request?.form()).toEqual({ access_token: providerToken });
    expect(request?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(session.getState()).toMatchObject({ status: 'signed-in', username: 'ada', via: 'login' });
    expect(session.accessToken()).toBe(server.jwt);
    expect(await storage.get(StorageKeys.authToken)).toBe(server.jwt);
    expect(await storage.get(StorageKeys.refreshToken)).toEqual({ key: server.refreshToken });
    expect(await storage.get(StorageKeys.externalTokens)).toEqual(kept);
    expect(session.externalSession()).toEqual(kept);
  });

  it.each([
    [401, 'refused', { status: 'error', message: 'The identity provider’s sign-in was not accepted', code: 'login.error.external-token' }],
    [403, 'no-access', { status: 'error', message: 'This identity has no account here', code: 'login.error.external-no-access' }],
    [403, 'link-required', { status: 'error', message: 'This identity must be linked to its account here by an administrator', code: 'login.error.external-link-required' }],
    [503, 'unreachable', { status: 'error', message: 'The identity provider cannot be reached', code: 'login.error.external-unreachable' }],
  ] as const)('shows Atrium refusing the token (%i) as %s, with the server’s text as detail, and stores nothing', async (status, kind, body) => {
    const { env, session, port, model, storage } = await setUp();
    env.route('POST', '/api/wrapper/auth/external/keycloak', () => jsonResponse(status, body));
    port.nextStart = { status: 'authenticated', accessToken: providerToken, session: kept };
    await model.start();
    expect(model.getState()).toEqual({ status: 'error', error: { kind, detail: `${status} ${body.message} (${body.code})` } });
    expect(session.getState()).toEqual({ status: 'signed-out', error: null, loading: false });
    expect(await storage.get(StorageKeys.authToken)).toBeNull();
    expect(await storage.get(StorageKeys.externalTokens)).toBeNull();
  });

  it('shows an Atrium that cannot be reached as unreachable', async () => {
    const { env, port, model } = await setUp();
    env.route('POST', '/api/wrapper/auth/external/keycloak', () => Promise.reject(new TypeError('Failed to fetch')));
    port.nextStart = { status: 'authenticated', accessToken: providerToken, session: kept };
    await model.start();
    expect(model.getState()).toEqual({ status: 'error', error: { kind: 'unreachable', detail: 'Network request failed' } });
  });

  it("shows the provider's error answer with its error and description, and 'Try again' goes to the provider", async () => {
    const { model, port } = await setUp();
    port.nextStart = new ExternalSignInError('provider', 'access_denied: The user refused');
    await model.start();
    expect(model.getState()).toEqual({ status: 'error', error: { kind: 'provider', detail: 'access_denied: The user refused' } });
    await model.retry();
    expect(port.methods()).toEqual(['start', 'signIn']);
    expect(model.getState()).toEqual({ status: 'redirecting' });
  });

  it('shows a state or nonce mismatch as its own error', async () => {
    const { model, port } = await setUp();
    port.nextStart = new ExternalSignInError('state', 'Invalid nonce.');
    await model.start();
    expect(model.getState()).toEqual({ status: 'error', error: { kind: 'state', detail: 'Invalid nonce.' } });
  });

  it("starts the library afresh on 'Try again' when it could not start (the provider unreachable)", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { model, port, loads } = await setUp();
    port.nextStart = new ExternalSignInError('unreachable', 'Timeout when waiting for 3rd party check iframe message.');
    await model.start();
    expect(model.getState()).toEqual({ status: 'error', error: { kind: 'unreachable', detail: 'Timeout when waiting for 3rd party check iframe message.' } });
    port.nextStart = { status: 'anonymous' };
    await model.retry();
    await flushPromises();
    expect(loads).toEqual([1, 2]);
    expect(port.methods()).toEqual(['start', 'dispose', 'start']);
    expect(model.getState()).toEqual({ status: 'ready' });
  });

  it('shows options a rule refuses instead of starting a library', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const env = new FakeEnvironment();
    const session = new Session(env, testConfig);
    await session.boot();
    const model = new ExternalLogin(env, session, testExternalOptions('keycloak', { responseMode: 'form_post' as 'query' }));
    await model.start();
    expect(model.getState()).toEqual({ status: 'error', error: { kind: 'options', detail: 'responseMode: responseMode must be query or fragment' } });
  });
});

describe('ExternalLogin while signed in', () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps the provider's renewed tokens", async () => {
    const { port, storage, session } = await signedIn();
    const renewed: ExternalSession = { ...kept, refreshToken: 'kc-refresh-2', accessToken: 'renewed-access' };
    port.emit({ type: 'renewed', session: renewed });
    await flushPromises();
    expect(await storage.get(StorageKeys.externalTokens)).toEqual(renewed);
    expect(session.externalSession()).toEqual(renewed);
  });

  it('signs out of Atrium when the provider session is seen ended (or its token cleared after a refused refresh)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { env, server, port, session, storage } = await signedIn();
    port.emit({ type: 'ended', reason: 'The provider session ended or its token was cleared' });
    await flushPromises();
    expect(session.getState()).toEqual({ status: 'signing-out' });
    const logout = env.calls('POST', '/logout');
    expect(logout).toHaveLength(1);
    expect(logout[0]?.json()).toEqual({ refresh_token: server.refreshToken });
    expect(await storage.get(StorageKeys.authToken)).toBeNull();
    expect(await storage.get(StorageKeys.externalTokens)).toBeNull();
    expect(port.methods()).not.toContain('endSession');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('The identity provider session has ended'));
    env.clock.advance(2000);
    expect(env.location.reloads).toBe(1);
  });

  it('ignores the library once the session was signed out', async () => {
    const { env, port, session } = await signedIn();
    await session.logout();
    env.requests.length = 0;
    port.emit({ type: 'ended', reason: 'late' });
    await flushPromises();
    expect(env.requests).toEqual([]);
  });
});
