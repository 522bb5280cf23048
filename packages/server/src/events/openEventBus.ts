/**
 * The one place that chooses the event bus's driver (docs/DEPLOYMENT.md,
 * "The event bus"): Redis pub/sub when REDIS_URL is set, else the
 * database's own (LISTEN/NOTIFY on PostgreSQL, within the process on the
 * embedded database).
 */
import { ConfigError } from '../config.js';
import type { Database } from '../db/database.js';
import type { BusLog } from './ConnectedEventBus.js';
import type { EventBus } from './EventBus.js';

export async function openEventBus(database: Pick<Database, 'kind' | 'openBus'>, redisUrl: string | undefined, options: { log: BusLog }): Promise<EventBus> {
  if (!redisUrl) return database.openBus(options);
  // The embedded database opens in one server only: there is nobody to tell, and a Redis set up for it points at a mistake.
  if (database.kind !== 'postgres') {
    throw new ConfigError('Invalid configuration:\n  REDIS_URL: needs DATABASE_URL: the embedded database serves one server alone, which has no other servers to tell');
  }
  const { RedisEventBus, redisAddress } = await import('./RedisEventBus.js');
  const address = redisAddress(redisUrl);
  let bus: EventBus;
  try {
    bus = await RedisEventBus.open(redisUrl, options);
  } catch (err) {
    throw new Error(`The event bus could not reach Redis at ${address} (REDIS_URL): ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  options.log.info({ bus: 'redis', address }, 'the event bus goes through Redis');
  return bus;
}
