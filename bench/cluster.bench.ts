/**
 * Several servers on one PostgreSQL behind HAProxy (docs/DEPLOYMENT.md):
 * - calls per second of a signed-in desktop's mix (the profile and the
 *   notification centre's call, in turn) through the proxy with 1, 2 and 3
 *   servers, and the scaling factor against one;
 * - the delay of a work item assigned through one server until the
 *   assignee's desktop connected to another hears of it (tasks:changed),
 *   median and p95.
 * The servers' event bus is PostgreSQL's LISTEN/NOTIFY, or with
 * BENCH_BUS=redis Redis pub/sub on a redis-server (Debian's) the benchmark
 * starts on 127.0.0.1, keeping nothing on disk.
 * - where redis-server is installed, the bus alone (no HTTP, no socket):
 *   one message from one bus to another, through each driver in turn
 *   under the same load, median and p95.
 * Needs BENCH_DATABASE_URL and Debian's haproxy; run it through
 * scripts/with-postgres.sh:
 *
 *   bash scripts/with-postgres.sh bash -c 'BENCH_DATABASE_URL=$TEST_DATABASE_URL node --import tsx bench/cluster.bench.ts'
 *   bash scripts/with-postgres.sh bash -c 'BENCH_BUS=redis BENCH_DATABASE_URL=$TEST_DATABASE_URL node --import tsx bench/cluster.bench.ts'
 *
 * BENCH_DURATION (seconds per row, default 5), BENCH_CONNECTIONS (default
 * 50), BENCH_DELAYS (assignments timed, default 50), BENCH_BUS_MESSAGES
 * (messages timed per driver, default 500). Prints; asserts nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { TASK_CHANGED_MESSAGE } from '@atrium/shared';
import { openDatabase, openEventBus } from '@atrium/server';
import { haproxyConfig } from '../scripts/cluster/haproxyConfig.js';
import { createBenchDatabase, freePort, median, percentile, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const delaysTimed = Number(process.env.BENCH_DELAYS ?? 50);
const busMessages = Number(process.env.BENCH_BUS_MESSAGES ?? 500);
const adminUrl = process.env.BENCH_DATABASE_URL;
const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((file) => fs.existsSync(file));
const bus = process.env.BENCH_BUS ?? 'pg';
const redisServer = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((file) => fs.existsSync(file));
if (!adminUrl) throw new Error('BENCH_DATABASE_URL is needed: run through scripts/with-postgres.sh (see the comment at the top)');
if (!haproxy) throw new Error('HAProxy is missing: apt-get install haproxy');
if (bus !== 'pg' && bus !== 'redis') throw new Error('BENCH_BUS is pg (LISTEN/NOTIFY, the default) or redis');
if (bus === 'redis' && !redisServer) throw new Error('redis-server is missing: apt-get install redis-server');

/** The part of a `ws` WebSocket this benchmark uses. */
interface Ws {
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  send(text: string): void;
  terminate(): void;
}

/** A desktop socket, signed in: `next(name)` waits for the next message of that name. */
async function desktopSocket(url: string, origin: string, token: string): Promise<{ next(name: string): Promise<void>; close(): void }> {
  // The server's websocket library, typed here by what is used of it (it ships no types of its own).
  const library = 'ws';
  const { default: WebSocket } = (await import(library)) as { default: new (url: string, options: { origin: string }) => Ws };
  const ws = new WebSocket(url, { origin });
  const waiting: Array<{ name: string; resolve: () => void }> = [];
  ws.on('message', (data) => {
    const { name } = JSON.parse(data.toString('utf8')) as { name?: string };
    const at = waiting.findIndex((w) => w.name === name);
    if (at >= 0) waiting.splice(at, 1)[0]!.resolve();
  });
  await new Promise<void>((resolve, reject) => {
    ws.on('open', resolve);
    ws.on('error', reject);
  });
  const next = (name: string) => new Promise<void>((resolve) => waiting.push({ name, resolve }));
  const ready = next('atrium/ready');
  ws.send(JSON.stringify({ name: 'atrium/auth', params: { token } }));
  await ready;
  return { next, close: () => ws.terminate() };
}

