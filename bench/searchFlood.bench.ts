/**
 * One user's flood of global searches beside another user's ordinary calls
 * (docs/PERFORMANCE.md, "One user's flood"): what the other user waits while
 * one user keeps 100 searches for a common word under way for 20 s.
 *
 * Atrium runs compiled, as `npm start` runs it, on a new data folder with
 * the demo data and the work of bench/seedWork.ts (100,000 tasks, 100,000
 * files: `supplier` is in a quarter of the file names, most texts and a
 * third of the comments). Then:
 *
 * 1. user B (`olivia`), alone: GET /vfs/readdir of her home folder and GET
 *    {api}/user/me/a+p+acc+ap+t (the profile the desktop loads), one after
 *    the other in a loop on one keep-alive connection, for BENCH_IDLE_SECONDS;
 * 2. user A (`demo`) keeps BENCH_FLOOD_CONNECTIONS connections each sending
 *    GET {api}/search?q=supplier again as soon as the last answer came, for
 *    BENCH_FLOOD_SECONDS (autocannon, in a process of its own so that its
 *    work does not delay B's loop), while B's loop runs on.
 *
 * Prints p50/p90/p99 of B's calls idle and during the flood (each call and
 * both together) and A's answers by status with their latencies. Times are
 * the client's, from sending to the whole answer read. Asserts nothing.
 *
 * BENCH_FLOOD_CONNECTIONS (default 100), BENCH_FLOOD_SECONDS (default 20),
 * BENCH_IDLE_SECONDS (default 10), BENCH_WORK_TASKS and BENCH_WORK_FILES
 * (default 100000 each), BENCH_DATABASE_URL (PostgreSQL instead of the
 * embedded database), BENCH_SERVER_ENTRY (another compiled server, to
 * compare). Variables of the server's configuration (COSTLY_CALLS_RATE...)
 * reach the measured server.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { databaseLabel, defaultServerBuild, freePort, percentile, repo, seedWorkAndRestart, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const FLOOD_CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 100);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 20);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
/** A word of many files' names and texts, comments and people (bench/seedWork.ts). */
const COMMON_WORD = 'supplier';
const PASSWORD = 'Demo@1234';

/** What the flooding process reports: per status, how many answers and their latencies (ms). */
interface FloodReport {
  statuses: Record<string, { count: number; p50: number; p99: number }>;
  errors: number;
  timeouts: number;
  retryAfter: string | null;
}

/** The flooding process: autocannon against the search, answers sorted by status. */
async function flood(url: string, authorization: string): Promise<void> {
  const latencies = new Map<number, number[]>();
  let retryAfter: string | null = null;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections: FLOOD_CONNECTIONS, duration: FLOOD_SECONDS, headers: { authorization }, timeout: 30 }, (error, done) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done),
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      const list = latencies.get(statusCode) ?? [];
      list.push(responseTime);
      latencies.set(statusCode, list);
    });
  });
  // One refusal's Retry-After, read apart from the flood, for the reader.
  const probe = await fetch(url, { headers: { authorization } });
  if (probe.status === 429) retryAfter = probe.headers.get('retry-after');
  await probe.arrayBuffer();
  const statuses: FloodReport['statuses'] = {};
  for (const [status, list] of [...latencies].sort((a, b) => a[0] - b[0])) {
    statuses[String(status)] = { count: list.length, p50: percentile(list, 50), p99: percentile(list, 99) };
  }
  const report: FloodReport = { statuses, errors: result.errors, timeouts: result.timeouts, retryAfter };
  console.log(JSON.stringify(report));
}

if (process.argv[2] === 'flood') {
  await flood(process.argv[3]!, process.argv[4]!);
  process.exit(0);
}

