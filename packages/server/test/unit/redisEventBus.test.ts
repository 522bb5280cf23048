/**
 * The event bus over Redis pub/sub (docs/DEPLOYMENT.md, "The event bus"),
 * two buses standing for two servers on a throwaway redis-server
 * (helpers/redisServer.ts): the same promises as LISTEN/NOTIFY's.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../../src/config.js';
import { LocalEventBus, MAX_PAYLOAD_BYTES } from '../../src/events/EventBus.js';
import { openEventBus } from '../../src/events/openEventBus.js';
import { REDIS_BUS_CHANNEL, REDIS_BUS_CONNECTION_NAME, RedisEventBus, redisAddress } from '../../src/events/RedisEventBus.js';
import { redisAvailable, startRedisServer, type RedisServer } from '../helpers/redisServer.js';

/** Logs kept, to check what the bus says and that it never says the password. */
function recordingLog() {
  const lines: Array<{ level: string; obj: object; msg: string }> = [];
  return {
    lines,
    warn: (obj: object, msg: string) => void lines.push({ level: 'warn', obj, msg }),
    info: (obj: object, msg: string) => void lines.push({ level: 'info', obj, msg }),
  };
}

/** What a bus heard on one topic, with the origin. */
function heardOn(bus: RedisEventBus, topic: string): Array<[unknown, string]> {
  const heard: Array<[unknown, string]> = [];
  bus.subscribe(topic, (payload, origin) => heard.push([payload, origin]));
  return heard;
}

const until = (check: () => void) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

