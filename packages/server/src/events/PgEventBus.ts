import type pg from 'pg';
import { ConnectedEventBus, type BusLog } from './ConnectedEventBus.js';

/** The channel of every Atrium server on one database. */
export const BUS_CHANNEL = 'atrium_events';
/** The bus connections' name in pg_stat_activity. */
export const BUS_APPLICATION_NAME = 'atrium-bus';

export interface PgEventBusOptions {
  log: BusLog;
  /** How the connection is made (tests break it on purpose). */
  connect?: () => pg.Client;
}

/**
 * The event bus over PostgreSQL's LISTEN/NOTIFY: no server beyond the
 * database. Each server holds one connection of its own that listens on
 * BUS_CHANNEL and sends with pg_notify; reconnecting, the queue while it is
 * down and the resync after it are ConnectedEventBus's (docs/DEPLOYMENT.md,
 * "The event bus").
 */
export class PgEventBus extends ConnectedEventBus<pg.Client> {
  private constructor(
    private readonly makeClient: () => pg.Client,
    log: BusLog,
  ) {
    super(log);
  }

  /** Connects and listens; fails when the database cannot be reached. */
  static async open(url: string, options: PgEventBusOptions): Promise<PgEventBus> {
    const { default: pgModule } = await import('pg');
    const bus = new PgEventBus(options.connect ?? (() => new pgModule.Client({ connectionString: url, application_name: BUS_APPLICATION_NAME })), options.log);
    await bus.start();
    return bus;
  }

  protected async connect(): Promise<pg.Client> {
    const client = this.makeClient();
    client.on('notification', (message) => {
      if (message.channel === BUS_CHANNEL) this.received(message.payload);
    });
    client.on('error', (err) => {
      if (this.isCurrent(client)) this.log.warn({ err }, 'the event bus connection failed');
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

  /** One statement, notifying in the array's order (identical messages of one statement arrive once: PostgreSQL folds them, which changes nothing for messages that say what changed). */
  protected send(client: pg.Client, envelopes: readonly string[]): Promise<unknown> {
    return client.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [BUS_CHANNEL, envelopes]);
  }

  protected async disconnect(client: pg.Client): Promise<void> {
    await client.end().catch(() => undefined);
  }
}
