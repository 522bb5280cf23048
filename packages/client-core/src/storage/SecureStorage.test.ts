import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEnvironment } from '../testing/FakeEnvironment.js';
import { FakeIndexedDB } from '../testing/FakeIndexedDB.js';
import type { MemoryStorage } from '../testing/MemoryStorage.js';
import { RAW_KEY_NAME } from './loadStorageKey.js';
import { SecureStorage } from './SecureStorage.js';
import { StorageKeys } from './StorageKeys.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl';

describe('SecureStorage in local storage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('round-trips JSON values', async () => {
    const storage = new SecureStorage(new FakeEnvironment());
    await storage.set(StorageKeys.authToken, TOKEN);
    await storage.set(StorageKeys.refreshToken, { key: 'refresh-1' });
    await storage.set(StorageKeys.user, { jwt: TOKEN, username: 'ada' });
    expect(await storage.get(StorageKeys.authToken)).toBe(TOKEN);
    expect(await storage.get(StorageKeys.refreshToken)).toEqual({ key: 'refresh-1' });
    expect(await storage.get(StorageKeys.user)).toEqual({ jwt: TOKEN, username: 'ada' });
  });

  it('returns null for a key never set', async () => {
    expect(await new SecureStorage(new FakeEnvironment()).get(StorageKeys.userInfo)).toBeNull();
  });

  it('keeps values encrypted at rest: the stored text does not contain the token', async () => {
    const env = new FakeEnvironment();
    await new SecureStorage(env).set(StorageKeys.authToken, TOKEN);
    const raw = env.localStorage?.getItem(StorageKeys.authToken) ?? '';
    expect(raw).not.toBe('');
    expect(raw).not.toContain(TOKEN);
    expect(raw).not.toContain('eyJ');
    expect(raw).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('encrypts the same value differently each time (fresh IV)', async () => {
    const env = new FakeEnvironment();
    const storage = new SecureStorage(env);
    await storage.set(StorageKeys.authToken, TOKEN);
    const first = env.localStorage?.getItem(StorageKeys.authToken);
    await storage.set(StorageKeys.authToken, TOKEN);
    expect(env.localStorage?.getItem(StorageKeys.authToken)).not.toBe(first);
  });

  it('reads the values back after a reload (the key is kept per browser)', async () => {
    const env = new FakeEnvironment();
    await new SecureStorage(env).set(StorageKeys.authToken, TOKEN);
    expect(await new SecureStorage(env).get(StorageKeys.authToken)).toBe(TOKEN);
  });

  it('keeps the raw key under its own local-storage item when IndexedDB is unavailable', async () => {
    const env = new FakeEnvironment();
    await new SecureStorage(env).set(StorageKeys.authToken, TOKEN);
    expect(env.localStorage?.getItem(RAW_KEY_NAME)).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
  });

  it('cannot read values copied into another browser', async () => {
    const env = new FakeEnvironment();
    await new SecureStorage(env).set(StorageKeys.authToken, TOKEN);
    const other = new FakeEnvironment();
    other.localStorage?.setItem(StorageKeys.authToken, env.localStorage?.getItem(StorageKeys.authToken) ?? '');
    expect(await new SecureStorage(other).get(StorageKeys.authToken)).toBeNull();
  });

  it('refuses a value moved under another key name', async () => {
    const env = new FakeEnvironment();
    const storage = new SecureStorage(env);
    await storage.set(StorageKeys.authToken, TOKEN);
    env.localStorage?.setItem(StorageKeys.userInfo, env.localStorage.getItem(StorageKeys.authToken) ?? '');
    expect(await storage.get(StorageKeys.userInfo)).toBeNull();
  });

  it('returns null for a tampered or foreign value', async () => {
    const env = new FakeEnvironment();
    const storage = new SecureStorage(env);
    await storage.set(StorageKeys.authToken, TOKEN);
    const raw = env.localStorage?.getItem(StorageKeys.authToken) ?? '';
    env.localStorage?.setItem(StorageKeys.authToken, `${raw.slice(0, -2)}${raw.endsWith('AA') ? 'BB' : 'AA'}`);
    expect(await storage.get(StorageKeys.authToken)).toBeNull();
    env.localStorage?.setItem(StorageKeys.authToken, 'plain text, not ours!');
    expect(await storage.get(StorageKeys.authToken)).toBeNull();
  });

  it('remove() forgets one value; clear() forgets every Atrium key but the locale', async () => {
    const env = new FakeEnvironment();
    const storage = new SecureStorage(env);
    for (const key of [StorageKeys.authToken, StorageKeys.userInfo, StorageKeys.metadata]) await storage.set(key, 'x');
    env.localStorage?.setItem(StorageKeys.locale, 'de_DE');
    env.localStorage?.setItem('unrelated', 'kept');
    await storage.remove(StorageKeys.userInfo);
    expect(await storage.get(StorageKeys.userInfo)).toBeNull();
    expect(await storage.get(StorageKeys.authToken)).toBe('x');
    await storage.clear();
    expect(await storage.get(StorageKeys.authToken)).toBeNull();
    expect(await storage.get(StorageKeys.metadata)).toBeNull();
    expect(env.localStorage?.getItem(StorageKeys.locale)).toBe('de_DE');
    expect(env.localStorage?.getItem('unrelated')).toBe('kept');
  });

  it('without WebCrypto keeps values for this page only, in memory', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const env = new FakeEnvironment();
    Object.defineProperty(env, 'crypto', { value: {} as Crypto });
    const storage = new SecureStorage(env);
    await storage.set(StorageKeys.authToken, TOKEN);
    expect(await storage.get(StorageKeys.authToken)).toBe(TOKEN);
    expect((env.localStorage as MemoryStorage).entries()).toEqual([]);
    expect(console.warn).toHaveBeenCalledOnce();
  });
});

