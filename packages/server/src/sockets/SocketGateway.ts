import {
  desktopClientDirection,
  desktopServerDirection,
  noAccessMessage,
  SOCKET_AUTH_TIMEOUT,
  SOCKET_MAX_CONNECTIONS_PER_USER,
  SOCKET_MAX_MESSAGES_PER_SECOND,
  SOCKET_PATH,
  SocketClose,
  socketMessages,
} from '@atrium/shared';
import type { AuthService } from '../auth/AuthService.js';
import type { SessionEvent, SessionEvents } from '../auth/SessionEvents.js';
import type { Log } from '../logger.js';
import type { PackageService } from '../packages/PackageService.js';
import type { SocketHub, SocketPeer } from './SocketHub.js';
import type { SocketRelays } from './SocketRelays.js';
import { SocketStats } from './SocketStats.js';
import { GatewayConnection } from './GatewayConnection.js';

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

export { TOO_MANY_CONNECTIONS } from './GatewayConnection.js';

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
    const { auth, packages, hub, relays, limits, log, now, stats, pending } = this;
    new GatewayConnection({ auth, packages, hub, relays, limits, log, now, stats, pending }, socket, app);
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
