import type { Redis, RedisOptions } from 'ioredis';
import { ConnectedEventBus, type BusLog } from './ConnectedEventBus.js';

/** The Redis channel of every Atrium server that shares one Redis. */
export const REDIS_BUS_CHANNEL = 'atrium:events';
/** The bus connections' name in Redis's CLIENT LIST. */
export const REDIS_BUS_CONNECTION_NAME = 'atrium-bus';

export interface RedisEventBusOptions {
  log: BusLog;
}

/** A server's two connections: one subscribed to the channel (which can do nothing else), one that publishes. */
interface Link {
  subscriber: Redis;
  publisher: Redis;
}

/**
 * The event bus over Redis pub/sub, for many servers or a database that
 * should not carry the messages (docs/DEPLOYMENT.md, "The event bus").
 * Each server subscribes to REDIS_BUS_CHANNEL on one connection and
 * publishes on another; when either drops, both are made again.
 * Reconnecting, the queue while down and the resync after it are
 * ConnectedEventBus's, so the client library's own reconnecting and queue
 * are turned off. Redis keeps nothing: a message sent while a server was
 * away is lost to it, which the resync covers.
 */
export class RedisEventBus extends ConnectedEventBus<Link> {
  private constructor(
    private readonly makeClient: () => Redis,
    log: BusLog,
  ) {
    super(log);
  }

  /** Connects and subscribes; fails when Redis cannot be reached. */
  static async open(url: string, options: RedisEventBusOptions): Promise<RedisEventBus> {
    const { Redis: Client } = await import('ioredis');
    const settings: RedisOptions = {
      connectionName: REDIS_BUS_CONNECTION_NAME,
      lazyConnect: true,
      connectTimeout: 5_000,
      // Reconnecting and queueing are the bus's own: a dropped connection ends, and a command without one fails at once.
      retryStrategy: () => null,
      enableOfflineQueue: false,
      autoResubscribe: false,
      maxRetriesPerRequest: 0,
    };
    const bus = new RedisEventBus(() => new Client(url, settings), options.log);
    await bus.start();
    return bus;
  }

  protected async connect(): Promise<Link> {
    const link: Link = { subscriber: this.makeClient(), publisher: this.makeClient() };
    for (const client of [link.subscriber, link.publisher]) {
      client.on('error', (err: Error) => {
        if (this.isCurrent(link)) this.log.warn({ err }, 'the event bus connection failed');
      });
      client.on('end', () => this.lost(link));
    }
    link.subscriber.on('message', (channel: string, text: string) => {
      if (channel === REDIS_BUS_CHANNEL) this.received(text);
    });
    try {
      await Promise.all([link.subscriber.connect(), link.publisher.connect()]);
      await link.subscriber.subscribe(REDIS_BUS_CHANNEL);
    } catch (err) {
      await this.disconnect(link);
      throw err;
    }
    return link;
  }

  /** The commands leave one connection in the order given, so the messages arrive in it. */
  protected send(link: Link, envelopes: readonly string[]): Promise<unknown> {
    return Promise.all(envelopes.map((envelope) => link.publisher.publish(REDIS_BUS_CHANNEL, envelope)));
  }

  protected async disconnect(link: Link): Promise<void> {
    await Promise.all(
      [link.subscriber, link.publisher].map(async (client) => {
        if (client.status === 'end') return;
        await client.quit().catch(() => client.disconnect());
      }),
    );
  }
}

/** Where a Redis address points, for logs: host, port and database, never the user or password. */
export function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.length > 1 ? parsed.pathname : ''}`;
  } catch {
    return 'an unreadable address';
  }
}