describe.skipIf(!redisAvailable)('the event bus over Redis', () => {
  let redis: RedisServer;
  const open: RedisEventBus[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((bus) => bus.close()));
  });
  afterAll(async () => {
    await redis?.stop();
  });

  /** The ids of the bus connections Redis has now. */
  async function busConnections(): Promise<string[]> {
    const list = String(await redis.command('CLIENT', 'LIST'));
    return list
      .split('\n')
      .filter((line) => line.includes(` name=${REDIS_BUS_CONNECTION_NAME} `))
      .map((line) => /^id=(\d+)/.exec(line)![1]!);
  }

  /** A bus of its own, and the ids of its connections in Redis. */
  async function openBus(log = recordingLog()): Promise<{ bus: RedisEventBus; ids: string[]; log: ReturnType<typeof recordingLog> }> {
    const before = new Set(await busConnections());
    const bus = await RedisEventBus.open(redis.url, { log });
    open.push(bus);
    return { bus, ids: (await busConnections()).filter((id) => !before.has(id)), log };
  }

  it("delivers a message here at once as this server's, and to the other server as another's, once each", async () => {
    const { bus: one } = await openBus();
    const { bus: two } = await openBus();
    const onOne = heardOn(one, 'sessions');
    const onTwo = heardOn(two, 'sessions');
    one.publish('sessions', { kind: 'session-revoked', sessionId: 's-1' });
    expect(onOne).toEqual([[{ kind: 'session-revoked', sessionId: 's-1' }, 'here']]);
    await until(() => expect(onTwo).toEqual([[{ kind: 'session-revoked', sessionId: 's-1' }, 'elsewhere']]));
    // The other way; by the time the first server hears this answer, its own message has come back from Redis too.
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
    for (const bad of ['not json', '42', 'null', JSON.stringify({ o: 'x', t: 5, p: {} })]) await redis.command('PUBLISH', REDIS_BUS_CHANNEL, bad);
    await redis.command('PUBLISH', REDIS_BUS_CHANNEL, JSON.stringify({ o: 'another-server', t: 'tasks', p: { taskId: 't-1' } }));
    await until(() => expect(heard).toEqual([[{ taskId: 't-1' }, 'elsewhere']]));
  });

  it('queues what is published while its connection is down, sends it once back, then tells its resync listeners', async () => {
    const { bus: other } = await openBus();
    const { bus, ids, log } = await openBus();
    expect(ids).toHaveLength(2);
    const events: string[] = [];
    bus.onResync(() => events.push('resync'));
    other.onResync(() => events.push('the other server resynced'));
    other.subscribe('tasks', (payload) => events.push(`heard ${(payload as { taskId: string }).taskId}`));
    // Never on the first connection.
    expect(events).toEqual([]);
    for (const id of ids) await redis.command('CLIENT', 'KILL', 'ID', id);
    // More than the queue holds: the oldest are dropped, the newest 1,000 are sent in order.
    for (let i = 0; i < 1010; i++) bus.publish('tasks', { taskId: `t-${i}` });
    await until(() => expect(events).toHaveLength(1001));
    expect(events[0]).toBe('resync');
    expect(events.slice(1)).toEqual(Array.from({ length: 1000 }, (_, i) => `heard t-${i + 10}`));
    expect(log.lines.map((line) => line.msg)).toContain('the event bus connection is back');
    // It has connections again, and the other server's were never dropped.
    expect(await busConnections()).toHaveLength(4);
  });

  it('comes back after Redis restarts, tells every server to resync, and carries messages again', async () => {
    const { bus: one } = await openBus();
    const { bus: two } = await openBus();
    const resynced = [vi.fn(), vi.fn()];
    one.onResync(resynced[0]!);
    two.onResync(resynced[1]!);
    const onTwo = heardOn(two, 'settings');
    await redis.restart();
    await until(() => {
      expect(resynced[0]).toHaveBeenCalledTimes(1);
      expect(resynced[1]).toHaveBeenCalledTimes(1);
    });
    one.publish('settings', { userId: 'u-1', keys: ['desktop.theme'] });
    await until(() => expect(onTwo).toEqual([[{ userId: 'u-1', keys: ['desktop.theme'] }, 'elsewhere']]));
  });

  it('closes its connections and makes no new ones, even when closed while Redis is away', async () => {
    const { bus, ids } = await openBus();
    await bus.close();
    await until(async () => expect((await busConnections()).filter((id) => ids.includes(id))).toEqual([]));
    const { bus: away, ids: awayIds } = await openBus();
    for (const id of awayIds) await redis.command('CLIENT', 'KILL', 'ID', id);
    await away.close();
    const before = (await busConnections()).length;
    // Longer than the first wait before a new connection.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await busConnections()).toHaveLength(before);
  });

  it('fails to open when Redis cannot be reached, and never logs the password of its address', async () => {
    const log = recordingLog();
    const port = new URL(redis.url).port;
    await expect(RedisEventBus.open(`redis://atrium:s3cret-Pa55@127.0.0.1:1`, { log })).rejects.toThrow();
    expect(redisAddress(`redis://atrium:s3cret-Pa55@127.0.0.1:${port}/2`)).toBe(`redis://127.0.0.1:${port}/2`);
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
    const redis = await startRedisServer();
    try {
      const log = recordingLog();
      const withPassword = redis.url.replace('redis://', 'redis://:unused-S3cret@');
      // redis-server without a password accepts any (with a warning): the address is good.
      const bus = await openEventBus({ kind: 'postgres', openBus: () => Promise.reject(new Error('not the database')) }, withPassword, { log });
      expect(bus).toBeInstanceOf(RedisEventBus);
      await bus.close();
      expect(log.lines).toContainEqual({ level: 'info', obj: { bus: 'redis', address: redis.url }, msg: 'the event bus goes through Redis' });
      expect(JSON.stringify(log.lines)).not.toContain('S3cret');
      const unreachable = openEventBus({ kind: 'postgres', openBus: () => Promise.reject(new Error('not the database')) }, 'redis://:S3cret@127.0.0.1:1', { log });
      await expect(unreachable).rejects.toThrow(/^The event bus could not reach Redis at redis:\/\/127\.0\.0\.1:1 \(REDIS_URL\)/);
      await expect(unreachable).rejects.not.toThrow(/S3cret/);
    } finally {
      await redis.stop();
    }
  });
});
