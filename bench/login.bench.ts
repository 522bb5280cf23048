/**
 * The login page in headless Chromium (Debian's /usr/bin/chromium), against
 * the real, compressing server:
 * - the bytes the browser actually transferred (CDP Network.loadingFinished
 *   encodedDataLength: compressed bodies plus headers), by type, for what the
 *   page fetched before the first interaction (navigation to an interactive
 *   login form), then once the page is idle (the desktop prefetched), then
 *   signed in; the font files and images fetched, and the encodings used;
 * - the same, gzipped from the build's import graph (scripts/bundleBudgets.ts);
 * - time from navigation to an interactive login form, and from pressing
 *   Login to the signed-in page.
 * Prints figures; asserts nothing. Needs `npm run build` first. BENCH_RUNS
 * (default 5); BENCH_BASE_URL measures a server already running there (with
 * the demo data) instead of starting one, and BENCH_WEB_DIST names the build
 * it serves (for the import graph; default web/dist).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { measureBudgets, readBudgetConfig } from '../scripts/bundleBudgets.js';
import { armPressTimer, freePort, launchChromium, median, readPressTimer, repo, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const runs = Number(process.env.BENCH_RUNS ?? 5);
/** The build whose import graph is sized: web/dist, or BENCH_WEB_DIST (the build a BENCH_BASE_URL server serves). */
const dist = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(repo, 'web/dist'));
if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} is missing: run \`npm run build\` first`);

const KINDS = ['JS', 'CSS', 'fonts', 'images', 'other'] as const;
type Kind = (typeof KINDS)[number];
const PHASES = ['to interactive form', 'after idle (prefetch)', 'signed in'] as const;
type Phase = (typeof PHASES)[number];

interface Transfer {
  url: string;
  kind: Kind;
  /** When the browser sent the request, epoch ms (the page's clock and the browser's are the machine's). */
  at: number;
  encoding: string;
  bytes: number;
}

function kindOf(resourceType: string | undefined, url: string): Kind {
  if (resourceType === 'Script' || /\.m?js(\?|$)/.test(url)) return 'JS';
  if (resourceType === 'Stylesheet' || /\.css(\?|$)/.test(url)) return 'CSS';
  if (resourceType === 'Font' || /\.woff2?(\?|$)/.test(url)) return 'fonts';
  if (resourceType === 'Image' || resourceType === 'Media') return 'images';
  return 'other';
}

/** Records every response the page receives with the bytes that crossed the wire and when it was requested. */
async function recordTransfers(context: BrowserContext, page: Page): Promise<{ transfers: Transfer[]; quiet(ms: number, max: number): Promise<void>; cdp: CDPSession }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const pending = new Map<string, Omit<Transfer, 'bytes'>>();
  const transfers: Transfer[] = [];
  let lastActivity = performance.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    lastActivity = performance.now();
    if (e.request.url.startsWith('data:')) return;
    pending.set(e.requestId, { url: e.request.url, kind: kindOf(e.type, e.request.url), at: e.wallTime * 1000, encoding: 'none' });
  });
  cdp.on('Network.responseReceived', (e) => {
    const entry = pending.get(e.requestId);
    if (!entry) return;
    entry.kind = kindOf(e.type, e.response.url);
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    entry.encoding = headers['content-encoding'] ?? 'none';
  });
  cdp.on('Network.loadingFinished', (e) => {
    lastActivity = performance.now();
    const entry = pending.get(e.requestId);
    if (!entry) return;
    pending.delete(e.requestId);
    transfers.push({ ...entry, bytes: e.encodedDataLength });
  });
  cdp.on('Network.loadingFailed', (e) => {
    lastActivity = performance.now();
    pending.delete(e.requestId);
  });
  return {
    transfers,
    cdp,
    /** Waits until nothing has been requested or finished for `ms` (at most `max`). */
    async quiet(ms, max) {
      const start = performance.now();
      while (performance.now() - start < max && (pending.size > 0 || performance.now() - lastActivity < ms)) await new Promise((r) => setTimeout(r, 50));
    },
  };
}

/** The page's clock, epoch ms. */
const pageNow = (page: Page) => page.evaluate(() => performance.timeOrigin + performance.now());

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const fileName = (url: string) => new URL(url).pathname.split('/').pop() ?? url;

