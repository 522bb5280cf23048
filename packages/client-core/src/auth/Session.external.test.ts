import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecureStorage } from '../storage/SecureStorage.js';
import { StorageKeys } from '../storage/StorageKeys.js';
import { flushPromises } from '../testing/FakeClock.js';
import { FakeEnvironment, jsonResponse } from '../testing/FakeEnvironment.js';
import { fakeProviderToken, FakeExternalSignIn, testExternalOptions } from '../testing/FakeExternalSignIn.js';
import { FakeAuthServer, testConfig } from '../testing/fixtures.js';
import { lazyExternalLogin } from './external/lazyExternalLogin.js';
import type { ExternalSession } from './external/ExternalSignIn.js';
import { Session } from './Session.js';

const providerToken = fakeProviderToken({ preferred_username: 'ada' });
const kept: ExternalSession = { provider: 'keycloak', refreshToken: 'kc-refresh-1', idToken: 'kc-id-1', accessToken: providerToken };
const config = { ...testConfig, external: testExternalOptions('keycloak') };

/** A page with the external type configured, its session and the lazy external sign-in over a fake library. */
async function page(env = new FakeEnvironment()) {
  const server = new FakeAuthServer(env);
  env.route('POST', '/api/wrapper/auth/external/keycloak', () => jsonResponse(200, { status: 'success', data: { jwt: server.jwt, refresh_token: server.refreshToken, username: 'ada' } }));
  const session = new Session(env, config);
  const port = new FakeExternalSignIn('keycloak');
  const external = lazyExternalLogin(env, session, config.external, async () => port);
  return { env, server, session, port, external };
}

/** Signed in through the provider, then a fresh page of the same browser. */
async function signedInThenReloaded() {
  const first = await page();
  await first.session.boot();
  await first.session.loginExternal(() => first.session.wrapper.form('auth/external/keycloak', { access_token: providerToken }), kept);
  const env = first.env;
  env.requests.length = 0;
  return page(env);
}

describe('Session with an external sign-in', () => {
  afterEach(() => vi.restoreAllMocks());

  it('restores the kept provider tokens at boot and resumes the library with them', async () => {
    const { session, port } = await signedInThenReloaded();
    await session.boot();
    expect(session.getState()).toMatchObject({ status: 'signed-in', via: 'boot' });
    expect(session.externalSession()).toEqual(kept);
    // The model's code arrives by dynamic import.
    await vi.waitFor(() => expect(port.calls).toEqual([{ method: 'resume', kept }]));
  });

  it('does not load the library for a session of the built-in form', async () => {
    const { env, session, port } = await page();
    await session.boot();
    await session.login('ada', 'Secret#123');
    const reloaded = await page(env);
    await reloaded.session.boot();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reloaded.session.getState()).toMatchObject({ status: 'signed-in', via: 'boot' });
    expect(reloaded.session.externalSession()).toBeNull();
    expect(port.calls).toEqual([]);
    expect(reloaded.port.calls).toEqual([]);
  });

  it('forgets kept provider tokens when the built-in form signs in', async () => {
    const { env, session } = await page();
    await session.boot();
    await session.loginExternal(() => session.wrapper.form('auth/external/keycloak', { access_token: providerToken }), kept);
    await session.logout();
    env.clock.advance(2000);
    const next = await page(env);
    await next.session.boot();
    await new SecureStorage(env).set(StorageKeys.externalTokens, kept);
    await next.session.login('ada', 'Secret#123');
    expect(next.session.externalSession()).toBeNull();
    expect(await new SecureStorage(env).get(StorageKeys.externalTokens)).toBeNull();
  });

  it('signs out of Atrium first (and forgets its tokens), then ends the provider session with the kept tokens, then leaves after 2 s', async () => {
    const { env, session, port } = await signedInThenReloaded();
    await session.boot();
    await flushPromises();
    const order: string[] = [];
    env.route('POST', '/logout', () => {
      order.push('POST /logout');
      return jsonResponse(200, { status: 'success', message: 'Logged out' });
    });
    const endSession = port.endSession.bind(port);
    port.endSession = async (k) => {
      order.push('provider');
      // Atrium's own tokens are gone by then: nothing is sent with them while the provider answers.
      expect(await new SecureStorage(env).get(StorageKeys.authToken)).toBeNull();
      expect(session.accessToken()).toBeNull();
      return endSession(k);
    };
    await session.logout();
    expect(order).toEqual(['POST /logout', 'provider']);
    expect(port.calls.at(-1)).toEqual({ method: 'endSession', kept });
    expect(await new SecureStorage(env).get(StorageKeys.externalTokens)).toBeNull();
    env.clock.advance(1999);
    expect(env.location.reloads).toBe(0);
    env.clock.advance(1);
    expect(env.location.reloads).toBe(1);
  });

  it('still signs out and leaves when the provider session cannot be ended', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { env, session, port } = await signedInThenReloaded();
    await session.boot();
    port.endSessionError = new Error('Not authenticated');
    await session.logout();
    expect(warn).toHaveBeenCalledWith('The identity provider session could not be ended.', port.endSessionError);
    expect(await new SecureStorage(env).get(StorageKeys.authToken)).toBeNull();
    env.clock.advance(2000);
    expect(env.location.reloads).toBe(1);
  });

  it('does not wait more than 10 s for a provider that does not answer', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { env, session, port } = await signedInThenReloaded();
    await session.boot();
    port.endSession = () => new Promise(() => undefined);
    const done = session.logout();
    await env.clock.settle(10_000);
    await done;
    expect(await new SecureStorage(env).get(StorageKeys.authToken)).toBeNull();
    env.clock.advance(2000);
    expect(env.location.reloads).toBe(1);
  });

  it('does not call the provider at sign-out after the built-in form', async () => {
    const { session, port } = await page();
    await session.boot();
    await session.login('ada', 'Secret#123');
    await session.logout();
    expect(port.calls).toEqual([]);
  });
});
