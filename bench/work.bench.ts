/**
 * Work items and global search under load (docs/PERFORMANCE.md, "Work items
 * and search"): requests per second and latency (p50, p99) of the
 * notification centre's call and of global search with 100,000 tasks and
 * 100,000 files in the database, beside a bare Fastify endpoint measured in
 * the same run (first and last; the reference is the mean of both).
 *
 * Atrium runs compiled, as `npm start` runs it, on a new data folder with
 * the demo data; bench/seedWork.ts then adds, while it is stopped, 300
 * colleagues, 100,000 tasks (5,000 assigned to the demo user, 2,000 more
 * followed by them, every colour, some snoozed, a comment on every third)
 * and 100,000 files (a quarter of them text files whose words are indexed;
 * 70% where the demo user searches, 30% in other users' homes and the
 * other organisation's shared folder). Signed in as `demo`, it measures:
 * GET user/getusernotifications (assignments, take 5), the POST form with a
 * colour filter, and GET search for a common word (every kind, then each
 * filter) and for a rare one. Latencies are autocannon's, in whole
 * milliseconds. Prints figures; asserts nothing.
 *
 * BENCH_DURATION (seconds per row, default 10), BENCH_CONNECTIONS (default
 * 10), BENCH_WORK_TASKS and BENCH_WORK_FILES (default 100000 each),
 * BENCH_DATABASE_URL (PostgreSQL instead of the embedded database).
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { databaseLabel, defaultServerBuild, freePort, seedWorkAndRestart, startAtrium, stop, tempDir, waitForOk, startBare } from './lib.js';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Seconds of load before each measured row, so that each call is measured warm. */
const warmup = Math.min(2, Math.max(1, Math.round(duration / 5)));
/** A word of many tasks' comments, files' names and texts, and people's designations; and one of a few places only (bench/seedWork.ts). */
const COMMON_WORD = 'supplier';
const RARE_WORD = 'zanzibar';

interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** What one answer held, for the reader. */
  found: string;
}

async function measure(name: string, options: autocannon.Options, found = ''): Promise<Figure> {
  await autocannon({ connections, ...options, duration: warmup });
  const result = await autocannon({ connections, duration, ...options });
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx, found };
}

async function signIn(base: string): Promise<string> {
  const login = await fetch(`${base}/api/wrapper/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'demo', password: 'Demo@1234' }),
  });
  return ((await login.json()) as { data: { jwt: string } }).data.jwt;
}

/** One answer of a call, checked: the figures of a failing call would mean nothing. */
async function answer<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

const dataDir = tempDir('atrium-bench-work-');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let atrium = startAtrium(dataDir, port);
const barePort = await freePort();
const bare = startBare(barePort);
try {
  // The demo data first (a first start), then the work put in while the server is stopped.
  await waitForOk(`${base}/readyz`, performance.now(), 120_000);
  const seeded = await seedWorkAndRestart(atrium, dataDir, port);
  atrium = seeded.atrium;
  const seed = seeded.seed;
  await waitForOk(`http://127.0.0.1:${barePort}/`, performance.now());
  const authorization = `Bearer ${await signIn(base)}`;
  const api = `${base}/api/v1`;

  const notifications = `${api}/user/getusernotifications?type=assignments&take=5&skip=0`;
  const view = await answer<{ total: number; ryg_count: Record<string, number> }>(notifications, { headers: { authorization } });
  const red = await answer<{ total: number }>(notifications, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ ryg_status: 'RED' }) });
  const searchUrl = (q: string, filter = '') => `${api}/search?${new URLSearchParams({ q, ...(filter ? { filter } : {}) }).toString()}`;
  const counts = async (url: string) => {
    const data = await answer<Record<string, { count: number }>>(url, { headers: { authorization } });
    return ['apps', 'users', 'attachments', 'comments']
      .filter((k) => data[k]!.count > 0)
      .map((k) => `${k} ${data[k]!.count}`)
      .join(', ');
  };

  const bareUrl = `http://127.0.0.1:${barePort}/`;
  const figures: Figure[] = [await measure('bare Fastify GET /', { url: bareUrl })];
  figures.push(await measure('GET getusernotifications', { url: notifications, headers: { authorization } }, `${view.total} tasks, page of 5`));
  figures.push(
    await measure(
      'POST getusernotifications RED',
      { url: notifications, method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ ryg_status: 'RED' }) },
      `${red.total} red tasks`,
    ),
  );
  figures.push(await measure(`GET search '${COMMON_WORD}'`, { url: searchUrl(COMMON_WORD), headers: { authorization } }, await counts(searchUrl(COMMON_WORD))));
  figures.push(await measure(`GET search '${RARE_WORD}'`, { url: searchUrl(RARE_WORD), headers: { authorization } }, await counts(searchUrl(RARE_WORD))));
  for (const filter of ['apps', 'users', 'attachments', 'comments']) {
    const url = searchUrl(COMMON_WORD, filter);
    figures.push(await measure(`GET search '${COMMON_WORD}' ${filter}`, { url, headers: { authorization } }, await counts(url)));
  }
  // Measured again last: the reference is the mean of both, so that a change of load during the run shows.
  figures.push(await measure('bare Fastify GET / (again)', { url: bareUrl }));
  const bareRps = (figures[0]!.rps + figures.at(-1)!.rps) / 2;

  console.log(
    `\nseeded in ${seed.seconds} s: ${seed.tasks} tasks (${seed.demoAssigned} assigned to demo), ${seed.comments} comments, ${seed.files} files ` +
      `(${seed.textFiles} with indexed text), ${seed.users} colleagues; ${view.ryg_count ? `demo's colours ${JSON.stringify(view.ryg_count)}` : ''}`,
  );
  console.log(
    `autocannon: ${connections} connections, ${duration} s per row after ${warmup} s of warm-up, 127.0.0.1, ${databaseLabel}, ${defaultServerBuild} server, Node ${process.version}`,
  );
  console.log('call'.padEnd(36), 'req/s'.padStart(8), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'of bare'.padStart(8), 'errors'.padStart(7), '  one answer');
  for (const f of figures) {
    console.log(
      f.name.padEnd(36),
      f.rps.toFixed(0).padStart(8),
      f.p50.toFixed(0).padStart(7),
      f.p99.toFixed(0).padStart(7),
      `${((f.rps / bareRps) * 100).toFixed(1)}%`.padStart(8),
      String(f.errors).padStart(7),
      ` ${f.found}`,
    );
  }
  // The time from a task created by one user to the badge updated in another user's browser: bench/taskLive.bench.ts.
} finally {
  await Promise.all([stop(atrium), stop(bare)]);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
