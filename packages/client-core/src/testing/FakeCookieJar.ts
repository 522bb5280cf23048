import type { Clock, CookieJar } from '../env.js';

/** A cookie as the fake jar keeps it. */
export interface FakeCookie {
  value: string;
  expires: Date;
  path?: string;
  sameSite?: 'Strict' | 'Lax';
}

/**
 * A cookie jar that honours `expires` against the (fake) clock, like a
 * browser. `keepExpired` makes it a jar that keeps cookies past their expiry
 * (to prove the client checks the expiry itself).
 */
export class FakeCookieJar implements CookieJar {
  readonly cookies = new Map<string, FakeCookie>();
  keepExpired = false;
  readonly #clock: Clock;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  get(name: string): string | null {
    const cookie = this.cookies.get(name);
    if (!cookie) return null;
    if (!this.keepExpired && cookie.expires.getTime() <= this.#clock.now()) {
      this.cookies.delete(name);
      return null;
    }
    return cookie.value;
  }

  set(name: string, value: string, options: { expires: Date; path?: string; sameSite?: 'Strict' | 'Lax' }): void {
    this.cookies.set(name, { value, ...options });
  }

  remove(name: string): void {
    this.cookies.delete(name);
  }
}
