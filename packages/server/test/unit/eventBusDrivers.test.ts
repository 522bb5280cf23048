/**
 * @module-tag postgres
 *
 * The event bus's drivers that reach other servers (docs/DEPLOYMENT.md,
 * "The event bus"): Redis pub/sub on a throwaway redis-server
 * (helpers/redisServer.ts), and PostgreSQL's LISTEN/NOTIFY when the tests
 * run on PostgreSQL. Two buses stand for two servers; each driver keeps the
 * same promises.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../src/config.js';
import type { BusLog } from '../../src/events/ConnectedEventBus.js';
import { LocalEventBus, MAX_PAYLOAD_BYTES, type EventBus } from '../../src/events/EventBus.js';
import { openEventBus } from '../../src/events/openEventBus.js';
import { BUS_APPLICATION_NAME, BUS_CHANNEL, PgEventBus } from '../../src/events/PgEventBus.js';
import { REDIS_BUS_CHANNEL, REDIS_BUS_CONNECTION_NAME, RedisEventBus, redisAddress } from '../../src/events/RedisEventBus.js';
import { adminQuery, databaseUrl } from '../helpers/postgresAdmin.js';
import { redisAvailable, startRedisServer, type RedisServer } from '../helpers/redisServer.js';

/** Logs kept, to check what the bus says and that it never says a password. */
function recordingLog() {
  const lines: Array<{ level: string; obj: object; msg: string }> = [];
  return {
    lines,
    warn: (obj: object, msg: string) => void lines.push({ level: 'warn', obj, msg }),
    info: (obj: object, msg: string) => void lines.push({ level: 'info', obj, msg }),
  };
}

/** What a bus heard on one topic, with the origin. */
function heardOn(bus: EventBus, topic: string): Array<[unknown, string]> {
  const heard: Array<[unknown, string]> = [];
  bus.subscribe(topic, (payload, origin) => heard.push([payload, origin]));
  return heard;
}

const until = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

/** What differs between the drivers in these tests. */
interface Driver {
  name: string;
  /** Bus connections a server holds. */
  connectionsPerBus: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  open(log: BusLog): Promise<EventBus>;
  /** The ids of the bus connections the server (Redis, PostgreSQL) has now. */
  connections(): Promise<string[]>;
  kill(id: string): Promise<void>;
  /** Every bus connection dropped at once, as when the server restarts. */
  restart(): Promise<void>;
  /** Puts text on the channel as anybody could. */
  inject(text: string): Promise<void>;
}

let redis: RedisServer;
const redisDriver: Driver = {
  name: 'Redis pub/sub',
  connectionsPerBus: 2,
  start: async () => void (redis = await startRedisServer()),
  stop: async () => redis?.stop(),
  open: (log) => RedisEventBus.open(redis.url, { log }),
  async connections() {
    const list = String(await redis.command('CLIENT', 'LIST'));
    return list
      .split('\n')
      .filter((line) => line.includes(` name=${REDIS_BUS_CONNECTION_NAME} `))
      .map((line) => /^id=(\d+)/.exec(line)![1]!);
  },
  kill: async (id) => void (await redis.command('CLIENT', 'KILL', 'ID', id)),
  // The server itself stops and starts again: it keeps nothing.
  restart: () => redis.restart(),
  inject: async (text) => void (await redis.command('PUBLISH', REDIS_BUS_CHANNEL, text)),
};