async function ok<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signIn(base: string, username: string): Promise<string> {
  const answer = await ok<{ data: { jwt: string } }>(await fetch(`${base}/api/wrapper/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'Demo@1234' }) }));
  return answer.data.jwt;
}

const databaseUrl = await createBenchDatabase(adminUrl, 'cluster');
// One public address for every server, as behind a real proxy: the tokens name it.
const env: Record<string, string> = { DATABASE_URL: databaseUrl, PUBLIC_URL: 'http://atrium.bench', TRUST_PROXY: 'true', RATE_LIMIT_AUTH: '100000', LOGIN_MAX_FAILURES_ADDRESS: '100000' };

/** Starts redis-server on a free port, keeping nothing on disk; resolves once it accepts connections. */
async function startRedis(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(redisServer!, ['--bind', '127.0.0.1', '--port', String(port), '--dir', tempDir('atrium-bench-redis-'), '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  while (!output.includes('Ready to accept connections')) {
    if (child.exitCode !== null) throw new Error(`redis-server stopped (exit ${child.exitCode}): ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `redis://127.0.0.1:${port}`, child };
}
const redis = bus === 'redis' || redisServer ? await startRedis() : null;
if (bus === 'redis') env.REDIS_URL = redis!.url;
const busName = bus === 'redis' ? 'Redis pub/sub' : 'LISTEN/NOTIFY';

/** The bus alone: one message from one bus to another, through each driver in turn; milliseconds by driver. */
async function busAlone(redisUrl: string): Promise<Map<string, number[]>> {
  const database = await openDatabase({ url: env.DATABASE_URL! });
  const log = { warn: () => undefined, info: () => undefined };
  const pairs = new Map([
    ['LISTEN/NOTIFY', await Promise.all([database.openBus({ log }), database.openBus({ log })])],
    ['Redis pub/sub', await Promise.all([openEventBus(database, redisUrl, { log }), openEventBus(database, redisUrl, { log })])],
  ]);
  const times = new Map([...pairs.keys()].map((name) => [name, [] as number[]]));
  try {
    for (let i = 0; i < busMessages; i++) {
      for (const [name, [from, to]] of pairs) {
        const heard = new Promise<void>((resolve) => {
          const unsubscribe = to!.subscribe('bench', () => {
            unsubscribe();
            resolve();
          });
        });
        const sent = performance.now();
        from!.publish('bench', { i });
        await heard;
        times.get(name)!.push(performance.now() - sent);
      }
    }
  } finally {
    await Promise.all([...pairs.values()].flat().map((b) => b.close()));
    await database.close();
  }
  return times;
}
const secrets = JSON.stringify({ jwtSecret: crypto.randomBytes(48).toString('base64url') });

const servers: Array<{ name: string; port: number; child: ChildProcess }> = [];
async function addServer(): Promise<void> {
  const dataDir = tempDir('atrium-bench-cluster-');
  fs.writeFileSync(path.join(dataDir, 'secrets.json'), secrets, { mode: 0o600 });
  const port = await freePort();
  const child = startAtrium(dataDir, port, env);
  await waitForOk(`http://127.0.0.1:${port}/readyz`, performance.now(), 120_000);
  servers.push({ name: `atrium${servers.length + 1}`, port, child });
}

let proxy: ChildProcess | null = null;
async function startProxy(port: number): Promise<void> {
  const file = path.join(tempDir('atrium-bench-haproxy-'), 'haproxy.cfg');
  fs.writeFileSync(file, haproxyConfig({ bind: { host: '127.0.0.1', port }, servers: servers.map((s) => ({ name: s.name, host: '127.0.0.1', port: s.port })) }));
  proxy = spawn(haproxy!, ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'ignore'] });
  await waitForOk(`http://127.0.0.1:${port}/readyz`, performance.now(), 30_000);
  // Every server checked healthy before the load: two good answers a second apart.
  await new Promise((resolve) => setTimeout(resolve, 2500));
}
async function stopProxy(): Promise<void> {
  if (proxy) await stop(proxy);
  proxy = null;
}

try {
  const rows: Array<{ servers: number; rps: number; p50: number; p99: number }> = [];
  for (const count of [1, 2, 3]) {
    while (servers.length < count) await addServer();
    const proxyPort = await freePort();
    await startProxy(proxyPort);
    const base = `http://127.0.0.1:${proxyPort}`;
    const authorization = `Bearer ${await signIn(base, 'demo')}`;
    const result = await autocannon({
      url: base,
      connections,
      duration,
      requests: [
        { method: 'GET', path: '/api/v1/user/me/a+p+acc+ap+t', headers: { authorization } },
        { method: 'GET', path: '/api/v1/user/getusernotifications?type=assignments&take=5&skip=0', headers: { authorization } },
      ],
    });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} answers not 2xx (${JSON.stringify(result.statusCodeStats)}), ${result.errors} errors with ${count} servers`);
    rows.push({ servers: count, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
    await stopProxy();
  }

  // The delay across servers: assigned through the first, heard on a desktop socket of the second.
  const [first, second] = servers;
  const creator = await signIn(`http://127.0.0.1:${first!.port}`, 'olivia');
  const socket = await desktopSocket(`ws://127.0.0.1:${second!.port}/socket`, `http://127.0.0.1:${second!.port}`, await signIn(`http://127.0.0.1:${second!.port}`, 'demo'));
  const delays: number[] = [];
  for (let i = 0; i < delaysTimed; i++) {
    const sent = performance.now();
    const heard = socket.next(TASK_CHANGED_MESSAGE);
    await ok(await fetch(`http://127.0.0.1:${first!.port}/api/v1/tasks`, { method: 'POST', headers: { authorization: `Bearer ${creator}`, 'content-type': 'application/json' }, body: JSON.stringify({ app: 'Audits', name: `Benchmark task ${i}`, assignee: 'demo', end_date: new Date(Date.now() + 72 * 3600_000).toISOString() }) }));
    await heard;
    delays.push(performance.now() - sent);
  }
  socket.close();
  const alone = redis ? await busAlone(redis.url) : null;

  const one = rows[0]!.rps;
  console.log(`Servers on one PostgreSQL behind HAProxy, the event bus through ${busName}: ${connections} connections, ${duration} s a row, the profile and the notification centre's call in turn`);
  for (const row of rows) console.log(`  ${row.servers} server${row.servers > 1 ? 's' : ' '}: ${row.rps.toFixed(0).padStart(6)} calls/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${(row.rps / one).toFixed(2)}x one server`);
  console.log(`A work item assigned through one server, until the assignee's desktop on another hears of it through ${busName} (${delaysTimed} assignments, the call's own time included): median ${median(delays).toFixed(1)} ms, p95 ${percentile(delays, 95).toFixed(1)} ms`);
  if (alone) {
    console.log(`The bus alone, one message from one server's bus to another's (${busMessages} through each driver, in turn, under the same load):`);
    for (const [name, times] of alone) console.log(`  ${name.padEnd(13)}: median ${median(times).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms`);
  }
} finally {
  await stopProxy();
  for (const server of servers) await stop(server.child);
  if (redis) await stop(redis.child);
}
