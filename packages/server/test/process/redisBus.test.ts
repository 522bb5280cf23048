/**
 * @module-tag postgres
 *
 * Two servers as separate processes on one PostgreSQL with REDIS_URL set
 * (docs/DEPLOYMENT.md, "The event bus"): their bus goes through Redis (a
 * redis-server of the test's own that asks for a password), none through
 * the database, and the password never reaches what they write; a sign-out
 * through one is refused by the other at once; when Redis restarts, each
 * forgets what it remembered and the bus carries messages again. Runs in
 * the PostgreSQL step of `npm test`.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '@atrium/shared';
import { PasswordHasher } from '../../src/auth/PasswordHasher.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { BUS_APPLICATION_NAME } from '../../src/events/PgEventBus.js';
import { REDIS_BUS_CONNECTION_NAME } from '../../src/events/RedisEventBus.js';
import { createStores, type Stores } from '../../src/stores.js';
import { clusterCanRun, startCluster, type Cluster, within } from '../helpers/cluster.js';
import { GOOD_PASSWORD, makeAccount, makeUser } from '../helpers/factories.js';
import { redisAvailable, startRedisServer, type RedisServer } from '../helpers/redisServer.js';

const PASSWORD = 'Bus-S3cret-7a1e';


const me = async (base: string, jwt: string) => (await fetch(`${base}/api/v1/user/me`, { headers: { authorization: `Bearer ${jwt}` } })).status;

describe.skipIf(!redisAvailable || !clusterCanRun('two servers with Redis'))('two servers whose event bus goes through Redis', () => {
  let redis: RedisServer;
  let cluster: Cluster;
  let database: Database;
  let stores: Stores;
  const hasher = new PasswordHasher();

  beforeAll(async () => {
    redis = await startRedisServer({ password: PASSWORD });
    // The session checks are remembered for a minute: only the bus can make the other server forget sooner.
    cluster = await startCluster(2, { REDIS_URL: redis.url, SESSION_CACHE_TTL: '60', LOG_LEVEL: 'info' });
    database = await openDatabase({ url: cluster.databaseUrl });
    stores = createStores(database.db, os.tmpdir());
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await cluster?.close();
    await redis?.stop();
  });

  /** A user signed in through the proxy, whose session both servers have checked (and so remember). */
  async function signedInOnBoth(): Promise<LoginResult & { userId: string }> {
    const account = await makeAccount(stores);
    const user = await makeUser(stores, hasher, { accounts: [account.id] });
    const res = await fetch(`${cluster.url}/api/wrapper/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user.username, password: GOOD_PASSWORD }) });
    expect(res.status).toBe(200);
    const login = ((await res.json()) as { data: LoginResult }).data;
    for (const server of cluster.servers) expect(await me(server.url, login.jwt)).toBe(200);
    return { ...login, userId: user.id };
  }

  async function signOut(base: string, login: LoginResult): Promise<void> {
    const out = await fetch(`${base}/logout`, { method: 'POST', headers: { authorization: `Bearer ${login.jwt}`, 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: login.refresh_token }) });
    expect(out.status).toBe(200);
  }

  it('tells the other server of a sign-out through Redis, not the database, and never writes the password', async () => {
    const clients = String(await redis.command('CLIENT', 'LIST'));
    expect(clients.match(new RegExp(` name=${REDIS_BUS_CONNECTION_NAME} `, 'g'))).toHaveLength(4);
    const listening = (await database.db.execute(sql`select pid from pg_stat_activity where application_name = ${BUS_APPLICATION_NAME} and datname = current_database()`)) as unknown as { rows: unknown[] };
    expect(listening.rows).toEqual([]);
    const login = await signedInOnBoth();
    await signOut(cluster.servers[0]!.url, login);
    await within(1000, async () => (await me(cluster.servers[1]!.url, login.jwt)) === 401);
    for (const server of cluster.servers) {
      expect(server.output()).toContain('the event bus goes through Redis');
      expect(server.output()).not.toContain(PASSWORD);
    }
  });

  it('forgets what each server remembered when Redis restarts, and carries messages again', async () => {
    const login = await signedInOnBoth();
    // The session ends behind every server's back (no message), and Redis restarts: each server's bus connection drops.
    await database.db.execute(sql`update sessions set revoked_at = now() where user_id = ${login.userId}`);
    await redis.restart();
    for (const server of cluster.servers) await within(5000, async () => (await me(server.url, login.jwt)) === 401);
    const again = await signedInOnBoth();
    await signOut(cluster.servers[1]!.url, again);
    await within(1000, async () => (await me(cluster.servers[0]!.url, again.jwt)) === 401);
    for (const server of cluster.servers) expect(server.output()).not.toContain(PASSWORD);
  });
});
