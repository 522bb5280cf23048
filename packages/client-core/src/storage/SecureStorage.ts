import { COOKIE_FALLBACK_LIFETIME } from '@atrium/shared';
import type { ClientEnvironment } from '../env.js';
import { fromBase64Url, toBase64Url } from './base64url.js';
import { loadStorageKey, touchKeyCookie } from './loadStorageKey.js';
import { StorageKeys } from './StorageKeys.js';

/** What is encrypted: the value and, for cookies, the moment it stops being valid. */
interface Payload {
  v: unknown;
  /** Expiry (ms since epoch) or null for no expiry. */
  e: number | null;
}

/** Longest encoded value put in a cookie: browsers drop cookies over 4096 bytes (name included). */
const MAX_COOKIE_BYTES = 4000;
const IV_BYTES = 12;

/** The keys clear() removes: every Atrium key except the locale, which is a preference, not session data. */
const CLEARED_KEYS = Object.values(StorageKeys).filter((key) => key !== StorageKeys.locale);

/**
 * Encrypted local storage (AES-GCM via WebCrypto, key kept per browser, see
 * loadStorageKey) for AUTH_token, REFRESH_token ({key}), User ({jwt, username})
 * and UserInfo (the profile). Values are JSON. Each value is encrypted with a
 * fresh IV and its key name as associated data, so a value copied under
 * another name does not decrypt.
 *
 * When local storage is unavailable (null or throwing) values go to cookies
 * named like the key that expire after 3 hours (SameSite=Strict, path=/); the
 * expiry is also inside the encrypted payload, so a jar that keeps the cookie
 * longer does not extend it. A value too large for a cookie is kept in memory
 * for the life of the page. Without WebCrypto (a page served over plain http)
 * nothing is persisted: values live in memory only.
 */
export class SecureStorage {
  readonly #env: ClientEnvironment;
  #key: Promise<CryptoKey | null> | null = null;
  /** Values that could not be persisted (too large for a cookie, or no WebCrypto). */
  readonly #memory = new Map<string, string | Payload>();

  constructor(env: ClientEnvironment) {
    this.#env = env;
  }

  /** The value, or null when missing, undecryptable or expired. */
  async get<T>(key: string): Promise<T | null> {
    const stored = this.#read(key);
    if (stored === null) return null;
    const payload = typeof stored === 'string' ? await this.#decrypt(key, stored) : stored;
    if (payload === null) return null;
    if (payload.e !== null && this.#env.clock.now() >= payload.e) {
      await this.remove(key);
      return null;
    }
    return (payload.v ?? null) as T | null;
  }

  /** Stores the value (JSON) encrypted: in local storage, else in a 3-hour cookie. */
  async set(key: string, value: unknown): Promise<void> {
    const cryptoKey = await this.#cryptoKey();
    this.#memory.delete(key);
    if (!cryptoKey) {
      this.#memory.set(key, { v: value, e: null });
      return;
    }
    const local = this.#env.localStorage;
    if (local) {
      const text = await this.#encrypt(cryptoKey, key, { v: value, e: null });
      try {
        local.setItem(key, text);
        this.#env.cookies.remove(key);
        return;
      } catch {
        // quota or storage disabled: fall back to the cookie
      }
    }
    const expires = this.#env.clock.now() + COOKIE_FALLBACK_LIFETIME;
    const text = await this.#encrypt(cryptoKey, key, { v: value, e: expires });
    if (key.length + text.length > MAX_COOKIE_BYTES) {
      this.#env.cookies.remove(key);
      this.#memory.set(key, text);
      return;
    }
    this.#env.cookies.set(key, text, { expires: new Date(expires), path: '/', sameSite: 'Strict' });
    touchKeyCookie(this.#env);
  }

  /** Removes the value from every place it may be kept. */
  async remove(key: string): Promise<void> {
    this.#memory.delete(key);
    try {
      this.#env.localStorage?.removeItem(key);
    } catch {
      // unavailable: nothing stored there
    }
    this.#env.cookies.remove(key);
  }

  /** Removes every Atrium key (local storage and cookies) except the locale preference. */
  async clear(): Promise<void> {
    for (const key of CLEARED_KEYS) await this.remove(key);
  }

  #read(key: string): string | Payload | null {
    try {
      const local = this.#env.localStorage?.getItem(key);
      if (local) return local;
    } catch {
      // unavailable: try the cookie
    }
    return this.#env.cookies.get(key) ?? this.#memory.get(key) ?? null;
  }

  #cryptoKey(): Promise<CryptoKey | null> {
    this.#key ??= loadStorageKey(this.#env).catch((error: unknown) => {
      console.warn('Encrypted storage is unavailable (no WebCrypto); sign-in lasts for this page only.', error);
      return null;
    });
    return this.#key;
  }

  async #encrypt(cryptoKey: CryptoKey, name: string, payload: Payload): Promise<string> {
    const iv = this.#env.crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const plain = new TextEncoder().encode(JSON.stringify(payload));
    const sealed = await this.#env.crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(name) }, cryptoKey, plain);
    const out = new Uint8Array(IV_BYTES + sealed.byteLength);
    out.set(iv, 0);
    out.set(new Uint8Array(sealed), IV_BYTES);
    return toBase64Url(out);
  }

  async #decrypt(name: string, text: string): Promise<Payload | null> {
    const cryptoKey = await this.#cryptoKey();
    if (!cryptoKey) return null;
    try {
      const bytes = fromBase64Url(text);
      const plain = await this.#env.crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES), additionalData: new TextEncoder().encode(name) },
        cryptoKey,
        bytes.slice(IV_BYTES),
      );
      const payload = JSON.parse(new TextDecoder().decode(plain)) as Partial<Payload>;
      return { v: payload.v, e: typeof payload.e === 'number' ? payload.e : null };
    } catch {
      return null; // another key, tampered, or not ours
    }
  }
}
