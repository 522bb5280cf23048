/**
 * A real websocket client (the `ws` package) for tests against a listening
 * test server: it keeps every message, waits for one by name, and reports
 * how the connection ended or why the upgrade was refused. Every message
 * received is also parsed with the contract of its socket (the desktop's or
 * an application's), as the client does: `outsideContract` lists those that
 * would not parse.
 */
import { appSocketServerDirection, desktopServerDirection, parseSocketFrame, SOCKET_PATH, type SocketMessage } from '@atrium/shared';
import WebSocket from 'ws';

export interface Closed {
  code: number;
  reason: string;
}

export class TestSocket {
  readonly messages: SocketMessage[] = [];
  /** Messages the server sent that the contract of this socket refuses (none, if the server keeps it). */
  readonly outsideContract: string[] = [];
  /** Settles when the connection closes (or the upgrade is refused: code 0 and the HTTP status in `refusedWith`). */
  readonly closed: Promise<Closed>;
  refusedWith: number | null = null;
  private readonly waiters: Array<{ name: string; resolve: (m: SocketMessage) => void }> = [];
  /** Messages already handed out by next(). */
  private readonly taken = new Set<SocketMessage>();

  private constructor(
    readonly ws: WebSocket,
    path: string,
  ) {
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') }));
      ws.on('unexpected-response', (_request, response) => {
        this.refusedWith = response.statusCode ?? null;
        resolve({ code: 0, reason: `HTTP ${response.statusCode}` });
      });
      ws.on('error', () => undefined);
    });
    const contract = path === SOCKET_PATH ? desktopServerDirection : appSocketServerDirection;
    ws.on('message', (data) => {
      if (!parseSocketFrame(contract, String(data)).ok) this.outsideContract.push(String(data));
      const message = JSON.parse(String(data)) as SocketMessage;
      this.messages.push(message);
      const index = this.waiters.findIndex((w) => w.name === message.name);
      if (index >= 0) this.waiters.splice(index, 1)[0]!.resolve(message);
    });
  }

  /** Opens a connection; resolves once open, or once refused (see `refusedWith`). */
  static open(url: string, options: { origin?: string } = {}): Promise<TestSocket> {
    const socket = new TestSocket(new WebSocket(url, options.origin ? { origin: options.origin } : {}), new URL(url).pathname);
    return new Promise((resolve) => {
      socket.ws.on('open', () => resolve(socket));
      void socket.closed.then(() => resolve(socket));
    });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next message of that name not yet taken (one already received counts). */
  next(name: string, timeout = 3000): Promise<SocketMessage> {
    const seen = this.messages.findIndex((m) => m.name === name && !this.taken.has(m));
    if (seen >= 0) {
      const message = this.messages[seen]!;
      this.taken.add(message);
      return Promise.resolve(message);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${name} within ${timeout} ms; got ${JSON.stringify(this.messages)}`)), timeout);
      this.waiters.push({
        name,
        resolve: (m) => {
          clearTimeout(timer);
          this.taken.add(m);
          resolve(m);
        },
      });
    });
  }

  /** Sends atrium/auth with the token and waits for atrium/ready. */
  async authenticate(token: string): Promise<SocketMessage> {
    this.send({ name: 'atrium/auth', params: { token } });
    return this.next('atrium/ready');
  }

  /** Messages of that name received so far. */
  received(name: string): SocketMessage[] {
    return this.messages.filter((m) => m.name === name);
  }

  close(): Promise<Closed> {
    this.ws.close(1000);
    return this.closed;
  }
}

/** Waits a little, for messages that should NOT arrive. */
export function settle(ms = 150): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
