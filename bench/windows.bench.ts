/**
 * Windows in headless Chromium (Debian's /usr/bin/chromium) with 30 windows
 * open: the focused window is dragged across the screen, then resized from
 * its se handle, each gesture with page.mouse in STEPS moves. Per gesture kind
 * it prints:
 * - each gesture's longest frame (and the longest at its start, during it and
 *   at its end), the p50/p95/p99 frame times pooled over the gestures (a
 *   requestAnimationFrame loop in the page) and long tasks (> 50 ms);
 * - React commits per frame while the pointer moves, and the release's commit
 *   (counted through React's devtools hook, which production builds call too);
 * - from a Chromium trace of one more gesture of each kind: the style
 *   recalculations (UpdateLayoutTree events) at the start (the press and the
 *   first moves), during and at the end (the release), with the elements each
 *   recalculated, beside the number of elements in the page (a recalculation of
 *   the whole document shows as about that many), and the time spent
 *   rasterising in each phase;
 * - Chromium's counters (Performance.getMetrics) per gesture.
 * Asserts nothing. Needs the development build (`npm run build:dev -w @atrium/web`):
 * its developer menu opens the windows. BENCH_RUNS (default 3) untraced
 * gestures of each kind; BENCH_TRACE_DIR keeps the traces (open them in
 * Chromium's DevTools, Performance panel); BENCH_WEB_ROOT measures another
 * development build.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { freePort, launchChromium, median, percentile, repo, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const STEPS = 120;
/** Moves after which the gesture is under way: they and the press are its start. */
const START_STEPS = 3;
/** BENCH_WEB_ROOT measures another development build (an older one, to compare). */
const webRoot = process.env.BENCH_WEB_ROOT ?? path.join(repo, 'web/dist-dev');
if (!fs.existsSync(path.join(webRoot, 'index.html'))) throw new Error(`${webRoot} is missing: run \`npm run build:dev -w @atrium/web\` first`);

/*
 * The in-page scripts are source text: tsx compiles functions with name
 * helpers that do not exist in the page, so the page gets plain JavaScript.
 */

/** Installed before the page's scripts: React reports each commit (of any root) to this hook. */
const COMMIT_COUNTER = `(() => {
  const commits = [];
  window.__benchCommits = commits;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    onScheduleFiberRoot() {},
    onCommitFiberRoot() { commits.push(performance.now()); },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
})()`;

const START_RECORDING = `(() => {
  performance.clearMarks();
  const bench = { frames: [], ticks: [], longTasks: 0, running: true, firstCommit: window.__benchCommits.length };
  bench.observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.duration > 50) bench.longTasks++;
  });
  bench.observer.observe({ type: 'longtask' });
  window.__windowsBench = bench;
  const loop = (time) => {
    bench.frames.push(time);
    bench.ticks.push(performance.now());
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
    const marks = Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name.slice('bench:'.length), m.startTime]));
    resolve({ frameStarts: bench.frames, ticks: bench.ticks, longTasks: bench.longTasks, commits: window.__benchCommits.slice(bench.firstCommit), marks });
  }));
})`;

/** A User Timing mark (it shows in the trace too) named after the phase that begins. */
const mark = (name: string) => `performance.mark(${JSON.stringify(`bench:${name}`)}) && null`;
/** The mark, once two more frames are painted. */
const markAfterFrames = (name: string) => `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(${mark(name)}))))`;

interface Recording {
  /** requestAnimationFrame timestamps, one per frame. */
  frameStarts: number[];
  /**
   * performance.now() when the loop's callback ran, one per frame: the loop
   * runs before the callbacks the page asks for during the frame's input
   * handling, so a commit of the frame comes after its tick. (The timestamp
   * itself can be later than the frame's own callbacks run.)
   */
  ticks: number[];
  longTasks: number;
  /** performance.now() of each React commit. */
  commits: number[];
  /** performance.now() of the marks: before the press, once under way, before the release, after it. */
  marks: Record<'start' | 'during' | 'end' | 'after', number>;
}

