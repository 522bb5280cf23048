/**
 * Workflow work in the browser: the time from a workflow transition taken by
 * one user to the task it gives shown in the assignee's open notification
 * centre (docs/behaviour/workflows.md, "The engine"), against the real
 * compiled server with the demo data and Debian's headless Chromium.
 *
 * Each run, Liam reports an incident in the demo's Incident Tracker with
 * Olivia as its assignee (not timed), then takes its Triage step (POST
 * records/Incidents/record/{name}/transition, timed): the incident enters
 * Investigating, whose work goes to the assignee field's user, so Olivia
 * gets a task "Investigating INC-… · Workflow benchmark n" without an end
 * date. Her side panel is open on My Priorities filtered by Blue (tasks
 * without an end date, ordered by name: the new one is on the first page),
 * and a MutationObserver stamps, on the machine's clock (performance.timeOrigin
 * + now), when its row appears and when the badge shows the new count; the
 * request's start is stamped in this process on the same clock. The figure
 * covers the call (the transition's transaction), the socket message, the
 * desktop's refetch (after its short gathering delay) and the render. Olivia
 * then marks the task done (not timed) so the next run starts from the same
 * list. Prints figures; asserts nothing. Needs `npm run build` first.
 * BENCH_RUNS (default 20) transitions, one at a time; BENCH_PORT: the
 * server's port.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { databaseLabel, desktopSignedIn, freePort, launchChromium, median, percentile, repo, signIn, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const runs = Number(process.env.BENCH_RUNS ?? 20);
if (!fs.existsSync(path.join(repo, 'web/dist/index.html'))) throw new Error('web/dist is missing: run `npm run build` first');

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = startAtrium(tempDir('atrium-bench-workflow-tasks-'), port);
const browser = await launchChromium();

interface Watch {
  record: string;
  badge: string;
  rowAt?: number;
  badgeAt?: number;
}
type WatchWindow = Window & { watch?: Watch };

/** A call to {api}/… as the holder of `jwt`: the answer's data, or an error with what the server said. */
async function call<T>(jwt: string, method: string, route: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${base}/api/v1/${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${jwt}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${route} answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { data: T }).data;
}

/** Olivia's desktop, signed in, with the notification centre open on its Blue tasks and the observer in place: the panel and the badge. */
async function openCentre(): Promise<{ page: Page; panel: Locator; badge: Locator }> {
  const page = await desktopSignedIn(browser, base, 'olivia');
  const badge = page.getByTestId('panel.notifications.badge');
  await badge.waitFor();
  await page.getByTestId('panel.notifications').click();
  const panel = page.getByRole('dialog', { name: 'Notification centre' });
  const settled = panel.locator('[data-testid="work.list"][aria-busy="false"]');
  await settled.waitFor();
  await panel.getByTestId('work.counter.BLUE').click();
  await panel.locator('[data-testid="work.counter.BLUE"][aria-pressed="true"]').waitFor();
  await settled.waitFor();
  // The first moment a row of the watched record and the expected badge show, stamped on the machine's clock.
  const clipboard = await page.getByTestId('panel.notifications').elementHandle();
  await panel.evaluate((root, clip) => {
    // (No named functions in here: the TypeScript loader would wrap them in a helper the page lacks.)
    const observer = new MutationObserver(() => {
      const w = window as WatchWindow;
      if (!w.watch) return;
      const at = performance.timeOrigin + performance.now();
      const names = [...root.querySelectorAll('[data-testid="work.task"] [data-testid="work.taskName"]')].map((n) => n.textContent ?? '');
      if (w.watch.rowAt === undefined && names.some((n) => n.includes(` ${w.watch!.record} `))) w.watch.rowAt = at;
      if (w.watch.badgeAt === undefined && clip?.querySelector('[data-testid="panel.notifications.badge"]')?.textContent === w.watch.badge) w.watch.badgeAt = at;
    });
    for (const target of [root, clip]) if (target) observer.observe(target, { subtree: true, childList: true, characterData: true });
  }, clipboard);
  return { page, panel, badge };
}

/** One run: an incident reported, its Triage timed to Olivia's row and badge, her task then done. Times in ms from the request's start. */
async function oneRun(page: Page, panel: Locator, badge: Locator, jwt: { liam: string; olivia: string }, oliviaId: string, n: number) {
  const values = { summary: `Workflow benchmark ${n}`, service: 'webshop', severity: 'sev3', assignee: oliviaId };
  const { record } = await call<{ record: { name: string; version: number } }>(jwt.liam, 'POST', 'records/Incidents/incident', { values });
  // Let the report's own notices and refetches settle first.
  await page.waitForTimeout(300);
  const expected = String(Number(await badge.textContent()) + 1);
  await page.evaluate((watch) => void ((window as WatchWindow).watch = watch), { record: record.name, badge: expected } satisfies Watch);
  const sentAt = performance.timeOrigin + performance.now();
  await call(jwt.liam, 'POST', `records/Incidents/record/${record.name}/transition`, { transition: 'triage', version: record.version });
  const answeredAt = performance.timeOrigin + performance.now();
  const seen = await page.waitForFunction(
    () => {
      const w = (window as WatchWindow).watch;
      return w?.rowAt !== undefined && w.badgeAt !== undefined ? { rowAt: w.rowAt, badgeAt: w.badgeAt } : false;
    },
    undefined,
    { timeout: 10_000 },
  );
  const { rowAt, badgeAt } = (await seen.jsonValue()) as { rowAt: number; badgeAt: number };
  await page.evaluate(() => void delete (window as WatchWindow).watch);

  // Olivia marks the task done, so that the list is the same for the next run.
  const centre = await call<{ data: Array<{ data: Array<{ uuid: string; task_name: string }> }> }>(jwt.olivia, 'GET', 'user/getusernotifications?ryg_status=BLUE&take=100');
  const task = centre.data.flatMap((group) => group.data).find((t) => t.task_name.includes(` ${record.name} `));
  if (!task) throw new Error(`no task of ${record.name} for olivia`);
  await call(jwt.olivia, 'POST', `tasks/${task.uuid}/complete`, {});
  await panel.getByTestId('work.taskName').filter({ hasText: ` ${record.name} ` }).waitFor({ state: 'detached' });
  await page.waitForTimeout(300);
  return { call: answeredAt - sentAt, row: rowAt - sentAt, badge: badgeAt - sentAt };
}

try {
  await waitForOk(`${base}/healthz`, performance.now(), 120_000);
  const jwt = { liam: await signIn(base, 'liam'), olivia: await signIn(base, 'olivia') };
  const oliviaId = (await call<{ id: string }>(jwt.olivia, 'GET', 'user/me')).id;
  const { page, panel, badge } = await openCentre();

  const callTimes: number[] = [];
  const rowTimes: number[] = [];
  const badgeTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await oneRun(page, panel, badge, jwt, oliviaId, i + 1);
    callTimes.push(run.call);
    rowTimes.push(run.row);
    badgeTimes.push(run.badge);
  }
  await page.context().close();

  const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms, p95 ${percentile(xs, 95).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
  console.log(`Workflow transition taken by liam → the task it gives in olivia's open notification centre (${runs} runs, ${databaseLabel}):`);
  console.log(`  POST …/transition answered:         ${fmt(callTimes)}`);
  console.log(`  request sent → task row shown:       ${fmt(rowTimes)}`);
  console.log(`  request sent → badge shows it:       ${fmt(badgeTimes)}`);
} finally {
  await browser.close();
  await stop(server);
}
