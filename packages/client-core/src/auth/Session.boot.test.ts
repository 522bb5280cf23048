import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SecureStorage } from '../storage/SecureStorage.js';
import { StorageKeys } from '../storage/StorageKeys.js';
import { FakeEnvironment, jsonResponse } from '../testing/FakeEnvironment.js';
import { FakeAuthServer, startSignedIn, testConfig } from '../testing/fixtures.js';
import { Session } from './Session.js';

/** A browser that signed in before, and a fresh page (a reload) over it. */
async function reloaded() {
  const { env, server } = await startSignedIn();
  const session = new Session(env, testConfig);
  return { env, server, session, storage: new SecureStorage(env) };
}

describe('Session boot', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('starts in booting', () => {
    expect(new Session(new FakeEnvironment(), testConfig).getState()).toEqual({ status: 'booting' });
  });

  it('signs out without a request when no token is stored', async () => {
    const env = new FakeEnvironment();
    const session = new Session(env, testConfig);
    await session.boot();
    expect(session.getState()).toEqual({ status: 'signed-out', error: null, loading: false });
    expect(env.requests).toEqual([]);
  });

  it('signs in with a valid stored token, validating it first and refreshing the profile', async () => {
    const { env, server, session, storage } = await reloaded();
    server.profile = { ...server.profile, designation: 'Engineer' };
    await session.boot();
    expect(env.calls('POST', '/api/wrapper/validatetoken')[0]?.form()).toEqual({ jwt: server.jwt });
    expect(session.getState()).toEqual({ status: 'signed-in', username: 'ada', profile: server.profile, via: 'boot' });
    expect(session.accessToken()).toBe(server.jwt);
    expect(await storage.get(StorageKeys.userInfo)).toEqual(server.profile);
  });

  it("refreshes a 'Token Expired' token with the stored refresh token and saves both", async () => {
    const { env, server, session, storage } = await reloaded();
    const before = { jwt: server.jwt, refresh: server.refreshToken };
    server.validity = 'Token Expired';
    server.accessValid = false;
    await session.boot();
    expect(env.calls('POST', '/api/wrapper/refreshtoken')[0]?.form()).toEqual({ jwt: before.jwt, refresh_token: before.refresh });
    expect(session.getState()).toMatchObject({ status: 'signed-in', username: 'ada' });
    expect(await storage.get(StorageKeys.authToken)).toBe(server.jwt);
    expect(await storage.get(StorageKeys.refreshToken)).toEqual({ key: server.refreshToken });
    expect(await storage.get(StorageKeys.user)).toEqual({ jwt: server.jwt, username: 'ada' });
  });

  it.each(['Token Invalid', 'Session Expired'] as const)("clears storage and signs out on '%s'", async (validity) => {
    const { server, session, storage } = await reloaded();
    server.validity = validity;
    await session.boot();
    expect(session.getState()).toEqual({ status: 'signed-out', error: null, loading: false });
    expect(await storage.get(StorageKeys.authToken)).toBeNull();
    expect(await storage.get(StorageKeys.userInfo)).toBeNull();
    expect(session.accessToken()).toBeNull();
  });

  it('clears storage and signs out when the expired token has no refresh token', async () => {
    const { env, server, session, storage } = await reloaded();
    await storage.remove(StorageKeys.refreshToken);
    server.validity = 'Token Expired';
    await session.boot();
    expect(session.getState()).toMatchObject({ status: 'signed-out' });
    expect(env.calls('POST', '/api/wrapper/refreshtoken')).toHaveLength(0);
    expect(await storage.get(StorageKeys.authToken)).toBeNull();
  });

  it('clears storage and signs out when the refresh fails', async () => {
    const { server, session, storage, env } = await reloaded();
    server.validity = 'Token Expired';
    server.refreshFails = true;
    await session.boot();
    expect(session.getState()).toEqual({ status: 'signed-out', error: null, loading: false });
    expect(await storage.get(StorageKeys.refreshToken)).toBeNull();
    expect(console.warn).toHaveBeenCalled();
    env.clock.advance(10_000);
    expect(env.location.reloads).toBe(0);
  });

  it('clears storage and signs out when the token cannot be validated', async () => {
    const { env, session, storage } = await reloaded();
    env.route('POST', '/api/wrapper/validatetoken', () => {
      throw new TypeError('Failed to fetch');
    });
    await session.boot();
    expect(session.getState()).toMatchObject({ status: 'signed-out' });
    expect(await storage.get(StorageKeys.user)).toBeNull();
  });

  it('shows the cached profile when the fresh one cannot be loaded', async () => {
    const { env, server, session } = await reloaded();
    const cached = server.profile;
    env.route('GET', '/api/v1/user/me/a+p+acc+ap+t', () => jsonResponse(500, { status: 'error', message: 'An internal error occurred' }));
    await session.boot();
    expect(session.getState()).toEqual({ status: 'signed-in', username: 'ada', profile: cached, via: 'boot' });
  });

  it('keeps the signed-out state of a server that never saw this browser', async () => {
    const env = new FakeEnvironment();
    new FakeAuthServer(env);
    const session = new Session(env, testConfig);
    await session.boot();
    expect(session.getState().status).toBe('signed-out');
  });
});
