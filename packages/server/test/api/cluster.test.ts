/**
 * @module-tag postgres
 *
 * Several servers on one PostgreSQL database (docs/DEPLOYMENT.md): what one
 * server changes reaches the others through the event bus, and a server
 * whose bus connection drops forgets what it remembered once it is back.
 * Every case runs with each driver of the bus: PostgreSQL's LISTEN/NOTIFY,
 * and Redis pub/sub (REDIS_URL, on a redis-server of the test's own). Two
 * servers of the same process stand for two machines: each has its own
 * connections to the database and its own bus connection. On the embedded
 * database, which only one server opens, there is nothing to check.
 */
import { SocketNames, TASK_CHANGED_MESSAGE, VFS_CHANGED_MESSAGE, type TaskChangedParams } from '@atrium/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { BUS_APPLICATION_NAME } from '../../src/events/PgEventBus.js';
import { REDIS_BUS_CONNECTION_NAME } from '../../src/events/RedisEventBus.js';
import { GOOD_PASSWORD, makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer } from '../helpers/http.js';
import { settle, TestSocket } from '../helpers/socketClient.js';
import { hoursFrom, TaskApi } from '../helpers/tasks.js';
import { VfsClient } from '../helpers/vfs.js';
import { within } from '../helpers/cluster.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { createSharedTestDatabase } from '../helpers/testDatabase.js';
import { redisAvailable, startRedisServer, type RedisServer } from '../helpers/redisServer.js';

/** GET v1 /user/me through a server: its status. */
async function me(app: FastifyInstance, api: string, jwt: string): Promise<number> {
  return (await app.inject({ method: 'GET', url: `${api}/user/me`, headers: bearer(jwt) })).statusCode;
}


const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** What differs between the bus's drivers: what the servers are given, and how their bus connections are cut. */
interface BusDriver {
  name: string;
  /** Starts what the driver needs beyond the database; the servers' environment. */
  start(): Promise<Record<string, string>>;
  /** Cuts every server's bus connection at once. */
  cut(servers: TestApp[]): Promise<void>;
  stop(): Promise<void>;
}