describe('SecureStorage key in IndexedDB', () => {
  it('keeps a non-extractable key in IndexedDB and nothing raw in local storage', async () => {
    const env = new FakeEnvironment();
    const idb = new FakeIndexedDB();
    env.indexedDB = idb.asFactory();
    await new SecureStorage(env).set(StorageKeys.authToken, TOKEN);
    const key = idb.databases.get('atrium')?.get('keys')?.get('storage') as CryptoKey;
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    expect(env.localStorage?.getItem(RAW_KEY_NAME)).toBeNull();
    expect(await new SecureStorage(env).get(StorageKeys.authToken)).toBe(TOKEN);
  });

  it('two pages racing for the first key settle on the same one', async () => {
    const env = new FakeEnvironment();
    env.indexedDB = new FakeIndexedDB().asFactory();
    const [a, b] = [new SecureStorage(env), new SecureStorage(env)];
    await Promise.all([a.set(StorageKeys.authToken, 'from a'), b.set(StorageKeys.user, { jwt: 'j', username: 'b' })]);
    expect(await b.get(StorageKeys.authToken)).toBe('from a');
    expect(await a.get(StorageKeys.user)).toEqual({ jwt: 'j', username: 'b' });
  });

  it('falls back to the raw key when IndexedDB refuses to open', async () => {
    const env = new FakeEnvironment();
    const idb = new FakeIndexedDB();
    idb.failOpen = true;
    env.indexedDB = idb.asFactory();
    const storage = new SecureStorage(env);
    await storage.set(StorageKeys.authToken, TOKEN);
    expect(await storage.get(StorageKeys.authToken)).toBe(TOKEN);
    expect(env.localStorage?.getItem(RAW_KEY_NAME)).not.toBeNull();
  });
});

describe('SecureStorage instances of one page', () => {
  it('share one key even when they start together', async () => {
    const env = new FakeEnvironment();
    const [a, b] = [new SecureStorage(env), new SecureStorage(env)];
    await Promise.all([a.set(StorageKeys.authToken, 'from a'), b.set(StorageKeys.user, 'from b')]);
    expect(await b.get(StorageKeys.authToken)).toBe('from a');
    expect(await a.get(StorageKeys.user)).toBe('from b');
  });
});
