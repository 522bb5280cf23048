/**
 * A mixed load at rising connection counts (docs/PERFORMANCE.md, "The
 * embedded database and what PostgreSQL gains"): each connection sends, in
 * turn, the full profile, the notification centre's call, a listing of a
 * folder of 100 entries, a read of a 4 KB file and a write of a 4 KB file
 * (its own), as a user's desktop does. Prints per connection count the
 * calls per second, p50 and p99, beside a bare Fastify endpoint measured
 * at the first count; run it once on the embedded database and once with
 * BENCH_DATABASE_URL (through scripts/with-postgres.sh) to see where the
 * lines cross. Asserts nothing.
 *
 * BENCH_DURATION (seconds per row, default 5), BENCH_MIXED_CONNECTIONS
 * (default 1,5,10,25,50,100), BENCH_SERVER_ENTRY (another compiled server).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { databaseLabel, defaultServerBuild, freePort, startAtrium, stop, tempDir, waitForOk, startBare } from './lib.js';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const counts = (process.env.BENCH_MIXED_CONNECTIONS ?? '1,5,10,25,50,100').split(',').map(Number);

function multipart(target: string, content: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n${target}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="${path.posix.basename(target)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return { body: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function ok(res: Response): Promise<unknown> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res.json();
}

const dataDir = tempDir('atrium-bench-mixed-');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const atrium = startAtrium(dataDir, port);
const barePort = await freePort();
const bare = startBare(barePort);
try {
  await waitForOk(`${base}/readyz`, performance.now(), 120_000);
  await waitForOk(`http://127.0.0.1:${barePort}/`, performance.now());
  const login = (await ok(
    await fetch(`${base}/api/wrapper/auth`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username: 'demo', password: 'Demo@1234' }) }),
  )) as { data: { jwt: string } };
  const authorization = `Bearer ${login.data.jwt}`;
  const json = { authorization, 'content-type': 'application/json' };
  const run = `home:/mixed-${crypto.randomBytes(3).toString('hex')}`;
  await ok(await fetch(`${base}/vfs/mkdir`, { method: 'POST', headers: json, body: JSON.stringify({ path: run }) }));
  await ok(await fetch(`${base}/vfs/mkdir`, { method: 'POST', headers: json, body: JSON.stringify({ path: `${run}/folder` }) }));
  const content = crypto.randomBytes(4096);
  const write = async (target: string) => {
    const { body, contentType } = multipart(target, content);
    await ok(await fetch(`${base}/vfs/writefile`, { method: 'POST', headers: { authorization, 'content-type': contentType }, body: new Uint8Array(body) }));
  };
  for (let i = 0; i < 100; i++) await write(`${run}/folder/entry-${String(i).padStart(3, '0')}.bin`);
  const q = (p: string) => `?path=${encodeURIComponent(p)}`;
  const bareRps = (await autocannon({ url: `http://127.0.0.1:${barePort}/`, connections: 10, duration })).requests.average;
  console.log(
    `\nautocannon: mixed calls (profile, notifications, readdir of 100, readfile 4 KB, writefile 4 KB), ${duration} s per row, ${databaseLabel}, ${defaultServerBuild} server, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(`bare Fastify GET / at 10 connections: ${Math.round(bareRps)} req/s`);
  console.log('connections  calls/s  p50 ms  p99 ms  errors');
  for (const connections of counts) {
    let written = 0;
    const result = await autocannon({
      url: base,
      connections,
      duration,
      requests: [
        { method: 'GET', path: '/api/v1/user/me/a+p+acc+ap+t', headers: { authorization } },
        { method: 'GET', path: '/api/v1/user/getusernotifications?type=assignments&take=5&skip=0', headers: { authorization } },
        { method: 'GET', path: `/vfs/readdir${q(`${run}/folder`)}`, headers: { authorization } },
        { method: 'GET', path: `/vfs/readfile${q(`${run}/folder/entry-007.bin`)}`, headers: { authorization } },
        {
          method: 'POST',
          path: '/vfs/writefile',
          // One of 100 files written over and over, as a user saves their documents.
          setupRequest: (request) => {
            const { body, contentType } = multipart(`${run}/written-${written++ % 100}.bin`, content);
            return { ...request, body, headers: { authorization, 'content-type': contentType } };
          },
        },
      ],
    });
    const errors = result.errors + result.timeouts + result.non2xx;
    console.log(`${String(connections).padStart(11)}  ${String(Math.round(result.requests.average)).padStart(7)}  ${String(result.latency.p50).padStart(6)}  ${String(result.latency.p99).padStart(6)}  ${errors}`);
  }
} finally {
  await stop(atrium);
  bare.kill();
}
