import crypto from 'node:crypto';
import {
  appSocketClientDirection,
  appSocketPath,
  desktopClientDirection,
  desktopServerDirection,
  noAccessMessage,
  parseSocketFrame,
  SOCKET_AUTH_TIMEOUT,
  SOCKET_MAX_CONNECTIONS_PER_USER,
  SOCKET_MAX_MESSAGES_PER_SECOND,
  SOCKET_PATH,
  SocketClose,
  socketMessages,
  SocketNames,
  type AppSocketClientMessage,
  type DesktopClientMessage,
  isSocketAuthMessage,
  type SocketAuthParams,
  type SocketDirection,
  type SocketParse,
  type SocketRefusal,
} from '@atrium/shared';
import type { AuthService } from '../auth/AuthService.js';
import type { SessionEvent, SessionEvents } from '../auth/SessionEvents.js';
import type { Log } from '../logger.js';
import type { PackageService } from '../packages/PackageService.js';
import type { OutgoingSocketMessage, SocketHub, SocketPeer } from './SocketHub.js';
import type { SocketRelays } from './SocketRelays.js';
import { SocketStats } from './SocketStats.js';

/** Limits of the websocket connections; tests shorten them. */
export interface SocketLimits {
  /** Milliseconds a new connection has to send atrium/auth. */
  authTimeout: number;
  maxMessagesPerSecond: number;
  maxConnectionsPerUser: number;
  /** Milliseconds between checks that open connections' sessions and applications are still allowed. */
  revalidateInterval: number;
  /**
   * Bytes a connection may have waiting to be sent (not yet taken by the
   * client) before it is dropped as too slow: what one connection can make
   * the server hold in memory.
   */
  maxBufferedBytes: number;
  /** Milliseconds a connection dropped as too slow has to finish the closing handshake before it is cut. */
  slowCloseGrace: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  authTimeout: SOCKET_AUTH_TIMEOUT,
  maxMessagesPerSecond: SOCKET_MAX_MESSAGES_PER_SECOND,
  maxConnectionsPerUser: SOCKET_MAX_CONNECTIONS_PER_USER,
  revalidateInterval: 60_000,
  maxBufferedBytes: 1024 * 1024,
  slowCloseGrace: 5000,
};

