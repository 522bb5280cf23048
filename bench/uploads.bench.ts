/**
 * Uploads against the storage quota on 127.0.0.1 (docs/behaviour/files.md#quotas):
 *
 * 1. peak bytes on disk (the data folder's `files/blobs` and `files/tmp`,
 *    polled every few milliseconds) while 8 uploads of 9.5 MiB run in
 *    parallel for one user with a 10 MiB quota, with a Content-Length and
 *    chunked (no length), and how many of them were stored or refused;
 * 2. how an over-quota upload's refusal reaches clients that keep sending
 *    the body: `node:http` clients (which read the answer while sending) and
 *    raw `node:net` clients that send the whole body before reading, as a
 *    browser does: answered 413, or cut off by a reset.
 *
 * Atrium runs compiled, as `npm start` runs it, on a new data folder without
 * demo data; its one user is made with the command line before it starts.
 * Prints figures; asserts nothing. BENCH_UPLOAD_CLIENTS (default 10) clients
 * per kind in part 2, BENCH_DATABASE_URL.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { compiledServer, databaseLabel, freePort, repo, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const MiB = 1024 * 1024;
const QUOTA = 10 * MiB;
const LIMIT = 9.75 * MiB;
const PARALLEL = 8;
const UPLOAD = 9.5 * MiB;
const clients = Number(process.env.BENCH_UPLOAD_CLIENTS ?? 10);
const password = 'Bench#Uploads1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Total size of the files below a folder (0 when it does not exist); files vanishing meanwhile are skipped. */
function bytesUnder(dir: string): number {
  let total = 0;
  let names: fs.Dirent[];
  try {
    names = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of names) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += bytesUnder(full);
    else {
      try {
        total += fs.statSync(full).size;
      } catch {
        // renamed or deleted between the listing and the stat
      }
    }
  }
  return total;
}

/** The multipart framing of writefile around `size` bytes of content: head and tail. */
function framing(filePath: string): { head: Buffer; tail: Buffer; type: string } {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n${filePath}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="${path.basename(filePath.slice(filePath.indexOf(':') + 1))}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return { head, tail: Buffer.from(`\r\n--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * One upload with node:http, the content sent in 1 MiB slices `pause` ms apart so that parallel
 * uploads overlap; resolves with the status, or the error's code when the request failed.
 */
function upload(port: number, jwt: string, filePath: string, size: number, options: { chunked: boolean; pause: number }): Promise<string> {
  const { head, tail, type } = framing(filePath);
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: string) => {
      if (!settled) {
        settled = true;
        resolve(outcome);
      }
    };
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/vfs/writefile',
      headers: { authorization: `Bearer ${jwt}`, 'content-type': type, ...(options.chunked ? {} : { 'content-length': head.length + size + tail.length }) },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => done(String(response.statusCode)));
    });
    request.on('error', (e: NodeJS.ErrnoException) => done(e.code ?? e.message));
    void (async () => {
      request.write(head);
      const slice = Buffer.alloc(MiB, 7);
      for (let sent = 0; sent < size && !settled && !request.destroyed; sent += MiB) {
        const piece = slice.subarray(0, Math.min(MiB, size - sent));
        if (!request.write(piece)) await new Promise((r) => request.once('drain', r));
        if (options.pause > 0) await sleep(options.pause);
      }
      if (!request.destroyed) request.end(tail);
    })();
  });
}

/**
 * An upload sent as a browser sends it on a raw socket: the whole body is
 * written first, the answer read after; resolves with the answer's status
 * line, or how the connection failed.
 */
function rawUpload(port: number, jwt: string, filePath: string, size: number): Promise<string> {
  const { head, tail, type } = framing(filePath);
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let received = '';
    let failure = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', (e: NodeJS.ErrnoException) => (failure ||= e.code ?? e.message));
    socket.on('close', () => resolve(/^HTTP\/1\.1 (\d+)/.exec(received)?.[1] ?? (failure || 'closed')));
    socket.on('connect', async () => {
      socket.write(
        `POST /vfs/writefile HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${jwt}\r\nContent-Type: ${type}\r\nContent-Length: ${head.length + size + tail.length}\r\n\r\n`,
      );
      socket.write(head);
      const slice = Buffer.alloc(MiB, 7);
      for (let sent = 0; sent < size && !socket.destroyed; sent += MiB) {
        if (!socket.write(slice.subarray(0, Math.min(MiB, size - sent)))) await new Promise((r) => socket.once('drain', r));
      }
      if (!socket.destroyed) socket.end(tail);
    });
  });
}

