import type { ClientEnvironment } from '../env.js';

/** Lifetime of a preference kept in a cookie when local storage is unavailable. */
const PREFERENCE_COOKIE_LIFETIME = 365 * 24 * 60 * 60 * 1000;

/**
 * Reads a plain (unencrypted) local preference such as the locale: local
 * storage, or the cookie of the same name when local storage is unavailable.
 */
export function readPreference(env: ClientEnvironment, key: string): string | null {
  if (env.localStorage) {
    try {
      return env.localStorage.getItem(key);
    } catch {
      // fall through to the cookie
    }
  }
  return env.cookies.get(key);
}

/** Writes a plain local preference (local storage, else a long-lived cookie). */
export function writePreference(env: ClientEnvironment, key: string, value: string): void {
  if (env.localStorage) {
    try {
      env.localStorage.setItem(key, value);
      return;
    } catch {
      // fall through to the cookie
    }
  }
  env.cookies.set(key, value, { expires: new Date(env.clock.now() + PREFERENCE_COOKIE_LIFETIME), path: '/', sameSite: 'Strict' });
}
