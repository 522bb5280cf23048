import crypto from 'node:crypto';
import {
  appSocketClientDirection,
  appSocketPath,
  desktopClientDirection,
  isSocketAuthMessage,
  noAccessMessage,
  parseSocketFrame,
  SOCKET_PATH,
  SocketClose,
  socketMessages,
  SocketNames,
  type AppSocketClientMessage,
  type DesktopClientMessage,
  type SocketAuthParams,
  type SocketDirection,
  type SocketParse,
  type SocketRefusal,
} from '@atrium/shared';
import type { AuthService } from '../auth/AuthService.js';
import type { Log } from '../logger.js';
import type { PackageService } from '../packages/PackageService.js';
import type { GatewaySocket, SocketLimits } from './SocketGateway.js';
import type { OutgoingSocketMessage, SocketHub, SocketPeer } from './SocketHub.js';
import type { SocketRelays } from './SocketRelays.js';
import type { SocketStats } from './SocketStats.js';

const OPEN = 1;
/** Close code when a user already holds the most connections allowed ("try again later"). */
export const TOO_MANY_CONNECTIONS = 1013;

/** A message a client may send, on either kind of socket. */
type ClientMessage = DesktopClientMessage | AppSocketClientMessage;

/** What a connection uses of its gateway. */
export interface GatewayParts {
  auth: AuthService;
  packages: PackageService;
  hub: SocketHub;
  relays: SocketRelays;
  limits: SocketLimits;
  log: Log;
  now: () => number;
  stats: SocketStats;
  /** Connections still waiting for atrium/auth, by their close function. */
  pending: Set<(code: number, reason: string) => void>;
}

/**
 * One websocket connection of the desktop socket (app null) or of an application's socket, from
 * its opening to its end (docs/API.md#websockets): authenticated by its first message within the
 * time allowed, its messages counted per second and handled one at a time, in order, then relayed
 * to the user's other connections.
 */
export class GatewayConnection {
  readonly #id = crypto.randomUUID();
  readonly #gateway: GatewayParts;
  readonly #socket: GatewaySocket;
  readonly #app: string | null;
  readonly #path: string;
  readonly #authTimer: NodeJS.Timeout;
  readonly #handle: (data: unknown, isBinary: boolean) => Promise<void>;
  #peer: SocketPeer | null = null;
  #closed = false;
  #windowStart: number;
  #inWindow = 0;
  #queue = Promise.resolve();