interface Counters {
  RecalcStyleCount: number;
  RecalcStyleDuration: number;
  LayoutCount: number;
  LayoutDuration: number;
}

interface Gesture extends Recording {
  ms: number;
  counters: Counters;
}

async function counters(cdp: CDPSession): Promise<Counters> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: keyof Counters) => metrics.find((m) => m.name === name)?.value ?? NaN;
  return { RecalcStyleCount: value('RecalcStyleCount'), RecalcStyleDuration: value('RecalcStyleDuration'), LayoutCount: value('LayoutCount'), LayoutDuration: value('LayoutDuration') };
}

/** Presses at (x, y), moves by (dx, dy) in STEPS moves and releases, while recording, with the marks of its phases. */
async function gesture(page: Page, cdp: CDPSession, x: number, y: number, dx: number, dy: number): Promise<Gesture> {
  await page.mouse.move(x, y);
  await page.evaluate(START_RECORDING);
  const before = await counters(cdp);
  const started = performance.now();
  await page.evaluate(mark('start'));
  await page.mouse.down();
  for (let i = 1; i <= STEPS; i++) {
    await page.mouse.move(x + (dx * i) / STEPS, y + (dy * i) / STEPS);
    if (i === START_STEPS) await page.evaluate(markAfterFrames('during'));
  }
  await page.evaluate(mark('end'));
  await page.mouse.up();
  await page.evaluate(markAfterFrames('after'));
  const ms = performance.now() - started;
  const recording = (await page.evaluate(STOP_RECORDING)) as Recording;
  const after = await counters(cdp);
  const delta = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - before[k as keyof Counters]])) as unknown as Counters;
  return { ...recording, ms, counters: delta };
}

/** Frame durations of a recording. */
const frameTimes = (r: Recording) => r.frameStarts.slice(1).map((t, i) => t - r.frameStarts[i]!);

/** The longest frame that began in each phase of the gesture. */
function longestByPhase(r: Recording): { start: number; during: number; end: number } {
  const times = frameTimes(r);
  const longest = (from: number, to: number) => Math.max(0, ...times.filter((_, i) => r.frameStarts[i]! >= from && r.frameStarts[i]! < to));
  return { start: longest(-Infinity, r.marks.during), during: longest(r.marks.during, r.marks.end), end: longest(r.marks.end, Infinity) };
}

/** How many of the commits fall in each frame (from one frame's tick to the next). */
function perFrame(r: Recording, commits: number[]): number[] {
  const counts = new Array<number>(Math.max(0, r.ticks.length - 1)).fill(0);
  for (const at of commits) {
    const i = Math.max(0, r.ticks.findLastIndex((t) => t <= at));
    if (i < counts.length) counts[i]!++;
  }
  return counts;
}

/** The commits of the moves (press to release) per frame, and those of the release with whether one shared a frame with a move's. */
function commitsOf(r: Recording): { moving: number[]; release: number; sharedFrame: boolean } {
  const moving = perFrame(
    r,
    r.commits.filter((t) => t < r.marks.end),
  );
  const release = r.commits.filter((t) => t >= r.marks.end);
  const releaseFrames = perFrame(r, release);
  return { moving, release: release.length, sharedFrame: releaseFrames.some((n, i) => n > 0 && moving[i]! > 0) };
}

interface Phase {
  recalcs: number;
  elements: number;
  largest: number;
  /** Milliseconds of raster tasks. */
  raster: number;
}

interface TracedPhases {
  start: Phase;
  during: Phase & { frames: number };
  end: Phase;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  args?: { elementCount?: number };
}

