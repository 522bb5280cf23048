/** Helpers shared by the benchmarks: start the real server as its own process and wait for it. */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AppDeclaration } from '@atrium/shared/apps';
import type { Database, Db, Stores } from '@atrium/server';
import { chromium, type Browser, type Page } from 'playwright-core';
import pg from 'pg';

export const repo = path.resolve(import.meta.dirname, '..');

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A free TCP port on 127.0.0.1, or BENCH_PORT. */
export function freePort(): Promise<number> {
  // A port of one's own when several people measure on one machine.
  if (process.env.BENCH_PORT) return Promise.resolve(Number(process.env.BENCH_PORT));
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls a URL until it answers 200; returns the milliseconds it took from `since`. */
export async function waitForOk(url: string, since: number, timeoutMs = 60_000): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A new, empty database on the PostgreSQL server of `adminUrl` (BENCH_DATABASE_URL), named after the benchmark: its address. */
export async function createBenchDatabase(adminUrl: string, label: string): Promise<string> {
  const name = `atrium_bench_${label}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export const databaseLabel = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';

/**
 * How the measured server runs: 'compiled' is what `npm start` runs (the
 * bundle in packages/server/dist, built once per benchmark process);
 * 'typescript' is `npm run dev` (sources through tsx). BENCH_SERVER picks the default.
 */
export type ServerBuild = 'compiled' | 'typescript';
export const defaultServerBuild: ServerBuild = process.env.BENCH_SERVER === 'typescript' ? 'typescript' : 'compiled';

let compiled = false;
/**
 * Compiles the server as `npm start` does (once per process) and returns its
 * entry file; BENCH_SERVER_ENTRY names another compiled server instead (a
 * copy of dist/main.js built from another version, kept beside it in
 * packages/server/dist, as the bundle finds its files from there), to compare.
 */
export function compiledServer(): string {
  if (process.env.BENCH_SERVER_ENTRY) return path.resolve(repo, process.env.BENCH_SERVER_ENTRY);
  if (!compiled) {
    execFileSync(process.execPath, [path.join(repo, 'packages/server/scripts/build.mjs')], { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
    compiled = true;
  }
  return path.join(repo, 'packages/server/dist/main.js');
}

/**
 * Starts the Atrium server (node directly, so that the PID is the server's); on BENCH_DATABASE_URL when set.
 * `env` adds variables (WEB_ROOT to serve another client build).
 */
export function startAtrium(dataDir: string, port: number, env: Record<string, string> = {}, build: ServerBuild = defaultServerBuild): ChildProcess {
  const args = build === 'compiled' ? [compiledServer()] : ['--import', 'tsx', path.join(repo, 'packages/server/src/main.ts')];
  return spawn(process.execPath, args, {
    cwd: repo,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** The bare Fastify endpoint the benchmarks compare with (bench/bareServer.ts), on `port`. */
export function startBare(port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bareServer.ts')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * CPU time a process has used so far (user + system, all its threads) in ms,
 * from Linux /proc, or NaN where unknown. Unlike elapsed time, it hardly
 * depends on what else the machine is running.
 */
export function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat, i.e. 12 and 13 after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** Resident memory of a process in MB (Linux /proc), or NaN where unknown. */
export function rssMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Adds the work of bench/seedWork.ts (tasks, comments, files) to a data
 * folder whose server has written the demo data: stops that server, seeds
 * while it is stopped (the embedded database has one user at a time),
 * starts it again and waits until it is ready. Returns the new server and
 * the counts seedWork printed.
 */
export async function seedWorkAndRestart(atrium: ChildProcess, dataDir: string, port: number, env: Record<string, string> = {}): Promise<{ atrium: ChildProcess; seed: Record<string, number> }> {
  await stop(atrium);
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'seedWork.ts')], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error('seeding the work failed');
  const seed = JSON.parse(seeded.stdout.trim().split('\n').at(-1)!) as Record<string, number>;
  const restarted = startAtrium(dataDir, port, env);
  await waitForOk(`http://127.0.0.1:${port}/readyz`, performance.now(), 120_000);
  return { atrium: restarted, seed };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** The p-th percentile (0..100, nearest rank) of the values. */
export const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * xs.length) - 1)] ?? NaN;

