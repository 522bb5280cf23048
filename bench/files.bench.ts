/**
 * The files service over HTTP on 127.0.0.1 (docs/behaviour/files.md), beside
 * the `@osjs/server` package's filesystem service measured in the same run:
 *
 * 1. operations per second and latency (p50/p99) of readdir of a folder of
 *    10,000 entries, readfile of a 4 KB and of a 10 MB file, writefile
 *    (multipart) of a 4 KB and of a 10 MB file, and touch of a new file, on
 *    both servers, with the ratio Atrium / OS.js;
 * 2. Atrium's search over 100,000 files: a pattern matching 100 names, one
 *    matching nearly every name (the answer holds the first 200), one
 *    matching none;
 * 3. upload and download of a 1 GiB file, one at a time: MiB/s, and each
 *    server's resident memory before and at its highest during the transfer
 *    (VmHWM from /proc, its mark reset just before each transfer).
 *
 * Atrium runs compiled, as `npm start` runs it, on a new data folder, signed
 * in as `demo` (bearer token); its 110,000 files are put in by
 * bench/seedFiles.ts while it is stopped (touch over HTTP would take far
 * longer than the rest: the touch row gives its rate). OS.js runs
 * bench/osjsServer.ts: its Core with the "null" authentication and a `home`
 * mount on a temporary folder, signed in through its /login route (session
 * cookie); its folder's entries are written on its disk. Each writefile
 * connection writes its own file, replacing it each time. Rows run under
 * autocannon, except the 10 MB reads (see measureReads). Prints figures;
 * asserts nothing.
 *
 * BENCH_DURATION (seconds per row, default 5), BENCH_CONNECTIONS (default 10),
 * BENCH_FILES_FOLDER (entries of the listed folder, default 10000),
 * BENCH_FILES_SEARCH (files searched, default 100000), BENCH_FILES_BIG_MB
 * (size of the transferred file in MiB, default 1024), BENCH_DATABASE_URL.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { databaseLabel, defaultServerBuild, freePort, percentile, repo, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const folderEntries = Number(process.env.BENCH_FILES_FOLDER ?? 10_000);
const searchFiles = Number(process.env.BENCH_FILES_SEARCH ?? 100_000);
const bigBytes = Number(process.env.BENCH_FILES_BIG_MB ?? 1024) * 1024 * 1024;
const SMALL = 4 * 1024;
const LARGE = 10 * 1024 * 1024;
const MiB = 1024 * 1024;

/** One server under measurement: where its /vfs calls go and how they are signed in. */
interface Target {
  name: string;
  /** URL prefix of the operations: `${vfs}/readdir`. */
  vfs: string;
  headers: Record<string, string>;
  pid: number;
}

