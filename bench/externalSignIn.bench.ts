/**
 * Sign-in through an identity provider (docs/behaviour/external-sign-in.md),
 * in headless Chromium (Debian's /usr/bin/chromium) against the real,
 * compiled server and the local OpenID Connect provider (idp/, started in
 * this process on 127.0.0.1), beside the built-in form in the same run:
 * - time to the started desktop: from clicking 'Sign in with {name}'
 *   (check-sso) or from opening the page (login-required), through the
 *   provider's sign-in page (filled in as soon as it shows), and the part
 *   from pressing the provider's 'Sign in' to the desktop; for the built-in
 *   form, from pressing Login. Median and p95;
 * - the bytes the browser receives before the first interaction (CDP
 *   Network.loadingFinished encodedDataLength: compressed bodies plus
 *   headers), as served (Brotli) and with the browser asking for gzip only:
 *   the login page with each type configured, up to its form (built-in) or
 *   its 'Sign in with {name}' button (check-sso: Keycloak's silent check
 *   goes to the provider and back first), and with login-required up to the
 *   provider's form; the provider's own part apart.
 * One Atrium server per configuration (builtin; keycloak and okta, each
 * check-sso and login-required), all running at once, the runs taken in
 * turn; each run in a fresh browser context (empty cache, no provider
 * session). Prints figures; asserts nothing. Needs `npm run build` first.
 * BENCH_RUNS (default 10); BENCH_WEB_DIST serves another build (default web/dist).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { startIdp, type Idp } from '@atrium/idp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort, launchChromium, median, percentile, repo, startAtrium, stop, tempDir, waitForOk } from './lib.js';

const runs = Number(process.env.BENCH_RUNS ?? 10);
const dist = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(repo, 'web/dist'));
if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} is missing: run \`npm run build\` first`);

const PASSWORD = 'Demo@1234';
/** Who signs in (a user of the demo data, known to the provider). */
const USERNAME = 'olivia';

type Kind = 'builtin' | 'keycloak' | 'okta';
interface Configuration {
  label: string;
  kind: Kind;
  onLoad: 'check-sso' | 'login-required' | null;
  port: number;
  server?: ChildProcess;
  base: string;
}

/** The element whose appearance is the first moment the user can act, per configuration. */
const READY_SELECTOR: Record<string, string> = {
  builtin: 'input[autocomplete="username"]:not([disabled])',
  'check-sso': '[data-testid="external.card"][data-state="ready"] [data-testid="external.signIn"]',
  // The provider's sign-in form (its own page).
  'login-required': 'form input#password',
};

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;

/** Records when the first-interaction element is on screen, on every document of the page (the provider's included), epoch ms. */
function readyMarker(selector: string): string {
  return `(() => {
    const mark = () => {
      if (!document.querySelector(${JSON.stringify(selector)})) return false;
      // Once it is on screen: the frame that paints it (its fonts and pictures asked for) has been produced.
      requestAnimationFrame(() => setTimeout(() => { window.__benchReadyAt ??= performance.timeOrigin + performance.now(); }, 0));
      return true;
    };
    if (mark()) return;
    const observer = new MutationObserver(() => { if (mark()) observer.disconnect(); });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  })();`;
}

const KINDS = ['JS', 'CSS', 'fonts', 'images', 'other'] as const;
type ResourceKind = (typeof KINDS)[number];

function kindOf(resourceType: string | undefined, url: string): ResourceKind {
  if (resourceType === 'Script' || /\.m?js(\?|$)/.test(url)) return 'JS';
  if (resourceType === 'Stylesheet' || /\.css(\?|$)/.test(url)) return 'CSS';
  if (resourceType === 'Font' || /\.woff2?(\?|$)/.test(url)) return 'fonts';
  if (resourceType === 'Image' || resourceType === 'Media') return 'images';
  return 'other';
}

interface Transfer {
  url: string;
  kind: ResourceKind;
  /** When the request was sent, epoch ms. */
  at: number;
  bytes: number;
}

/** Every response of the page (its frames included) with the bytes that crossed the wire. */
async function recordTransfers(context: BrowserContext, page: Page, acceptEncoding: string | null) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (acceptEncoding) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': acceptEncoding } });
  const pending = new Map<string, Omit<Transfer, 'bytes'>>();
  const transfers: Transfer[] = [];
  const encodings = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!e.request.url.startsWith('http')) return;
    pending.set(e.requestId, { url: e.request.url, kind: kindOf(e.type, e.request.url), at: e.wallTime * 1000 });
  });
  cdp.on('Network.responseReceived', (e) => {
    const encoding = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? 'none';
    encodings.set(String(encoding), (encodings.get(String(encoding)) ?? 0) + 1);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const entry = pending.get(e.requestId);
    if (!entry) return;
    pending.delete(e.requestId);
    transfers.push({ ...entry, bytes: e.encodedDataLength });
  });
  // A redirect ends one request and starts the next under the same id: the redirect's own bytes are counted with it.
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.redirectResponse) transfers.push({ url: e.redirectResponse.url, kind: 'other', at: e.wallTime * 1000, bytes: e.redirectResponse.encodedDataLength });
  });
  return { transfers, encodings, detach: () => cdp.detach() };
}

