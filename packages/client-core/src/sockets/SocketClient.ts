import {
  appSocketServerDirection,
  parseSocketFrame,
  SOCKET_MESSAGE_MAX_BYTES,
  SOCKET_RECONNECT_INTERVAL,
  SocketClose,
  SocketNames,
  type AppSocketServerMessage,
  type DesktopServerMessage,
  type SocketDirection,
  type SocketMessage,
  type SocketParams,
} from '@atrium/shared';
import type { AppSocket, SocketStatus } from '@atrium/sdk';
import type { Clock } from '../env.js';
import { Observable } from '../Observable.js';

export type { SocketStatus };

/** The part of a browser WebSocket the client uses (a real one fits; tests pass testing/FakeWebSocket). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((e: unknown) => void) | null;
  onclose: ((e: { code: number; reason?: string }) => void) | null;
  onmessage: ((e: { data: unknown }) => void) | null;
  onerror: ((e: unknown) => void) | null;
}

/** Opens a websocket to an address. */
export type SocketFactory = (url: string) => WebSocketLike;

/**
 * 'lost': a ready connection closed unexpectedly; 'restored': ready again
 * after 'lost' or 'failed'; 'failed': the very first attempt closed before
 * it was ready (once).
 */
export type ConnectionEvent = 'lost' | 'restored' | 'failed';

export interface SocketClientState {
  status: SocketStatus;
  /** Whether the socket has been ready at least once. */
  everOpen: boolean;
}

/** Where the socket writes what goes wrong (the browser's console by default). */
export type SocketLog = Pick<Console, 'warn' | 'error'>;

export interface SocketClientOptions<In extends SocketMessage = AppSocketServerMessage> {
  clock: Clock;
  /**
   * The messages the server may send on this socket (the shared contract):
   * an application's socket by default; the desktop's socket passes
   * desktopServerDirection. A message outside it is logged, counted and dropped.
   */
  contract?: SocketDirection<In>;
  /** Default: console. */
  log?: SocketLog;
  createSocket: SocketFactory;
  /** ws(s):// address. */
  url: string;
  /** The access token sent in atrium/auth; null: signed out (nothing is sent, the socket waits for refresh). */
  token(): string | null;
  /** Gets a new token after a 4401 close; false ends the socket (the session is over). */
  refresh?(): Promise<boolean>;
  /** Wait before reconnecting after an unexpected close (default 1000 ms: docs/behaviour/connection.md#reconnecting). */
  reconnectInterval?: number;
  /**
   * Longest wait between attempts. Each failed attempt in a row doubles the
   * wait, from reconnectInterval up to this; default reconnectInterval (a
   * fixed interval). The desktop socket grows up to 5000 ms.
   */
  maxReconnectInterval?: number;
}

/** Messages queued while not ready are kept up to this many (the oldest go first). */
export const SOCKET_QUEUE_LIMIT = 256;

const OPEN = 1;

/**
 * A websocket speaking the product's protocol (docs/behaviour/connection.md): JSON messages
 * {name, params}; the first message is atrium/auth with the access token and
 * the socket is ready on atrium/ready. Messages sent before that are queued
 * and flushed in order once ready. An unexpected close reconnects after
 * reconnectInterval (growing up to maxReconnectInterval while attempts keep
 * failing); a 1001 close (the server going away) of a ready connection
 * reconnects at once; a 4401 close first refreshes the token (a failed
 * refresh ends the socket), a 4403 close (app not available) ends it. close() is
 * deliberate: no reconnect. State: status and whether it was ever ready.
 *
 * Each message the server sends is parsed once, here, with the socket's
 * contract: listeners get typed params; a message that does not parse is
 * logged with its name, counted (`droppedMessages`) and reaches no listener.
 */
export class SocketClient<In extends SocketMessage = AppSocketServerMessage> extends Observable<SocketClientState> implements AppSocket {
  readonly #options: SocketClientOptions<In>;
  readonly #contract: SocketDirection<In>;
  readonly #log: SocketLog;
  #dropped = 0;
  readonly #interval: number;
  readonly #maxInterval: number;
  #socket: WebSocketLike | null = null;
  #ready = false;
  #closed = true;
  #failures = 0;
  #attempts = 0;
  /** A 'lost' or 'failed' was announced and no 'restored' yet. */
  #down = false;
  #failedAnnounced = false;
  #timer: unknown = null;
  #queue: string[] = [];
  readonly #listeners = new Map<string, Set<(params: unknown) => void>>();
  readonly #statusListeners = new Set<(status: SocketStatus) => void>();
  readonly #connectionListeners = new Set<(event: ConnectionEvent) => void>();
  readonly #missedListeners = new Set<() => void>();