const port = await freePort();
const external = process.env.BENCH_BASE_URL;
const server = external ? null : startAtrium(tempDir('atrium-bench-login-'), port);
const browser = await launchChromium();
try {
  const base = external ?? `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/healthz`, performance.now(), 120_000);
  const toForm: number[] = [];
  const toSignedIn: number[] = [];
  const toSignedInInPage: number[] = [];
  /** Per phase and kind, the bytes of each counted run (cumulative phases). */
  const perRun: Record<Phase, Record<Kind | 'total' | 'requests', number[]>> = Object.fromEntries(
    PHASES.map((p) => [p, Object.fromEntries([...KINDS, 'total', 'requests'].map((k) => [k, [] as number[]]))]),
  ) as never;
  let sample: (Transfer & { phase: Phase })[] = [];
  for (let i = 0; i <= runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const recorder = await recordTransfers(context, page);
    const started = performance.now();
    await page.goto(base);
    const username = page.getByLabel('Username', { exact: true });
    await username.waitFor({ state: 'visible' });
    // The moment the form can be used, on the page's clock: what was requested after it was not needed for the first interaction.
    const formReadyAt = Number(
      await (
        await page.waitForFunction(() => {
          const input = document.querySelector('input[autocomplete="username"]') as HTMLInputElement | null;
          return input && !input.disabled ? performance.timeOrigin + performance.now() : false;
        })
      ).jsonValue(),
    );
    const formReady = performance.now() - started;
    await recorder.quiet(1500, 15_000);
    const interactionAt = await pageNow(page);
    await username.fill('olivia');
    await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
    await armPressTimer(page, [{ selector: '[data-testid="desktop"][data-started="true"]' }]);
    const pressed = performance.now();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.locator('[data-testid="desktop"][data-started="true"]').waitFor();
    const signedIn = performance.now() - pressed;
    const signedInInPage = await readPressTimer(page);
    await recorder.quiet(1500, 15_000);
    // The first run warms the server (not the browser: each run has a fresh context, hence an empty cache): not counted.
    if (i > 0) {
      toForm.push(formReady);
      toSignedIn.push(signedIn);
      toSignedInInPage.push(signedInInPage);
      const phaseOf = (t: Transfer): Phase => (t.at <= formReadyAt ? PHASES[0] : t.at <= interactionAt ? PHASES[1] : PHASES[2]);
      PHASES.forEach((phase, p) => {
        const upTo = recorder.transfers.filter((t) => PHASES.indexOf(phaseOf(t)) <= p);
        for (const kind of KINDS) perRun[phase][kind].push(upTo.filter((t) => t.kind === kind).reduce((n, t) => n + t.bytes, 0));
        perRun[phase].total.push(upTo.reduce((n, t) => n + t.bytes, 0));
        perRun[phase].requests.push(upTo.length);
      });
      sample = recorder.transfers.map((t) => ({ ...t, phase: phaseOf(t) }));
    }
    await recorder.cdp.detach();
    await context.close();
  }

  console.log(`\nlogin page, headless Chromium, ${runs} runs after one warm-up, fresh browser context (empty cache) each, ${external ? base : 'server started by the benchmark'}`);
  console.log('\nbytes transferred by the browser (CDP encodedDataLength: compressed bodies + headers), median, cumulative:');
  console.log(`  ${'phase'.padEnd(24)}${[...KINDS, 'total'].map((k) => k.padStart(11)).join('')}   requests`);
  for (const phase of PHASES) {
    const row = [...KINDS, 'total' as const].map((k) => kib(median(perRun[phase][k])).padStart(11)).join('');
    console.log(`  ${phase.padEnd(24)}${row}   ${median(perRun[phase].requests)}`);
  }

  const loginPage = sample.filter((t) => t.phase !== 'signed in');
  const fonts = loginPage.filter((t) => t.kind === 'fonts');
  console.log(`\nfont files fetched by the login page: ${fonts.length}${fonts.length ? `: ${fonts.map((t) => `${fileName(t.url).replace(/-[\w-]{8}\.woff2?$/, '')} ${kib(t.bytes)}`).join(', ')}` : ''}`);
  const images = loginPage.filter((t) => t.kind === 'images');
  const media = images.filter((t) => /\/resources\//.test(t.url));
  console.log(`images fetched by the login page: ${images.length} (${kib(images.reduce((n, t) => n + t.bytes, 0))}), of which announcement media: ${media.length} (${kib(media.reduce((n, t) => n + t.bytes, 0))})`);
  const idleJs = sample.filter((t) => t.phase === 'after idle (prefetch)' && t.kind === 'JS');
  console.log(`JavaScript fetched once the page was idle: ${idleJs.map((t) => fileName(t.url)).join(', ') || 'none'}`);
  const encodings = new Map<string, number>();
  for (const t of sample.filter((t) => t.kind === 'JS' || t.kind === 'CSS' || t.kind === 'other')) encodings.set(t.encoding, (encodings.get(t.encoding) ?? 0) + 1);
  console.log(`encodings of JS, CSS and other answers: ${[...encodings].map(([e, n]) => `${e} ×${n}`).join(', ')}`);

  const figures = measureBudgets(dist, readBudgetConfig(path.join(repo, 'web/budgets.json')));
  console.log(`\nimport graph of the build (${path.relative(repo, dist) || dist}), gzipped (bundle budgets, web/budgets.json):`);
  for (const f of figures) console.log(`  ${f.name.padEnd(28)} ${kib(f.bytes).padStart(10)} of ${kib(f.budget).padStart(10)} (${f.files.length} files)`);

  console.log(`\nnavigation to interactive login form: median ${median(toForm).toFixed(0)} ms (min ${Math.min(...toForm).toFixed(0)}, max ${Math.max(...toForm).toFixed(0)})`);
  console.log(`Login pressed to signed-in page: median ${median(toSignedIn).toFixed(0)} ms (min ${Math.min(...toSignedIn).toFixed(0)}, max ${Math.max(...toSignedIn).toFixed(0)}), as the browser automation sees it`);
  console.log(`  on the page's clock, from the press to the frame painted once the desktop has started: median ${median(toSignedInInPage).toFixed(0)} ms (runs: ${toSignedInInPage.map((t) => t.toFixed(0)).join(', ')})`);
} finally {
  await browser.close();
  if (server) await stop(server);
}
