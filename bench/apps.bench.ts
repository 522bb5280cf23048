/**
 * Applications in headless Chromium (Debian's /usr/bin/chromium), on the
 * production build (web/dist):
 * - the size of each built-in package's own chunk (its JavaScript and CSS,
 *   raw and gzipped; shared chunks it imports are listed apart),
 * - time from a launch request (pressing Edit Preferences) to the
 *   application's first window painted with its content: cold (first launch
 *   after sign-in: the package's chunk is fetched and evaluated) and warm
 *   (launched again after closing it: the module is cached),
 * - the same for a registered package (Hello, loaded from the server at its
 *   signed address) launched from the page address, cold, from the moment
 *   the desktop is up.
 * Prints figures; asserts nothing. Needs `npm run build` first. BENCH_RUNS (default 5).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { clearSavedSession, freePort, launchChromium, median, percentile, repo, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const dist = path.join(repo, 'web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) throw new Error('web/dist is missing: run `npm run build` first');

// ---- chunk sizes ----

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
const size = (file: string) => {
  const bytes = fs.readFileSync(path.join(dist, file));
  return { raw: bytes.length, gz: zlib.gzipSync(bytes, { level: 9 }).length };
};
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
/** Chunks the page has before any package is launched: the entry and what it imports statically. */
const entryChunks = new Set<string>();
const walk = (key: string) => {
  if (entryChunks.has(key)) return;
  entryChunks.add(key);
  for (const i of manifest[key]?.imports ?? []) walk(i);
};
for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key);

console.log('Built-in package chunks (web/dist):');
console.log('  package                         JS raw / gzip          CSS gzip   also imports (shared, not counted)');
for (const [key, chunk] of Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b))) {
  const match = /(apps|themes)\/([^/]+)\/src\/index\.tsx?$/.exec(chunk.src ?? key);
  if (!match) continue;
  const js = size(chunk.file);
  const css = (chunk.css ?? []).reduce((n, f) => n + size(f).gz, 0);
  const shared = (chunk.imports ?? []).filter((i) => !entryChunks.has(i)).map((i) => `${manifest[i]?.file.replace(/^assets\//, '')} (${kib(size(manifest[i]!.file).gz)} gz)`);
  console.log(`  ${`${match[1]}/${match[2]}`.padEnd(30)}  ${kib(js.raw).padStart(9)} / ${kib(js.gz).padStart(9)}   ${kib(css).padStart(9)}   ${shared.join(', ') || '-'}`);
}

// ---- launch timing ----

/**
 * In the page, as source text (tsx would add helpers the page lacks):
 * resolves with the ms from the next click on the selector (capture phase)
 * to the frame after the app's window holds its content.
 */
const timeLaunch = (trigger: string | null, app: string) => `new Promise((resolve) => {
  let started = ${trigger === null ? 'performance.now()' : 'null'};
  ${trigger === null ? '' : `document.addEventListener('click', (e) => { if (e.target.closest(${JSON.stringify(trigger)})) started = performance.now(); }, { capture: true, once: true });`}
  const painted = () => document.querySelector('[data-testid="window"][data-app=${JSON.stringify(app)}] .atr-app-content > *');
  const done = () => requestAnimationFrame(() => resolve(performance.now() - started));
  if (started !== null && painted()) return done();
  const observer = new MutationObserver(() => {
    if (started !== null && painted()) { observer.disconnect(); done(); }
  });
  observer.observe(document.body, { childList: true, subtree: true });
})`;

/** A user who has accepted the privacy policy, with no saved desktop session (each run starts from an empty desktop). */
const USER = 'olivia';

async function signIn(page: Page, base: string, address = '/'): Promise<void> {
  await clearSavedSession(base, USER);
  await page.goto(`${base}${address}`);
  await page.getByLabel('Username', { exact: true }).fill(USER);
  await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.locator('[data-testid="desktop"][data-started="true"]').waitFor();
}

/** Edit Preferences is in the profile menu: the menu is opened first, the launch is timed from the click on its item. */
async function openProfileMenu(page: Page): Promise<void> {
  await page.getByTestId('panel.profile').click();
  await page.getByTestId('profileMenu.preferences').waitFor();
}

const dataDir = tempDir('atrium-bench-apps-');
const fixture = path.join(repo, 'e2e/fixtures/packages/Hello');
fs.mkdirSync(path.join(dataDir, 'packages'), { recursive: true });
fs.cpSync(fixture, path.join(dataDir, 'packages/Hello'), { recursive: true });
execFileSync(process.execPath, ['--import', 'tsx', path.join(repo, 'packages/server/src/cli/main.ts'), 'package', 'register', 'Hello'], {
  cwd: repo,
  env: { ...process.env, DATA_DIR: dataDir, ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}) },
  stdio: 'ignore',
});
const port = await freePort();
const server = startAtrium(dataDir, port);
const browser = await launchChromium();
try {
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/healthz`, performance.now(), 120_000);
  const cold: number[] = [];
  const warm: number[] = [];
  const registered: number[] = [];
  // One run more than counted: the first warms the server and the disk cache.
  for (let i = 0; i <= runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, base);
    const trigger = '[data-testid="profileMenu.preferences"]';
    const preferences = page.locator('[data-testid="window"][data-app="Preferences"]');
    await openProfileMenu(page);
    let timing = page.evaluate(timeLaunch(trigger, 'Preferences')) as Promise<number>;
    await page.click(trigger);
    const first = await timing;
    const again: number[] = [];
    for (let j = 0; j < 3; j++) {
      await preferences.getByTestId('window.close').click();
      await preferences.waitFor({ state: 'detached' });
      await openProfileMenu(page);
      timing = page.evaluate(timeLaunch(trigger, 'Preferences')) as Promise<number>;
      await page.click(trigger);
      again.push(await timing);
    }
    await context.close();

    // The registered package, launched by the page address of a signed-in user.
    const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page2 = await other.newPage();
    await signIn(page2, base);
    await clearSavedSession(base, USER);
    await page2.goto(`${base}/?app=Hello`);
    await page2.locator('[data-testid="desktop"][data-started="true"]').waitFor();
    const fromDesktop = (await page2.evaluate(timeLaunch(null, "Hello"))) as number;
    await other.close();

    if (i === 0) continue;
    cold.push(first);
    warm.push(...again);
    registered.push(fromDesktop);
  }
  const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms, p95 ${percentile(xs, 95).toFixed(0)} ms (${xs.length} launches)`;
  console.log(`Launch to first window painted, Preferences (built-in), cold: ${fmt(cold)}`);
  console.log(`Launch to first window painted, Preferences (built-in), warm: ${fmt(warm)}`);
  console.log(`Desktop up to first window painted, Hello (registered, ?app=Hello), cold: ${fmt(registered)}`);
} finally {
  await browser.close();
  await stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