  constructor(options: SocketClientOptions<In>) {
    super({ status: 'closed', everOpen: false });
    this.#options = options;
    // Without a contract of its own the socket is an application's (In is then AppSocketServerMessage).
    this.#contract = options.contract ?? (appSocketServerDirection as unknown as SocketDirection<In>);
    this.#log = options.log ?? console;
    this.#interval = positive(options.reconnectInterval, SOCKET_RECONNECT_INTERVAL);
    this.#maxInterval = Math.max(this.#interval, positive(options.maxReconnectInterval, this.#interval));
  }

  get status(): SocketStatus {
    return this.getState().status;
  }

  /** How many messages of the server were dropped because they are not of the socket's contract. */
  get droppedMessages(): number {
    return this.#dropped;
  }

  /** Opens the connection (and keeps it open until close()); nothing happens when it is already open or opening. */
  connect(): void {
    if (!this.#closed) return;
    this.#closed = false;
    this.#open();
  }

  /** Sends {name, params}; queued until the socket is ready. Throws when the message is larger than the server accepts. */
  send(name: string, params?: unknown): void {
    const data = JSON.stringify(params === undefined ? { name } : { name, params });
    if (new TextEncoder().encode(data).length > SOCKET_MESSAGE_MAX_BYTES) throw new Error(`The socket message '${name}' is too large`);
    if (this.#ready && this.#socket) {
      this.#transmit(data);
      return;
    }
    if (this.#queue.length >= SOCKET_QUEUE_LIMIT) {
      this.#log.warn(`The socket queue is full: the oldest message is dropped.`);
      this.#queue.shift();
    }
    this.#queue.push(data);
  }

  /** Calls the listener with the params of every message of that name (as the contract types them); returns an unsubscribe. */
  on<N extends In['name']>(name: N, listener: (params: SocketParams<In, N>) => void): () => void {
    let set = this.#listeners.get(name);
    if (!set) this.#listeners.set(name, (set = new Set()));
    set.add(listener as (params: unknown) => void);
    return () => void set.delete(listener);
  }

  /** Calls the listener with each new status; returns an unsubscribe. */
  onStatus(listener: (status: SocketStatus) => void): () => void {
    this.#statusListeners.add(listener);
    return () => void this.#statusListeners.delete(listener);
  }

  /** Calls the listener on 'lost', 'restored' and 'failed'; returns an unsubscribe. */
  onConnection(listener: (event: ConnectionEvent) => void): () => void {
    this.#connectionListeners.add(listener);
    return () => void this.#connectionListeners.delete(listener);
  }

  /**
   * Calls the listener when messages may have been missed: the connection is
   * ready again after a drop (after the 'restored' listeners), or the server
   * says it may have missed some itself (atrium/resync: its connection to the
   * other servers was down). The listener fetches again what the messages
   * keep up to date. Returns an unsubscribe.
   */
  onMissed(listener: () => void): () => void {
    this.#missedListeners.add(listener);
    return () => void this.#missedListeners.delete(listener);
  }

  /** Closes on purpose: no reconnect, the queue is dropped. connect() opens it again. */
  close(): void {
    this.#closed = true;
    this.#clearTimer();
    this.#queue = [];
    const socket = this.#socket;
    this.#detach();
    if (socket) {
      try {
        socket.close(1000);
      } catch {
        // already closing
      }
    }
    this.#setStatus('closed');
  }

  /** close() and drop every listener. */
  dispose(): void {
    this.close();
    this.#listeners.clear();
    this.#statusListeners.clear();
    this.#connectionListeners.clear();
    this.#missedListeners.clear();
    this.clearListeners();
  }

  #open(): void {
    this.#timer = null;
    if (this.#closed) return;
    this.#attempts += 1;
    this.#setStatus('connecting');
    let socket: WebSocketLike;
    try {
      socket = this.#options.createSocket(this.#options.url);
    } catch (error) {
      this.#log.warn('The socket could not be opened.', error);
      this.#closedUnexpectedly(1006);
      return;
    }
    this.#socket = socket;
    socket.onopen = () => {
      if (this.#socket !== socket) return;
      const token = this.#options.token();
      if (!token) {
        // Signed out or between tokens: the server would refuse us anyway.
        this.#drop(socket, SocketClose.notAuthenticated);
        return;
      }
      this.#transmit(JSON.stringify({ name: SocketNames.auth, params: { token } }));
    };
    socket.onmessage = (event) => {
      if (this.#socket === socket) this.#receive(event.data);
    };
    socket.onclose = (event) => {
      if (this.#socket === socket) this.#closedUnexpectedly(event.code);
    };
    socket.onerror = () => undefined; // a close follows
  }

  #receive(data: unknown): void {
    const parsed = typeof data === 'string' ? parseSocketFrame(this.#contract, data) : ({ ok: false, refusal: 'not-a-message', name: null } as const);
    if (!parsed.ok) {
      this.#dropped += 1;
      // The name only: the content may be large, or private.
      this.#log.warn(`The server sent a socket message outside the contract (${parsed.refusal}): ${parsed.name ?? 'no name'}; it is dropped.`);
      return;
    }
    const message = parsed.message;
    if (message.name === SocketNames.ready && !this.#ready) {
      this.#becameReady();
    } else if (message.name === SocketNames.error) {
      this.#log.warn('The server refused a socket message.', message.params);
    } else if (message.name === SocketNames.resync) {
      this.#emitMissed();
    }
    for (const listener of [...(this.#listeners.get(message.name) ?? [])]) {
      try {
        listener(message.params);
      } catch (error) {
        this.#log.error(`A listener of the socket message '${message.name}' failed.`, error);
      }
    }
  }

  #becameReady(): void {
    this.#ready = true;
    this.#failures = 0;
    this.setState({ status: 'open', everOpen: true });
    this.#emitStatus('open');
    const queued = this.#queue;
    this.#queue = [];
    for (const data of queued) this.#transmit(data);
    if (this.#down) {
      this.#down = false;
      this.#emitConnection('restored');
      this.#emitMissed();
    }
  }

  #closedUnexpectedly(code: number): void {
    const wasReady = this.#ready;
    this.#detach();
    if (this.#closed) return;
    this.#setStatus('closed');
    if (wasReady && !this.#down) {
      this.#down = true;
      this.#emitConnection('lost');
    } else if (!wasReady && this.#attempts === 1 && !this.getState().everOpen && !this.#failedAnnounced && code !== SocketClose.notAuthenticated) {
      this.#failedAnnounced = true;
      this.#down = true;
      this.#emitConnection('failed');
    }
    if (code === SocketClose.forbidden) {
      this.#closed = true;
      return;
    }
    if (code === SocketClose.notAuthenticated && this.#options.refresh) {
      void this.#refreshThenReconnect();
      return;
    }
    // A server going away (stopped, upgraded): another one behind the same address takes the connection at once (docs/behaviour/connection.md#reconnecting).
    if (code === SocketClose.goingAway && wasReady) {
      this.#timer = this.#options.clock.setTimeout(() => this.#open(), 0);
      return;
    }
    this.#schedule();
  }

  async #refreshThenReconnect(): Promise<void> {
    let refreshed = false;
    try {
      refreshed = (await this.#options.refresh?.()) ?? false;
    } catch (error) {
      this.#log.warn('The token refresh for the socket failed.', error);
    }
    if (this.#closed || this.#timer !== null || this.#socket) return;
    if (!refreshed) {
      // The session is over (it signs out): stay closed.
      this.#closed = true;
      return;
    }
    this.#open();
  }

  #schedule(): void {
    const wait = Math.min(this.#maxInterval, this.#interval * 2 ** Math.min(this.#failures, 30));
    this.#failures += 1;
    this.#timer = this.#options.clock.setTimeout(() => this.#open(), wait);
  }

  #drop(socket: WebSocketLike, code: number): void {
    try {
      socket.close(1000);
    } catch {
      // already closing
    }
    if (this.#socket === socket) this.#closedUnexpectedly(code);
  }

  #detach(): void {
    const socket = this.#socket;
    this.#socket = null;
    this.#ready = false;
    if (socket) socket.onopen = socket.onclose = socket.onmessage = socket.onerror = null;
  }

  #transmit(data: string): void {
    const socket = this.#socket;
    if (!socket || socket.readyState !== OPEN) {
      this.#queue.push(data);
      return;
    }
    try {
      socket.send(data);
    } catch (error) {
      this.#log.warn('A socket message could not be sent.', error);
    }
  }

  #clearTimer(): void {
    if (this.#timer !== null) this.#options.clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #setStatus(status: SocketStatus): void {
    if (this.getState().status === status) return;
    this.setState({ ...this.getState(), status });
    this.#emitStatus(status);
  }

  #emitStatus(status: SocketStatus): void {
    for (const listener of [...this.#statusListeners]) listener(status);
  }

  #emitConnection(event: ConnectionEvent): void {
    for (const listener of [...this.#connectionListeners]) listener(event);
  }

  #emitMissed(): void {
    for (const listener of [...this.#missedListeners]) {
      try {
        listener();
      } catch (error) {
        this.#log.error('A listener of missed socket messages failed.', error);
      }
    }
  }
}

/** The desktop's own socket: its messages are the desktop contract's (desktopServerDirection). */
export type DesktopSocket = SocketClient<DesktopServerMessage>;

function positive(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}
