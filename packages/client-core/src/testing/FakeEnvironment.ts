import type { CacheNames, ClientEnvironment, PageHistory, PageLocation, UploadInit } from '../env.js';
import { FakeClock } from './FakeClock.js';
import { FakeCookieJar } from './FakeCookieJar.js';
import { MemoryStorage, ThrowingStorage } from './MemoryStorage.js';
import { FakeSocketServer, type FakeWebSocket } from './FakeWebSocket.js';

/** A request as the fake fetch saw it. */
export interface RecordedRequest {
  method: string;
  /** The address exactly as the client passed it. */
  url: string;
  /** Path of the address (no query). */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | null | undefined;
  /** The body parsed as JSON (string bodies). */
  json(): unknown;
  /** The body as form fields (URLSearchParams bodies). */
  form(): Record<string, string>;
}

/** Answers one request; may be async. */
export type RouteHandler = (request: RecordedRequest) => Response | Promise<Response>;

/** A JSON response. */
export function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

/** A never-ending exchange that fails like fetch when its request is aborted. */
export function hang(request: RecordedRequest): Promise<Response> {
  return new Promise((_, reject) => {
    request.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });
}

/** A location object over a URL, recording assign() and reload(). */
class FakeLocation implements PageLocation {
  #url: URL;
  readonly assigned: string[] = [];
  reloads = 0;

  constructor(address: string) {
    this.#url = new URL(address);
  }
  get href() {
    return this.#url.href;
  }
  get origin() {
    return this.#url.origin;
  }
  get host() {
    return this.#url.host;
  }
  get pathname() {
    return this.#url.pathname;
  }
  get search() {
    return this.#url.search;
  }
  get hash() {
    return this.#url.hash;
  }
  assign(url: string): void {
    this.assigned.push(url);
  }
  reload(): void {
    this.reloads += 1;
  }
  /** Moves to another address (as history calls or the test do). */
  go(url: string): void {
    this.#url = new URL(url, this.#url);
  }
}

/** Cache Storage with named caches, recording deletions. */
class FakeCaches implements CacheNames {
  readonly names = new Set<string>();
  async keys(): Promise<string[]> {
    return [...this.names];
  }
  async delete(name: string): Promise<boolean> {
    return this.names.delete(name);
  }
}

/**
 * A browser for tests: fake clock, in-memory storage (or none, or one that
 * throws), a cookie jar honouring expiry on the fake clock, recorded
 * location.assign/reload and history calls, and a fetch answered by routes
 * the test scripts. An unrouted request answers 599 and is kept in
 * `unrouted`, so a test sees it. Websockets go to `socketServer` (a
 * FakeSocketServer); browser notifications are recorded in `nativeNotifications`.
 */
export class FakeEnvironment implements ClientEnvironment {
  readonly clock: FakeClock;
  localStorage: Storage | null;
  sessionStorage: Storage | null = new MemoryStorage();
  indexedDB: IDBFactory | null = null;
  readonly cookies: FakeCookieJar;
  readonly crypto: Crypto = globalThis.crypto;
  readonly location: FakeLocation;
  readonly historyCalls: { kind: 'push' | 'replace'; url: string | undefined }[] = [];
  readonly caches = new FakeCaches();
  readonly requests: RecordedRequest[] = [];
  readonly unrouted: RecordedRequest[] = [];
  readonly #routes: { method: string; path: string | RegExp; handler: RouteHandler }[] = [];
  readonly #popListeners = new Set<() => void>();
  /** The server every websocket of this environment connects to. */
  readonly socketServer = new FakeSocketServer();
  /** Browser notifications shown, oldest first. */
  readonly nativeNotifications: Array<{ title: string; body: string }> = [];

  constructor(options: { address?: string; localStorage?: 'memory' | 'none' | 'throws'; clock?: FakeClock } = {}) {
    this.clock = options.clock ?? new FakeClock();
    this.cookies = new FakeCookieJar(this.clock);
    this.location = new FakeLocation(options.address ?? 'https://atrium.example/');
    const kind = options.localStorage ?? 'memory';
    this.localStorage = kind === 'memory' ? new MemoryStorage() : kind === 'throws' ? new ThrowingStorage() : null;
  }

  readonly history: PageHistory = {
    pushState: (_data, _unused, url) => {
      this.historyCalls.push({ kind: 'push', url });
      if (url !== undefined) this.location.go(url);
    },
    replaceState: (_data, _unused, url) => {
      this.historyCalls.push({ kind: 'replace', url });
      if (url !== undefined) this.location.go(url);
    },
  };

  readonly createSocket = (url: string): FakeWebSocket => this.socketServer.factory(url) as FakeWebSocket;

  socketUrl(path: string): string {
    return `${this.location.origin.replace(/^http/, 'ws')}${path}`;
  }

  showNativeNotification(title: string, body: string): void {
    this.nativeNotifications.push({ title, body });
  }

  onPopState(listener: () => void): () => void {
    this.#popListeners.add(listener);
    return () => this.#popListeners.delete(listener);
  }

  /** Simulates the back button. */
  firePopState(): void {
    for (const listener of [...this.#popListeners]) listener();
  }

  /** Fractions of the body an upload reports as sent before its request is answered. */
  uploadSteps: number[] = [0.5, 1];

  /** An upload: reports `uploadSteps` of the body's size (its fields' lengths), then answers through the routes like fetch. */
  readonly upload = async (url: string, init: UploadInit): Promise<Response> => {
    init.signal.throwIfAborted();
    let total = 0;
    if (init.body instanceof FormData) for (const [, value] of init.body) total += typeof value === 'string' ? value.length : value.size;
    for (const step of this.uploadSteps) init.onProgress(Math.round(step * total), total);
    return this.fetch(url, init);
  };

  /** Answers METHOD path (exact path, or a pattern) with the handler; later routes win. */
  route(method: string, path: string | RegExp, handler: RouteHandler): this {
    this.#routes.unshift({ method: method.toUpperCase(), path, handler });
    return this;
  }

  /** Requests made to a path (and method), for assertions. */
  calls(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method.toUpperCase() && r.path === path);
  }

  readonly fetch = async (input: string, init: RequestInit = {}): Promise<Response> => {
    const address = new URL(input, this.location.origin);
    const body = init.body;
    const request: RecordedRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: input,
      path: address.pathname,
      query: address.searchParams,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body,
      credentials: init.credentials,
      signal: init.signal,
      json: () => (typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined),
      form: () => (body instanceof URLSearchParams ? Object.fromEntries(body) : {}),
    };
    this.requests.push(request);
    const route = this.#routes.find((r) => r.method === request.method && (typeof r.path === 'string' ? r.path === request.path : r.path.test(request.path)));
    if (!route) {
      this.unrouted.push(request);
      return jsonResponse(599, { status: 'error', message: `FakeEnvironment: no route for ${request.method} ${request.path}` });
    }
    return route.handler(request);
  };
}
