/**
 * Relaying between one user's connections, whichever servers they are on
 * (docs/DEPLOYMENT.md, "Sockets across servers"). A message is sent at once
 * to the user's other connections of that socket on this server. When the
 * bus is shared, it is also written to `socket_relays` and the bus carries
 * the row's id (a relayed message is user data of up to the socket's message
 * limit, far more than a bus message holds); a server with connections of
 * that user on that socket reads the row, checks again that the user may
 * still use the application, and sends it on, never to the sending
 * connection. One sender's messages reach each receiver in the order sent:
 * the sender's server writes and announces them one after the other, and a
 * receiving server delivers them one after the other. Rows are deleted a
 * minute after they were written. On the in-process bus (the embedded
 * database, one server) nothing is written, nor on a shared bus on which no
 * other server has been heard of lately (ServerPresence: one server alone on
 * PostgreSQL).
 */
import { randomUUID } from 'node:crypto';
import { isSharedBus, type EventBus } from '../events/EventBus.js';
import { ServerPresence } from '../events/ServerPresence.js';
import type { Log } from '../logger.js';
import type { OutgoingSocketMessage, SocketHub, SocketPeer } from './SocketHub.js';
import type { SocketRelayStore } from './SocketRelayStore.js';

/** The bus topic of relayed socket messages. */
export const SOCKET_RELAY_TOPIC = 'socket-relays';
/** Seconds a relayed message is kept for the other servers to read. */
export const SOCKET_RELAY_KEEP_SECONDS = 60;
/** Milliseconds between deletions of the relays older than that. */
const PURGE_INTERVAL_MS = 30_000;

const ID = /^[0-9a-f-]{36}$/i;
/** SOCKET_PATH, or an application's socket (appSocketPath of a package name). */
const PATH = /^(?:\/socket|\/apps\/[A-Za-z][A-Za-z0-9_-]{0,63}\/socket)$/;

/** What the bus says of a relayed message: where it is stored and whom it is for. */
export interface SocketRelayMessage {
  id: string;
  userId: string;
  path: string;
  sender: string;
}

/** A relayed message's announcement from another server, checked: null when it is none. */
export function parseSocketRelayMessage(payload: unknown): SocketRelayMessage | null {
  if (!payload || typeof payload !== 'object') return null;
  const { id, userId, path, sender } = payload as Record<string, unknown>;
  if (typeof id !== 'string' || !ID.test(id) || typeof userId !== 'string' || !ID.test(userId)) return null;
  if (typeof path !== 'string' || !PATH.test(path) || typeof sender !== 'string' || !ID.test(sender)) return null;
  return { id, userId, path, sender };
}

export interface SocketRelaysDeps {
  bus: EventBus;
  store: SocketRelayStore;
  hub: Pick<SocketHub, 'sendTextToUser' | 'hasConnection'>;
  /** Whether the user may still use the application (PackageService.isAppVisible: remembered, so cheap per message). */
  canUseApp(userId: string, app: string): Promise<boolean>;
  log: Log;
  /** Which other servers are on the bus; made over `bus` by default. */
  presence?: Pick<ServerPresence, 'start' | 'stop' | 'othersMayListen'>;
}

export class SocketRelays {
  /** Whether other servers may hold connections of the user (the bus is shared). */
  readonly shared: boolean;
  /** Per sending connection elsewhere, the last of its messages being delivered here: the next waits for it. */
  private readonly incoming = new Map<string, Promise<void>>();
  private unsubscribe: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly presence: Pick<ServerPresence, 'start' | 'stop' | 'othersMayListen'> | null;

  constructor(private readonly deps: SocketRelaysDeps) {
    this.shared = isSharedBus(deps.bus);
    this.presence = this.shared ? (deps.presence ?? new ServerPresence(deps.bus)) : null;
  }

  /**
   * Sends the message of `from` to the user's other connections on `path`
   * (its own socket's for an application socket, SOCKET_PATH for the
   * desktop's): at once here, then through the bus. Resolves once the other
   * servers have been told: the caller relays a connection's messages one
   * after the other, which keeps their order.
   */
  async relay(from: SocketPeer, message: OutgoingSocketMessage, path: string, app: string): Promise<void> {
    const body = JSON.stringify(message);
    this.deps.hub.sendTextToUser(from.userId, body, from.id, path);
    if (!this.presence?.othersMayListen()) return;
    const id = randomUUID();
    try {
      await this.deps.store.add({ id, userId: from.userId, path, app, sender: from.id, body });
    } catch (err) {
      this.deps.log.warn({ err, event: 'socket.relay-failed', connection: from.id, userId: from.userId, path }, 'socket message not relayed to the other servers');
      return;
    }
    this.deps.bus.publish(SOCKET_RELAY_TOPIC, { id, userId: from.userId, path, sender: from.id });
  }

  /** Listens for the other servers' relays and deletes old ones now and then (shared bus only). */
  start(): void {
    if (!this.shared) return;
    this.presence?.start();
    this.unsubscribe ??= this.deps.bus.subscribe(SOCKET_RELAY_TOPIC, (payload, origin) => {
      if (origin !== 'elsewhere') return;
      const message = parseSocketRelayMessage(payload);
      if (message) this.received(message);
    });
    this.timer ??= setInterval(() => void this.purge(), PURGE_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    this.presence?.stop();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Deletes the relays older than their delivery window; returns how many. */
  async purge(): Promise<number> {
    try {
      return await this.deps.store.purgeOlderThan(SOCKET_RELAY_KEEP_SECONDS);
    } catch (err) {
      this.deps.log.warn({ err }, 'old socket relays not deleted');
      return 0;
    }
  }

  /**
   * Another server's relay: read at once when the user has a connection on
   * that socket here (none: nothing is read), delivered after the same
   * sender's previous one.
   */
  private received(message: SocketRelayMessage): void {
    const { hub, store, canUseApp, log } = this.deps;
    if (!hub.hasConnection(message.userId, message.path)) return;
    const failed = (err: unknown) => log.warn({ err, event: 'socket.relay-failed', userId: message.userId, path: message.path }, 'socket message from another server not delivered');
    // Read at once (several may be read together), handed out in turn below.
    const stored = store.find(message.id).catch((err: unknown) => {
      failed(err);
      return null;
    });
    const previous = this.incoming.get(message.sender) ?? Promise.resolve();
    const delivered = previous
      .then(async () => {
        const relay = await stored;
        // Gone (read after its window) or not what the announcement said: nothing to send.
        if (!relay || relay.userId !== message.userId || relay.path !== message.path || relay.sender !== message.sender) return;
        if (!(await canUseApp(relay.userId, relay.app))) return;
        hub.sendTextToUser(relay.userId, relay.body, relay.sender, relay.path);
      })
      .catch(failed);
    this.incoming.set(message.sender, delivered);
    void delivered.then(() => {
      if (this.incoming.get(message.sender) === delivered) this.incoming.delete(message.sender);
    });
  }
}