/** Debian's Chromium, headless, with the options that work on these machines (never a downloaded browser). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** Signs a user (a demo user by default password) in on a running server: their token. */
export async function signIn(base: string, username: string, password = 'Demo@1234'): Promise<string> {
  const login = await fetch(`${base}/api/wrapper/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const jwt = ((await login.json()) as { data?: { jwt?: string } }).data?.jwt;
  if (!jwt) throw new Error(`sign-in of ${username} failed`);
  return jwt;
}

/** A new 1280 x 800 page of `browser` with `username`'s desktop, signed in through the login form and started. */
export async function desktopSignedIn(browser: Browser, base: string, username: string, password = 'Demo@1234'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(base);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.locator('[data-testid="desktop"][data-started="true"]').waitFor();
  return page;
}

/** Empties a demo user's saved desktop session on a running server (so a run starts from an empty desktop). */
export async function clearSavedSession(base: string, username: string, password = 'Demo@1234'): Promise<void> {
  const jwt = await signIn(base, username, password);
  const answer = await fetch(`${base}/api/v1/user/me/removesession`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${jwt}` }, body: '{}' });
  if (!answer.ok) throw new Error(`clearing the session of ${username} failed: ${answer.status}`);
}

/**
 * Times a press on the page's own clock: from the press reaching the page
 * (its first pointerdown, captured before any of the page's handlers) to
 * the frame painted after the page first has `done` (each selector
 * matching at least `count` elements, checked at every change of the
 * document and every frame). Arm it before pressing,
 * read it after: what the browser automation does around its click
 * (finding the button, waiting two frames for it to stand still, noticing
 * the change afterwards) is not counted.
 */
export async function armPressTimer(page: Page, done: ReadonlyArray<{ selector: string; count?: number }>): Promise<void> {
  // A script of its own (not a function handed over): the benchmark's compiler adds helpers to functions that the page does not have.
  await page.evaluate(`(() => {
    const done = ${JSON.stringify(done)};
    window.__painted = new Promise((resolve) => {
      document.addEventListener('pointerdown', () => { window.__pressed = performance.now(); }, { capture: true, once: true });
      let over = false;
      function check() {
        if (over || window.__pressed === undefined || !done.every((d) => document.querySelectorAll(d.selector).length >= (d.count ?? 1))) return false;
        over = true;
        observer.disconnect();
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())));
        return true;
      }
      const observer = new MutationObserver(check);
      observer.observe(document, { subtree: true, childList: true, attributes: true });
      function everyFrame() { if (!check() && !over) requestAnimationFrame(everyFrame); }
      requestAnimationFrame(everyFrame);
    });
  })()`);
}

/** The time armPressTimer measured, in ms. */
export function readPressTimer(page: Page): Promise<number> {
  return page.evaluate('window.__painted.then((painted) => painted - window.__pressed)') as Promise<number>;
}

// ---- The records benchmarks' incident register (bench/seedRecords.ts declares it) ----

export const BENCH_SERVICES = ['billing', 'checkout', 'search', 'mail', 'storage', 'identity', 'reports', 'shipping'];
export const BENCH_SEVERITIES = ['sev1', 'sev2', 'sev3', 'sev4'];
export const BENCH_STATUSES = ['open', 'investigating', 'monitoring', 'resolved'];
const WORDS = ['timeout', 'latency', 'outage', 'error', 'queue', 'disk', 'certificate', 'memory', 'deploy', 'rollback', 'network', 'database', 'cache', 'login', 'payment'];
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

/** The records the benchmarks write: an organisation's application and the people its incidents are assigned to, in turn. */
export interface IncidentTarget {
  accountId: string;
  appId: string;
  people: readonly string[];
}

/**
 * Writes the incidents `from` to `from + count - 1` of the register, the same
 * every run: every service, severity and status, reported over the two
 * years before `now`, a third resolved, assigned over `people` in turn. A
 * thousand a statement, straight into the table (as a bulk write of the
 * product's own data would, without history), named INC-000001 on; the
 * naming series then goes on after them.
 */
