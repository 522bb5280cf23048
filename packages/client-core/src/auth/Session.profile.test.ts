import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecureStorage } from '../storage/SecureStorage.js';
import { StorageKeys } from '../storage/StorageKeys.js';
import { FakeEnvironment, jsonResponse } from '../testing/FakeEnvironment.js';
import { FakeAuthServer, startSignedIn, testConfig } from '../testing/fixtures.js';
import { Session } from './Session.js';

describe('Session profile cache', () => {
  afterEach(() => vi.restoreAllMocks());

  it('updateProfile() purges UserInfo, metadata and settings, refetches and emits profile-updated', async () => {
    const { env, server, session } = await startSignedIn();
    const storage = new SecureStorage(env);
    await storage.set(StorageKeys.metadata, ['pkg']);
    await storage.set(StorageKeys.desktop, { theme: 'Vision' });
    server.profile = { ...server.profile, designation: 'Director' };
    const updated = vi.fn();
    session.onProfileUpdated(updated);
    await session.updateProfile();
    expect(env.calls('GET', '/api/v1/user/me/a+p+acc+ap+t')).toHaveLength(1);
    expect(await storage.get(StorageKeys.metadata)).toBeNull();
    expect(await storage.get(StorageKeys.desktop)).toBeNull();
    expect(await storage.get(StorageKeys.userInfo)).toEqual(server.profile);
    expect(session.getState()).toEqual({ status: 'signed-in', username: 'ada', profile: server.profile, via: 'login' });
    expect(updated).toHaveBeenCalledWith(server.profile);
  });

  it('stops emitting to an unsubscribed listener', async () => {
    const { session } = await startSignedIn();
    const updated = vi.fn();
    session.onProfileUpdated(updated)();
    await session.updateProfile();
    expect(updated).not.toHaveBeenCalled();
  });
});

describe('Session cleared-browser-cache flag', () => {
  afterEach(() => vi.restoreAllMocks());

  async function signInWithFlag() {
    const env = new FakeEnvironment();
    env.caches.names.add('workbox-precache');
    env.caches.names.add('images');
    const server = new FakeAuthServer(env);
    server.profile = { ...server.profile, cleared_browser_cache: 1 };
    const session = new Session(env, testConfig);
    await session.boot();
    await session.login('ada', server.password);
    return { env, server, session };
  }

  it('resets the flag on the server, clears storage and caches, and reloads', async () => {
    const { env, server, session } = await signInWithFlag();
    const put = env.requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe(`/api/v1/user/${server.profile.id}`);
    expect(put?.json()).toEqual({ cleared_browser_cache: 0 });
    expect(put?.headers.Authorization).toBe(`Bearer ${server.jwt}`);
    const storage = new SecureStorage(env);
    expect(await storage.get(StorageKeys.userInfo)).toBeNull();
    expect(await storage.get(StorageKeys.authToken)).toBeNull();
    expect(env.caches.names.size).toBe(0);
    expect(env.location.reloads).toBe(1);
    expect(session.getState().status).not.toBe('signed-in');
  });

  it('applies on boot as well', async () => {
    const { env, server } = await startSignedIn();
    server.profile = { ...server.profile, cleared_browser_cache: 1 };
    const session = new Session(env, testConfig);
    await session.boot();
    expect(env.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect(env.location.reloads).toBe(1);
  });

  it('keeps the user signed in (and the cache) when the server refuses to reset the flag', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const env = new FakeEnvironment();
    const server = new FakeAuthServer(env);
    server.profile = { ...server.profile, cleared_browser_cache: 1 };
    env.route('PUT', /^\/api\/v1\/user\//, () => jsonResponse(403, { status: 'error', message: 'You may only change your own record' }));
    const session = new Session(env, testConfig);
    await session.boot();
    await session.login('ada', server.password);
    expect(session.getState().status).toBe('signed-in');
    expect(env.location.reloads).toBe(0);
  });
});
