/**
 * Signing in to a saved desktop session, in headless Chromium (Debian's
 * /usr/bin/chromium) against the real, compiled server:
 * - time from pressing Login to the fully restored desktop: the desktop
 *   started (settings, packages, privacy check, saved session relaunched) and
 *   all 10 application windows of the saved session painted where they were,
 *   as the browser automation sees it and on the page's own clock (from the
 *   press reaching the page to the frame painted: lib.ts, armPressTimer);
 * - the compressed JavaScript the browser received for the signed-in shell
 *   before any application's own code (CDP encodedDataLength of the scripts
 *   fetched up to the desktop's start, with the session empty), and the
 *   gzipped import graph of the shell from the build (scripts/bundleBudgets.ts).
 * The session is saved through the API as the desktop saves it (POST
 * user/me/updatesession): ten organisation pages of the demo catalogue, each
 * in its own Viewer window at its own place. Prints figures; asserts nothing.
 * Needs `npm run build` first. BENCH_RUNS (default 5).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { measureBudgets, readBudgetConfig } from '../scripts/bundleBudgets.js';
import { armPressTimer, freePort, launchChromium, median, readPressTimer, repo, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const dist = path.join(repo, 'web/dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('web/dist is missing: run `npm run build` first');

/** Ten applications olivia is given, each an organisation page opened in the Viewer. */
const APPS = ['Chat', 'Mail', 'Calendar', 'Directory', 'Audits', 'RiskRegister', 'Policies', 'Reports', 'LeaveRequests', 'CRM'];
const USER = { username: 'olivia', password: 'Demo@1234' };

const session = APPS.map((name, i) => ({
  name,
  args: {},
  windows: [{ id: 'viewer', maximized: false, minimized: false, position: { left: 40 + i * 30, top: 30 + i * 24 }, dimension: { width: 560, height: 380 } }],
}));

async function api(base: string, method: string, route: string, token: string | null, body?: unknown): Promise<{ status: string; data?: { jwt?: string } }> {
  const answer = await fetch(`${base}${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await answer.json()) as { status: string; data?: { jwt?: string } };
}

async function main(): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startAtrium(tempDir('atrium-bench-restore-'), port, { RATE_LIMIT_AUTH: '10000', LOGIN_MAX_FAILURES_ADDRESS: '10000' });
  try {
    await waitForOk(`${base}/healthz`, Date.now(), 120_000);
    const login = await api(base, 'POST', '/api/wrapper/auth', null, USER);
    const jwt = login.data?.jwt;
    if (!jwt) throw new Error(`sign-in failed: ${JSON.stringify(login)}`);
    const browser = await launchChromium();
    const restoreTimes: number[] = [];
    const restoreTimesInPage: number[] = [];
    let shellBytes = NaN;
    try {
      // The shell's JavaScript before any application: an empty session.
      await api(base, 'POST', '/api/v1/user/me/removesession', jwt, {});
      {
        const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        const scripts = new Map<string, boolean>();
        let bytes = 0;
        cdp.on('Network.responseReceived', (e) => scripts.set(e.requestId, e.type === 'Script'));
        cdp.on('Network.loadingFinished', (e) => {
          if (scripts.get(e.requestId)) bytes += e.encodedDataLength;
        });
        await page.goto(base);
        await signIn(page);
        await page.locator('[data-testid="desktop"][data-started="true"]').waitFor({ timeout: 60_000 });
        shellBytes = bytes;
        await context.close();
      }
      await api(base, 'POST', '/api/v1/user/me/updatesession', jwt, { data: session });
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
        const page = await context.newPage();
        await page.goto(base);
        await page.getByLabel('Username', { exact: true }).fill(USER.username);
        await page.getByLabel('Password', { exact: true }).fill(USER.password);
        await armPressTimer(page, [{ selector: '[data-testid="desktop"][data-started="true"]' }, { selector: '[data-testid="window"]', count: APPS.length }]);
        const pressed = performance.now();
        await page.getByRole('button', { name: 'Login', exact: true }).click();
        await page.locator('[data-testid="desktop"][data-started="true"]').waitFor({ timeout: 60_000 });
        await page.waitForFunction((count) => document.querySelectorAll('[data-testid="window"] iframe, [data-testid="window"] [data-testid="viewer.page"]').length >= count || document.querySelectorAll('[data-testid="window"]').length >= count, APPS.length, { timeout: 60_000 });
        // Painted: the next animation frame after the last window is there.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        restoreTimes.push(performance.now() - pressed);
        restoreTimesInPage.push(await readPressTimer(page));
        const count = await page.getByTestId('window').count();
        if (count < APPS.length) throw new Error(`only ${count} windows restored`);
        await context.close();
      }
    } finally {
      await browser.close();
    }
    const budgets = measureBudgets(dist, readBudgetConfig(path.join(repo, 'web/budgets.json')));
    const shell = budgets.find((b) => b.name === 'signed-in shell JavaScript');
    console.log(`Restoring a saved session of ${APPS.length} application windows (${USER.username}, ${runs} runs, compiled server, embedded database)`);
    console.log(`  Login pressed → desktop started and all ${APPS.length} windows painted: median ${median(restoreTimes).toFixed(0)} ms (runs: ${restoreTimes.map((t) => t.toFixed(0)).join(', ')}), as the browser automation sees it`);
    console.log(`  the same on the page's clock, from the press to the frame painted: median ${median(restoreTimesInPage).toFixed(0)} ms (runs: ${restoreTimesInPage.map((t) => t.toFixed(0)).join(', ')})`);
    console.log(`  signed-in shell JavaScript on the wire before any application: ${(shellBytes / 1024).toFixed(1)} KiB (compressed, as transferred)`);
    if (shell) console.log(`  signed-in shell JavaScript, gzipped import graph: ${(shell.bytes / 1024).toFixed(1)} KiB (budget ${(shell.budget / 1024).toFixed(0)} KiB)`);
  } finally {
    await stop(server);
  }

  async function signIn(page: Page): Promise<void> {
    await page.getByLabel('Username', { exact: true }).fill(USER.username);
    await page.getByLabel('Password', { exact: true }).fill(USER.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
  }
}

await main();
