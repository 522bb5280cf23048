/**
 * Live work items in the browser: the time from a task created by one user
 * (POST {api}/tasks as liam, assigning olivia) to the notification centre's
 * badge showing the new count in olivia's signed-in desktop (Debian's
 * headless Chromium), against the real compiled server with the demo data.
 *
 * The badge's change is stamped inside the page by a MutationObserver on the
 * machine's clock (performance.timeOrigin + now), the request's start in
 * this process on the same clock, so the figure covers the call, the socket
 * message, the desktop's refetch (after its short gathering delay,
 * TASK_REFRESH_DEBOUNCE) and the render. Prints figures; asserts nothing.
 * Needs `npm run build` first. BENCH_RUNS (default 20) tasks, one at a time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { desktopSignedIn, freePort, launchChromium, median, percentile, repo, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const runs = Number(process.env.BENCH_RUNS ?? 20);
if (!fs.existsSync(path.join(repo, 'web/dist/index.html'))) throw new Error('web/dist is missing: run `npm run build` first');

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = startAtrium(tempDir('atrium-bench-task-live-'), port);
const browser = await launchChromium();

async function signIn(username: string): Promise<string> {
  const answer = await fetch(`${base}/api/wrapper/auth`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password: 'Demo@1234' }) });
  const jwt = ((await answer.json()) as { data?: { jwt?: string } }).data?.jwt;
  if (!jwt) throw new Error(`sign-in of ${username} failed`);
  return jwt;
}

try {
  await waitForOk(`${base}/healthz`, performance.now(), 120_000);
  const creator = await signIn('liam');

  const page = await desktopSignedIn(browser, base, 'olivia');
  const badge = page.getByTestId('panel.notifications.badge');
  await badge.waitFor();
  // Each change of the badge's text, stamped on the machine's clock.
  await page.evaluate(() => {
    const w = window as unknown as { badgeChanges: Array<{ text: string; at: number }> };
    w.badgeChanges = [];
    const target = document.querySelector('[data-testid="panel.notifications"]')!;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="panel.notifications.badge"]')?.textContent ?? '';
      w.badgeChanges.push({ text, at: performance.timeOrigin + performance.now() });
    }).observe(target, { subtree: true, childList: true, characterData: true });
  });

  const latencies: number[] = [];
  const callTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const before = Number(await badge.textContent());
    const expected = String(before + 1);
    const sentAt = performance.timeOrigin + performance.now();
    const answer = await fetch(`${base}/api/v1/tasks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${creator}` },
      body: JSON.stringify({ app: 'Audits', name: `Benchmark task ${i + 1}`, assignee: 'olivia', end_date: new Date(Date.now() + 30 * 86_400_000).toISOString() }),
    });
    callTimes.push(performance.timeOrigin + performance.now() - sentAt);
    if (answer.status !== 201) throw new Error(`creating a task answered ${answer.status}: ${await answer.text()}`);
    const shownAt = Number(
      await (
        await page.waitForFunction(
          (text) => (window as unknown as { badgeChanges: Array<{ text: string; at: number }> }).badgeChanges.find((c) => c.text === text)?.at ?? false,
          expected,
          { timeout: 10_000 },
        )
      ).jsonValue(),
    );
    latencies.push(shownAt - sentAt);
    // Let the notification of the new assignment and its refetch settle before the next one.
    await page.waitForTimeout(300);
  }
  await page.context().close();

  const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms, p90 ${percentile(xs, 90).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
  console.log(`Task created by liam → badge updated in olivia's browser (${runs} tasks, embedded database):`);
  console.log(`  POST {api}/tasks answered:       ${fmt(callTimes)}`);
  console.log(`  request sent → badge shows it:   ${fmt(latencies)}`);
} finally {
  await browser.close();
  await stop(server);
}
