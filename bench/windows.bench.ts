/**
 * Windows in headless Chromium (Debian's /usr/bin/chromium) with 30 windows
 * open: one window is dragged across the screen, then resized from its se
 * handle, each with page.mouse in ~120 steps, while the page records frame
 * times (a requestAnimationFrame loop) and long tasks (PerformanceObserver
 * 'longtask'). Prints frame-time median and p95 and the long-task count
 * (> 50 ms); asserts nothing. Needs the development build
 * (`npm run build:dev -w @atrium/web`): its developer menu opens the windows.
 * BENCH_RUNS (default 3) gestures of each kind, pooled.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { freePort, launchChromium, median, percentile, repo, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const STEPS = 120;
const webRoot = path.join(repo, 'web/dist-dev');
if (!fs.existsSync(path.join(webRoot, 'index.html'))) throw new Error('web/dist-dev is missing: run `npm run build:dev -w @atrium/web` first');

interface Recording {
  frames: number[];
  longTasks: number;
}

/**
 * The in-page recorder, as source text: tsx compiles functions with name
 * helpers that do not exist in the page, so the page gets plain JavaScript.
 */
const START_RECORDING = `(() => {
  const bench = { frames: [], longTasks: 0, running: true };
  bench.observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.duration > 50) bench.longTasks++;
  });
  bench.observer.observe({ type: 'longtask' });
  window.__windowsBench = bench;
  let last = null;
  const loop = (time) => {
    if (last !== null) bench.frames.push(time - last);
    last = time;
    if (bench.running) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
})()`;

const STOP_RECORDING = `new Promise((resolve) => {
  // Let the last frame of the gesture be painted and counted.
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const bench = window.__windowsBench;
    bench.running = false;
    bench.observer.disconnect();
    resolve({ frames: bench.frames, longTasks: bench.longTasks });
  }));
})`;

async function startRecording(page: Page): Promise<void> {
  await page.evaluate(START_RECORDING);
}

async function stopRecording(page: Page): Promise<Recording> {
  return (await page.evaluate(STOP_RECORDING)) as Recording;
}

/** Presses at (x, y), moves by (dx, dy) in STEPS steps and releases, while recording. */
async function gesture(page: Page, x: number, y: number, dx: number, dy: number): Promise<Recording & { ms: number }> {
  await page.mouse.move(x, y);
  await startRecording(page);
  const started = performance.now();
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: STEPS });
  await page.mouse.up();
  const ms = performance.now() - started;
  return { ...(await stopRecording(page)), ms };
}

function report(label: string, recordings: Array<Recording & { ms: number }>): void {
  const frames = recordings.flatMap((r) => r.frames);
  const longTasks = recordings.reduce((n, r) => n + r.longTasks, 0);
  const ms = recordings.reduce((n, r) => n + r.ms, 0) / recordings.length;
  console.log(
    `${label}: ${recordings.length} gestures of ${STEPS} steps (${ms.toFixed(0)} ms each on average), ${frames.length} frames: ` +
      `frame time median ${median(frames).toFixed(1)} ms, p95 ${percentile(frames, 95).toFixed(1)} ms, max ${Math.max(...frames).toFixed(1)} ms; ` +
      `long tasks (> 50 ms): ${longTasks}`,
  );
}

const port = await freePort();
const server = startAtrium(tempDir('atrium-bench-windows-'), port, { WEB_ROOT: webRoot });
const browser = await launchChromium();
try {
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/healthz`, performance.now(), 120_000);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(base);
  await page.getByLabel('Username', { exact: true }).fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByTestId('devtools.button').click();
  await page.getByTestId('devtools.openMany').click();
  await page.locator('[data-testid="window"]').nth(29).waitFor();
  const top = page.locator('[data-testid="window"][data-focused="true"]');
  const wid = await top.getAttribute('data-wid');
  const frame = page.locator(`[data-testid="window"][data-wid="${wid}"]`);

  // Start from the left of the screen, so that the drags go across it (and stay clear of the snap edges).
  const title = frame.getByTestId('window.title');
  const placed = (await title.boundingBox())!;
  await page.mouse.move(placed.x + 20, placed.y + 10);
  await page.mouse.down();
  await page.mouse.move(120, 160, { steps: 10 });
  await page.mouse.up();

  const drags: Array<Recording & { ms: number }> = [];
  const before = (await frame.boundingBox())!;
  for (let i = 0; i < runs; i++) {
    const b = (await title.boundingBox())!;
    const direction = i % 2 === 0 ? 1 : -1;
    drags.push(await gesture(page, b.x + 20, b.y + 10, direction * 900, direction * 400));
    if (i === 0) {
      const after = (await frame.boundingBox())!;
      console.log(`(check: the first drag moved the window by ${after.x - before.x}x${after.y - before.y} px)`);
    }
  }
  const resizes: Array<Recording & { ms: number }> = [];
  for (let i = 0; i < runs; i++) {
    const start = (await frame.boundingBox())!;
    const b = (await frame.getByTestId('window.resize.se').boundingBox())!;
    const direction = i % 2 === 0 ? 1 : -1;
    resizes.push(await gesture(page, b.x + b.width / 2, b.y + b.height / 2, direction * 500, direction * 300));
    if (i === 0) {
      const after = (await frame.boundingBox())!;
      console.log(`(check: the first resize changed the window by ${after.width - start.width}x${after.height - start.height} px)`);
    }
  }
  console.log(`\nwindows, headless Chromium 1440x900, 30 windows open (development build), mouse moves in ${STEPS} steps`);
  report('drag by the header', drags);
  report('resize from the se handle', resizes);
} finally {
  await browser.close();
  await stop(server);
}
