/**
 * Clients that do not play along, against the server as `npm start` runs it
 * (docs/SECURITY.md, "Connections", "Websockets", "Data folder"):
 *
 * 1. one user relays ~60 KB messages (40 a second, under the 50/s limit)
 *    from one application socket to 31 of their own that never read: the
 *    server's resident memory before, at its highest, and 5 s after;
 * 2. more slow connections than the cap, each sending a request body one
 *    byte a second: /healthz answers and latency during the flood, and how
 *    long until the server has closed every slow connection;
 * 3. several processes taking the data-folder lock at the same moment:
 *    trials in which more than one held it.
 *
 * Prints figures. BENCH_DATABASE_URL, BENCH_SLOW_CONNECTIONS (default 12000).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { databaseLabel, freePort, percentile, repo, rssMb, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const SLOW_CONNECTIONS = Number(process.env.BENCH_SLOW_CONNECTIONS ?? 12_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client-to-server websocket text frame (clients must mask). */
function frame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = crypto.randomBytes(4);
  const length = payload.length;
  const header = length < 126 ? Buffer.from([0x81, 0x80 | length]) : length < 65_536 ? Buffer.from([0x81, 0x80 | 126, length >> 8, length & 255]) : null;
  if (!header) throw new Error('message too large for this client');
  const masked = Buffer.alloc(length);
  for (let i = 0; i < length; i++) masked[i] = payload[i]! ^ mask[i % 4]!;
  return Buffer.concat([header, mask, masked]);
}

/** A raw websocket on an application socket, authenticated; resolves once the server has answered atrium/ready. */
async function rawSocket(port: number, app: string, token: string): Promise<net.Socket> {
  const socket = net.connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => undefined);
  const key = crypto.randomBytes(16).toString('base64');
  socket.write(`GET /apps/${app}/socket HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  let received = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.startsWith('HTTP/1.1 101') && received.includes('\r\n\r\n')) {
        if (received.length === received.indexOf('\r\n\r\n') + 4) socket.write(frame(JSON.stringify({ name: 'atrium/auth', params: { token } })));
        if (received.includes('atrium/ready')) {
          socket.off('data', onData);
          resolve();
        }
      } else if (received.includes('\r\n\r\n') && !received.startsWith('HTTP/1.1 101')) reject(new Error(received.split('\r\n')[0]));
    };
    socket.on('data', onData);
  });
  return socket;
}

async function signIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'Demo@1234' }) });
  return ((await res.json()) as { data: { jwt: string } }).data.jwt;
}

async function slowConsumers(): Promise<void> {
  const dataDir = tempDir('atrium-bench-slow-');
  const port = await freePort();
  const child = startAtrium(dataDir, port);
  try {
    await waitForOk(`http://127.0.0.1:${port}/healthz`, performance.now(), 120_000);
    const token = await signIn(port);
    const sender = await rawSocket(port, 'Chat', token);
    const readers: net.Socket[] = [];
    for (let i = 0; i < 31; i++) {
      const reader = await rawSocket(port, 'Chat', token);
      reader.pause();
      readers.push(reader);
    }
    const before = rssMb(child.pid);
    const message = frame(JSON.stringify({ name: 'chat/blob', params: { text: 'x'.repeat(60 * 1024) } }));
    let highest = before;
    const started = performance.now();
    for (let sent = 0; performance.now() - started < 20_000; sent++) {
      sender.write(message);
      highest = Math.max(highest, rssMb(child.pid));
      await sleep(1000 / 40);
    }
    await sleep(5000);
    const after = rssMb(child.pid);
    console.log(`\nslow websocket consumers, ${databaseLabel}: 1 sender, 31 sockets that never read, ~60 KB messages at 40/s for 20 s`);
    console.log(`  server RSS: before ${before.toFixed(0)} MB, highest ${highest.toFixed(0)} MB, 5 s after ${after.toFixed(0)} MB`);
    for (const socket of [sender, ...readers]) socket.destroy();
  } finally {
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function slowRequests(): Promise<void> {
  const dataDir = tempDir('atrium-bench-trickle-');
  const port = await freePort();
  const requestTimeout = 10;
  const child = startAtrium(dataDir, port, { REQUEST_TIMEOUT: String(requestTimeout), HEADERS_TIMEOUT: '5' });
  const slow: net.Socket[] = [];
  let closedByServer = 0;
  try {
    await waitForOk(`http://127.0.0.1:${port}/healthz`, performance.now(), 120_000);
    for (let i = 0; i < SLOW_CONNECTIONS; i++) {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.on('error', () => undefined);
      socket.once('close', () => closedByServer++);
      socket.once('connect', () => socket.write(`POST /api/v1/logger HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`));
      slow.push(socket);
      if (i % 500 === 499) await sleep(20);
    }
    const flooded = performance.now();
    const trickle = setInterval(() => {
      for (const socket of slow) if (!socket.destroyed) socket.write(' ');
    }, 1000);
    const latencies: number[] = [];
    let answered = 0;
    const checks = 20;
    for (let i = 0; i < checks; i++) {
      const t0 = performance.now();
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5000) });
        if (res.ok) answered++;
        latencies.push(performance.now() - t0);
      } catch {
        latencies.push(5000);
      }
      await sleep(250);
    }
    const rss = rssMb(child.pid);
    // Every slow connection should be closed once its time is up; wait for that, at most three times as long.
    while (closedByServer < SLOW_CONNECTIONS && performance.now() - flooded < 3 * requestTimeout * 1000) await sleep(250);
    const allClosedAfter = (performance.now() - flooded) / 1000;
    clearInterval(trickle);
    console.log(`\nslow requests, ${databaseLabel}: ${SLOW_CONNECTIONS} connections each sending a body one byte a second (MAX_CONNECTIONS by default, REQUEST_TIMEOUT=${requestTimeout})`);
    console.log(`  /healthz during the flood: ${answered}/${checks} answered, p50 ${percentile(latencies, 50).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms; server RSS ${rss.toFixed(0)} MB`);
    console.log(`  slow connections closed by the server: ${closedByServer} of ${SLOW_CONNECTIONS}, ${allClosedAfter.toFixed(1)} s after the flood began`);
  } finally {
    for (const socket of slow) socket.destroy();
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function lockRace(): Promise<void> {
  const trials = 90;
  const contenders = 3;
  const worker = path.join(repo, 'packages/server/test/unit/fixtures/lockRaceWorker.ts');
  const base = tempDir('atrium-bench-lock-');
  try {
    const start = Date.now() + 4000;
    const children = Array.from({ length: contenders }, () =>
      spawn(process.execPath, ['--import', 'tsx', worker, base, String(trials), String(start), '60', process.platform === 'linux' ? 'socket' : 'file'], { stdio: 'pipe' }),
    );
    const outputs = await Promise.all(
      children.map(
        (child) =>
          new Promise<string>((resolve) => {
            let out = '';
            child.stdout.on('data', (chunk: Buffer) => {
              out += chunk.toString();
              if (out.endsWith('done\n')) resolve(out);
            });
          }),
      ),
    );
    for (const child of children) child.stdin.write('exit\n');
    const held = new Map<string, number>();
    for (const line of outputs.join('').split('\n')) {
      const [trial, outcome] = line.split(' ');
      if (outcome === 'held') held.set(trial!, (held.get(trial!) ?? 0) + 1);
    }
    const several = [...held.values()].filter((n) => n > 1).length;
    const none = trials - held.size;
    console.log(`\ndata-folder lock: ${contenders} processes at the same moment, ${trials} trials: ${several} with more than one holder, ${none} with none`);
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

await slowConsumers();
await slowRequests();
await lockRace();
