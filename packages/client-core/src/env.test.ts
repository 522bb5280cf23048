// @vitest-environment jsdom
// The browser environment is read from the window, its storage and its document.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserEnvironment, browserPackageLoader } from './env.js';

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

  it('addresses websockets on this host with ws or wss', () => {
    const env = browserEnvironment();
    const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    expect(env.socketUrl?.('/socket')).toBe(`${scheme}//${window.location.host}/socket`);
    expect(env.socketUrl?.('apps/Chat/socket')).toBe(`${scheme}//${window.location.host}/apps/Chat/socket`);
    expect(typeof env.createSocket).toBe('function');
  });
});

describe('browserPackageLoader', () => {
  it('adds a style sheet once and resolves when it has loaded', async () => {
    const loader = browserPackageLoader();
    const loading = loader.loadStyle('/packages/t/Board/board.css');
    expect(loader.loadStyle('/packages/t/Board/board.css')).toBe(loading);
    const links = document.head.querySelectorAll('link[rel="stylesheet"][href="/packages/t/Board/board.css"]');
    expect(links).toHaveLength(1);
    links[0]!.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBeUndefined();
  });

  it('rejects and removes a style sheet that fails', async () => {
    const loading = browserPackageLoader().loadStyle('/packages/t/Board/missing.css');
    const link = document.head.querySelector('link[href="/packages/t/Board/missing.css"]')!;
    link.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow('The style sheet /packages/t/Board/missing.css could not be loaded');
    expect(link.isConnected).toBe(false);
  });
});