interface Figure {
  ops: number;
  p50: number;
  p99: number;
  errors: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const n = (x: number, digits = 0) => (Number.isFinite(x) ? x.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '–');
const ops = (x: number) => n(x, x < 100 ? 1 : 0);
const query = (p: string) => `?${new URLSearchParams({ path: p }).toString()}`;

/**
 * autocannon after a warm-up of one call per connection (all answered). A row
 * runs `duration` seconds; a slow one (each connection would complete fewer
 * than 20 calls in that time) runs a fixed number of calls per connection
 * instead, about as long, so that every call sent is answered and counted.
 * Calls per second are the calls completed over the time they took.
 */
async function measure(options: autocannon.Options): Promise<Figure> {
  const base = { connections, timeout: 60, ...options };
  const warm = await autocannon({ ...base, amount: connections });
  const perConnection = Math.floor((duration * 1000) / Math.max(1, warm.latency.mean));
  const result = perConnection >= 20 ? await autocannon({ ...base, duration }) : await autocannon({ ...base, amount: connections * Math.max(3, perConnection) });
  if (perConnection >= 20) await settle(result);
  return {
    ops: result.requests.total === 0 ? NaN : result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * autocannon leaves the calls under way at the end of a timed run unanswered,
 * but a server goes on with them: waits as long as the slowest call took, so
 * that they do not slow the next row.
 */
function settle(result: autocannon.Result): Promise<unknown> {
  return sleep(Math.min(60_000, result.latency.max + 100));
}

/** A multipart writefile body: the path first, then the upload (a streaming server can place it as it arrives). */
function multipartParts(target: string, size: number, boundary: string): { head: Buffer; tail: Buffer; length: number } {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\n${target}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="options"\r\n\r\n{}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="${path.posix.basename(target)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { head, tail, length: head.length + size + tail.length };
}

function multipartBody(target: string, content: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const { head, tail } = multipartParts(target, content.length, boundary);
  return { body: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One call outside the measured runs (fixtures); fails loudly, since the figures would mean nothing. */
async function call(t: Target, operation: string, init: { method?: string; json?: unknown; query?: string; body?: Buffer; contentType?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { ...t.headers };
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.body) {
    headers['content-type'] = init.contentType!;
    body = new Uint8Array(init.body);
  }
  const res = await fetch(`${t.vfs}/${operation}${init.query ?? ''}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
  if (!res.ok) throw new Error(`${t.name} ${operation} failed: ${res.status} ${await res.text()}`);
  return res;
}

async function writeFixture(t: Target, target: string, content: Buffer): Promise<void> {
  const { body, contentType } = multipartBody(target, content);
  await (await call(t, 'writefile', { body, contentType })).arrayBuffer();
}

/** Peak (VmHWM) and current (VmRSS) resident memory of a process, in MiB. */
function memory(pid: number): { peak: number; rss: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { peak: kb('VmHWM') / 1024, rss: kb('VmRSS') / 1024 };
}

/** Resets a process's peak resident memory mark to its current RSS (Linux: clear_refs 5); false where refused. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Uploads `size` bytes as a streamed multipart writefile; seconds until the server answered. */
async function uploadBig(t: Target, target: string, size: number): Promise<number> {
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const { head, tail, length } = multipartParts(target, size, boundary);
  const chunk = crypto.randomBytes(MiB);
  const url = new URL(`${t.vfs}/writefile`);
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { ...t.headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => (res.statusCode && res.statusCode < 300 ? resolve() : reject(new Error(`${t.name} upload: ${res.statusCode} ${text.slice(0, 300)}`))));
      },
    );
    req.on('error', reject);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const piece = size - sent >= chunk.length ? chunk : chunk.subarray(0, size - sent);
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    req.write(head);
    pump();
  });
  return (performance.now() - started) / 1000;
}

/** Downloads a file through readfile; seconds until the last byte, after checking the byte count. */
async function downloadBig(t: Target, target: string, size: number): Promise<number> {
  const started = performance.now();
  const received = await new Promise<number>((resolve, reject) => {
    http
      .get(`${t.vfs}/readfile${query(target)}`, { headers: t.headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${t.name} download: ${res.statusCode}`));
        let bytes = 0;
        res.on('data', (d: Buffer) => (bytes += d.length));
        res.on('end', () => resolve(bytes));
        res.on('error', reject);
      })
      .on('error', reject);
  });
  if (received !== size) throw new Error(`${t.name} download: ${received} bytes instead of ${size}`);
  return (performance.now() - started) / 1000;
}

interface Transfer {
  upload: number;
  download: number;
  /** RSS when the upload started, the highest during it; the same for the download that follows. */
  uploadRss: { before: number; peak: number };
  downloadRss: { before: number; peak: number };
  resettable: boolean;
}

async function transfer(t: Target): Promise<Transfer> {
  const resettable = resetPeak(t.pid);
  const uploadBefore = memory(t.pid).rss;
  const up = await uploadBig(t, 'home:/big.bin', bigBytes);
  const uploadPeak = memory(t.pid).peak;
  resetPeak(t.pid);
  const downloadBefore = memory(t.pid).rss;
  const down = await downloadBig(t, 'home:/big.bin', bigBytes);
  const downloadPeak = memory(t.pid).peak;
  await call(t, 'unlink', { json: { path: 'home:/big.bin' } });
  return {
    upload: bigBytes / MiB / up,
    download: bigBytes / MiB / down,
    uploadRss: { before: uploadBefore, peak: uploadPeak },
    downloadRss: { before: downloadBefore, peak: downloadPeak },
    resettable,
  };
}

