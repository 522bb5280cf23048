import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type APIRequestContext } from '@playwright/test';
import { Ports, workerPort } from './helpers/ports.js';
import { JourneyServer } from './helpers/server.js';

/** The demo users whose saved desktop session each journey starts without. */
const DEMO_USERS = ['demo', 'olivia', 'liam', 'sofia'];
/** Access tokens of the demo users on the main server, kept between journeys of a worker. */
const tokens = new Map<string, string>();

async function demoToken(request: APIRequestContext, username: string): Promise<string | null> {
  const response = await request.post('/api/wrapper/auth', { form: { username, password: 'Demo@1234' } });
  // A journey changed this user's password: their session is that journey's business.
  if (!response.ok()) return null;
  return ((await response.json()) as { data: { jwt: string } }).data.jwt;
}

/** Forgets a demo user's saved desktop session on the main server. */
async function clearSavedSession(request: APIRequestContext, username: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const token = tokens.get(username) ?? (await demoToken(request, username));
    if (!token) return;
    tokens.set(username, token);
    const response = await request.post('/api/v1/user/me/removesession', { data: {}, headers: { authorization: `Bearer ${token}` } });
    if (response.ok()) return;
    tokens.delete(username);
  }
}

/** A server of a worker's: its address and data folder (where the outbox of its e-mails is). */
export interface WorkerServer {
  url: string;
  dataDir: string;
}

/**
 * The short-token server: access tokens expire after 3 s (the silent-refresh
 * journey), and its files are served from a content origin of their own
 * (`contentUrl`: localhost, the pages at 127.0.0.1) for the security journey.
 */
export interface ShortTokenServer extends WorkerServer {
  contentUrl: string;
}

/** Starts a worker's server with fresh demo data and the fixture packages; stops it and removes its data when the worker ends. */
async function workerServer(stem: string, offset: number, env: Record<string, string>, use: (server: JourneyServer) => Promise<void>): Promise<void> {
  const server = new JourneyServer(fs.mkdtempSync(path.join(os.tmpdir(), `atrium-e2e-${stem}-`)), workerPort(offset), env);
  try {
    await server.start({ registerPackages: true });
    await use(server);
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

/**
 * The test fixture every journey uses. Each worker has a server of its own
 * (the compiled build, its own data folder with the demo data, on its own
 * port: e2e/helpers/ports.ts), so journeys that change shared state (a
 * password, a user's organisation) never meet another worker's; `baseURL`
 * points at it. It fails the test on any console error or uncaught page
 * error, so a broken page cannot pass. Chromium's own "Failed to load
 * resource" lines are not the page's errors: a 401 for a wrong password is
 * an expected answer, and journeys assert on what the user sees instead.
 */
export const test = base.extend<
  { consoleErrors: string[]; expectedConsoleErrors: RegExp[]; freshDesktops: void },
  { atrium: WorkerServer; shortTokenServer: ShortTokenServer }
>({
  atrium: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: it has none.
    async ({}, use) => {
      await workerServer('main', Ports.main, {}, (server) => use({ url: server.url, dataDir: server.dataDir }));
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  // Started only in the workers whose journeys use it.
  shortTokenServer: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use) => {
      const contentUrl = `http://localhost:${workerPort(Ports.shortToken)}`;
      await workerServer('short', Ports.shortToken, { ACCESS_TOKEN_TTL: '3', CONTENT_URL: contentUrl }, (server) => use({ url: server.url, dataDir: server.dataDir, contentUrl }));
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ atrium }, use) => {
    await use(atrium.url);
  },
  /**
   * Desktops remember the applications a user had open (docs/behaviour/desktop.md#session-save-and-restore):
   * each journey starts with the demo users' saved sessions empty, so what one journey opened does not
   * come back in the next.
   */
  freshDesktops: [
    async ({ request }, use) => {
      for (const username of DEMO_USERS) await clearSavedSession(request, username);
      await use();
    },
    { auto: true },
  ],
  /** Console errors a journey provokes on purpose (the browser's own lines when the server is stopped). */
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        if (message.type() !== 'error' || text.startsWith('Failed to load resource')) return;
        // A journey's trace puts its snapshot script in every frame: a frame without scripts (the home widget's) refuses it.
        if (/^Blocked script execution in 'about:(?:srcdoc|blank)' because the document's frame is sandboxed/.test(text)) return;
        if (!expectedConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