/** Style recalculations (UpdateLayoutTree) and raster tasks of a trace, split by the gesture's marks. */
function phasesOf(trace: Buffer, frames: number): TracedPhases {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const markAt = (name: string) => {
    const found = events.find((e) => e.name === `bench:${name}`);
    if (!found) throw new Error(`the trace has no bench:${name} mark`);
    return found.ts;
  };
  const [start, during, end, after] = [markAt('start'), markAt('during'), markAt('end'), markAt('after')];
  // Complete events (X) carry elementCount; begin/end pairs carry it on the end event.
  const recalcs = events.filter((e) => e.name === 'UpdateLayoutTree' && (e.ph === 'X' || e.ph === 'E'));
  const rasters = events.filter((e) => e.name === 'RasterTask' && e.ph === 'X');
  const phase = (from: number, to: number): Phase => {
    const counts = recalcs.filter((e) => e.ts >= from && e.ts < to).map((e) => e.args?.elementCount ?? 0);
    const raster = rasters.filter((e) => e.ts >= from && e.ts < to).reduce((n, e) => n + (e.dur ?? 0), 0) / 1000;
    return { recalcs: counts.length, elements: counts.reduce((n, c) => n + c, 0), largest: Math.max(0, ...counts), raster };
  };
  return { start: phase(start, during), during: { ...phase(during, end), frames }, end: phase(end, after + 1) };
}

/** A gesture under a Chromium trace (style, layout, paint and raster events). */
async function tracedGesture(page: Page, cdp: CDPSession, x: number, y: number, dx: number, dy: number): Promise<TracedPhases> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'] });
  const g = await gesture(page, cdp, x, y, dx, dy);
  const trace = await browser.stopTracing();
  if (process.env.BENCH_TRACE_DIR) fs.writeFileSync(path.join(process.env.BENCH_TRACE_DIR, `windows-${Date.now()}.json`), trace);
  return phasesOf(trace, g.frameStarts.length - 1);
}

const ms1 = (n: number) => `${n.toFixed(1)} ms`;

function report(label: string, gestures: Gesture[], traced: TracedPhases, documentElements: number): void {
  const frames = gestures.flatMap(frameTimes);
  const commits = gestures.map(commitsOf);
  const moving = commits.flatMap((c) => c.moving);
  const longTasks = gestures.reduce((n, g) => n + g.longTasks, 0);
  const avg = (key: keyof Counters) => gestures.reduce((n, g) => n + g.counters[key], 0) / gestures.length;
  console.log(`\n${label}: ${gestures.length} gestures of ${STEPS} moves`);
  gestures.forEach((g, i) => {
    const longest = longestByPhase(g);
    console.log(
      `  gesture ${i + 1}: ${g.ms.toFixed(0)} ms, ${g.frameStarts.length - 1} frames, longest frame ${ms1(Math.max(...frameTimes(g)))} ` +
        `(start ${ms1(longest.start)}, during ${ms1(longest.during)}, end ${ms1(longest.end)}), ` +
        `React commits ${g.commits.length} (moves: at most ${Math.max(0, ...commits[i]!.moving)} in a frame; release: ${commits[i]!.release}), long tasks ${g.longTasks}`,
    );
  });
  console.log(`  frame time p50 ${ms1(median(frames))}, p95 ${ms1(percentile(frames, 95))}, p99 ${ms1(percentile(frames, 99))}, longest ${ms1(Math.max(...frames))}; long tasks (> 50 ms): ${longTasks}`);
  console.log(
    `  React commits while moving: ${moving.reduce((n, c) => n + c, 0)} in ${moving.filter((n) => n > 0).length} of ${moving.length} frames, ` +
      `at most ${Math.max(0, ...moving)} in a frame (${moving.filter((n) => n > 1).length} frames with more than one); ` +
      `the release: ${commits.reduce((n, c) => n + c.release, 0)} commits, in the frame of the last move's commit ${commits.filter((c) => c.sharedFrame).length} times`,
  );
  console.log(
    `  Chromium counters per gesture (Performance.getMetrics): RecalcStyleCount ${avg('RecalcStyleCount').toFixed(0)}, RecalcStyleDuration ${ms1(avg('RecalcStyleDuration') * 1000)}, ` +
      `LayoutCount ${avg('LayoutCount').toFixed(0)}, LayoutDuration ${ms1(avg('LayoutDuration') * 1000)}`,
  );
  const phase = (p: Phase) => `${p.recalcs} style recalcs, ${p.elements} elements (largest ${p.largest}), raster ${ms1(p.raster)}`;
  console.log(`  traced gesture, page of ${documentElements} elements:`);
  console.log(`    start (press, first ${START_STEPS} moves): ${phase(traced.start)}`);
  console.log(`    during (${traced.during.frames} frames): ${phase(traced.during)}`);
  console.log(`    end (release): ${phase(traced.end)}`);
}

