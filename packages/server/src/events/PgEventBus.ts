import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { encodePayload, Subscribers, type BusListener, type EventBus } from './EventBus.js';

/** The channel of every Atrium server on one database. */
export const BUS_CHANNEL = 'atrium_events';
/** The bus connections' name in pg_stat_activity. */
export const BUS_APPLICATION_NAME = 'atrium-bus';

/** The longest a server waits before trying its bus connection again. */
const MAX_RECONNECT_DELAY_MS = 5_000;
/** Messages kept while the connection is down, sent when it is back; older ones are dropped (the others resync anyway). */
const MAX_QUEUED = 1_000;

export interface PgEventBusOptions {
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** How the connection is made (tests break it on purpose). */
  connect?: () => pg.Client;
}

/**
 * The event bus over PostgreSQL's LISTEN/NOTIFY: no server beyond the
 * database. Each server holds one connection of its own that listens on
 * BUS_CHANNEL and sends with pg_notify; a message carries the sending
 * server's id, so that a server skips its own (already delivered in
 * process). A dropped connection is made again, with a growing delay up to
 * 5 s; once back, what was published meanwhile is sent and the resync
 * listeners are told (docs/DEPLOYMENT.md, "The event bus").
 */
export class PgEventBus implements EventBus {
  private readonly id = randomUUID();
  private readonly subscribers = new Subscribers();
  private client: pg.Client | null = null;
  private queued: string[] = [];
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private delay = 250;

  private constructor(
    private readonly makeClient: () => pg.Client,
    private readonly log: PgEventBusOptions['log'],
  ) {}

  /** Connects and listens; fails when the database cannot be reached. */
  static async open(url: string, options: PgEventBusOptions): Promise<PgEventBus> {
    const { default: pgModule } = await import('pg');
    const bus = new PgEventBus(options.connect ?? (() => new pgModule.Client({ connectionString: url, application_name: BUS_APPLICATION_NAME })), options.log);
    bus.client = await bus.listen();
    return bus;
  }

  publish(topic: string, payload: Record<string, unknown>): void {
    encodePayload(payload);
    this.subscribers.deliver(topic, payload, 'here', this.warn);
    const envelope = JSON.stringify({ o: this.id, t: topic, p: payload });
    if (this.client) this.send(this.client, envelope);
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
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private readonly warn = (err: unknown): void => this.log.warn({ err }, 'an event bus listener failed');

  private async listen(): Promise<pg.Client> {
    const client = this.makeClient();
    client.on('notification', (message) => {
      if (message.channel === BUS_CHANNEL) this.received(message.payload);
    });
    client.on('error', (err) => {
      this.log.warn({ err }, 'the event bus connection failed');
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${BUS_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    return client;
  }

  private send(client: pg.Client, envelope: string): void {
    client.query('SELECT pg_notify($1, $2)', [BUS_CHANNEL, envelope]).catch(() => this.queue(envelope));
  }

  private queue(envelope: string): void {
    this.queued.push(envelope);
    if (this.queued.length > MAX_QUEUED) this.queued.splice(0, this.queued.length - MAX_QUEUED);
  }

  /** A message from the channel: another server's, checked before it is delivered. */
  private received(text: string | undefined): void {
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

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    if (!this.closed) this.reconnectLater();
  }

  private reconnectLater(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.reconnect(), this.delay);
    this.timer.unref();
  }

  private async reconnect(): Promise<void> {
    let client: pg.Client;
    try {
      client = await this.listen();
    } catch (err) {
      this.log.warn({ err }, 'the event bus connection could not be made again; trying later');
      this.delay = Math.min(this.delay * 2, MAX_RECONNECT_DELAY_MS);
      if (!this.closed) this.reconnectLater();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.delay = 250;
    this.log.info({}, 'the event bus connection is back');
    for (const envelope of this.queued.splice(0)) this.send(client, envelope);
    this.subscribers.resynced(this.warn);
  }
}