/**
 * A closed loop of `connections` keep-alive connections through Node's own
 * HTTP client, each sending its next GET when the last answer has been read
 * to its end. For the 10 MB reads: autocannon parses answers in JavaScript,
 * which for a 10 MB chunked answer (OS.js streams without a length) costs the
 * measuring process seconds, so that it measured itself.
 */
async function measureReads(url: string, headers: Record<string, string>, size: number): Promise<Figure> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const get = () =>
    new Promise<boolean>((resolve) => {
      http
        .get(url, { agent, headers }, (res) => {
          let bytes = 0;
          res.on('data', (d: Buffer) => (bytes += d.length));
          res.on('end', () => resolve(res.statusCode === 200 && bytes === size));
          res.on('error', () => resolve(false));
        })
        .on('error', () => resolve(false));
    });
  const run = async (seconds: number) => {
    const latencies: number[] = [];
    let errors = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) {
          const sent = performance.now();
          if (await get()) latencies.push(performance.now() - sent);
          else errors++;
        }
      }),
    );
    return { latencies, errors, seconds: (performance.now() - end) / 1000 + seconds };
  };
  try {
    // Warm-up: one call per connection.
    await Promise.all(Array.from({ length: connections }, get));
    const { latencies, errors, seconds } = await run(duration);
    return {
      // Every call sent is answered: the run lasts until the last one is.
      ops: latencies.length === 0 ? NaN : latencies.length / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      errors,
    };
  } finally {
    agent.destroy();
  }
}

/** The comparable operations, on either server (the fixtures are in place). */
async function operations(t: Target): Promise<Record<string, Figure>> {
  const small = crypto.randomBytes(SMALL);
  const large = crypto.randomBytes(LARGE);
  const figures: Record<string, Figure> = {};
  figures[`readdir (${n(folderEntries)} entries)`] = await measure({ url: `${t.vfs}/readdir${query('home:/bench/folder')}`, headers: t.headers });
  figures['readfile 4 KB'] = await measure({ url: `${t.vfs}/readfile${query('home:/bench/small.bin')}`, headers: t.headers });
  figures['readfile 10 MB'] = await measureReads(`${t.vfs}/readfile${query('home:/bench/large.bin')}`, t.headers, LARGE);
  for (const [label, content] of [
    ['writefile 4 KB', small],
    ['writefile 10 MB', large],
  ] as const) {
    let client = 0;
    const size = content.length;
    figures[label] = await measure({
      url: `${t.vfs}/writefile`,
      method: 'POST',
      setupClient: (c) => {
        const { body, contentType } = multipartBody(`home:/bench/written-${size}-${client++}.bin`, content);
        c.setHeadersAndBody({ ...t.headers, 'content-type': contentType }, body);
      },
    });
  }
  let touched = 0;
  figures['touch (a new file)'] = await measure({
    url: `${t.vfs}/touch`,
    method: 'POST',
    headers: { ...t.headers, 'content-type': 'application/json' },
    requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, body: JSON.stringify({ path: `home:/bench/touched/t-${touched++}.txt` }) }) }],
  });
  return figures;
}

/** The fixtures written through the server: the folders, the files read. */
async function fixtures(t: Target): Promise<void> {
  for (const folder of ['home:/bench/touched']) await call(t, 'mkdir', { json: { path: folder } });
  await writeFixture(t, 'home:/bench/small.bin', crypto.randomBytes(SMALL));
  await writeFixture(t, 'home:/bench/large.bin', crypto.randomBytes(LARGE));
}

const entryName = (i: number) => `entry-${String(i).padStart(5, '0')}.txt`;
const SEARCH_FOLDERS = 100;
/** The i-th of the searched files: 1 in 1,000 is a report, the others notes. */
const searchedName = (i: number) => (i % 1000 === 0 ? `quarterly-report-${String(i).padStart(6, '0')}.pdf` : `note-${String(i).padStart(6, '0')}.txt`);
const SEARCHES = ['*report*', '*.txt', '*nothing*'];

