/**
 * Records of declared applications (docs/PERFORMANCE.md, "Records"): the
 * latency of a list's page and of writes with 100,000 records of one
 * entity. Atrium runs compiled, as `npm start` runs it, on a new data
 * folder with the demo data; bench/seedRecords.ts then installs an incident
 * register for Northwind Trading and writes BENCH_RECORDS (default 100,000)
 * incidents while the server is stopped. Signed in as olivia (who reads the
 * whole organisation's incidents), it sends each call one at a time,
 * BENCH_ROUNDS times (default 200) after 20 unmeasured, and prints p50,
 * p95 and p99 in milliseconds:
 *
 * - the first page in the list's own order (reported, newest first);
 * - filter + sort + first page: open sev1/sev2 incidents of one service,
 *   by customers affected;
 * - a search for a word of many incidents, and a colour filter;
 * - a page deep into the list (offset 50,000);
 * - create, and update of a record (each with its history row).
 *
 * BENCH_DATABASE_URL measures on PostgreSQL instead of the embedded
 * database. Prints figures; asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BENCH_RECORDS_APP } from './seedRecords.js';
import { databaseLabel, defaultServerBuild, freePort, percentile, repo, signIn, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARMUP = 20;

/** One call, checked: the figures of a failing call would mean nothing. */
async function call<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

interface Row {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  found: string;
}

/** Signs in again before each call measured: on a loaded machine the calls can take longer than a token lives. */
let renewSignIn = async (): Promise<void> => undefined;

/** Runs `once` WARMUP times unmeasured, then ROUNDS times one after the other; prints and returns the latencies' percentiles. */
async function measure(name: string, once: (i: number) => Promise<string>): Promise<Row> {
  await renewSignIn();
  let found = '';
  for (let i = 0; i < WARMUP; i++) found = await once(i);
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    found = await once(WARMUP + i);
    times.push(performance.now() - started);
  }
  const r = { name, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), found };
  console.log(r.name.padEnd(30), r.p50.toFixed(1).padStart(8), r.p95.toFixed(1).padStart(8), r.p99.toFixed(1).padStart(8), ` ${r.found}`);
  return r;
}

const dataDir = tempDir('atrium-bench-records-');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
// A list is a costly call: one user's thousands of them in a few minutes would pass the per-minute rate, which is not what is measured.
const serverEnv = { COSTLY_CALLS_RATE: '1000000' };
let atrium = startAtrium(dataDir, port, serverEnv);
try {
  await waitForOk(`${base}/readyz`, performance.now(), 120_000);
  await stop(atrium);
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'seedRecords.ts')], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error('seeding the records failed');
  const seed = JSON.parse(seeded.stdout.trim().split('\n').at(-1)!) as { records: number; indexes: number; indexSeconds: number; analyzeSeconds: number; seconds: number };
  atrium = startAtrium(dataDir, port, serverEnv);
  await waitForOk(`${base}/readyz`, performance.now(), 120_000);

  const headers = { authorization: '', 'content-type': 'application/json' };
  renewSignIn = async () => {
    headers.authorization = `Bearer ${await signIn(base, 'olivia')}`;
  };
  await renewSignIn();
  const records = `${base}/api/v1/records/${BENCH_RECORDS_APP}`;
  type Page = { total: number; capped: boolean; records: Array<{ name: string; version: number }> };
  const query = (body: unknown) => call<Page>(`${records}/incident/query`, { method: 'POST', headers, body: JSON.stringify(body) });
  const pageOf = (page: Page) => `${page.capped ? 'more than ' : ''}${page.total.toLocaleString('en')} matching, ${page.records.length} on the page`;

  const rows: Row[] = [];
  console.log(`\nseeded ${seed.records.toLocaleString('en')} records of one entity in ${seed.seconds} s, of which ${seed.indexSeconds} s making the ${seed.indexes} indexes of its lists; renewing the statistics ${seed.analyzeSeconds} s`);
  console.log(`one call at a time, ${ROUNDS} rounds after ${WARMUP} unmeasured, 127.0.0.1, ${databaseLabel}, ${defaultServerBuild} server, Node ${process.version}`);
  console.log('call'.padEnd(30), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'p99 ms'.padStart(8), '  one answer');
  rows.push(await measure('first page, list order', async () => pageOf(await query({}))));
  rows.push(
    await measure('filter + sort + first page', async (i) =>
      pageOf(
        await query({
          filters: [
            { field: 'service', op: 'eq', value: ['billing', 'checkout', 'search', 'mail'][i % 4] },
            { field: 'severity', op: 'in', value: ['sev1', 'sev2'] },
            { field: 'status', op: 'ne', value: 'resolved' },
          ],
          sort: { field: 'customers', direction: 'desc' },
        }),
      ),
    ),
  );
  rows.push(await measure("search 'timeout' + sort", async () => pageOf(await query({ search: 'timeout', sort: { field: 'reportedAt', direction: 'desc' } }))));
  rows.push(await measure('colour RED, first page', async () => pageOf(await query({ filters: [{ field: 'colour', op: 'eq', value: 'RED' }] }))));
  rows.push(await measure('page at offset 50,000', async () => pageOf(await query({ offset: 50_000, limit: 50 }))));

  rows.push(
    await measure('create', async (i) => {
      const created = await call<{ record: { name: string } }>(`${records}/incident`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ values: { summary: `bench outage ${i}`, severity: 'sev3', service: 'mail', reportedAt: new Date().toISOString(), customers: i } }),
      });
      return created.record.name;
    }),
  );
  const target = (await query({ search: 'bench' })).records[0]!;
  let version = (await call<{ record: { version: number } }>(`${records}/record/${target.name}`, { headers })).record.version;
  rows.push(
    await measure('update', async (i) => {
      const updated = await call<{ record: { version: number } }>(`${records}/record/${target.name}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ version, values: { customers: i, status: i % 2 ? 'investigating' : 'monitoring' } }),
      });
      version = updated.record.version;
      return `${target.name} at version ${version}`;
    }),
  );

  const goal = databaseLabel === 'PostgreSQL' ? 100 : 300;
  const listed = rows.find((r) => r.name === 'filter + sort + first page')!;
  const written = rows.filter((r) => r.name === 'create' || r.name === 'update');
  console.log(`\nfilter + sort + first page p95 ${listed.p95.toFixed(1)} ms (goal: under ${goal} ms on ${databaseLabel}); create / update p95 ${written.map((r) => r.p95.toFixed(1)).join(' / ')} ms (goal: under 50 ms on PostgreSQL)`);
} finally {
  await stop(atrium);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
