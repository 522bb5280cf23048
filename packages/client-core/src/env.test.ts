import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserEnvironment } from './env.js';

describe('browserEnvironment', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('hands out the working local storage, WebCrypto and the page address', () => {
    const env = browserEnvironment();
    expect(env.localStorage).toBe(window.localStorage);
    expect(typeof env.crypto.subtle.encrypt).toBe('function');
    expect(env.location.origin).toBe(window.location.origin);
    expect(localStorage.length).toBe(0); // the probe cleans up
  });

  it('treats a local storage that throws as unavailable', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(browserEnvironment().localStorage).toBeNull();
  });

  it('reads, writes and removes cookies through document.cookie', () => {
    const { cookies, clock } = browserEnvironment();
    cookies.set('AUTH_token', 'a b;c=d', { expires: new Date(clock.now() + 60_000), path: '/', sameSite: 'Strict' });
    expect(document.cookie).toContain('AUTH_token=a%20b%3Bc%3Dd');
    expect(cookies.get('AUTH_token')).toBe('a b;c=d');
    expect(cookies.get('AUTH')).toBeNull();
    cookies.remove('AUTH_token');
    expect(cookies.get('AUTH_token')).toBeNull();
  });

  it('reports popstate to listeners until they unsubscribe', () => {
    const env = browserEnvironment();
    const listener = vi.fn();
    const off = env.onPopState(listener);
    window.dispatchEvent(new PopStateEvent('popstate'));
    off();
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(listener).toHaveBeenCalledOnce();
  });
});