async function searches(t: Target): Promise<Record<string, Figure & { results: number }>> {
  const rows: Record<string, Figure & { results: number }> = {};
  for (const pattern of SEARCHES) {
    const body = { root: 'home:/', pattern };
    const answer = (await (await call(t, 'search', { json: body })).json()) as { data: unknown[] };
    const figure = await measure({ url: `${t.vfs}/search`, method: 'POST', headers: { ...t.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    rows[pattern] = { ...figure, results: answer.data.length };
  }
  return rows;
}

async function signInAtrium(base: string): Promise<string> {
  const login = await fetch(`${base}/api/wrapper/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'demo', password: 'Demo@1234' }),
  });
  const { data } = (await login.json()) as { data: { jwt: string } };
  return data.jwt;
}

async function signInOsjs(base: string): Promise<string> {
  const login = await fetch(`${base}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo', password: 'demo' }) });
  const cookie = login.headers.get('set-cookie')?.split(';')[0];
  if (!login.ok || !cookie) throw new Error(`OS.js sign-in failed: ${login.status}`);
  return cookie;
}

/**
 * Atrium on a new data folder with the folders of the benchmark and their
 * 10,000 + 100,000 files: the folders are made through mkdir calls, the server
 * stopped, the files put in by bench/seedFiles.ts, and the server started again.
 */
async function startSeededAtrium(dataDir: string, port: number): Promise<{ child: ChildProcess; target: Target; seedSeconds: number }> {
  const base = `http://127.0.0.1:${port}`;
  let child = startAtrium(dataDir, port);
  await waitForOk(`${base}/readyz`, performance.now(), 120_000);
  let target: Target = { name: 'Atrium', vfs: `${base}/vfs`, headers: { authorization: `Bearer ${await signInAtrium(base)}` }, pid: child.pid! };
  const idOf = async (p: string) => ((await (await call(target, 'mkdir', { json: { path: p } })).json()) as { data: { id: string } }).data.id;
  // A PostgreSQL database (BENCH_DATABASE_URL) may hold the folders of an earlier run.
  for (const p of ['home:/bench', 'home:/searched']) {
    const exists = ((await (await call(target, 'exists', { query: query(p) })).json()) as { data: boolean }).data;
    if (exists) await call(target, 'unlink', { json: { path: p } });
  }
  await idOf('home:/bench');
  const plan = [{ folderId: await idOf('home:/bench/folder'), names: Array.from({ length: folderEntries }, (_, i) => entryName(i)) }];
  await idOf('home:/searched');
  for (let d = 0; d < SEARCH_FOLDERS; d++) plan.push({ folderId: await idOf(`home:/searched/d${d}`), names: [] });
  for (let i = 0; i < searchFiles; i++) plan[1 + (i % SEARCH_FOLDERS)]!.names.push(searchedName(i));
  await stop(child);
  const planFile = path.join(dataDir, 'seed-plan.json');
  fs.writeFileSync(planFile, JSON.stringify(plan));
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'seedFiles.ts'), planFile], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error('seeding the files failed');
  fs.rmSync(planFile);
  child = startAtrium(dataDir, port);
  await waitForOk(`${base}/readyz`, performance.now(), 120_000);
  target = { ...target, headers: { authorization: `Bearer ${await signInAtrium(base)}` }, pid: child.pid! };
  return { child, target, seedSeconds: Number(seeded.stdout.trim()) };
}

/** OS.js's server, signed in, with the folder of 10,000 entries written on its disk (where its home mount keeps them). */
async function startOsjs(root: string, port: number): Promise<{ child: ChildProcess; target: Target }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'osjsServer.ts')], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), OSJS_ROOT: root, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // OS.js warns of every upload cut short (autocannon ends a run in the middle of some): its output is shown only if it stops by itself.
  let output = '';
  child.stderr!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-20_000)));
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`OS.js stopped (${code ?? signal}):\n${output}`);
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/ping`, performance.now(), 60_000);
  const target: Target = { name: 'OS.js', vfs: `${base}/vfs`, headers: { cookie: await signInOsjs(base) }, pid: child.pid! };
  const folder = path.join(root, 'vfs', 'demo', 'bench', 'folder');
  fs.mkdirSync(folder, { recursive: true });
  for (let i = 0; i < folderEntries; i++) fs.writeFileSync(path.join(folder, entryName(i)), '');
  return { child, target };
}

const dataDir = tempDir('atrium-bench-files-');
const osjsRoot = tempDir('osjs-bench-files-');
const children: ChildProcess[] = [];
let stopping = false;
try {
  const load = [os.loadavg()[0]!];
  const atrium = await startSeededAtrium(dataDir, await freePort());
  children.push(atrium.child);
  const osjs = await startOsjs(osjsRoot, await freePort());
  children.push(osjs.child);
  const a = atrium.target;
  const o = osjs.target;

  // The large transfers first, while neither server has held anything else.
  const transfers = { atrium: await transfer(a), osjs: await transfer(o) };
  await fixtures(a);
  await fixtures(o);
  const compared = { atrium: await operations(a), osjs: await operations(o) };
  const searched = await searches(a);
  load.push(os.loadavg()[0]!);

  console.log(
    `\nautocannon: ${connections} connections, ${duration} s per row (or as many calls) after one call per connection, 127.0.0.1; Atrium ${defaultServerBuild} ` +
      `on ${databaseLabel}, @osjs/server 3.4.3; Node ${process.version}, load average ${load.map((l) => l.toFixed(1)).join(' then ')}`,
  );
  console.log('operation'.padEnd(26), '| Atrium ops/s  p50 ms  p99 ms err', '| OS.js ops/s  p50 ms  p99 ms err', '| Atrium/OS.js');
  const cells = (f: Figure) => `${ops(f.ops).padStart(12)} ${n(f.p50).padStart(7)} ${n(f.p99).padStart(7)} ${String(f.errors).padStart(3)}`;
  for (const name of Object.keys(compared.atrium)) {
    const x = compared.atrium[name]!;
    const y = compared.osjs[name]!;
    console.log(name.padEnd(26), '|', cells(x), '|', cells(y).slice(1), '|', n(x.ops / y.ops, 2).padStart(12));
  }
  console.log('(readfile 10 MB through Node\'s HTTP client, the other rows through autocannon)');
  if ([...Object.values(compared.atrium), ...Object.values(compared.osjs)].some((f) => Number.isNaN(f.ops))) console.log('–: no call completed within the run (a longer BENCH_DURATION measures it)');

  console.log(`\nAtrium search over ${n(searchFiles)} files in ${SEARCH_FOLDERS} folders (root home:/; the files put in by bench/seedFiles.ts in ${atrium.seedSeconds.toFixed(1)} s)`);
  console.log('pattern'.padEnd(14), 'results'.padStart(8), 'ops/s'.padStart(9), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'errors'.padStart(7));
  for (const [pattern, f] of Object.entries(searched)) {
    console.log(pattern.padEnd(14), String(f.results).padStart(8), ops(f.ops).padStart(9), n(f.p50).padStart(7), n(f.p99).padStart(7), String(f.errors).padStart(7));
  }

  console.log(`\n${n(bigBytes / MiB)} MiB file, one transfer at a time; resident memory in MiB when the transfer started -> highest during it (VmHWM, its mark reset first)`);
  console.log('server'.padEnd(8), 'upload MiB/s'.padStart(13), 'RSS during upload'.padStart(24), 'download MiB/s'.padStart(15), 'RSS during download'.padStart(24));
  const rss = (r: { before: number; peak: number }, resettable: boolean) => `${n(r.before)} -> ${n(r.peak)}${resettable ? '' : '*'} (+${n(r.peak - r.before)})`.padStart(24);
  for (const [name, tr] of [
    ['Atrium', transfers.atrium],
    ['OS.js', transfers.osjs],
  ] as const) {
    console.log(name.padEnd(8), n(tr.upload).padStart(13), rss(tr.uploadRss, tr.resettable), n(tr.download).padStart(15), rss(tr.downloadRss, tr.resettable));
  }
  if (!transfers.atrium.resettable) console.log('* the peak mark could not be reset: it is the peak since the process started');
} finally {
  stopping = true;
  await Promise.all(children.map((c) => stop(c)));
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(osjsRoot, { recursive: true, force: true });
}
