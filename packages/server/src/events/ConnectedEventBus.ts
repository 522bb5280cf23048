import { randomUUID } from 'node:crypto';
import { encodePayload, Subscribers, type BusListener, type EventBus } from './EventBus.js';

/** The longest a server waits before trying its bus connection again. */
const MAX_RECONNECT_DELAY_MS = 5_000;
/** The first wait after a connection dropped; each failed try doubles it. */
const FIRST_RECONNECT_DELAY_MS = 250;
/** Messages kept while the connection is down, sent when it is back; older ones are dropped (the others resync anyway). */
const MAX_QUEUED = 1_000;
/** The most messages sent together. */
const MAX_BATCH = 100;

/** Where a bus driver reports its connection's ups and downs. */
export interface BusLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * What the drivers that talk to other servers through a connection of
 * their own (PostgreSQL's LISTEN/NOTIFY, Redis pub/sub) have in common
 * (docs/DEPLOYMENT.md, "The event bus"). A message carries the sending
 * server's id, so that a server skips its own (already delivered in
 * process). A dropped connection is made again, with a growing delay up to
 * 5 s; what is published meanwhile is queued (the newest 1,000 messages)
 * and sent once it is back, and then the resync listeners are told, never
 * on the first connection.
 *
 * A driver says how a connection is made, used and ended; the connection it
 * makes hands the channel's messages to `received` and reports its loss to
 * `lost`.
 */
export abstract class ConnectedEventBus<Connection extends object> implements EventBus {
  private readonly id = randomUUID();
  private readonly subscribers = new Subscribers();
  private connection: Connection | null = null;
  private queued: string[] = [];
  /** Messages waiting for those under way: sent together after them, in order. */
  private outbox: string[] = [];
  private sending = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private delay = FIRST_RECONNECT_DELAY_MS;
  /** Connections that dropped before they were put to use: not to be used. */
  private readonly dropped = new WeakSet<Connection>();

  protected constructor(protected readonly log: BusLog) {}

  /** Opens a connection that listens to the channel; rejects, having let go of what it opened, when it cannot. */
  protected abstract connect(): Promise<Connection>;
  /** Sends envelopes to the channel, in their order; rejects when it could not. */
  protected abstract send(connection: Connection, envelopes: readonly string[]): Promise<unknown>;
  /** Ends a connection; never rejects. */
  protected abstract disconnect(connection: Connection): Promise<void>;

  /** The first connection: the server does not start without it. */
  protected async start(): Promise<void> {
    this.connection = await this.connected();
  }

  /** A new connection, unless it dropped on the way. */
  private async connected(): Promise<Connection> {
    const connection = await this.connect();
    if (this.dropped.has(connection)) {
      await this.disconnect(connection);
      throw new Error('the event bus connection dropped as it was made');
    }
    return connection;
  }

  /** Whether this connection is the one in use (a connection being made or already dropped is not). */
  protected isCurrent(connection: Connection): boolean {
    return this.connection === connection;
  }

  publish(topic: string, payload: Record<string, unknown>): void {
    encodePayload(payload);
    this.subscribers.deliver(topic, payload, 'here', this.warn);
    const envelope = JSON.stringify({ o: this.id, t: topic, p: payload });
    if (this.connection) this.sendInTurn([envelope]);
    else this.queue(envelope);
  }

  subscribe(topic: string, listener: BusListener): () => void {
    return this.subscribers.subscribe(topic, listener);
  }

  onResync(listener: () => void): () => void {
    return this.subscribers.onResync(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const connection = this.connection;
    this.connection = null;
    if (connection) await this.disconnect(connection);
  }

  private readonly warn = (err: unknown): void => this.log.warn({ err }, 'an event bus listener failed');

  /**
   * Sends in the order published (one sender's socket relays rely on it),
   * one send at a time: what is published meanwhile goes together in the
   * next. What could not be sent waits for the connection to come back.
   */
  private sendInTurn(envelopes: readonly string[]): void {
    this.outbox.push(...envelopes);
    if (!this.sending) void this.flush();
  }

  private async flush(): Promise<void> {
    this.sending = true;
    while (this.outbox.length > 0) {
      const connection = this.connection;
      if (!connection) {
        for (const envelope of this.outbox.splice(0)) this.queue(envelope);
        break;
      }
      const batch = this.outbox.splice(0, MAX_BATCH);
      try {
        await this.send(connection, batch);
      } catch {
        // Made again meanwhile: sent first on the new connection; else kept for when it is back.
        if (this.connection && this.connection !== connection) this.outbox.unshift(...batch);
        else for (const envelope of batch) this.queue(envelope);
      }
    }
    this.sending = false;
  }

  private queue(envelope: string): void {
    if (this.closed) return;
    this.queued.push(envelope);
    if (this.queued.length > MAX_QUEUED) this.queued.splice(0, this.queued.length - MAX_QUEUED);
  }

  /** A message from the channel: another server's, checked before it is delivered. */
  protected received(text: string | undefined): void {
    let message: unknown;
    try {
      message = JSON.parse(text ?? '');
    } catch {
      return;
    }
    if (!message || typeof message !== 'object') return;
    const { o, t, p } = message as { o?: unknown; t?: unknown; p?: unknown };
    if (o === this.id || typeof t !== 'string') return;
    this.subscribers.deliver(t, p, 'elsewhere', this.warn);
  }

  /** The connection dropped (or failed): it is ended, and another one made later. */
  protected lost(connection: Connection): void {
    if (this.connection !== connection) {
      this.dropped.add(connection);
      return;
    }
    this.connection = null;
    void this.disconnect(connection);
    if (!this.closed) this.reconnectLater();
  }

  private reconnectLater(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.reconnect(), this.delay);
    this.timer.unref();
  }

  private async reconnect(): Promise<void> {
    let connection: Connection;
    try {
      connection = await this.connected();
    } catch (err) {
      this.log.warn({ err }, 'the event bus connection could not be made again; trying later');
      this.delay = Math.min(this.delay * 2, MAX_RECONNECT_DELAY_MS);
      if (!this.closed) this.reconnectLater();
      return;
    }
    if (this.closed) {
      await this.disconnect(connection);
      return;
    }
    this.connection = connection;
    this.delay = FIRST_RECONNECT_DELAY_MS;
    this.log.info({}, 'the event bus connection is back');
    this.sendInTurn(this.queued.splice(0));
    this.subscribers.resynced(this.warn);
  }
}
