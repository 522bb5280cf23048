/**
 * @module-tag postgres
 *
 * Three servers as separate processes on one PostgreSQL, behind HAProxy
 * (docs/DEPLOYMENT.md): what users reach through the proxy holds whichever
 * server answers, and one server killed outright under a hundred connections
 * of mixed traffic costs only the requests it was answering: every write it
 * acknowledged is kept, and the desktops it held reconnect through the
 * proxy to the others and refetch. Everything runs once with the event bus
 * on PostgreSQL's LISTEN/NOTIFY and once on Redis, the servers keeping
 * file contents in one bucket (s3rver in the test's process). Runs in the
 * PostgreSQL step of `npm test`.
 */
import { TASK_CHANGED_MESSAGE, type LoginResult, type NotificationResponse, type TaskChangedParams, type TaskItem } from '@atrium/shared';
import crypto from 'node:crypto';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PasswordHasher } from '../../src/auth/PasswordHasher.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { createStores, type Stores } from '../../src/stores.js';
import { clusterCanRun, startCluster, type Cluster, within } from '../helpers/cluster.js';
import { redisAvailable, startRedisServer, type RedisServer } from '../helpers/redisServer.js';
import { startS3Server, type S3TestServer } from '../helpers/s3Server.js';
import { GOOD_PASSWORD, makeAccount, makeUser } from '../helpers/factories.js';
import { TestSocket } from '../helpers/socketClient.js';

const API = '/api/v1';
const WRAPPER = '/api/wrapper';


