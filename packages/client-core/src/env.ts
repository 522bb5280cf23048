/**
 * Everything the client touches in the browser, behind interfaces so that the
 * models run (and are tested) without one. `browserEnvironment()` (and
 * `browserPackageLoader()`) are the only code in client-core that reads
 * `window` or `document`.
 */
import type { PackageLoader } from './packages/packageLoading.js';
import type { SocketFactory, WebSocketLike } from './sockets/SocketClient.js';

/** Time and timers; tests inject a fake one (testing/FakeClock.ts). */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** `document.cookie` behind an interface. */
export interface CookieJar {
  /** The cookie's value, or null when the browser does not hold it (or it has expired). */
  get(name: string): string | null;
  set(name: string, value: string, options: { expires: Date; path?: string; sameSite?: 'Strict' | 'Lax' }): void;
  remove(name: string): void;
}

/** The parts of `window.location` the client reads and drives. */
export interface PageLocation {
  href: string;
  origin: string;
  host: string;
  pathname: string;
  search: string;
  hash: string;
  assign(url: string): void;
  reload(): void;
}

/** The parts of `window.history` the client drives. */
export interface PageHistory {
  pushState(data: unknown, unused: string, url?: string): void;
  replaceState(data: unknown, unused: string, url?: string): void;
}

/** The Cache Storage API (`window.caches`), reduced to what clearing needs. */
export interface CacheNames {
  keys(): Promise<string[]>;
  delete(name: string): Promise<boolean>;
}

/** A request whose body's progress is told as it goes up (an upload). */
export interface UploadInit {
  method: string;
  headers: Record<string, string>;
  body: BodyInit;
  credentials: RequestCredentials;
  /** Aborting cancels the upload: the promise rejects with an AbortError. */
  signal: AbortSignal;
  /** Bytes of the body sent, of the total. */
  onProgress(loaded: number, total: number): void;
}

/** Everything the client touches in the browser, injected so tests run without one. */
export interface ClientEnvironment {
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** null when unavailable (then the cookie fallback is used). */
  localStorage: Storage | null;
  /** Per-tab storage (remembers a launch request across a reload); null or absent when unavailable. */
  sessionStorage?: Storage | null;
  /** Where SecureStorage keeps its non-extractable key; null or absent when unavailable. */
  indexedDB?: IDBFactory | null;
  cookies: CookieJar;
  /** WebCrypto (globalThis.crypto). */
  crypto: Crypto;
  clock: Clock;
  location: PageLocation;
  history: PageHistory;
  /** Calls the listener on every popstate; returns an unsubscribe. */
  onPopState(listener: () => void): () => void;
  caches?: CacheNames;
  /** Opens a websocket (absent: the desktop runs without sockets). */
  createSocket?: SocketFactory;
  /** The ws(s):// address of a path on this server ('/socket' → 'wss://host/socket'). */
  socketUrl?(path: string): string;
  /** Shows a browser notification when the user has allowed them; absent or silent otherwise. */
  showNativeNotification?(title: string, body: string): void;
  /**
   * Sends a request telling the progress of its body (fetch cannot): the
   * answer as a Response; a network failure rejects with a TypeError like
   * fetch. Absent: uploads go through fetch without progress.
   */
  upload?(url: string, init: UploadInit): Promise<Response>;
}

/**
 * A Web Storage area if it really works: some browsers expose one that throws
 * on use (privacy modes, storage disabled), which counts as unavailable.
 */
function usableStorage(get: () => Storage): Storage | null {
  try {
    const storage = get();
    const probe = '__atrium_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/** document.cookie as a CookieJar. Names and values are URI-encoded. */
function documentCookies(): CookieJar {
  const write = (name: string, value: string, attributes: string) => {
    document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; ${attributes}`;
  };
  return {
    get(name) {
      const wanted = encodeURIComponent(name);
      for (const part of document.cookie.split('; ')) {
        const at = part.indexOf('=');
        if (at > 0 && part.slice(0, at) === wanted) return decodeURIComponent(part.slice(at + 1));
      }
      return null;
    },
    set(name, value, options) {
      const secure = window.location.protocol === 'https:' ? '; Secure' : '';
      write(name, value, `expires=${options.expires.toUTCString()}; path=${options.path ?? '/'}; SameSite=${options.sameSite ?? 'Strict'}${secure}`);
    },
    remove(name) {
      write(name, '', 'expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Strict');
    },
  };
}

/** The real browser environment (window, document.cookie, local storage with a probe, crypto, caches). */
export function browserEnvironment(): ClientEnvironment {
  const caches = 'caches' in window ? window.caches : undefined;
  let indexedDB: IDBFactory | null = null;
  try {
    indexedDB = window.indexedDB ?? null;
  } catch {
    // Some privacy modes throw on access.
  }
  return {
    fetch: (input, init) => window.fetch(input, init),
    localStorage: usableStorage(() => window.localStorage),
    sessionStorage: usableStorage(() => window.sessionStorage),
    indexedDB,
    cookies: documentCookies(),
    crypto: window.crypto,
    clock: {
      now: () => Date.now(),
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
      setInterval: (fn, ms) => window.setInterval(fn, ms),
      clearInterval: (handle) => window.clearInterval(handle as number),
    },
    location: window.location,
    history: window.history,
    onPopState(listener) {
      window.addEventListener('popstate', listener);
      return () => window.removeEventListener('popstate', listener);
    },
    caches: caches && { keys: () => caches.keys(), delete: (name) => caches.delete(name) },
    // A real WebSocket fits WebSocketLike at run time (its events carry code, reason and data).
    createSocket: (url) => new WebSocket(url) as unknown as WebSocketLike,
    socketUrl: (path) => `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}${path.startsWith('/') ? path : `/${path}`}`,
    showNativeNotification(title, body) {
      try {
        if (typeof Notification !== 'undefined' && Notification.permission === 'granted') new Notification(title, { body });
      } catch {
        // Some browsers only allow notifications from a service worker: the toast is enough.
      }
    },
    // XMLHttpRequest tells upload progress; loaded with the first upload, not with the page.
    upload: (url, init) => import('./vfs/xhrUpload.js').then((m) => m.xhrUpload(url, init)),
  };
}

/**
 * Loads the files of a registered package in the page: a module by dynamic
 * import (the address is the signed package address the manifest gave) and
 * a style sheet by a <link> in the document's head, resolved once it loads.
 */
export function browserPackageLoader(): PackageLoader {
  const styles = new Map<string, Promise<void>>();
  return {
    importModule: (url) => import(/* @vite-ignore */ url) as Promise<{ default?: unknown }>,
    loadStyle(url) {
      let loaded = styles.get(url);
      if (!loaded) {
        loaded = new Promise<void>((resolve, reject) => {
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.href = url;
          link.onload = () => resolve();
          link.onerror = () => {
            link.remove();
            styles.delete(url);
            reject(new Error(`The style sheet ${url} could not be loaded`));
          };
          document.head.appendChild(link);
        });
        styles.set(url, loaded);
      }
      return loaded;
    },
  };
}
