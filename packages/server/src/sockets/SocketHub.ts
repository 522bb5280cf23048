import { SOCKET_PATH, type AppSocketServerMessage, type DesktopServerMessage } from '@atrium/shared';

/** A message the server sends: one of the desktop socket's, or one of an application socket's. */
export type OutgoingSocketMessage = DesktopServerMessage | AppSocketServerMessage;

/** One authenticated websocket connection, as the hub and its users see it. */
export interface SocketPeer {
  /** Random id of the connection (told to the client in atrium/ready). */
  readonly id: string;
  readonly userId: string;
  /** The sign-in session whose token authenticated the connection. */
  readonly sessionId: string;
  /** SOCKET_PATH, or appSocketPath(app) for an application's socket. */
  readonly path: string;
  /** The application of an application socket; null for the desktop socket. */
  readonly app: string | null;
  /** Sends a serialised message, or drops the connection when it has too much waiting already. */
  sendText(data: string): void;
  close(code: number, reason: string): void;
  /** Bytes sent to it that the client has not taken yet. */
  readonly bufferedAmount: number;
}

/**
 * The open, authenticated connections of this server by user. Services send
 * to a user's sockets through it (settings changes, relayed messages).
 */
export class SocketHub {
  private readonly byUser = new Map<string, Set<SocketPeer>>();

  constructor(private readonly maxConnectionsPerUser: number) {}

  /** Adds a connection; false (not added) when its user already holds the most allowed. */
  add(peer: SocketPeer): boolean {
    const peers = this.byUser.get(peer.userId) ?? new Set<SocketPeer>();
    if (peers.size >= this.maxConnectionsPerUser) return false;
    peers.add(peer);
    this.byUser.set(peer.userId, peers);
    return true;
  }

  remove(peer: SocketPeer): void {
    const peers = this.byUser.get(peer.userId);
    if (!peers?.delete(peer)) return;
    if (peers.size === 0) this.byUser.delete(peer.userId);
  }

  /**
   * Sends a message to the user's connections on one path (the desktop
   * socket by default), except the connection with the id `except`.
   * Returns how many connections it was sent to.
   */
  sendToUser(userId: string, message: OutgoingSocketMessage, except?: string, path: string = SOCKET_PATH): number {
    // Serialised once, whatever the number of connections, and only when someone is there to get it.
    return this.hasConnection(userId, path, except) ? this.sendTextToUser(userId, JSON.stringify(message), except, path) : 0;
  }

  /** sendToUser with the message already serialised (a relayed message: serialised once, for here and for the other servers). */
  sendTextToUser(userId: string, data: string, except: string | undefined, path: string): number {
    let sent = 0;
    for (const peer of this.byUser.get(userId) ?? []) {
      if (peer.id === except || peer.path !== path) continue;
      peer.sendText(data);
      sent++;
    }
    return sent;
  }

  /** Whether the user has a connection on that path here (other than `except`). */
  hasConnection(userId: string, path: string, except?: string): boolean {
    for (const peer of this.byUser.get(userId) ?? []) if (peer.id !== except && peer.path === path) return true;
    return false;
  }

  /** Bytes waiting to be taken by the clients of every open connection. */
  bufferedBytes(): number {
    let total = 0;
    for (const peers of this.byUser.values()) for (const peer of peers) total += peer.bufferedAmount;
    return total;
  }

  /** Every open connection. */
  peers(): SocketPeer[] {
    return [...this.byUser.values()].flatMap((peers) => [...peers]);
  }

  /** Closes every connection (server shutdown). */
  closeAll(code: number, reason: string): void {
    for (const peer of this.peers()) peer.close(code, reason);
  }
}
