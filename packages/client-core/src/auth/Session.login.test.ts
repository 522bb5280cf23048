import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecureStorage } from '../storage/SecureStorage.js';
import { StorageKeys } from '../storage/StorageKeys.js';
import { FakeEnvironment, jsonResponse } from '../testing/FakeEnvironment.js';
import { FakeAuthServer, testConfig } from '../testing/fixtures.js';
import { Session, type SessionState } from './Session.js';

async function signedOut() {
  const env = new FakeEnvironment();
  const server = new FakeAuthServer(env);
  const session = new Session(env, testConfig);
  await session.boot();
  const states: SessionState[] = [];
  session.subscribe(() => states.push(session.getState()));
  return { env, server, session, states, storage: new SecureStorage(env) };
}

describe('Session login', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['', 'Secret#123'],
    ['   ', 'Secret#123'],
    ['ada', ''],
  ])('refuses empty fields (%j, %j) with login.error.empty and sends nothing', async (username, password) => {
    const { env, session } = await signedOut();
    await session.login(username, password);
    expect(session.getState()).toEqual({ status: 'signed-out', error: { key: 'login.error.empty', message: null }, loading: false });
    expect(env.requests).toEqual([]);
  });

  it('posts the credentials as a form to {wrapper}/auth with credentials included', async () => {
    const { env, session, server } = await signedOut();
    await session.login('ada', server.password);
    const request = env.calls('POST', '/api/wrapper/auth')[0];
    expect(request?.form()).toEqual({ username: 'ada', password: server.password });
    expect(request?.credentials).toBe('include');
    expect(request?.headers.Authorization).toBeUndefined();
  });

  it('shows loading, then signs in with the profile', async () => {
    const { session, server, states } = await signedOut();
    await session.login('ada', server.password);
    expect(states[0]).toEqual({ status: 'signed-out', error: null, loading: true });
    expect(states.at(-1)).toEqual({ status: 'signed-in', username: 'ada', profile: server.profile, via: 'login' });
  });

  it('stores the tokens and the user, and caches the profile as UserInfo', async () => {
    const { env, session, server, storage } = await signedOut();
    await session.login('ada', server.password);
    expect(await storage.get(StorageKeys.authToken)).toBe(server.jwt);
    expect(await storage.get(StorageKeys.refreshToken)).toEqual({ key: server.refreshToken });
    expect(await storage.get(StorageKeys.user)).toEqual({ jwt: server.jwt, username: 'ada' });
    expect(await storage.get(StorageKeys.userInfo)).toEqual(server.profile);
    expect(env.calls('GET', '/api/v1/user/me/a+p+acc+ap+t')[0]?.headers.Authorization).toBe(`Bearer ${server.jwt}`);
  });

  it('asks for the profile while the tokens are still being stored, and is signed in only once they are', async () => {
    const { env, session, server, storage } = await signedOut();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const set = SecureStorage.prototype.set;
    vi.spyOn(SecureStorage.prototype, 'set').mockImplementation(async function (this: SecureStorage, key, value) {
      if (key === StorageKeys.authToken) await held;
      return set.call(this, key, value);
    });
    const signingIn = session.login('ada', server.password);
    await vi.waitFor(() => expect(env.calls('GET', '/api/v1/user/me/a+p+acc+ap+t')).toHaveLength(1));
    expect(session.getState().status).toBe('signed-out');
    release();
    await signingIn;
    expect(session.getState().status).toBe('signed-in');
    expect(await storage.get(StorageKeys.authToken)).toBe(server.jwt);
  });

  it('reports a 401 as login.error.incorrect, translated when the server sends the standard text', async () => {
    const { session } = await signedOut();
    await session.login('ada', 'wrong');
    expect(session.getState()).toEqual({ status: 'signed-out', error: { key: 'login.error.incorrect', message: null }, loading: false });
  });

  it("keeps the server's own message when it gives another one", async () => {
    const { env, session } = await signedOut();
    env.route('POST', '/api/wrapper/auth', () => jsonResponse(401, { status: 'error', message: 'Your account is locked' }));
    await session.login('ada', 'x');
    expect(session.getState()).toMatchObject({ error: { key: 'login.error.incorrect', message: 'Your account is locked' } });
  });

  it('fails with login.error.failed when the answer carries no jwt', async () => {
    const { env, session } = await signedOut();
    env.route('POST', '/api/wrapper/auth', () => jsonResponse(200, { status: 'success', message: 'Use the other door', data: { refresh_token: 'r' } }));
    await session.login('ada', 'x');
    expect(session.getState()).toEqual({ status: 'signed-out', error: { key: 'login.error.failed', message: 'Use the other door' }, loading: false });
    expect(await new SecureStorage(env).get(StorageKeys.authToken)).toBeNull();
  });

  it('fails with login.error.failed on other refusals, keeping their message', async () => {
    const { env, session } = await signedOut();
    env.route('POST', '/api/wrapper/auth', () => jsonResponse(429, { status: 'error', message: 'Too many requests, please try again later' }));
    await session.login('ada', 'x');
    expect(session.getState()).toMatchObject({ error: { key: 'login.error.failed', message: 'Too many requests, please try again later' } });
  });

  it("uses the server's error code when it names a login error", async () => {
    const { env, session } = await signedOut();
    env.route('POST', '/api/wrapper/auth', () => jsonResponse(400, { status: 'error', message: 'Username or password cannot be empty', code: 'login.error.empty' }));
    await session.login('ada', ' ');
    expect(session.getState()).toMatchObject({ error: { key: 'login.error.empty', message: null } });
  });

  it('fails with login.error.failed when the server cannot be reached', async () => {
    const { env, session } = await signedOut();
    env.route('POST', '/api/wrapper/auth', () => {
      throw new TypeError('Failed to fetch');
    });
    await session.login('ada', 'x');
    expect(session.getState()).toMatchObject({ error: { key: 'login.error.failed', message: null }, loading: false });
  });

  it('clearError() forgets the error when the user edits a field', async () => {
    const { session } = await signedOut();
    await session.login('ada', 'wrong');
    session.clearError();
    expect(session.getState()).toEqual({ status: 'signed-out', error: null, loading: false });
  });

  it('ignores a second login while one is in flight', async () => {
    const { env, session, server } = await signedOut();
    const first = session.login('ada', server.password);
    await session.login('ada', server.password);
    await first;
    expect(env.calls('POST', '/api/wrapper/auth')).toHaveLength(1);
    expect(session.getState().status).toBe('signed-in');
  });
});