interface Bytes {
  /** Atrium's answers by kind. */
  atrium: Record<ResourceKind, number>;
  /** The provider's answers (its pages, frames and redirects). */
  provider: number;
  total: number;
  requests: number;
  /** Atrium's script files received, by file name (hash dropped), with their bytes. */
  scripts: Map<string, number>;
}

/** A built file's name without its content hash: 'keycloakSignIn-BV3XR_7g.js' → 'keycloakSignIn.js'. */
const fileName = (url: string) => (new URL(url).pathname.split('/').pop() ?? url).replace(/-[\w-]{8}(\.m?js)$/, '$1');

/** Opens the page of a configuration and counts what arrived before the first interaction was possible. */
async function measureBytes(browser: Browser, config: Configuration, idp: Idp, acceptEncoding: string | null): Promise<{ bytes: Bytes; encodings: Map<string, number> }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(readyMarker(READY_SELECTOR[config.onLoad ?? 'builtin']!));
    const recorder = await recordTransfers(context, page, acceptEncoding);
    await page.goto(`${config.base}/`);
    await page.locator(READY_SELECTOR[config.onLoad ?? 'builtin']!).first().waitFor();
    const readyAt = Number(await (await page.waitForFunction(() => (window as unknown as { __benchReadyAt?: number }).__benchReadyAt)).jsonValue());
    // What was asked for before that moment has all arrived once the page is quiet.
    await page.waitForLoadState('networkidle');
    await recorder.detach();
    const before = recorder.transfers.filter((t) => t.at <= readyAt);
    const provider = before.filter((t) => t.url.startsWith(idp.url));
    const sum = (ts: Transfer[]) => ts.reduce((n, t) => n + t.bytes, 0);
    const scripts = new Map(before.filter((t) => t.url.startsWith(config.base) && /\.m?js$/.test(new URL(t.url).pathname)).map((t) => [fileName(t.url), t.bytes]));
    const atrium = Object.fromEntries(KINDS.map((kind) => [kind, sum(before.filter((t) => t.kind === kind && !t.url.startsWith(idp.url)))])) as Record<ResourceKind, number>;
    return { bytes: { atrium, provider: sum(provider), total: sum(before), requests: before.length, scripts }, encodings: recorder.encodings };
  } finally {
    await context.close();
  }
}

interface Timing {
  /** From the user's first action (Sign in with…, the page opened, Login pressed) to the started desktop. */
  total: number;
  /** From pressing the provider's 'Sign in' (or Login) to the started desktop. */
  afterPassword: number;
}

const started = (page: Page) => page.locator('[data-testid="desktop"][data-started="true"]').waitFor({ timeout: 60_000 });

/** The provider's page: filled in as soon as it shows; returns when 'Sign in' was pressed. */
async function providerSignIn(page: Page): Promise<number> {
  await page.locator('form input#password').waitFor();
  await page.locator('input#username').fill(USERNAME);
  await page.locator('input#password').fill(PASSWORD);
  const pressed = performance.now();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  return pressed;
}

