import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecureStorage } from '../storage/SecureStorage.js';
import { StorageKeys } from '../storage/StorageKeys.js';
import { FakeEnvironment, jsonResponse } from '../testing/FakeEnvironment.js';
import { FakeAuthServer, makeProfile, startSignedIn } from '../testing/fixtures.js';

function withLoginUrl(loginURL: string | null) {
  const env = new FakeEnvironment();
  const server = new FakeAuthServer(env);
  const base = makeProfile();
  server.profile = { ...base, active_account: { ...base.active_account, preferences: { ...base.active_account.preferences, loginURL } } };
  return startSignedIn({ server });
}

describe('Session logout', () => {
  afterEach(() => vi.restoreAllMocks());

  it('posts /logout with the bearer token and the refresh token', async () => {
    const { env, server, session } = await startSignedIn();
    const { jwt, refreshToken } = server;
    await session.logout();
    const request = env.calls('POST', '/logout')[0];
    expect(request?.url).toBe('/logout');
    expect(request?.headers.Authorization).toBe(`Bearer ${jwt}`);
    expect(request?.json()).toEqual({ refresh_token: refreshToken });
  });

  it('shows signing-out, clears storage, and reloads after 2 s', async () => {
    const { env, session } = await startSignedIn();
    await session.logout();
    expect(session.getState()).toEqual({ status: 'signing-out' });
    expect(await new SecureStorage(env).get(StorageKeys.authToken)).toBeNull();
    expect(await new SecureStorage(env).get(StorageKeys.userInfo)).toBeNull();
    expect(session.accessToken()).toBeNull();
    env.clock.advance(1999);
    expect(env.location.reloads).toBe(0);
    env.clock.advance(1);
    expect(env.location.reloads).toBe(1);
    expect(env.location.assigned).toEqual([]);
  });

  it("goes to the active account's loginURL when it is set", async () => {
    const { env, session } = await withLoginUrl('https://sso.acme.example/login');
    await session.logout();
    env.clock.advance(2000);
    expect(env.location.assigned).toEqual(['https://sso.acme.example/login']);
    expect(env.location.reloads).toBe(0);
  });

  it('reloads instead of following a loginURL that is not an http(s) address', async () => {
    const { env, session } = await withLoginUrl('javascript:alert(1)');
    await session.logout();
    env.clock.advance(2000);
    expect(env.location.assigned).toEqual([]);
    expect(env.location.reloads).toBe(1);
  });

  it('still ends the session locally when the logout call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { env, session } = await startSignedIn();
    env.route('POST', '/logout', () => jsonResponse(500, { status: 'error', message: 'An internal error occurred' }));
    await session.logout();
    expect(await new SecureStorage(env).get(StorageKeys.authToken)).toBeNull();
    env.clock.advance(2000);
    expect(env.location.reloads).toBe(1);
  });

  it('does not refresh its token while signing out (a call meeting the revoked token gives up)', async () => {
    const { env, session } = await startSignedIn();
    let answer: (value: Response) => void = () => undefined;
    env.route('POST', '/logout', () => new Promise<Response>((resolve) => (answer = resolve)));
    const out = session.logout();
    expect(await session.refresh()).toBe(false);
    answer(jsonResponse(200, { status: 'success', message: 'Logged out' }));
    await out;
    expect(env.calls('POST', '/api/wrapper/refreshtoken')).toEqual([]);
  });

  it('logs out once when asked twice', async () => {
    const { env, session } = await startSignedIn();
    await Promise.all([session.logout(), session.logout()]);
    expect(env.calls('POST', '/logout')).toHaveLength(1);
    env.clock.advance(2000);
    expect(env.location.reloads).toBe(1);
  });

  it('dispose() cancels a pending redirect', async () => {
    const { env, session } = await startSignedIn();
    await session.logout();
    session.dispose();
    env.clock.advance(2000);
    expect(env.location.reloads).toBe(0);
  });
});
