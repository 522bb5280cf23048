import { COOKIE_FALLBACK_LIFETIME } from '@atrium/shared';
import type { ClientEnvironment } from '../env.js';
import { fromBase64Url, toBase64Url } from './base64url.js';

/** IndexedDB database, object store and record holding the non-extractable key. */
const DB_NAME = 'atrium';
const DB_STORE = 'keys';
const DB_RECORD = 'storage';
/** Local-storage item (or cookie) holding the raw key when IndexedDB is unavailable. */
export const RAW_KEY_NAME = 'atrium.storage-key';

const ALGORITHM = { name: 'AES-GCM', length: 256 } as const;
const USAGES: KeyUsage[] = ['encrypt', 'decrypt'];

/**
 * The AES-GCM key of SecureStorage: generated once per browser and kept so
 * that it survives reloads.
 *
 * 1. IndexedDB, as a non-extractable CryptoKey: page script can use it but
 *    never read its bytes.
 * 2. Otherwise the raw key in local storage (or, when local storage is
 *    unavailable too, in a cookie that lives as long as the cookie fallback).
 *
 * Either way this protects tokens against casual reading and copying of the
 * stored values (a look in the developer tools, a copied profile folder, a
 * backup), not against script running in the page, which can always ask for
 * a decryption.
 */
export function loadStorageKey(env: ClientEnvironment): Promise<CryptoKey> {
  // One load per page: several SecureStorage instances must not each create a key.
  let key = keys.get(env);
  if (!key) {
    key = findOrCreateKey(env);
    keys.set(env, key);
    key.catch(() => keys.delete(env));
  }
  return key;
}

const keys = new WeakMap<ClientEnvironment, Promise<CryptoKey>>();

async function findOrCreateKey(env: ClientEnvironment): Promise<CryptoKey> {
  if (env.indexedDB) {
    try {
      return await keyFromIndexedDb(env.indexedDB, env.crypto);
    } catch {
      // Blocked, private mode or quota: keep the raw key instead.
    }
  }
  return keyFromText(env);
}

/** Extends the key cookie's life (when the key lives in a cookie) along with a value cookie written now. */
export function touchKeyCookie(env: ClientEnvironment): void {
  const raw = env.cookies.get(RAW_KEY_NAME);
  if (raw !== null) writeKeyCookie(env, raw);
}

function writeKeyCookie(env: ClientEnvironment, raw: string): void {
  env.cookies.set(RAW_KEY_NAME, raw, { expires: new Date(env.clock.now() + COOKIE_FALLBACK_LIFETIME), path: '/', sameSite: 'Strict' });
}

function isCryptoKey(value: unknown): value is CryptoKey {
  return typeof value === 'object' && value !== null && 'algorithm' in value && 'usages' in value;
}

function settle<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = (event) => {
      event.preventDefault(); // handled here: keep it from aborting louder than needed
      reject(request.error ?? new Error('IndexedDB request failed'));
    };
  });
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    if (!request.result.objectStoreNames.contains(DB_STORE)) request.result.createObjectStore(DB_STORE);
  };
  return settle(request);
}

async function keyFromIndexedDb(factory: IDBFactory, crypto: Crypto): Promise<CryptoKey> {
  const db = await openDatabase(factory);
  try {
    const read = async () => settle<unknown>(db.transaction(DB_STORE, 'readonly').objectStore(DB_STORE).get(DB_RECORD));
    const existing = await read();
    if (isCryptoKey(existing)) return existing;
    const key = await crypto.subtle.generateKey(ALGORITHM, false, USAGES);
    try {
      // add, not put: when two tabs race, the first key stored wins and both use it.
      await settle(db.transaction(DB_STORE, 'readwrite').objectStore(DB_STORE).add(key, DB_RECORD));
      return key;
    } catch {
      const winner = await read();
      if (isCryptoKey(winner)) return winner;
      throw new Error('No storage key in IndexedDB');
    }
  } finally {
    db.close();
  }
}

function readRaw(env: ClientEnvironment): string | null {
  try {
    const local = env.localStorage?.getItem(RAW_KEY_NAME);
    if (local) return local;
  } catch {
    // unavailable: try the cookie
  }
  return env.cookies.get(RAW_KEY_NAME);
}

function writeRaw(env: ClientEnvironment, raw: string): void {
  try {
    if (env.localStorage) {
      env.localStorage.setItem(RAW_KEY_NAME, raw);
      return;
    }
  } catch {
    // unavailable: use the cookie
  }
  writeKeyCookie(env, raw);
}

async function importRaw(crypto: Crypto, raw: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', fromBase64Url(raw), ALGORITHM, false, USAGES);
}

async function keyFromText(env: ClientEnvironment): Promise<CryptoKey> {
  const stored = readRaw(env);
  if (stored) {
    try {
      return await importRaw(env.crypto, stored);
    } catch {
      // damaged: replace it (values encrypted with it become unreadable, i.e. signed out)
    }
  }
  const fresh = await env.crypto.subtle.generateKey(ALGORITHM, true, USAGES);
  const raw = toBase64Url(new Uint8Array(await env.crypto.subtle.exportKey('raw', fresh)));
  writeRaw(env, raw);
  // Read back, so that when another tab wrote its key at the same moment both settle on the stored one.
  return importRaw(env.crypto, readRaw(env) ?? raw);
}
