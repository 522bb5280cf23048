import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Session } from '../auth/Session.js';
import { StorageKeys } from '../storage/StorageKeys.js';
import { FakeEnvironment, jsonResponse } from '../testing/FakeEnvironment.js';
import { requireToken, startSignedIn, testConfig, tokenInvalid } from '../testing/fixtures.js';
import { RequestClient } from './RequestClient.js';
import { RequestError } from './RequestError.js';

/** Retry rules (docs/behaviour/sign-in.md#request-retries), with the real Session as token source and a scripted server. */
describe('RequestClient retry rules', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const data = () => jsonResponse(200, { status: 'success', data: 'ok' });

  it("refreshes once when several calls get 'Token Invalid' at the same time, and retries each", async () => {
    const { env, server, session } = await startSignedIn();
    env.route('GET', /^\/api\/v1\/data\/\d$/, requireToken(() => server.accepted(), data));
    const stale = session.accessToken();
    server.accessValid = false; // the access token has expired
    const answers = await Promise.all([1, 2, 3, 4].map((i) => session.api.get(`data/${i}`)));
    expect(answers).toEqual(Array(4).fill({ status: 'success', data: 'ok' }));
    expect(env.calls('POST', '/api/wrapper/refreshtoken')).toHaveLength(1);
    expect(server.reuseDetected).toBe(false);
    expect(env.requests.filter((r) => r.path.startsWith('/api/v1/data/')).map((r) => r.headers.Authorization)).toEqual([
      ...Array<string>(4).fill(`Bearer ${stale}`),
      ...Array<string>(4).fill(`Bearer ${server.jwt}`),
    ]);
  });

  it('saves the new token pair after a refresh', async () => {
    const { env, server, session } = await startSignedIn();
    env.route('GET', '/api/v1/data', requireToken(() => server.accepted(), data));
    server.accessValid = false;
    await session.api.get('data');
    expect(session.accessToken()).toBe(server.jwt);
    const reborn = new Session(env, testConfig); // a reload
    await reborn.boot();
    expect(reborn.getState()).toMatchObject({ status: 'signed-in', username: 'ada' });
    expect(reborn.accessToken()).toBe(server.jwt);
  });

  it("retries a 404 'Token Invalid' as well", async () => {
    const { env, server, session } = await startSignedIn();
    env.route('GET', '/api/v1/data', (r) => (r.headers.Authorization === `Bearer ${server.accepted()}` ? data() : tokenInvalid(404)));
    server.accessValid = false;
    await expect(session.api.get('data')).resolves.toEqual({ status: 'success', data: 'ok' });
    expect(env.calls('POST', '/api/wrapper/refreshtoken')).toHaveLength(1);
  });

  it('retries without another refresh when its token was replaced while it waited', async () => {
    const { env, server, session } = await startSignedIn();
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    env.route('GET', '/api/v1/slow', async (r) => {
      const sent = r.headers.Authorization;
      await gate;
      return sent === `Bearer ${server.accepted()}` ? data() : tokenInvalid();
    });
    env.route('GET', '/api/v1/data', requireToken(() => server.accepted(), data));
    const slow = session.api.get('slow'); // leaves with the old token
    server.accessValid = false;
    await session.api.get('data'); // refreshes
    open();
    await expect(slow).resolves.toEqual({ status: 'success', data: 'ok' });
    expect(env.calls('POST', '/api/wrapper/refreshtoken')).toHaveLength(1);
    expect(env.calls('GET', '/api/v1/slow')).toHaveLength(2);
  });

  it('clears storage and reloads when a call is still refused after 5 retries', async () => {
    const { env, session } = await startSignedIn();
    env.route('GET', '/api/v1/data', () => tokenInvalid());
    const error = await session.api.get('data').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect(env.calls('GET', '/api/v1/data')).toHaveLength(6);
    expect(env.calls('POST', '/api/wrapper/refreshtoken')).toHaveLength(5);
    expect(env.location.reloads).toBe(1);
    expect(env.localStorage?.getItem(StorageKeys.authToken)).toBeNull();
    expect(env.localStorage?.getItem(StorageKeys.refreshToken)).toBeNull();
    expect(session.accessToken()).toBeNull();
  });

  it("logs out on 'Session Expired', whatever the status", async () => {
    for (const status of [401, 200]) {
      const { env, session } = await startSignedIn();
      env.route('GET', '/api/v1/data', () => jsonResponse(status, { status: 'error', message: 'Session Expired' }));
      await expect(session.api.get('data')).rejects.toThrow('An error occured while performing a request: Session Expired');
      expect(session.getState()).toEqual({ status: 'signing-out' });
      expect(env.localStorage?.getItem(StorageKeys.authToken)).toBeNull();
      expect(env.calls('POST', '/api/wrapper/refreshtoken')).toHaveLength(0);
      env.clock.advance(2000);
      expect(env.location.reloads).toBe(1);
    }
  });

  it('rejects every waiting caller, warns and clears storage when the refresh fails', async () => {
    const { env, server, session } = await startSignedIn();
    env.route('GET', /^\/api\/v1\/data\/\d$/, requireToken(() => server.accepted(), data));
    server.accessValid = false;
    server.refreshFails = true;
    const outcomes = await Promise.allSettled([1, 2, 3].map((i) => session.api.get(`data/${i}`)));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(env.calls('POST', '/api/wrapper/refreshtoken')).toHaveLength(1);
    expect(console.warn).toHaveBeenCalledWith('Token refresh failed; signing out.', expect.anything());
    expect(env.localStorage?.getItem(StorageKeys.authToken)).toBeNull();
    expect(env.localStorage?.getItem(StorageKeys.user)).toBeNull();
    expect(session.getState()).toEqual({ status: 'signing-out' });
    env.clock.advance(2000);
    expect(env.location.reloads).toBe(1);
  });

  it('leaves the session rules to the caller when handleSession is false', async () => {
    const env = new FakeEnvironment();
    const expire = vi.fn(async () => undefined);
    const refresh = vi.fn(async () => true);
    const client = new RequestClient({ env, base: '/api/v1', session: { accessToken: () => 't', refresh, expire } });
    env.route('GET', '/api/v1/a', () => tokenInvalid());
    env.route('GET', '/api/v1/b', () => jsonResponse(401, { status: 'error', message: 'Session Expired' }));
    await expect(client.get('a', undefined, { handleSession: false })).rejects.toMatchObject({ status: 400, reason: 'Token Invalid' });
    await expect(client.get('b', undefined, { handleSession: false })).rejects.toMatchObject({ status: 401, reason: 'Session Expired' });
    expect(refresh).not.toHaveBeenCalled();
    expect(expire).not.toHaveBeenCalled();
  });

  it("does not retry 'Token Invalid' on other statuses or without status 'error'", async () => {
    const env = new FakeEnvironment();
    const refresh = vi.fn(async () => true);
    const client = new RequestClient({ env, base: '/api/v1', session: { accessToken: () => 't', refresh, expire: async () => undefined } });
    env.route('GET', '/api/v1/a', () => jsonResponse(403, { status: 'error', message: 'Token Invalid' }));
    env.route('GET', '/api/v1/b', () => jsonResponse(400, { message: 'Token Invalid' }));
    await expect(client.get('a')).rejects.toBeInstanceOf(RequestError);
    await expect(client.get('b')).rejects.toBeInstanceOf(RequestError);
    expect(refresh).not.toHaveBeenCalled();
  });
});