  constructor(gateway: GatewayParts, socket: GatewaySocket, app: string | null) {
    this.#gateway = gateway;
    this.#socket = socket;
    this.#app = app;
    this.#path = app === null ? SOCKET_PATH : appSocketPath(app);
    this.#windowStart = gateway.now();
    this.#authTimer = setTimeout(() => this.#close(SocketClose.notAuthenticated, 'Not authenticated'), gateway.limits.authTimeout);
    gateway.pending.add(this.#close);
    this.#handle = app === null ? this.#handler(desktopClientDirection, (ready, message) => this.#relayDesktop(ready, message)) : this.#handler(appSocketClientDirection, (ready, message) => this.#relayApp(ready, message, app));
    socket.on('message', (data, isBinary) => this.#received(data, isBinary));
    socket.on('close', () => this.#ended());
  }

  readonly #close = (code: number, reason: string): void => {
    if (this.#closed) return;
    this.#closed = true;
    this.#socket.close(code, reason);
  };

  /**
   * Sends serialised text unless the client is too far behind: then the
   * connection is dropped rather than the server holding ever more for it.
   * Its close frame waits behind what is queued; a client that does not
   * take even that is cut after the grace period.
   */
  readonly #sendText = (data: string): void => {
    const socket = this.#socket;
    const { limits, log } = this.#gateway;
    if (this.#closed || socket.readyState !== OPEN) return;
    if (socket.bufferedAmount + Buffer.byteLength(data) > limits.maxBufferedBytes) {
      log.info({ event: 'socket.slow', connection: this.#id, userId: this.#peer?.userId, buffered: socket.bufferedAmount }, 'slow socket dropped');
      this.#close(SocketClose.tooSlow, 'Too slow');
      setTimeout(() => socket.terminate(), limits.slowCloseGrace).unref();
      return;
    }
    socket.send(data);
  };

  #send(message: OutgoingSocketMessage): void {
    this.#sendText(JSON.stringify(message));
  }

  #fail(message: string): void {
    this.#send(socketMessages.error(message));
  }

  /** A frame arrived: counted against the rate, then handled after those before it. */
  #received(data: unknown, isBinary: boolean): void {
    if (this.#closed) return;
    const time = this.#gateway.now();
    if (time - this.#windowStart >= 1000) {
      this.#windowStart = time;
      this.#inWindow = 0;
    }
    if (++this.#inWindow > this.#gateway.limits.maxMessagesPerSecond) return this.#close(SocketClose.tooManyMessages, 'Too many messages');
    // One message at a time, in order: authentication completes before the next is looked at.
    this.#queue = this.#queue
      .then(() => this.#handle(data, isBinary))
      .catch((err: unknown) => {
        this.#gateway.log.error({ err, connection: this.#id }, 'socket message failed');
        this.#close(1011, 'Internal error');
      });
  }

  #ended(): void {
    this.#closed = true;
    clearTimeout(this.#authTimer);
    this.#gateway.pending.delete(this.#close);
    const peer = this.#peer;
    if (!peer) return;
    this.#gateway.hub.remove(peer);
    this.#gateway.log.debug({ event: 'socket.close', connection: this.#id, userId: peer.userId, path: this.#path }, 'socket disconnected');
  }

  async #authenticate(params: SocketAuthParams): Promise<void> {
    const { auth, packages, hub, log, pending } = this.#gateway;
    const app = this.#app;
    const result = await auth.authenticateToken(params.token);
    if (this.#closed) return;
    if (!result.ok) return this.#close(SocketClose.notAuthenticated, 'Not authenticated');
    const { user, claims } = result.auth;
    if (app !== null && !(await packages.isAppVisible(user.id, app))) return this.#close(SocketClose.forbidden, noAccessMessage(app));
    if (this.#closed) return;
    const socket = this.#socket;
    const candidate: SocketPeer = {
      id: this.#id,
      userId: user.id,
      sessionId: claims.sid,
      path: this.#path,
      app,
      sendText: this.#sendText,
      close: this.#close,
      get bufferedAmount() {
        return socket.bufferedAmount;
      },
    };
    if (!hub.add(candidate)) return this.#close(TOO_MANY_CONNECTIONS, 'Too many connections');
    this.#peer = candidate;
    clearTimeout(this.#authTimer);
    pending.delete(this.#close);
    log.debug({ event: 'socket.open', connection: this.#id, userId: user.id, path: this.#path }, 'socket connected');
    this.#send(socketMessages.ready({ user: { id: user.id, username: user.username }, connection: this.#id }));
  }

  /** An application socket relays every message to the user's other connections of that application, on every server. */
  async #relayApp(ready: SocketPeer, message: AppSocketClientMessage, appName: string): Promise<void> {
    if (isSocketAuthMessage(message)) return this.#fail(`Reserved message name '${message.name}'`);
    await this.#gateway.relays.relay(ready, message, ready.path, appName);
  }

  /** The desktop socket relays an application's message to the user's other desktops (on every server), when the user may use that application. */
  async #relayDesktop(ready: SocketPeer, message: DesktopClientMessage): Promise<void> {
    if (message.name === SocketNames.auth) return this.#fail(`Reserved message name '${message.name}'`);
    const { params } = message;
    if (!(await this.#gateway.packages.isAppVisible(ready.userId, params.name))) return this.#fail(noAccessMessage(params.name));
    await this.#gateway.relays.relay(ready, socketMessages.appMessage(params), SOCKET_PATH, params.name);
  }

  /** A frame that is not a message of the contract: logged by its name only, counted, dropped; the sender hears why. */
  #refuse(parsed: { name: string | null; refusal: SocketRefusal }): void {
    this.#gateway.stats.invalidMessage(parsed.name);
    this.#gateway.log.warn({ event: 'socket.invalid', connection: this.#id, userId: this.#peer?.userId, path: this.#path, name: parsed.name, refusal: parsed.refusal }, 'socket message refused');
    if (!this.#peer) return this.#close(SocketClose.notAuthenticated, 'Not authenticated');
    return this.#fail(refusalText(parsed.refusal, parsed.name));
  }

  /** Each frame is parsed once, here; the steps after see typed messages only. */
  #handler<M extends ClientMessage>(direction: SocketDirection<M>, relay: (ready: SocketPeer, message: M) => Promise<void> | void) {
    return async (data: unknown, isBinary: boolean): Promise<void> => {
      if (this.#closed) return;
      const text = isBinary ? null : frameText(data);
      const parsed: SocketParse<M> = text === null ? { ok: false, refusal: 'not-a-message', name: null } : parseSocketFrame(direction, text);
      if (!parsed.ok) return this.#refuse(parsed);
      const message = parsed.message;
      if (this.#peer) return void (await relay(this.#peer, message));
      return isSocketAuthMessage(message) ? this.#authenticate(message.params) : this.#close(SocketClose.notAuthenticated, 'Not authenticated');
    };
  }
}

/** The text of a websocket frame, or null when it is none. */
function frameText(data: unknown): string | null {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data as Buffer[]).toString('utf8');
  return typeof data === 'string' ? data : null;
}

/** What atrium/error tells a client whose message was refused (its own message's name, never more). */
function refusalText(refusal: SocketRefusal, name: string | null): string {
  switch (refusal) {
    case 'not-json':
    case 'not-a-message':
      return 'Invalid message: expected JSON {name, params}';
    case 'reserved-name':
      return `Reserved message name '${name}'`;
    case 'unknown-name':
      return `Unknown message '${name}'`;
    case 'bad-params':
      return name === SocketNames.appMessage ? `Invalid ${SocketNames.appMessage}: needs pid, name and args` : `Invalid ${name}`;
  }
}