/** What the gateway needs of a websocket (the `ws` socket fits). */
export interface GatewaySocket {
  readonly readyState: number;
  /** Bytes accepted by send() that the client has not taken yet (ws counts its own queue and the network stream's). */
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  /** Cuts the connection without the closing handshake. */
  terminate(): void;
  on(event: 'message', listener: (data: unknown, isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

const OPEN = 1;
/** Close code when a user already holds the most connections allowed ("try again later"). */
export const TOO_MANY_CONNECTIONS = 1013;

/** A message a client may send, on either kind of socket. */
type ClientMessage = DesktopClientMessage | AppSocketClientMessage;

/**
 * The websocket protocol (docs/API.md#websockets) on the server: authentication by the first
 * message, per-connection message rate, relaying of application messages
 * between one user's connections, and revalidation: a session that ended
 * closes its connections at once (through the session events) and, as a
 * backstop for changes made by another process, at the periodic check, which
 * also closes the sockets of an application taken away.
 */
export class SocketGateway {
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  /** Connections still waiting for atrium/auth (the hub holds the authenticated ones), by their close function. */
  private readonly pending = new Set<(code: number, reason: string) => void>();
  /** Counters of refused frames and of live updates (SocketStats). */
  readonly stats = new SocketStats(new Set([...desktopClientDirection.known, ...desktopServerDirection.known]));

  constructor(
    private readonly auth: AuthService,
    private readonly packages: PackageService,
    readonly hub: SocketHub,
    /** Relaying between one user's connections, on every server. */
    readonly relays: SocketRelays,
    private readonly limits: SocketLimits,
    private readonly log: Log,
    private readonly now: () => number = Date.now,
    private readonly sessionEvents?: SessionEvents,
  ) {}

  /** Takes a new connection of the desktop socket (app null) or of an application's socket. */
  accept(socket: GatewaySocket, app: string | null): void {
    const id = crypto.randomUUID();
    const path = app === null ? SOCKET_PATH : appSocketPath(app);
    let peer: SocketPeer | null = null;
    let closed = false;
    let windowStart = this.now();
    let inWindow = 0;
    let queue = Promise.resolve();

    const close = (code: number, reason: string) => {
      if (closed) return;
      closed = true;
      socket.close(code, reason);
    };
    /**
     * Sends serialised text unless the client is too far behind: then the
     * connection is dropped rather than the server holding ever more for it.
     * Its close frame waits behind what is queued; a client that does not
     * take even that is cut after the grace period.
     */
    const sendText = (data: string) => {
      if (closed || socket.readyState !== OPEN) return;
      if (socket.bufferedAmount + Buffer.byteLength(data) > this.limits.maxBufferedBytes) {
        this.log.info({ event: 'socket.slow', connection: id, userId: peer?.userId, buffered: socket.bufferedAmount }, 'slow socket dropped');
        close(SocketClose.tooSlow, 'Too slow');
        setTimeout(() => socket.terminate(), this.limits.slowCloseGrace).unref();
        return;
      }
      socket.send(data);
    };
    const send = (message: OutgoingSocketMessage) => sendText(JSON.stringify(message));
    const fail = (message: string) => send(socketMessages.error(message));
    const authTimer = setTimeout(() => close(SocketClose.notAuthenticated, 'Not authenticated'), this.limits.authTimeout);
    this.pending.add(close);

    const authenticate = async (params: SocketAuthParams) => {
      const result = await this.auth.authenticateToken(params.token);
      if (closed) return;
      if (!result.ok) return close(SocketClose.notAuthenticated, 'Not authenticated');
      const { user, claims } = result.auth;
      if (app !== null && !(await this.packages.isAppVisible(user.id, app))) return close(SocketClose.forbidden, noAccessMessage(app));
      if (closed) return;
      const candidate: SocketPeer = {
        id,
        userId: user.id,
        sessionId: claims.sid,
        path,
        app,
        sendText,
        close,
        get bufferedAmount() {
          return socket.bufferedAmount;
        },
      };
      if (!this.hub.add(candidate)) return close(TOO_MANY_CONNECTIONS, 'Too many connections');
      peer = candidate;
      clearTimeout(authTimer);
      this.pending.delete(close);
      this.log.debug({ event: 'socket.open', connection: id, userId: user.id, path }, 'socket connected');
      send(socketMessages.ready({ user: { id: user.id, username: user.username }, connection: id }));
    };

    /** An application socket relays every message to the user's other connections of that application, on every server. */
    const relayApp = (appName: string) => async (ready: SocketPeer, message: AppSocketClientMessage) => {
      if (isSocketAuthMessage(message)) return fail(`Reserved message name '${message.name}'`);
      await this.relays.relay(ready, message, ready.path, appName);
    };

    /** The desktop socket relays an application's message to the user's other desktops (on every server), when the user may use that application. */
    const relayDesktop = async (ready: SocketPeer, message: DesktopClientMessage) => {
      if (message.name === SocketNames.auth) return fail(`Reserved message name '${message.name}'`);
      const { params } = message;
      if (!(await this.packages.isAppVisible(ready.userId, params.name))) return fail(noAccessMessage(params.name));
      await this.relays.relay(ready, socketMessages.appMessage(params), SOCKET_PATH, params.name);
    };

    /** A frame that is not a message of the contract: logged by its name only, counted, dropped; the sender hears why. */
    const refuse = (parsed: { name: string | null; refusal: SocketRefusal }) => {
      this.stats.invalidMessage(parsed.name);
      this.log.warn({ event: 'socket.invalid', connection: id, userId: peer?.userId, path, name: parsed.name, refusal: parsed.refusal }, 'socket message refused');
      if (!peer) return close(SocketClose.notAuthenticated, 'Not authenticated');
      return fail(refusalText(parsed.refusal, parsed.name));
    };

    /** Each frame is parsed once, here; the steps after see typed messages only. */
    const handler =
      <M extends ClientMessage>(direction: SocketDirection<M>, relay: (ready: SocketPeer, message: M) => Promise<void> | void) =>
      async (data: unknown, isBinary: boolean): Promise<void> => {
        if (closed) return;
        const text = isBinary ? null : frameText(data);
        const parsed: SocketParse<M> = text === null ? { ok: false, refusal: 'not-a-message', name: null } : parseSocketFrame(direction, text);
        if (!parsed.ok) return refuse(parsed);
        const message = parsed.message;
        if (peer) return void (await relay(peer, message));
        return isSocketAuthMessage(message) ? authenticate(message.params) : close(SocketClose.notAuthenticated, 'Not authenticated');
      };
    const handle = app === null ? handler(desktopClientDirection, relayDesktop) : handler(appSocketClientDirection, relayApp(app));

    socket.on('message', (data, isBinary) => {
      if (closed) return;
      const time = this.now();
      if (time - windowStart >= 1000) {
        windowStart = time;
        inWindow = 0;
      }
      if (++inWindow > this.limits.maxMessagesPerSecond) return close(SocketClose.tooManyMessages, 'Too many messages');
      // One message at a time, in order: authentication completes before the next is looked at.
      queue = queue.then(() => handle(data, isBinary)).catch((err: unknown) => {
        this.log.error({ err, connection: id }, 'socket message failed');
        close(1011, 'Internal error');
      });
    });

    socket.on('close', () => {
      closed = true;
      clearTimeout(authTimer);
      this.pending.delete(close);
      if (!peer) return;
      this.hub.remove(peer);
      this.log.debug({ event: 'socket.close', connection: id, userId: peer.userId, path }, 'socket disconnected');
    });
  }

  /**
   * Closes connections that are no longer allowed: their session ended
   * (logout, password reset, disabled user: 4401) or their application was
   * taken away (4403).
   */
  async revalidate(only?: (peer: SocketPeer) => boolean): Promise<void> {
    const peers = only ? this.hub.peers().filter(only) : this.hub.peers();
    const sessionUsers = new Map(peers.map((p) => [p.sessionId, p.userId]));
    const open = new Map(await Promise.all([...sessionUsers].map(async ([sid, uid]) => [sid, await this.auth.isSessionOpen(sid, uid)] as const)));
    const appUsers = new Set(peers.filter((p) => p.app !== null).map((p) => p.userId));
    const access = new Map(await Promise.all([...appUsers].map(async (uid) => [uid, await this.packages.accessFor(uid)] as const)));
    for (const peer of peers) {
      if (!open.get(peer.sessionId)) peer.close(SocketClose.notAuthenticated, 'Session Expired');
      else if (peer.app !== null && !access.get(peer.userId)?.canUseApp(peer.app)) peer.close(SocketClose.forbidden, noAccessMessage(peer.app));
    }
  }

  /** Starts the revalidation: at once for the connections a session event concerns, and periodically for all. */
  start(): void {
    this.unsubscribe ??= this.sessionEvents?.subscribe((event) => {
      const concerned = peerConcernedBy(event);
      if (!this.hub.peers().some(concerned)) return;
      const revalidated = this.revalidate(concerned);
      // This server may have missed what the others said (its bus connection was down): the desktops that are still
      // allowed are told to fetch again what those messages would have changed (docs/DEPLOYMENT.md, "The event bus").
      if (event.kind === 'resync') void revalidated.then(() => this.tellDesktopsToResync());
      revalidated.catch((err: unknown) => this.log.warn({ err }, 'socket revalidation failed'));
    });
    this.timer ??= setInterval(() => {
      this.revalidate().catch((err: unknown) => this.log.warn({ err }, 'socket revalidation failed'));
    }, this.limits.revalidateInterval);
    this.timer.unref();
    this.relays.start();
  }

  /** Sends atrium/resync to every desktop connection still open. */
  private tellDesktopsToResync(): void {
    const data = JSON.stringify(socketMessages.resync());
    let told = 0;
    for (const peer of this.hub.peers()) {
      if (peer.path !== SOCKET_PATH) continue;
      peer.sendText(data);
      told++;
    }
    this.log.info({ event: 'socket.resync', connections: told }, 'desktops told to fetch again what they may have missed');
  }

  /** Stops the revalidation and closes every connection: the server is going away. */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.relays.stop();
    for (const close of [...this.pending]) close(SocketClose.goingAway, 'Server shutting down');
    this.hub.closeAll(SocketClose.goingAway, 'Server shutting down');
  }
}

/** Which connections a session event may have ended. */
function peerConcernedBy(event: SessionEvent): (peer: SocketPeer) => boolean {
  if (event.kind === 'resync') return () => true;
  return event.kind === 'session-revoked' ? (peer) => peer.sessionId === event.sessionId : (peer) => peer.userId === event.userId;
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