const adminUrl = process.env.TEST_DATABASE_URL;
let postgres: { url: string; name: string; admin: pg.Client } | undefined;
const pgQuery = async (text: string, values: unknown[] = []) => (await postgres!.admin.query(text, values)).rows as Array<Record<string, unknown>>;
const listenNotify: Driver = {
  name: 'LISTEN/NOTIFY',
  connectionsPerBus: 1,
  async start() {
    const name = `atrium_test_bus_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl!, `create database ${name}`);
    const url = databaseUrl(adminUrl!, name);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    postgres = { url, name, admin };
  },
  async stop() {
    await postgres?.admin.end();
    if (postgres) await adminQuery(adminUrl!, `drop database if exists ${postgres.name} with (force)`);
  },
  open: (log) => PgEventBus.open(postgres!.url, { log }),
  async connections() {
    const rows = await pgQuery('select pid from pg_stat_activity where application_name = $1 and datname = current_database()', [BUS_APPLICATION_NAME]);
    return rows.map((row) => String(row.pid));
  },
  kill: async (id) => void (await pgQuery('select pg_terminate_backend($1::int)', [id])),
  // A database restart drops every connection; the bus sees only that.
  restart: async () => void (await pgQuery('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()', [BUS_APPLICATION_NAME])),
  inject: async (text) => void (await pgQuery('select pg_notify($1, $2)', [BUS_CHANNEL, text])),
};

const drivers = [...(redisAvailable ? [redisDriver] : []), ...(adminUrl ? [listenNotify] : [])];

describe.skipIf(drivers.length === 0).each(drivers)('the event bus over $name', (driver) => {
  const open: EventBus[] = [];

  beforeAll(() => driver.start());
  afterEach(async () => {
    await Promise.all(open.splice(0).map((bus) => bus.close()));
  });
  afterAll(() => driver.stop());

  /** A bus of its own, and the ids of its connections. */
  async function openBus(log = recordingLog()): Promise<{ bus: EventBus; ids: string[]; log: ReturnType<typeof recordingLog> }> {
    const before = new Set(await driver.connections());
    const bus = await driver.open(log);
    open.push(bus);
    return { bus, ids: (await driver.connections()).filter((id) => !before.has(id)), log };
  }

  it("delivers a message here at once as this server's, and to the other server as another's, once each", async () => {
    const { bus: one } = await openBus();
    const { bus: two } = await openBus();
    const onOne = heardOn(one, 'sessions');
    const onTwo = heardOn(two, 'sessions');
    one.publish('sessions', { kind: 'session-revoked', sessionId: 's-1' });
    expect(onOne).toEqual([[{ kind: 'session-revoked', sessionId: 's-1' }, 'here']]);
    await until(() => expect(onTwo).toEqual([[{ kind: 'session-revoked', sessionId: 's-1' }, 'elsewhere']]));
    // The other way; by the time the first server hears this answer, its own message has come back through the channel too.
    two.publish('sessions', { kind: 'user-changed', userId: 'u-1' });
    await until(() => expect(onOne).toHaveLength(2));
    expect(onOne).toEqual([
      [{ kind: 'session-revoked', sessionId: 's-1' }, 'here'],
      [{ kind: 'user-changed', userId: 'u-1' }, 'elsewhere'],
    ]);
    expect(onTwo).toEqual([
      [{ kind: 'session-revoked', sessionId: 's-1' }, 'elsewhere'],
      [{ kind: 'user-changed', userId: 'u-1' }, 'here'],
    ]);
  });

  it('brings 300 messages published at once to the other server in the order published, each once', async () => {
    const { bus: one } = await openBus();
    const { bus: two } = await openBus();
    const onTwo = heardOn(two, 'socket-relays');
    for (let i = 0; i < 300; i++) one.publish('socket-relays', { i });
    await until(() => expect(onTwo).toHaveLength(300));
    expect(onTwo.map(([payload]) => (payload as { i: number }).i)).toEqual([...Array(300).keys()]);
  });

  it('refuses a payload that carries data rather than ids, and sends nothing', async () => {
    const { bus: one } = await openBus();
    const { bus: two } = await openBus();
    const onTwo = heardOn(two, 'tasks');
    expect(() => one.publish('tasks', { text: 'x'.repeat(MAX_PAYLOAD_BYTES) })).toThrow(/ids, not data/);
    one.publish('tasks', { taskId: 't-after' });
    await until(() => expect(onTwo).toEqual([[{ taskId: 't-after' }, 'elsewhere']]));
  });

  it('passes on from the channel only well-formed messages, whoever put them there', async () => {
    const { bus } = await openBus();
    const heard = heardOn(bus, 'tasks');
    for (const bad of ['not json', '42', 'null', JSON.stringify({ o: 'x', t: 5, p: {} })]) await driver.inject(bad);
    await driver.inject(JSON.stringify({ o: 'another-server', t: 'tasks', p: { taskId: 't-1' } }));
    await until(() => expect(heard).toEqual([[{ taskId: 't-1' }, 'elsewhere']]));
  });

  it('queues what is published while its connection is down, sends it once back, then tells its resync listeners', async () => {
    const { bus: other } = await openBus();
    const { bus, ids, log } = await openBus();
    expect(ids).toHaveLength(driver.connectionsPerBus);
    const events: string[] = [];
    bus.onResync(() => events.push('resync'));
    other.onResync(() => events.push('the other server resynced'));
    other.subscribe('tasks', (payload) => events.push(`heard ${(payload as { taskId: string }).taskId}`));
    // Never on the first connection.
    expect(events).toEqual([]);
    for (const id of ids) await driver.kill(id);
    // More than the queue holds: the oldest are dropped, the newest 1,000 are sent in order.
    for (let i = 0; i < 1010; i++) bus.publish('tasks', { taskId: `t-${i}` });
    await until(() => expect(events).toHaveLength(1001));
    expect(events[0]).toBe('resync');
    expect(events.slice(1)).toEqual(Array.from({ length: 1000 }, (_, i) => `heard t-${i + 10}`));
    expect(log.lines.map((line) => line.msg)).toContain('the event bus connection is back');
    // It has connections again, and the other server's were never dropped.
    expect(await driver.connections()).toHaveLength(2 * driver.connectionsPerBus);
  });

  it('comes back when every bus connection drops at once (a restart), tells every server to resync, and carries messages again', async () => {
    const { bus: one } = await openBus();
    const { bus: two } = await openBus();
    const resynced = [vi.fn(), vi.fn()];
    one.onResync(resynced[0]!);
    two.onResync(resynced[1]!);
    const onTwo = heardOn(two, 'settings');
    await driver.restart();
    await until(() => {
      expect(resynced[0]).toHaveBeenCalledTimes(1);
      expect(resynced[1]).toHaveBeenCalledTimes(1);
    });
    one.publish('settings', { userId: 'u-1', keys: ['desktop.theme'] });
    await until(() => expect(onTwo).toEqual([[{ userId: 'u-1', keys: ['desktop.theme'] }, 'elsewhere']]));
  });

  it('closes its connections and makes no new ones, even when closed while its connection is down', async () => {
    const { bus, ids } = await openBus();
    await bus.close();
    await until(async () => expect((await driver.connections()).filter((id) => ids.includes(id))).toEqual([]));
    const { bus: away, ids: awayIds } = await openBus();
    for (const id of awayIds) await driver.kill(id);
    await away.close();
    // Longer than the first wait before a new connection.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await until(async () => expect(await driver.connections()).toEqual([]));
  });
});

describe.skipIf(!redisAvailable)('the event bus over Redis, what only it has', () => {
  it('fails to open when Redis cannot be reached, and never logs the password of its address', async () => {
    const log = recordingLog();
    await expect(RedisEventBus.open('redis://atrium:s3cret-Pa55@127.0.0.1:1', { log })).rejects.toThrow();
    expect(redisAddress('redis://atrium:s3cret-Pa55@127.0.0.1:6380/2')).toBe('redis://127.0.0.1:6380/2');
    expect(redisAddress('rediss://:s3cret-Pa55@redis.internal')).toBe('rediss://redis.internal');
    expect(JSON.stringify(log.lines)).not.toContain('s3cret');
  });
});

describe('the choice of the event bus', () => {
  const embedded = { kind: 'pglite' as const, openBus: async () => new LocalEventBus() };

  it("is the database's own without REDIS_URL", async () => {
    const bus = await openEventBus(embedded, undefined, { log: recordingLog() });
    expect(bus).toBeInstanceOf(LocalEventBus);
  });

  it('refuses REDIS_URL with the embedded database, saying why', async () => {
    const opening = openEventBus(embedded, 'redis://127.0.0.1:6379', { log: recordingLog() });
    await expect(opening).rejects.toBeInstanceOf(ConfigError);
    await expect(opening).rejects.toThrow(/REDIS_URL: needs DATABASE_URL/);
  });

  it.skipIf(!redisAvailable)('is Redis when REDIS_URL is set on PostgreSQL, and says where without the password', async () => {
    const server = await startRedisServer();
    const postgresDatabase = { kind: 'postgres' as const, openBus: () => Promise.reject(new Error('not the database')) };
    try {
      const log = recordingLog();
      const withPassword = server.url.replace('redis://', 'redis://:unused-S3cret@');
      // redis-server without a password accepts any (with a warning): the address is good.
      const bus = await openEventBus(postgresDatabase, withPassword, { log });
      expect(bus).toBeInstanceOf(RedisEventBus);
      await bus.close();
      expect(log.lines).toContainEqual({ level: 'info', obj: { bus: 'redis', address: server.url }, msg: 'the event bus goes through Redis' });
      expect(JSON.stringify(log.lines)).not.toContain('S3cret');
      const unreachable = openEventBus(postgresDatabase, 'redis://:S3cret@127.0.0.1:1', { log });
      await expect(unreachable).rejects.toThrow(/^The event bus could not reach Redis at redis:\/\/127\.0\.0\.1:1 \(REDIS_URL\)/);
      await expect(unreachable).rejects.not.toThrow(/S3cret/);
    } finally {
      await server.stop();
    }
  });
});