export async function writeBenchIncidents(db: Db, target: IncidentTarget, from: number, count: number, now: number): Promise<void> {
  const { sql } = await import('drizzle-orm');
  for (let i = from; i < from + count; i += 1000) {
    const rows = [];
    for (let j = i; j < Math.min(i + 1000, from + count); j++) {
      const at = new Date(now - ((j * 7919) % (730 * 24 * 60)) * 60_000);
      const status = pick(BENCH_STATUSES, j * 3 + (j >> 4));
      const summary = `${pick(WORDS, j)} ${pick(WORDS, j * 7 + 3)} in ${pick(BENCH_SERVICES, j * 5)} #${j}`;
      const data = {
        summary,
        details: `Customers saw ${pick(WORDS, j * 11)} and ${pick(WORDS, j * 13 + 1)} after the ${pick(WORDS, j * 17 + 2)}.`,
        service: pick(BENCH_SERVICES, j * 5),
        severity: pick(BENCH_SEVERITIES, (j * 31) % 97),
        status,
        reportedAt: at.toISOString(),
        resolvedAt: status === 'resolved' ? new Date(at.getTime() + ((j % 300) + 5) * 60_000).toISOString() : null,
        customers: (j * 37) % 5000,
        assignee: pick(target.people, j),
      };
      const createdBy = pick(target.people, j + 1);
      rows.push({ id: crypto.randomUUID(), name: `INC-${String(j + 1).padStart(6, '0')}`, title: summary, owner_id: data.assignee, created_by: createdBy, at: at.toISOString(), data, search_text: `${data.summary} ${data.details}` });
    }
    await db.execute(sql`insert into records (id, account_id, app_id, entity, name, title, owner_id, created_by, updated_by, created_at, updated_at, data, search_text)
      select r.id, ${target.accountId}::uuid, ${target.appId}::uuid, 'incident', r.name, r.title, r.owner_id, r.created_by, r.created_by, r.at, r.at, r.data, r.search_text
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(id uuid, name text, title text, owner_id uuid, created_by uuid, at timestamptz, data jsonb, search_text text)`);
  }
  await db.execute(sql`insert into record_series (account_id, app_id, entity, prefix, next) values (${target.accountId}, ${target.appId}, 'incident', 'INC-', ${from + count + 1})
    on conflict (account_id, app_id, entity, prefix) do update set next = excluded.next`);
}

/** A records benchmark's own database: an organisation, its three members and the register's application, installed. */
export interface RecordsBench {
  database: Database;
  stores: Stores;
  dataDir: string;
  accountId: string;
  appId: string;
  people: Array<{ id: string; username: string }>;
  close(): Promise<void>;
}

/**
 * A new database for a records benchmark, on BENCH_DATABASE_URL's server
 * (named after `label`) or embedded in a new folder, migrated, with an
 * organisation of three members (bench-olivia, bench-dana, bench-liam) and
 * `declaration` installed for it. close() closes it and removes the folder.
 */
export async function openRecordsBench(label: string, declaration: AppDeclaration): Promise<RecordsBench> {
  const { createStores, openDatabase } = await import('@atrium/server');
  const { DECLARED_APP_TYPE } = await import('@atrium/shared');
  const dataDir = tempDir(`atrium-bench-${label}-`);
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(adminUrl ? { url: await createBenchDatabase(adminUrl, label.replace(/\W/g, '_')) } : { dir: path.join(dataDir, 'pgdata') });
  const close = async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await database.migrate();
    const stores = createStores(database.db, dataDir);
    const account = await stores.accounts.create({ name: 'Bench Org' });
    const people = [];
    for (const username of ['bench-olivia', 'bench-dana', 'bench-liam']) {
      const user = await stores.users.create({ username, firstname: username.slice(6), lastname: 'Bench' });
      await stores.accounts.addMember(account.id, user.id);
      people.push({ id: user.id, username });
    }
    const app = await stores.apps.create({ name: declaration.name, title: declaration.label.en_EN, category: declaration.category, appType: DECLARED_APP_TYPE });
    const version = await stores.declarations.addVersion(app.id, declaration);
    await stores.declarations.setInstalled(app.id, account.id, version.id);
    for (const user of people) await stores.apps.grant(user.id, app.id);
    return { database, stores, dataDir, accountId: account.id, appId: app.id, people, close };
  } catch (e) {
    await close();
    throw e;
  }
}