async function signIn(base: string, username: string): Promise<string> {
  const login = await fetch(`${base}/api/wrapper/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: PASSWORD }),
  });
  const jwt = ((await login.json()) as { data?: { jwt?: string } }).data?.jwt;
  if (!jwt) throw new Error(`sign-in of ${username} failed`);
  return jwt;
}

/** One GET on a keep-alive agent: its status and the milliseconds to the whole answer. */
function timedGet(agent: http.Agent, url: string, authorization: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { agent, headers: { authorization } }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
}

interface Loop {
  /** Latencies (ms) of each call by its name. */
  times: Map<string, number[]>;
  /** Answers other than 200. */
  failures: number;
}

/** B's calls one after the other until `until` (performance.now()). */
async function userLoop(calls: Array<{ name: string; url: string }>, authorization: string, until: () => boolean): Promise<Loop> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const loop: Loop = { times: new Map(calls.map((c) => [c.name, []])), failures: 0 };
  try {
    for (let i = 0; !until(); i++) {
      const call = calls[i % calls.length]!;
      const { status, ms } = await timedGet(agent, call.url, authorization);
      if (status !== 200) loop.failures++;
      loop.times.get(call.name)!.push(ms);
    }
  } finally {
    agent.destroy();
  }
  return loop;
}

const row = (name: string, xs: number[]) =>
  `${name.padEnd(34)}${String(xs.length).padStart(7)}${percentile(xs, 50).toFixed(1).padStart(9)}${percentile(xs, 90).toFixed(1).padStart(9)}${percentile(xs, 99).toFixed(1).padStart(9)}`;

const dataDir = tempDir('atrium-bench-flood-');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let atrium = startAtrium(dataDir, port);
try {
  await waitForOk(`${base}/readyz`, performance.now(), 120_000);
  const seeded = await seedWorkAndRestart(atrium, dataDir, port);
  atrium = seeded.atrium;
  const seed = seeded.seed;

  const api = `${base}/api/v1`;
  const a = `Bearer ${await signIn(base, 'demo')}`;
  const b = `Bearer ${await signIn(base, 'olivia')}`;
  const searchUrl = `${api}/search?${new URLSearchParams({ q: COMMON_WORD }).toString()}`;
  const calls = [
    { name: 'GET /vfs/readdir home:/', url: `${base}/vfs/readdir?${new URLSearchParams({ path: 'home:/', options: '{}' }).toString()}` },
    { name: 'GET {api}/user/me/a+p+acc+ap+t', url: `${api}/user/me/a+p+acc+ap+t` },
  ];
  // Each call once, checked: the figures of a failing call would mean nothing.
  for (const { url } of [...calls, { url: searchUrl }]) {
    const res = await fetch(url, { headers: { authorization: url === searchUrl ? a : b } });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }

  // Warm-up of B's calls, then B alone.
  let end = performance.now() + 1000;
  await userLoop(calls, b, () => performance.now() > end);
  end = performance.now() + IDLE_SECONDS * 1000;
  const idle = await userLoop(calls, b, () => performance.now() > end);

  // A's flood in its own process; B's loop for as long as it runs.
  let flooding = true;
  const flooder = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, 'flood', searchUrl, a], { cwd: repo, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  flooder.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const floodDone = new Promise<FloodReport>((resolve, reject) =>
    flooder.on('exit', (code) => {
      flooding = false;
      if (code !== 0) reject(new Error(`the flooding process ended with ${code}`));
      else resolve(JSON.parse(out.trim().split('\n').at(-1)!) as FloodReport);
    }),
  );
  // B starts once the flood has begun (the flooding process needs a moment to start).
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const during = await userLoop(calls, b, () => !flooding);
  const report = await floodDone;

  console.log(
    `\nseeded: ${seed.tasks} tasks, ${seed.comments} comments, ${seed.files} files (${seed.textFiles} with indexed text), ${seed.users} colleagues`,
  );
  console.log(
    `${databaseLabel}, ${defaultServerBuild} server${process.env.BENCH_SERVER_ENTRY ? ` (${path.basename(process.env.BENCH_SERVER_ENTRY)})` : ''}, Node ${process.version}; ` +
      `A: ${FLOOD_CONNECTIONS} connections searching '${COMMON_WORD}' for ${FLOOD_SECONDS} s; B: one call at a time`,
  );
  console.log(`${'B (olivia), ms'.padEnd(34)}${'calls'.padStart(7)}${'p50'.padStart(9)}${'p90'.padStart(9)}${'p99'.padStart(9)}`);
  for (const [label, loop] of [
    ['idle', idle],
    ['during the flood', during],
  ] as const) {
    for (const [name, xs] of loop.times) console.log(row(`${label}: ${name}`, xs));
    console.log(row(`${label}: both`, [...loop.times.values()].flat()) + (loop.failures ? `  (${loop.failures} not 200)` : ''));
  }
  console.log(`${'A (demo), by status, ms'.padEnd(34)}${'answers'.padStart(7)}${'p50'.padStart(9)}${''.padStart(9)}${'p99'.padStart(9)}`);
  for (const [status, s] of Object.entries(report.statuses)) {
    console.log(`${status.padEnd(34)}${String(s.count).padStart(7)}${s.p50.toFixed(0).padStart(9)}${''.padStart(9)}${s.p99.toFixed(0).padStart(9)}`);
  }
  console.log(`errors ${report.errors}, time-outs ${report.timeouts}${report.retryAfter ? `; Retry-After of a refusal after the flood: ${report.retryAfter} s` : ''}`);
} finally {
  await stop(atrium);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
