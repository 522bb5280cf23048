/**
 * Relaying between one user's sockets on two servers on one PostgreSQL
 * (docs/DEPLOYMENT.md, "Sockets across servers"): a desktop relays an
 * application's message; the user's other desktop on the same server and
 * one on the other server hear it. Prints, beside each other:
 * - the delay of a small message (send to heard), median, p95 and max;
 * - the same for a message of 60,000 bytes (past what a bus message holds);
 * - a burst of 50 messages sent at once: until the last is heard, and
 *   whether they came in order.
 * Needs BENCH_DATABASE_URL; run it through scripts/with-postgres.sh:
 *
 *   bash scripts/with-postgres.sh bash -c 'BENCH_DATABASE_URL=$TEST_DATABASE_URL node --import tsx bench/socketRelay.bench.ts'
 *
 * BENCH_RELAYS (messages timed per size, default 200). Prints; asserts nothing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { createBenchDatabase, freePort, median, percentile, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const relays = Number(process.env.BENCH_RELAYS ?? 200);
const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) throw new Error('BENCH_DATABASE_URL is needed: run through scripts/with-postgres.sh (see the comment at the top)');

/** The part of a `ws` WebSocket this benchmark uses. */
interface Ws {
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  send(text: string): void;
  terminate(): void;
}

interface Desktop {
  send(args: unknown): void;
  /** Resolves with the args of the next relayed application message. */
  next(): Promise<unknown>;
  close(): void;
}

/** A desktop socket, signed in, that hands out the application messages relayed to it. */
async function desktop(port: number, token: string): Promise<Desktop> {
  // The server's websocket library, typed here by what is used of it (it ships no types of its own).
  const library = 'ws';
  const { default: WebSocket } = (await import(library)) as { default: new (url: string, options: { origin: string }) => Ws };
  const ws = new WebSocket(`ws://127.0.0.1:${port}/socket`, { origin: `http://127.0.0.1:${port}` });
  const heard: unknown[] = [];
  const waiting: Array<(args: unknown) => void> = [];
  let ready: () => void = () => undefined;
  ws.on('message', (data) => {
    const { name, params } = JSON.parse(data.toString('utf8')) as { name?: string; params?: { args?: unknown } };
    if (name === 'atrium/ready') ready();
    if (name !== 'osjs/application:socket:message') return;
    const take = waiting.shift();
    if (take) take(params?.args);
    else heard.push(params?.args);
  });
  await new Promise<void>((resolve, reject) => {
    ws.on('open', resolve);
    ws.on('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    ready = resolve;
    ws.on('close', (code) => reject(new Error(`the socket to ${port} closed with ${code}`)));
    ws.send(JSON.stringify({ name: 'atrium/auth', params: { token } }));
  });
  return {
    send: (args) => ws.send(JSON.stringify({ name: 'osjs/application:socket:message', params: { pid: 1, name: 'Files', args } })),
    next: () => (heard.length > 0 ? Promise.resolve(heard.shift()) : new Promise((resolve) => waiting.push(resolve))),
    close: () => ws.terminate(),
  };
}

async function signIn(port: number, username: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/wrapper/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'Demo@1234' }) });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { jwt: string } }).data.jwt;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const line = (label: string, xs: number[]) => `${label.padEnd(16)} median ${median(xs).toFixed(2)} ms, p95 ${percentile(xs, 95).toFixed(2)} ms, max ${Math.max(...xs).toFixed(2)} ms`;

const databaseUrl = await createBenchDatabase(adminUrl, 'relay');
// One public address for every server, as behind a real proxy: the tokens name it.
const env = { DATABASE_URL: databaseUrl, PUBLIC_URL: 'http://atrium.bench', RATE_LIMIT_AUTH: '100000' };
const secrets = JSON.stringify({ jwtSecret: crypto.randomBytes(48).toString('base64url') });

const servers: Array<{ port: number; child: ChildProcess }> = [];
const sockets: Desktop[] = [];
try {
  // One after the other: the first seeds the demo data.
  for (let i = 0; i < 2; i++) {
    const dataDir = tempDir('atrium-bench-relay-');
    fs.writeFileSync(path.join(dataDir, 'secrets.json'), secrets, { mode: 0o600 });
    const port = await freePort();
    const child = startAtrium(dataDir, port, env);
    servers.push({ port, child });
    await waitForOk(`http://127.0.0.1:${port}/readyz`, performance.now(), 120_000);
  }
  const [one, two] = servers as [(typeof servers)[0], (typeof servers)[0]];
  const token = await signIn(one.port, 'demo');
  const sender = await desktop(one.port, token);
  const here = await desktop(one.port, token);
  const there = await desktop(two.port, token);
  sockets.push(sender, here, there);

  /** Sends `count` messages one at a time (within the 50 a second allowed), timing each until each receiver heard it. */
  const time = async (count: number, body: (i: number) => unknown) => {
    const delays = { here: [] as number[], there: [] as number[] };
    for (let i = 0; i < count; i++) {
      const sent = performance.now();
      const heard = [here.next().then(() => delays.here.push(performance.now() - sent)), there.next().then(() => delays.there.push(performance.now() - sent))];
      sender.send(body(i));
      await Promise.all(heard);
      await pause(25);
    }
    return delays;
  };
  await time(20, (i) => ({ warmUp: i }));
  const small = await time(relays, (i) => ({ i }));
  const text = 'x'.repeat(60_000);
  const large = await time(Math.min(relays, 100), (i) => ({ i, text }));

  await pause(1100);
  const burst = { here: 0, there: 0, inOrder: true };
  const start = performance.now();
  const collect = async (socket: Desktop, side: 'here' | 'there') => {
    for (let i = 0; i < 50; i++) if ((((await socket.next()) as { i: number }).i) !== i) burst.inOrder = false;
    burst[side] = performance.now() - start;
  };
  const done = Promise.all([collect(here, 'here'), collect(there, 'there')]);
  for (let i = 0; i < 49; i++) sender.send({ i });
  sender.send({ i: 49 });
  await done;

  console.log(`One user's desktop relays an application's message to their desktops on the same server and on another (two servers on one PostgreSQL)`);
  console.log(`Small message (${relays} sent one at a time):`);
  console.log(`  ${line('same server', small.here)}`);
  console.log(`  ${line('other server', small.there)}`);
  console.log(`60,000 bytes (${large.here.length} sent one at a time):`);
  console.log(`  ${line('same server', large.here)}`);
  console.log(`  ${line('other server', large.there)}`);
  console.log(`50 sent at once, until the last is heard: same server ${burst.here.toFixed(1)} ms, other server ${burst.there.toFixed(1)} ms; ${burst.inOrder ? 'all in order' : 'NOT in order'}`);
} finally {
  for (const socket of sockets) socket.close();
  for (const server of servers) await stop(server.child);
}
