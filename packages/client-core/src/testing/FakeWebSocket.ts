import { SocketClose, socketMessages, SocketNames } from '@atrium/shared';
import type { SocketFactory, WebSocketLike } from '../sockets/SocketClient.js';

/** A message as the fake server received it (parsed JSON). */
export interface FakeSocketMessage {
  name: string;
  params?: unknown;
}

/**
 * A websocket in memory. The client side is WebSocketLike; the server side
 * (accept, push, serverClose) is driven by FakeSocketServer or the test.
 * Messages the client sends are parsed into `sent`.
 */
export class FakeWebSocket implements WebSocketLike {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;

  readyState = FakeWebSocket.CONNECTING;
  onopen: ((e: unknown) => void) | null = null;
  onclose: ((e: { code: number; reason?: string }) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  /** What the client sent, parsed. */
  readonly sent: FakeSocketMessage[] = [];
  /** Set when the socket closed: who closed it and with which code. */
  closed: { by: 'client' | 'server'; code: number; reason?: string } | null = null;
  /** Whether the fake server accepted this socket's atrium/auth. */
  authenticated = false;

  constructor(
    readonly url: string,
    private readonly server: FakeSocketServer | null = null,
  ) {}

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new DOMException('Still in CONNECTING state.', 'InvalidStateError');
    const message = JSON.parse(data) as FakeSocketMessage;
    this.sent.push(message);
    this.server?.receive(this, message);
  }

  close(code = 1000, reason?: string): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.closed = { by: 'client', code, reason };
    // A browser reports the close later, as an event.
    queueMicrotask(() => this.onclose?.({ code, reason }));
  }

  // ---- the server's side ----

  /** The connection is established (onopen). */
  accept(): void {
    if (this.readyState !== FakeWebSocket.CONNECTING) return;
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.({});
  }

  /** The server sends {name, params}. */
  push(name: string, params?: unknown): void {
    if (this.readyState !== FakeWebSocket.OPEN) return;
    this.onmessage?.({ data: JSON.stringify(params === undefined ? { name } : { name, params }) });
  }

  /** The server (or the network) ends the connection with a code (1006: abnormal). */
  serverClose(code = 1006, reason?: string): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.closed = { by: 'server', code, reason };
    this.authenticated = false;
    this.onclose?.({ code, reason });
  }
}

/**
 * A server for FakeWebSockets speaking the product's protocol: a new socket
 * is accepted on the next microtask while `up` (else it fails with 1006),
 * atrium/auth with an accepted token answers atrium/ready {user}, any other
 * token closes 4401. `factory` is the SocketFactory to hand to the client.
 */
export class FakeSocketServer {
  /** Whether connections are accepted. */
  up = true;
  /** Which tokens are valid (default: any non-empty one). */
  acceptToken: (token: string) => boolean = (token) => token.length > 0;
  /** The user atrium/ready names. */
  user = { id: '8a5c7a2e-0f6a-4d5e-9a0b-1c2d3e4f5a6b', username: 'ada' };
  /** Every socket ever created, oldest first. */
  readonly sockets: FakeWebSocket[] = [];

  readonly factory: SocketFactory = (url) => {
    const socket = new FakeWebSocket(url, this);
    this.sockets.push(socket);
    queueMicrotask(() => (this.up ? socket.accept() : socket.serverClose(1006)));
    return socket;
  };

  /** The newest socket. */
  get last(): FakeWebSocket | undefined {
    return this.sockets.at(-1);
  }

  /** Sockets open and authenticated now (optionally only those to an address ending in `path`). */
  connected(path?: string): FakeWebSocket[] {
    return this.sockets.filter((s) => s.readyState === FakeWebSocket.OPEN && s.authenticated && (!path || s.url.endsWith(path)));
  }

  /** Sends a message to every connected socket (optionally of one path). */
  broadcast(name: string, params?: unknown, path?: string): void {
    for (const socket of this.connected(path)) socket.push(name, params);
  }

  /** Simulates an outage: new connections fail and every open one closes with `code`. */
  goDown(code = 1006): void {
    this.up = false;
    for (const socket of this.sockets) if (socket.readyState !== FakeWebSocket.CLOSED) socket.serverClose(code);
  }

  /** Accepts connections again. */
  comeBack(): void {
    this.up = true;
  }

  /** Every message clients sent (in order), optionally of one name. */
  received(name?: string): FakeSocketMessage[] {
    return this.sockets.flatMap((s) => s.sent).filter((m) => !name || m.name === name);
  }

  /** Called by a FakeWebSocket with each message its client sends. */
  receive(socket: FakeWebSocket, message: FakeSocketMessage): void {
    if (message.name !== SocketNames.auth || socket.authenticated) return;
    const token = (message.params as { token?: unknown } | undefined)?.token;
    if (typeof token === 'string' && this.acceptToken(token)) {
      socket.authenticated = true;
      const { name, params } = socketMessages.ready({ user: this.user, connection: `connection-${this.sockets.indexOf(socket) + 1}` });
      socket.push(name, params);
    } else {
      socket.serverClose(SocketClose.notAuthenticated, 'Not authenticated');
    }
  }
}
