/**
 * The login page in headless Chromium (Debian's /usr/bin/chromium):
 * - gzipped JavaScript and CSS the page loads (from the built client in web/dist),
 * - time from navigation to an interactive login form,
 * - time from pressing Login to the signed-in page.
 * Prints figures; asserts nothing. Needs `npm run build` first. BENCH_RUNS (default 5).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { freePort, launchChromium, median, repo, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const dist = path.join(repo, 'web/dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('web/dist is missing: run `npm run build` first');

/** Files the page requests on load: what index.html references, and what those import statically. */
function loadedAssets(): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const seen = new Set<string>();
  const queue = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith('.js')) {
      const code = fs.readFileSync(path.join(dist, file), 'utf8');
      for (const m of code.matchAll(/(?:^|[;\n])import\s*(?:[^"'()]*?from\s*)?["']\.\/([^"']+\.(?:js|css))["']/g)) queue.push(`assets/${m[1]}`);
    }
  }
  return [...seen];
}

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const assets = loadedAssets();
const js = assets.filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(f), 0);
const css = assets.filter((f) => f.endsWith('.css')).reduce((n, f) => n + gz(f), 0);
const lazy = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f) && !assets.includes(`assets/${f}`));

const port = await freePort();
const server = startAtrium(tempDir('atrium-bench-login-'), port);
const browser = await launchChromium();
try {
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/healthz`, performance.now(), 120_000);
  const toForm: number[] = [];
  const toSignedIn: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(base);
    const username = page.getByLabel('Username', { exact: true });
    await username.waitFor({ state: 'visible' });
    await page.waitForFunction(() => !(document.querySelector('input[autocomplete="username"]') as HTMLInputElement | null)?.disabled);
    const formReady = performance.now() - started;
    await username.fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
    const pressed = performance.now();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Welcome, Dana Demo').waitFor();
    const signedIn = performance.now() - pressed;
    // The first run warms the server and the browser's caches of nothing: it is not counted.
    if (i > 0) {
      toForm.push(formReady);
      toSignedIn.push(signedIn);
    }
    await context.close();
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`\nlogin page, headless Chromium, ${runs} runs after one warm-up, fresh browser context each`);
  console.log(`gzipped on load: JavaScript ${kb(js)}, CSS ${kb(css)} (${assets.length} files; ${lazy.length} lazy chunks not loaded)`);
  console.log(`navigation to interactive login form: median ${median(toForm).toFixed(0)} ms (min ${Math.min(...toForm).toFixed(0)}, max ${Math.max(...toForm).toFixed(0)})`);
  console.log(`Login pressed to signed-in page: median ${median(toSignedIn).toFixed(0)} ms (min ${Math.min(...toSignedIn).toFixed(0)}, max ${Math.max(...toSignedIn).toFixed(0)})`);
} finally {
  await browser.close();
  await stop(server);
}
