import { COOKIE_FALLBACK_LIFETIME } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { FakeEnvironment } from '../testing/FakeEnvironment.js';
import { RAW_KEY_NAME } from './loadStorageKey.js';
import { SecureStorage } from './SecureStorage.js';
import { StorageKeys } from './StorageKeys.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl';
const HOUR = 60 * 60 * 1000;

describe('SecureStorage cookie fallback', () => {
  it('uses an encrypted cookie named like the key when local storage is unavailable', async () => {
    const env = new FakeEnvironment({ localStorage: 'none' });
    const storage = new SecureStorage(env);
    await storage.set(StorageKeys.authToken, TOKEN);
    const cookie = env.cookies.cookies.get(StorageKeys.authToken);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict' });
    expect(cookie?.expires.getTime()).toBe(env.clock.now() + COOKIE_FALLBACK_LIFETIME);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cookie?.value).not.toContain(TOKEN);
    expect(await storage.get(StorageKeys.authToken)).toBe(TOKEN);
  });

  it('uses the cookie when local storage throws', async () => {
    const env = new FakeEnvironment({ localStorage: 'throws' });
    const storage = new SecureStorage(env);
    await storage.set(StorageKeys.refreshToken, { key: 'refresh-1' });
    expect(env.cookies.cookies.has(StorageKeys.refreshToken)).toBe(true);
    expect(await new SecureStorage(env).get(StorageKeys.refreshToken)).toEqual({ key: 'refresh-1' });
  });

  it('treats a value as expired after 3 hours even when the jar still holds the cookie', async () => {
    const env = new FakeEnvironment({ localStorage: 'none' });
    env.cookies.keepExpired = true;
    const storage = new SecureStorage(env);
    await storage.set(StorageKeys.authToken, TOKEN);
    env.clock.advance(3 * HOUR - 1);
    expect(await storage.get(StorageKeys.authToken)).toBe(TOKEN);
    env.clock.advance(1);
    expect(await storage.get(StorageKeys.authToken)).toBeNull();
    expect(env.cookies.cookies.has(StorageKeys.authToken)).toBe(false);
  });

  it('restarts the 3 hours when the value is written again', async () => {
    const env = new FakeEnvironment({ localStorage: 'none' });
    const storage = new SecureStorage(env);
    await storage.set(StorageKeys.authToken, 'first');
    env.clock.advance(2 * HOUR);
    await storage.set(StorageKeys.authToken, 'second');
    env.clock.advance(2 * HOUR);
    expect(await storage.get(StorageKeys.authToken)).toBe('second');
  });

  it('keeps the key in a cookie that lives as long as the values it opens', async () => {
    const env = new FakeEnvironment({ localStorage: 'none' });
    const storage = new SecureStorage(env);
    await storage.set(StorageKeys.authToken, 'first');
    expect(env.cookies.cookies.get(RAW_KEY_NAME)?.expires.getTime()).toBe(env.clock.now() + 3 * HOUR);
    env.clock.advance(2 * HOUR);
    await storage.set(StorageKeys.user, { jwt: 'j', username: 'ada' });
    expect(env.cookies.cookies.get(RAW_KEY_NAME)?.expires.getTime()).toBe(env.clock.now() + 3 * HOUR);
    env.clock.advance(2 * HOUR);
    expect(await new SecureStorage(env).get(StorageKeys.user)).toEqual({ jwt: 'j', username: 'ada' });
  });

  it('keeps a value too large for a cookie in memory for this page', async () => {
    const env = new FakeEnvironment({ localStorage: 'none' });
    const storage = new SecureStorage(env);
    const profile = { apps: Array.from({ length: 200 }, (_, i) => ({ name: `app-${i}`, uuid: `uuid-${i}` })) };
    await storage.set(StorageKeys.userInfo, profile);
    expect(env.cookies.cookies.has(StorageKeys.userInfo)).toBe(false);
    expect(await storage.get(StorageKeys.userInfo)).toEqual(profile);
    expect(await new SecureStorage(env).get(StorageKeys.userInfo)).toBeNull();
  });

  it('clear() removes the cookies too', async () => {
    const env = new FakeEnvironment({ localStorage: 'none' });
    const storage = new SecureStorage(env);
    await storage.set(StorageKeys.authToken, TOKEN);
    await storage.set(StorageKeys.user, { jwt: TOKEN, username: 'ada' });
    await storage.clear();
    expect(env.cookies.cookies.has(StorageKeys.authToken)).toBe(false);
    expect(env.cookies.cookies.has(StorageKeys.user)).toBe(false);
  });
});
