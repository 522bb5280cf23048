/**
 * @module-tag postgres
 *
 * Relaying between one user's sockets connected to different servers on one
 * PostgreSQL database (docs/DEPLOYMENT.md, "Sockets across servers"): an
 * application socket's messages and a desktop's application messages cross
 * to the user's connections on the other server, whatever their size, in
 * the order sent, never back to the sender nor to another user; the
 * relayed rows are deleted after their delivery window. With either driver
 * of the bus (LISTEN/NOTIFY; Redis when redis-server is installed): the
 * messages go through the database either way. Two servers of the same
 * process stand for two machines. On the embedded database nothing is
 * written (test/api/sockets.test.ts).
 */
import { SocketNames } from '@atrium/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRecord } from '../../src/apps/AppStore.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { settle, TestSocket } from '../helpers/socketClient.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { redisAvailable, startRedisServer, type RedisServer } from '../helpers/redisServer.js';
import { createSharedTestDatabase } from '../helpers/testDatabase.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A driver of the bus: what the servers are given, and what it needs started and stopped. */
interface BusDriver {
  name: string;
  start(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

let redis: RedisServer | undefined;
const drivers: BusDriver[] = [
  { name: 'LISTEN/NOTIFY', start: async () => ({}), stop: async () => undefined },
  ...(redisAvailable
    ? [
        {
          name: 'Redis',
          async start() {
            redis = await startRedisServer();
            return { REDIS_URL: redis.url };
          },
          stop: async () => redis?.stop(),
        },
      ]
    : []),
];

describe.skipIf(!onPostgres).each(drivers)("one user's sockets on two servers, the bus through $name", (driver) => {
  let shared: Awaited<ReturnType<typeof createSharedTestDatabase>>;
  let one: TestApp;
  let two: TestApp;
  let urlOne: string;
  let urlTwo: string;
  let ada: UserRecord;
  let bob: UserRecord;
  let crm: AppRecord;
  let adaJwt: string;
  let bobJwt: string;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    const [env, database] = await Promise.all([driver.start(), createSharedTestDatabase(2)]);
    shared = database;
    // The sender's fifty messages and its sign-in fit in one second.
    const options = { env, rateLimits: { auth: 1000 }, socketLimits: { maxMessagesPerSecond: 1000, revalidateInterval: 3_600_000 } };
    const [first, second] = shared!.databases.map((database) => createTestApp({ ...options, database }));
    [one, two] = await Promise.all([first!, second!]);
    const listen = async (t: TestApp) => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const address = t.app.server.address();
      return `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    };
    [urlOne, urlTwo] = await Promise.all([listen(one!), listen(two!)]);
    const { stores } = one.services;
    const account = await makeAccount(stores);
    ada = await makeUser(stores, one.hasher, { accounts: [account.id] });
    bob = await makeUser(stores, one.hasher, { accounts: [account.id] });
    crm = await stores.apps.create({ name: 'CRM', title: 'Customer Relations', category: 'sales and marketing' });
    await stores.apps.grant(ada.id, crm.id);
    await stores.apps.grant(bob.id, crm.id);
    adaJwt = (await signIn(one.app, one.config.wrapperPrefix, ada.username)).jwt;
    bobJwt = (await signIn(one.app, one.config.wrapperPrefix, bob.username)).jwt;
  });
  afterAll(async () => {
    for (const socket of open) socket.ws.terminate();
    await Promise.all([one?.close(), two?.close()]);
    await Promise.all([shared?.close(), driver.stop()]);
  });

  /** A connection to a server, authenticated with the token (terminated after the file). */
  async function ready(base: string, jwt: string, path = '/socket'): Promise<TestSocket> {
    const socket = await TestSocket.open(`${base}${path}`, { origin: 'http://atrium.test' });
    open.push(socket);
    await socket.authenticate(jwt);
    return socket;
  }

  const appMessage = (args: unknown) => ({ name: SocketNames.appMessage, params: { pid: 3, name: 'CRM', args } });

  it("relays an application socket's message to the user's connection of that application on the other server, not to another user's", async () => {
    const [sender, here, there, bobThere, desktopThere] = [
      await ready(urlOne, adaJwt, '/apps/CRM/socket'),
      await ready(urlOne, adaJwt, '/apps/CRM/socket'),
      await ready(urlTwo, adaJwt, '/apps/CRM/socket'),
      await ready(urlTwo, bobJwt, '/apps/CRM/socket'),
      await ready(urlTwo, adaJwt),
    ];
    sender.send({ name: 'crm/updated', params: { id: 42 } });
    expect(await there.next('crm/updated')).toEqual({ name: 'crm/updated', params: { id: 42 } });
    expect(await here.next('crm/updated')).toEqual({ name: 'crm/updated', params: { id: 42 } });
    await settle();
    expect(sender.received('crm/updated')).toEqual([]);
    expect(bobThere.received('crm/updated')).toEqual([]);
    expect(desktopThere.messages.filter((m) => m.name !== SocketNames.ready)).toEqual([]);
    expect(there.received('crm/updated')).toHaveLength(1);
    expect([...there.outsideContract, ...desktopThere.outsideContract]).toEqual([]);
  });

  it("relays a desktop's application message to the user's desktop on the other server, never back to the sender", async () => {
    const [sender, there, bobThere] = [await ready(urlOne, adaJwt), await ready(urlTwo, adaJwt), await ready(urlTwo, bobJwt)];
    sender.send(appMessage({ refresh: true }));
    expect((await there.next(SocketNames.appMessage)).params).toEqual({ pid: 3, name: 'CRM', args: { refresh: true } });
    // And back the other way.
    there.send(appMessage({ reply: 1 }));
    expect((await sender.next(SocketNames.appMessage)).params).toEqual({ pid: 3, name: 'CRM', args: { reply: 1 } });
    await settle();
    expect(sender.received(SocketNames.appMessage)).toHaveLength(1);
    expect(there.received(SocketNames.appMessage)).toHaveLength(1);
    expect(bobThere.received(SocketNames.appMessage)).toEqual([]);
  });

  it('carries a message of 60,000 bytes, far beyond what a bus message holds', async () => {
    const [sender, there] = [await ready(urlOne, adaJwt, '/apps/CRM/socket'), await ready(urlTwo, adaJwt, '/apps/CRM/socket')];
    const text = 'é'.repeat(30_000);
    sender.send({ name: 'crm/draft', params: { text } });
    expect(((await there.next('crm/draft')).params as { text: string }).text).toBe(text);
  });

  it("keeps the order of one sender's fifty messages on the other server", async () => {
    const [sender, there, desktopThere] = [await ready(urlOne, adaJwt, '/apps/CRM/socket'), await ready(urlTwo, adaJwt, '/apps/CRM/socket'), await ready(urlTwo, adaJwt)];
    const desktopSender = await ready(urlOne, adaJwt);
    for (let i = 0; i < 50; i++) {
      sender.send({ name: 'crm/step', params: { i } });
      desktopSender.send(appMessage({ i }));
    }
    await expect.poll(() => there.received('crm/step').length, { timeout: 5000 }).toBe(50);
    await expect.poll(() => desktopThere.received(SocketNames.appMessage).length, { timeout: 5000 }).toBe(50);
    const range = [...Array(50).keys()];
    expect(there.received('crm/step').map((m) => (m.params as { i: number }).i)).toEqual(range);
    expect(desktopThere.received(SocketNames.appMessage).map((m) => ((m.params as { args: { i: number } }).args.i))).toEqual(range);
  });

  it('deletes the relayed messages once their minute is over', async () => {
    const count = async () => Number(((await one.database.db.execute(sql`select count(*) as n from socket_relays where user_id = ${ada.id}`)) as unknown as { rows: Array<{ n: string }> }).rows[0]!.n);
    expect(await count()).toBeGreaterThan(0);
    // Written two minutes ago as far as the database is concerned: the next clean-up of either server deletes them.
    await one.database.db.execute(sql`update socket_relays set created_at = now() - interval '2 minutes' where user_id = ${ada.id}`);
    const [sender, there] = [await ready(urlOne, adaJwt, '/apps/CRM/socket'), await ready(urlTwo, adaJwt, '/apps/CRM/socket')];
    sender.send({ name: 'crm/recent', params: {} });
    await there.next('crm/recent');
    expect(await two.services.sockets.relays.purge()).toBeGreaterThan(0);
    expect(await count()).toBe(1);
  });
});