const listenNotify: BusDriver = {
  name: 'LISTEN/NOTIFY',
  start: async () => ({}),
  async cut([server]) {
    const { rows } = (await server!.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${BUS_APPLICATION_NAME} and datname = current_database()`,
    )) as unknown as { rows: unknown[] };
    expect(rows).toHaveLength(2);
  },
  stop: async () => undefined,
};

let redis: RedisServer | undefined;
const redisPubSub: BusDriver = {
  name: 'Redis',
  async start() {
    redis = await startRedisServer();
    return { REDIS_URL: redis.url };
  },
  async cut() {
    // Two connections a server, one subscribed; the database carries no bus connection of theirs.
    expect(String(await redis!.command('CLIENT', 'LIST')).match(new RegExp(` name=${REDIS_BUS_CONNECTION_NAME} `, 'g'))).toHaveLength(4);
    expect(await redis!.command('CLIENT', 'KILL', 'TYPE', 'pubsub')).toBe(2);
  },
  stop: async () => redis?.stop(),
};

describe.skipIf(!onPostgres).each([listenNotify, ...(redisAvailable ? [redisPubSub] : [])])('several servers on one PostgreSQL database, the bus through $name', (driver) => {
  // The session checks are remembered for a minute: only the bus can make the other server forget sooner.
  const env = { SESSION_CACHE_TTL: '60', LOGIN_MAX_FAILURES_ACCOUNT: '4', LOGIN_MAX_FAILURES_ADDRESS: '1000' };
  let shared: Awaited<ReturnType<typeof createSharedTestDatabase>>;
  let one: TestApp;
  let two: TestApp;
  let api: string;
  let wrapper: string;

  beforeAll(async () => {
    const [busEnv, database] = await Promise.all([driver.start(), createSharedTestDatabase(2)]);
    shared = database;
    const [first, second] = shared!.databases.map((database) => createTestApp({ env: { ...env, ...busEnv }, database, rateLimits: { auth: 1000, recovery: 4 } }));
    [one, two] = await Promise.all([first!, second!]);
    api = one.config.apiPrefix;
    wrapper = one.config.wrapperPrefix;
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await Promise.all([shared?.close(), driver.stop()]);
  });

  /** A user signed in through the first server, whose session both servers have checked (and so remember). */
  async function signedInOnBoth() {
    const account = await makeAccount(one.services.stores);
    const user = await makeUser(one.services.stores, one.hasher, { accounts: [account.id] });
    const session = await signIn(one.app, wrapper, user.username);
    expect(await me(one.app, api, session.jwt)).toBe(200);
    expect(await me(two.app, api, session.jwt)).toBe(200);
    return { user, session };
  }

  it('refuses a session on the other server within a second of its sign-out', async () => {
    const { session } = await signedInOnBoth();
    const out = await one.app.inject({ method: 'POST', url: '/logout', headers: bearer(session.jwt), payload: { refresh_token: session.refresh_token } });
    expect(out.statusCode).toBe(200);
    await within(1000, async () => (await me(two.app, api, session.jwt)) === 401);
  });

  it("refuses every session of a user on the other server when a server ends them all (a password reset, a disabled user)", async () => {
    const { user, session } = await signedInOnBoth();
    await one.services.stores.sessions.revokeAllForUser(user.id, 'password-reset');
    await within(1000, async () => (await me(two.app, api, session.jwt)) === 401);
  });

  /** The address of the second server's desktop socket (it listens from the first call on). */
  async function desktopSocketOfTwo(): Promise<string> {
    if (!two.app.server.listening) await two.app.listen({ host: '127.0.0.1', port: 0 });
    const address = two.app.server.address();
    return `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/socket`;
  }

  it("brings a task assigned through one server to the assignee's desktop connected to the other, a later change of it too, a setting and a shared folder changed there", async () => {
    const url = await desktopSocketOfTwo();
    const { stores } = one.services;
    const team = await makeAccount(stores);
    const ada = await makeUser(stores, one.hasher, { accounts: [team.id], firstname: 'Ada', lastname: 'Lovelace' });
    const bob = await makeUser(stores, one.hasher, { accounts: [team.id] });
    const carol = await makeUser(stores, one.hasher, { accounts: [team.id] });
    const audits = await stores.apps.create({ name: 'Audits', title: 'Audit Management', category: 'quality management' });
    await stores.apps.grant(ada.id, audits.id);
    const [adaJwt, bobJwt, carolJwt] = await Promise.all([ada, bob, carol].map(async (u) => (await signIn(one.app, wrapper, u.username)).jwt));
    const bobOnTwo = await TestSocket.open(url, { origin: 'http://atrium.test' });
    const carolOnTwo = await TestSocket.open(url, { origin: 'http://atrium.test' });
    try {
      await bobOnTwo.authenticate(bobJwt!);
      await carolOnTwo.authenticate(carolJwt!);
      // Bob's badge is asked for through the second server first: it remembers the answer, and must forget it.
      const bobOnTwoApi = new TaskApi(two, bobJwt!);
      expect(await bobOnTwoApi.names()).toEqual([]);
      const task = await new TaskApi(one, adaJwt!).create({ app: 'Audits', name: 'Check the supplier contract', assignee: bob.username, end_date: hoursFrom(new Date(), 72) });
      const heard = (await bobOnTwo.next(TASK_CHANGED_MESSAGE)).params as TaskChangedParams;
      expect(heard).toEqual({ reason: 'assigned', taskId: task.uuid, task_name: 'Check the supplier contract', appName: 'Audits', by: { id: ada.id, name: 'Ada Lovelace' } });
      // What the desktop asks next, through its own server, has the task.
      expect(await bobOnTwoApi.names()).toEqual(['Check the supplier contract']);
      await new TaskApi(one, adaJwt!).comment(task.uuid, 'The contract is in the shared folder');
      expect(((await bobOnTwo.next(TASK_CHANGED_MESSAGE)).params as TaskChangedParams).reason).toBe('commented');
      await settle();
      expect(carolOnTwo.received(TASK_CHANGED_MESSAGE)).toEqual([]);
      // A setting Bob changes through the first server reaches his desktop on the second, by the key's name.
      const saved = await one.app.inject({ method: 'POST', url: `${api}/settings`, headers: bearer(bobJwt!), payload: { 'desktop.theme': 'Nocturne' } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await bobOnTwo.next(SocketNames.settingsChanged)).params).toEqual({ keys: ['desktop.theme'] });
      await settle();
      expect(carolOnTwo.received(SocketNames.settingsChanged)).toEqual([]);
      // A folder Ada makes in the organisation's shared folder through the first server: its members' desktops on the second hear of it.
      await new VfsClient(one, adaJwt!).post('mkdir', { path: 'shared:/Plans' });
      expect((await bobOnTwo.next(VFS_CHANGED_MESSAGE)).params).toEqual({ directories: ['shared:/'] });
      expect((await carolOnTwo.next(VFS_CHANGED_MESSAGE)).params).toEqual({ directories: ['shared:/'] });
      // One in her own home reaches nobody else.
      await new VfsClient(one, adaJwt!).post('mkdir', { path: 'home:/Private' });
      await settle();
      expect(bobOnTwo.received(VFS_CHANGED_MESSAGE)).toHaveLength(1);
    } finally {
      bobOnTwo.ws.terminate();
      carolOnTwo.ws.terminate();
    }
  });

  it('locks an account after exactly its budget of failed sign-ins, whichever servers they went through', async () => {
    const account = await makeAccount(one.services.stores);
    const user = await makeUser(one.services.stores, one.hasher, { accounts: [account.id] });
    const attempt = (app: FastifyInstance, password: string) => app.inject({ method: 'POST', url: `${wrapper}/auth`, payload: { username: user.username, password }, remoteAddress: '10.0.0.9' });
    // Three failures, spread over both servers: one short of the budget of four, so the right password still works.
    for (const app of [one.app, two.app, one.app]) expect((await attempt(app, 'Wrong#Pass1')).statusCode).toBe(401);
    expect((await attempt(two.app, GOOD_PASSWORD)).statusCode).toBe(200);
    // The success cleared them; four more, two through each, and the account is locked on both servers.
    for (const app of [one.app, two.app, two.app, one.app]) expect((await attempt(app, 'Wrong#Pass1')).statusCode).toBe(401);
    expect((await attempt(one.app, GOOD_PASSWORD)).statusCode).toBe(401);
    expect((await attempt(two.app, GOOD_PASSWORD)).statusCode).toBe(401);
  });

  it("counts a route's requests from one address against one budget, whichever servers they went through", async () => {
    // The recovery route allows RATE_LIMIT_RECOVERY (here 4) requests a minute per address.
    const ask = (app: FastifyInstance) => app.inject({ method: 'POST', url: `${wrapper}/user/me/forgotpassword`, payload: { username: 'nobody-at-all' }, remoteAddress: '10.0.0.77' });
    const statuses: number[] = [];
    for (const app of [one.app, two.app, one.app, two.app, one.app, two.app]) statuses.push((await ask(app)).statusCode);
    expect(statuses.slice(0, 4).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });

  it('forgets what it remembered once its bus connection is back, tells its desktops to fetch again, and hears the others again', async () => {
    const { user, session } = await signedInOnBoth();
    const other = await signedInOnBoth();
    const url = await desktopSocketOfTwo();
    const [ended, staying] = await Promise.all([TestSocket.open(url, { origin: 'http://atrium.test' }), TestSocket.open(url, { origin: 'http://atrium.test' })]);
    try {
      await ended!.authenticate(session.jwt);
      await staying!.authenticate(other.session.jwt);
      // Both servers' bus connections are cut, and meanwhile the session ends behind every server's back: no message at all.
      await driver.cut([one, two]);
      await one.database.db.execute(sql`update sessions set revoked_at = now() where user_id = ${user.id}`);
      // Each server's bus connection comes back, and each forgets what it remembered.
      await within(3000, async () => (await me(two.app, api, session.jwt)) === 401);
      await within(3000, async () => (await me(one.app, api, session.jwt)) === 401);
      // The desktop whose session ended is closed; the other is told that it may have missed messages, and stays.
      expect((await ended!.closed).code).toBe(4401);
      await staying!.next(SocketNames.resync);
      expect(staying!.ws.readyState).toBe(WebSocket.OPEN);
      expect(staying!.outsideContract).toEqual([]);
    } finally {
      ended!.ws.terminate();
      staying!.ws.terminate();
    }
    // And the bus carries messages again.
    const again = await signedInOnBoth();
    await one.app.inject({ method: 'POST', url: '/logout', headers: bearer(again.session.jwt), payload: { refresh_token: again.session.refresh_token } });
    await within(1000, async () => (await me(two.app, api, again.session.jwt)) === 401);
  });
});