const port = await freePort();
const server = startAtrium(tempDir('atrium-bench-windows-'), port, { WEB_ROOT: webRoot });
const browser = await launchChromium();
try {
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/healthz`, performance.now(), 120_000);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript(COMMIT_COUNTER);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(base);
  // A user who has accepted the privacy policy: no question comes between sign-in and the desktop.
  await page.getByLabel('Username', { exact: true }).fill('olivia');
  await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.locator('[data-testid="desktop"][data-started="true"]').waitFor();
  await page.getByTestId('devtools.button').click();
  await page.getByTestId('devtools.openMany').click();
  await page.locator('[data-testid="window"]').nth(29).waitFor();
  if (!(await page.evaluate('window.__benchCommits.length'))) throw new Error('React reported no commits: the commit counter is not installed');
  // The demo account's notification toasts go away on a timer: close them now, so that their commit falls in no gesture.
  const toasts = page.getByTestId('notification.close');
  while (await toasts.count()) await toasts.first().click();
  const top = page.locator('[data-testid="window"][data-focused="true"]');
  const wid = await top.getAttribute('data-wid');
  const frame = page.locator(`[data-testid="window"][data-wid="${wid}"]`);
  const title = frame.getByTestId('window.title');

  // Each series starts from the left of the screen, so that the gestures go across it (and stay clear of the snap edges).
  const place = async () => {
    const b = (await title.boundingBox())!;
    await page.mouse.move(b.x + 20, b.y + 10);
    await page.mouse.down();
    await page.mouse.move(120, 160, { steps: 10 });
    await page.mouse.up();
  };
  /** Where the i-th drag presses and how far it goes: alternately right-down and back. */
  const drag = async (i: number) => {
    const b = (await title.boundingBox())!;
    const direction = i % 2 === 0 ? 1 : -1;
    return [b.x + 20, b.y + 10, direction * 900, direction * 400] as const;
  };
  /** Where the i-th resize presses (the se handle) and how far it goes: alternately larger and back. */
  const resize = async (i: number) => {
    const b = (await frame.getByTestId('window.resize.se').boundingBox())!;
    const direction = i % 2 === 0 ? 1 : -1;
    return [b.x + b.width / 2, b.y + b.height / 2, direction * 500, direction * 300] as const;
  };

  await place();
  const documentElements = (await page.evaluate(`document.getElementsByTagName('*').length`)) as number;
  const drags: Gesture[] = [];
  const before = (await frame.boundingBox())!;
  for (let i = 0; i < runs; i++) {
    drags.push(await gesture(page, cdp, ...(await drag(i))));
    if (i === 0) {
      const after = (await frame.boundingBox())!;
      console.log(`(check: the first drag moved the window by ${after.x - before.x}x${after.y - before.y} px)`);
    }
  }
  const dragTrace = await tracedGesture(page, cdp, ...(await drag(runs)));

  await place();
  const resizes: Gesture[] = [];
  for (let i = 0; i < runs; i++) {
    const start = (await frame.boundingBox())!;
    resizes.push(await gesture(page, cdp, ...(await resize(i))));
    if (i === 0) {
      const after = (await frame.boundingBox())!;
      console.log(`(check: the first resize changed the window by ${after.width - start.width}x${after.height - start.height} px)`);
    }
  }
  const resizeTrace = await tracedGesture(page, cdp, ...(await resize(runs)));

  console.log(`\nwindows, headless Chromium 1440x900, 30 windows open (development build), mouse moves in ${STEPS} steps`);
  report('drag by the header', drags, dragTrace, documentElements);
  report('resize from the se handle', resizes, resizeTrace, documentElements);
} finally {
  await browser.close();
  await stop(server);
}