/** Runs uploads while polling the bytes on disk; the outcomes and the peak. */
async function withPeak<T>(filesDir: string, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = 0;
  let running = true;
  const poller = (async () => {
    while (running) {
      peak = Math.max(peak, bytesUnder(path.join(filesDir, 'blobs')) + bytesUnder(path.join(filesDir, 'tmp')));
      await sleep(2);
    }
  })();
  const result = await work();
  running = false;
  await poller;
  return { result, peak };
}

const count = (outcomes: string[]) =>
  Object.entries(outcomes.reduce<Record<string, number>>((acc, o) => ({ ...acc, [o]: (acc[o] ?? 0) + 1 }), {}))
    .map(([k, v]) => `${v} × ${k}`)
    .join(', ');

async function main(): Promise<void> {
  const dataDir = tempDir('atrium-bench-uploads-');
  const env = { DEMO_DATA: 'false', VFS_QUOTA: String(QUOTA), VFS_UPLOAD_LIMIT: String(LIMIT), ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}) };
  compiledServer();
  execFileSync(process.execPath, [path.join(repo, 'packages/server/dist/cli.js'), 'user', 'create', 'uploader', '--email', 'uploader@example.test', '--password-stdin'], {
    input: `${password}\n`,
    env: { ...process.env, DATA_DIR: dataDir, ...env },
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startAtrium(dataDir, port, env);
  try {
    await waitForOk(`${base}/healthz`, performance.now());
    const login = await fetch(`${base}/api/wrapper/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'uploader', password }) });
    const jwt = ((await login.json()) as { data: { jwt: string } }).data.jwt;
    const filesDir = path.join(dataDir, 'files');
    const clear = async () => {
      const list = await fetch(`${base}/vfs/readdir?path=${encodeURIComponent('home:/')}`, { headers: { authorization: `Bearer ${jwt}` } });
      for (const entry of ((await list.json()) as { data: Array<{ path: string }> }).data) {
        await fetch(`${base}/vfs/unlink`, { method: 'POST', headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' }, body: JSON.stringify({ path: entry.path }) });
      }
    };

    console.log(`Uploads against a ${QUOTA / MiB} MiB quota (${databaseLabel}, compiled server)\n`);
    console.log(`| ${PARALLEL} parallel uploads of ${UPLOAD / MiB} MiB | answers | peak bytes on disk |`);
    console.log('|---|---|---|');
    for (const chunked of [false, true]) {
      await clear();
      const { result, peak } = await withPeak(filesDir, () =>
        Promise.all(Array.from({ length: PARALLEL }, (_, i) => upload(port, jwt, `home:/parallel-${i}.bin`, UPLOAD, { chunked, pause: 20 }))),
      );
      console.log(`| ${chunked ? 'chunked (no Content-Length)' : 'with Content-Length'} | ${count(result)} | ${(peak / MiB).toFixed(1)} MiB |`);
    }

    await clear();
    const stored = await upload(port, jwt, 'home:/kept.bin', 5 * MiB, { chunked: false, pause: 0 });
    if (stored !== '200') throw new Error(`storing 5 MiB answered ${stored}`);
    console.log(`\nRefused uploads sent to their end by each client (${clients} runs each; upload limit ${LIMIT / MiB} MiB, 5 MiB of the quota used):\n`);
    console.log('| upload | client | answers |');
    console.log('|---|---|---|');
    for (const [label, size] of [
      ['64 MiB, over the upload limit', 64 * MiB],
      ['9 MiB, over the room left in the quota', 9 * MiB],
    ] as const) {
      const viaHttp: string[] = [];
      for (let i = 0; i < clients; i++) viaHttp.push(await upload(port, jwt, `home:/over-${i}.bin`, size, { chunked: false, pause: 0 }));
      console.log(`| ${label} | node:http, reads while sending | ${count(viaHttp)} |`);
      const viaSocket: string[] = [];
      for (let i = 0; i < clients; i++) viaSocket.push(await rawUpload(port, jwt, `home:/over-${i}.bin`, size));
      console.log(`| ${label} | node:net, sends the whole body first | ${count(viaSocket)} |`);
    }
  } finally {
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