async function signInAt(base: string, username: string, password = GOOD_PASSWORD): Promise<Response> {
  return fetch(`${base}${WRAPPER}/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
}

async function session(base: string, username: string): Promise<LoginResult> {
  const res = await signInAt(base, username);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: LoginResult }).data;
}

function call(base: string, jwt: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${base}${API}/${path}`, {
    method,
    headers: { authorization: `Bearer ${jwt}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const inThreeDays = () => new Date(Date.now() + 72 * 3600_000).toISOString();

/** The event bus's drivers: the same tests run over each. */
const buses = [
  { bus: 'LISTEN/NOTIFY', redis: false },
  ...(redisAvailable ? [{ bus: 'Redis', redis: true }] : []),
];

describe.skipIf(!clusterCanRun('three servers behind HAProxy')).each(buses)('three servers behind HAProxy on one PostgreSQL, the bus on $bus', ({ redis: onRedis }) => {
  let cluster: Cluster;
  let redis: RedisServer | undefined;
  let s3: S3TestServer;
  let database: Database;
  let stores: Stores;
  const hasher = new PasswordHasher();

  beforeAll(async () => {
    redis = onRedis ? await startRedisServer() : undefined;
    s3 = await startS3Server();
    cluster = await startCluster(3, { ...(redis ? { REDIS_URL: redis.url } : {}), ...s3.env, SESSION_CACHE_TTL: '60', LOGIN_MAX_FAILURES_ACCOUNT: '4', LOGIN_MAX_FAILURES_ADDRESS: '1000', RATE_LIMIT_AUTH: '1000', COSTLY_CALLS_RATE: '5' });
    database = await openDatabase({ url: cluster.databaseUrl });
    stores = createStores(database.db, os.tmpdir());
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await cluster?.close();
    await redis?.stop();
    await s3?.close();
  });

  /** A team of `count` users, the first of whom may use Audit Management (and so give tasks in it). */
  async function team(count: number) {
    const account = await makeAccount(stores);
    const users = await Promise.all(Array.from({ length: count }, (_, i) => makeUser(stores, hasher, { accounts: [account.id], firstname: `Member${i}` })));
    const audits = (await stores.apps.findByName('Audits')) ?? (await stores.apps.create({ name: 'Audits', title: 'Audit Management', category: 'quality management' }));
    for (const user of users) await stores.apps.grant(user.id, audits.id);
    return users;
  }

  it('refuses a session on every other server within a second of its sign-out through one', async () => {
    const [user] = await team(1);
    const { jwt, refresh_token } = await session(cluster.url, user!.username);
    // Each server has checked the session, and remembers it for a minute.
    for (const server of cluster.servers) expect((await call(server.url, jwt, 'GET', 'user/me')).status).toBe(200);
    const out = await fetch(`${cluster.servers[0]!.url}/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token }),
    });
    expect(out.status).toBe(200);
    for (const server of cluster.servers.slice(1)) await within(1000, async () => (await call(server.url, jwt, 'GET', 'user/me')).status === 401);
  });

  it('brings a task assigned through one server to a desktop connected to another', async () => {
    const [ada, bob] = await team(2);
    const adaJwt = (await session(cluster.url, ada!.username)).jwt;
    const bobJwt = (await session(cluster.url, bob!.username)).jwt;
    const desktop = await TestSocket.open(`${cluster.servers[2]!.url.replace('http', 'ws')}/socket`, { origin: cluster.url });
    try {
      await desktop.authenticate(bobJwt);
      const created = await call(cluster.servers[0]!.url, adaJwt, 'POST', 'tasks', { app: 'Audits', name: 'Sign the audit plan', assignee: bob!.username, end_date: inThreeDays() });
      expect(created.status).toBe(201);
      const task = ((await created.json()) as { data: TaskItem }).data;
      expect((await desktop.next(TASK_CHANGED_MESSAGE)).params).toMatchObject({ reason: 'assigned', taskId: task.uuid });
    } finally {
      desktop.ws.terminate();
    }
  });

  it('serves a file uploaded through the proxy from every server, whole and in part, until it is deleted through one', async () => {
    const [user] = await team(1);
    const { jwt } = await session(cluster.url, user!.username);
    const authorization = `Bearer ${jwt}`;
    // Larger than a part: a multipart upload into the bucket.
    const content = crypto.randomBytes(9 * 1024 * 1024 + 5);
    const form = new FormData();
    form.append('path', 'home:/plan.bin');
    form.append('upload', new Blob([content]), 'plan.bin');
    expect((await fetch(`${cluster.url}/vfs/writefile`, { method: 'POST', headers: { authorization }, body: form })).status).toBe(200);
    const read = (base: string, range?: string) => fetch(`${base}/vfs/readfile?path=${encodeURIComponent('home:/plan.bin')}`, { headers: { authorization, ...(range ? { range } : {}) } });
    for (const server of cluster.servers) {
      const whole = await read(server.url);
      expect(whole.status).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer()).equals(content)).toBe(true);
      const part = await read(server.url, 'bytes=8388604-8388611');
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(content.subarray(8_388_604, 8_388_612))).toBe(true);
    }
    const gone = await fetch(`${cluster.servers[1]!.url}/vfs/unlink`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ path: 'home:/plan.bin' }) });
    expect(gone.status).toBe(200);
    for (const server of cluster.servers) expect((await read(server.url)).status).toBe(404);
  });

  it('locks an account after exactly its budget of failed sign-ins spread over the three servers', async () => {
    const [user] = await team(1);
    const [one, two, three] = cluster.servers.map((s) => s.url) as [string, string, string];
    // Three failures, one through each server: one short of the budget of four.
    for (const base of [one, two, three]) expect((await signInAt(base, user!.username, 'Wrong#Pass1')).status).toBe(401);
    expect((await signInAt(three, user!.username)).status).toBe(200);
    // The success cleared them; four more and the account is locked on every server.
    for (const base of [two, three, one, two]) expect((await signInAt(base, user!.username, 'Wrong#Pass1')).status).toBe(401);
    for (const base of [one, two, three]) expect((await signInAt(base, user!.username)).status).toBe(401);
  });

  it("gives a user one budget of costly calls (searches) a window, whichever servers the proxy sends them to", async () => {
    const [user] = await team(1);
    const { jwt } = await session(cluster.url, user!.username);
    // COSTLY_CALLS_RATE is 5 a minute; the proxy spreads the seven searches over the three servers.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await call(cluster.url, jwt, 'GET', 'search?q=audit')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('loses no acknowledged write when a server is killed under a hundred connections, and its desktops come back through the others', async () => {
    // Ten users, each with a desktop and nine connections of traffic, and one more who gives them work at the end.
    const people = await team(11);
    const users = people.slice(0, 10);
    const jwts = await Promise.all(users.map(async (user) => (await session(cluster.url, user.username)).jwt));
    const giverJwt = (await session(cluster.url, people[10]!.username)).jwt;
    // Ten desktops through the proxy: round robin puts some on every server.
    const connect = async (jwt: string) => {
      const socket = await TestSocket.open(`${cluster.url.replace('http', 'ws')}/socket`, { origin: cluster.url });
      await socket.authenticate(jwt);
      return socket;
    };
    const desktops = await Promise.all(jwts.map(connect));

    interface Outcome {
      started: number;
      ended: number;
      ok: boolean;
      status: number;
    }
    const outcomes: Outcome[] = [];
    /** Tasks the servers answered 201 for, and to whom. */
    const acknowledged: Array<{ id: string; assignee: number }> = [];
    let running = true;
    // Ninety connections of mixed traffic: reads of the profile and the work list, and new tasks for a colleague.
    const worker = async (index: number) => {
      const jwt = jwts[index % jwts.length]!;
      const assignee = (index + 1) % users.length;
      for (let round = 0; running; round++) {
        const started = performance.now();
        const kind = round % 3;
        let ok = false;
        let status = 0;
        try {
          const res =
            kind === 0
              ? await call(cluster.url, jwt, 'GET', 'user/me')
              : kind === 1
                ? await call(cluster.url, jwt, 'GET', 'user/getusernotifications')
                : await call(cluster.url, jwt, 'POST', 'tasks', { app: 'Audits', name: `Load ${index}.${round}`, assignee: users[assignee]!.username, end_date: inThreeDays() });
          const body = await res.text();
          ok = res.ok;
          status = res.status;
          if (kind === 2 && res.status === 201) acknowledged.push({ id: (JSON.parse(body) as { data: TaskItem }).data.uuid, assignee });
        } catch {
          // The connection failed: counted as a failure below.
        }
        outcomes.push({ started, ended: performance.now(), ok, status });
      }
    };
    const workers = Array.from({ length: 90 }, (_, index) => worker(index));
    await new Promise((resolve) => setTimeout(resolve, 1500));

    // A killed process takes a moment to die, and what reached it meanwhile dies with it: in flight is until it is gone.
    const victim = cluster.servers[1]!.process;
    const killedAt = performance.now();
    const gone = new Promise<number>((resolve) => victim.once('exit', () => resolve(performance.now())));
    victim.kill('SIGKILL');
    const exitedAt = await gone;
    // Long enough for the proxy to take the server out (two failed checks a second apart) and for traffic to go on without it.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    running = false;
    await Promise.all(workers);

    const failed = outcomes.filter((o) => !o.ok);
    const inFlight = outcomes.filter((o) => o.started < exitedAt && o.ended > killedAt);
    // Traffic went on after the kill.
    expect(outcomes.filter((o) => o.ok && o.started > killedAt).length).toBeGreaterThan(100);
    // Only requests under way while the server died failed: none started after it was gone.
    expect(failed.filter((o) => o.started > exitedAt)).toEqual([]);
    expect(failed.length).toBeLessThanOrEqual(inFlight.length);

    // Every task a server acknowledged is there, through the servers that live.
    expect(acknowledged.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const { id, assignee } of acknowledged) {
      const res = await call(cluster.url, jwts[assignee]!, 'GET', `tasks/${id}`);
      if (res.status !== 200) missing.push(`${id}: ${res.status}`);
    }
    expect(missing).toEqual([]);

    // The desktops the killed server held were dropped; they reconnect through the proxy, to another server.
    const dropped = desktops.flatMap((socket, i) => (socket.ws.readyState === WebSocket.OPEN ? [] : [i]));
    expect(dropped.length).toBeGreaterThan(0);
    const again = await Promise.all(desktops.map((socket, i) => (dropped.includes(i) ? connect(jwts[i]!) : Promise.resolve(socket))));
    try {
      // What they refetch on reconnecting has everything assigned to their users meanwhile (and perhaps a task whose
      // creation the killed server committed but could not answer: written, not acknowledged).
      for (const i of dropped) {
        const res = await call(cluster.url, jwts[i]!, 'GET', 'user/getusernotifications');
        expect(((await res.json()) as { data: NotificationResponse }).data.total).toBeGreaterThanOrEqual(acknowledged.filter((task) => task.assignee === i).length);
      }
      // And every desktop, old or reconnected, hears of work given to its user now.
      for (const [i, user] of users.entries()) {
        const res = await call(cluster.url, giverJwt, 'POST', 'tasks', { app: 'Audits', name: `After the failure ${i}`, assignee: user.username, end_date: inThreeDays() });
        expect(res.status).toBe(201);
      }
      for (const [i, socket] of again.entries()) {
        await within(5000, async () => socket.received(TASK_CHANGED_MESSAGE).some((m) => (m.params as TaskChangedParams).task_name === `After the failure ${i}`));
      }
    } finally {
      for (const socket of again) socket.ws.terminate();
    }
  }, 120_000);
});