async function measureSignIn(browser: Browser, config: Configuration): Promise<Timing> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    if (config.kind === 'builtin') {
      await page.goto(`${config.base}/`);
      await page.getByLabel('Username', { exact: true }).fill(USERNAME);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      const pressed = performance.now();
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await started(page);
      const t = performance.now() - pressed;
      return { total: t, afterPassword: t };
    }
    let first: number;
    if (config.onLoad === 'check-sso') {
      await page.goto(`${config.base}/`);
      const button = page.locator(READY_SELECTOR['check-sso']!);
      await button.waitFor();
      first = performance.now();
      await button.click();
    } else {
      first = performance.now();
      await page.goto(`${config.base}/`);
    }
    const pressed = await providerSignIn(page);
    await started(page);
    const end = performance.now();
    return { total: end - first, afterPassword: end - pressed };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const ports = await Promise.all(Array.from({ length: 5 }, () => freePort()));
  const configs: Configuration[] = [
    { label: 'built-in form', kind: 'builtin', onLoad: null, port: ports[0]!, base: '' },
    { label: 'keycloak, check-sso', kind: 'keycloak', onLoad: 'check-sso', port: ports[1]!, base: '' },
    { label: 'okta, check-sso', kind: 'okta', onLoad: 'check-sso', port: ports[2]!, base: '' },
    { label: 'keycloak, login-required', kind: 'keycloak', onLoad: 'login-required', port: ports[3]!, base: '' },
    { label: 'okta, login-required', kind: 'okta', onLoad: 'login-required', port: ports[4]!, base: '' },
  ];
  for (const config of configs) config.base = `http://127.0.0.1:${config.port}`;
  const idp = await startIdp({ port: 0, redirectUris: configs.map((c) => `${c.base}/`), accessTokenTtl: 300 });
  const dataDirs: string[] = [];
  let browser: Browser | null = null;
  try {
    // One at a time: a new embedded database is memory-hungry while it is created.
    for (const config of configs) {
      const dataDir = tempDir(`atrium-bench-external-${config.kind}-`);
      dataDirs.push(dataDir);
      const env: Record<string, string> = { WEB_ROOT: dist, RATE_LIMIT_AUTH: '100000', LOGIN_MAX_FAILURES_ADDRESS: '100000' };
      if (config.kind !== 'builtin') Object.assign(env, idp.authEnv(config.kind), { AUTH_ON_LOAD: config.onLoad! });
      config.server = startAtrium(dataDir, config.port, env);
      await waitForOk(`${config.base}/healthz`, performance.now(), 120_000);
    }
    browser = await launchChromium();
    const timings = new Map<Configuration, Timing[]>(configs.map((c) => [c, []]));
    const served = new Map<Configuration, Bytes[]>(configs.map((c) => [c, []]));
    const gzipped = new Map<Configuration, Bytes[]>(configs.map((c) => [c, []]));
    const encodings = new Map<Configuration, Map<string, number>>();
    // Run 0 warms each server and the provider (and answers the first sign-in's questions): not counted.
    for (let i = 0; i <= runs; i++) {
      for (const config of configs) {
        const timing = await measureSignIn(browser, config);
        const asServed = await measureBytes(browser, config, idp, null);
        const gzipOnly = await measureBytes(browser, config, idp, 'gzip, deflate');
        if (i === 0) continue;
        timings.get(config)!.push(timing);
        served.get(config)!.push(asServed.bytes);
        gzipped.get(config)!.push(gzipOnly.bytes);
        encodings.set(config, asServed.encodings);
      }
    }

    console.log(`\nexternal sign-in through the local provider (idp/), headless Chromium, ${runs} runs after one warm-up, fresh browser context each, compiled server, build ${path.relative(repo, dist) || dist}`);
    console.log(`\ntime to the started desktop (user ${USERNAME}; the provider's form filled in as soon as it shows), median / p95 (min–max):`);
    const row = (xs: number[]) => `${ms(median(xs)).padStart(8)} / ${ms(percentile(xs, 95)).padStart(8)} (${ms(Math.min(...xs))}–${ms(Math.max(...xs))})`;
    for (const config of configs) {
      const ts = timings.get(config)!;
      const from = config.kind === 'builtin' ? 'Login pressed' : config.onLoad === 'check-sso' ? `'Sign in with …' clicked` : 'page opened';
      console.log(`  ${config.label.padEnd(26)} ${from.padEnd(26)} ${row(ts.map((t) => t.total))}`);
      if (config.kind !== 'builtin') console.log(`  ${''.padEnd(26)} ${"provider's Sign in pressed".padEnd(26)} ${row(ts.map((t) => t.afterPassword))}`);
    }

    console.log(`\nbytes received before the first interaction (CDP encodedDataLength: bodies as sent + headers), median; Atrium's by kind, then the provider's:`);
    console.log(`  ${'configuration, up to'.padEnd(56)}${[...KINDS, 'provider', 'total'].map((k) => k.padStart(10)).join('')}${'gzip only'.padStart(12)}  requests`);
    for (const config of configs) {
      const upTo = config.kind === 'builtin' ? 'the login form' : config.onLoad === 'check-sso' ? `the 'Sign in with …' button` : "the provider's form";
      const s = served.get(config)!;
      const g = gzipped.get(config)!;
      const cells = [...KINDS.map((k) => median(s.map((b) => b.atrium[k]))), median(s.map((b) => b.provider)), median(s.map((b) => b.total))];
      console.log(`  ${`${config.label}, ${upTo}`.padEnd(56)}${cells.map((n) => kib(n).padStart(10)).join('')}${kib(median(g.map((b) => b.total))).padStart(12)}  ${median(s.map((b) => b.requests))}`);
    }
    const builtinScripts = served.get(configs[0]!)!.at(-1)!.scripts;
    console.log(`\nscripts received beyond the built-in login page's (before the first interaction, as served, last run):`);
    for (const config of configs.slice(1)) {
      const extra = [...served.get(config)!.at(-1)!.scripts].filter(([name]) => !builtinScripts.has(name));
      console.log(`  ${config.label.padEnd(26)} ${kib(extra.reduce((n, [, b]) => n + b, 0)).padStart(9)}: ${extra.map(([name, b]) => `${name} ${kib(b)}`).join(', ')}`);
    }
    console.log(`\ncontent encodings as served (last run): ${configs.map((c) => `${c.label}: ${[...(encodings.get(c) ?? [])].map(([e, n]) => `${e} ×${n}`).join(', ')}`).join('; ')}`);
  } finally {
    await browser?.close();
    for (const config of configs) if (config.server) await stop(config.server);
    await idp.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
