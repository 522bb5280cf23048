import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end journeys in Debian's Chromium (/usr/bin/chromium; never a
 * downloaded browser) against the real server, started from its compiled
 * build (`npm run build`: packages/server/dist) on 127.0.0.1 with demo data
 * in a throwaway data folder. The server serves the development build of
 * the client (web/dist-dev, `npm run build:dev -w @atrium/web`), whose
 * developer menu opens test windows and dialogs.
 *
 * Two workers run the journey files side by side. Each worker starts a
 * server of its own (e2e/fixtures.ts), and every journey that starts
 * servers of its own (connection, first sign-in, external sign-in, …) takes
 * their ports from the worker's block of ports derived from E2E_PORT
 * (e2e/helpers/ports.ts), so that two workers never share a server or a port.
 */
const repo = path.resolve(import.meta.dirname, '..');
/** The development build served (another folder through E2E_WEB_ROOT, e.g. a private build while web/dist-dev is being rebuilt). */
const webRoot = process.env.E2E_WEB_ROOT ?? path.join(repo, 'web/dist-dev');
if (!fs.existsSync(path.join(webRoot, 'index.html'))) throw new Error('web/dist-dev is missing: run `npm run build:dev -w @atrium/web` first');
if (!fs.existsSync(path.join(repo, 'packages/server/dist/main.js'))) throw new Error('packages/server/dist is missing: run `npm run build` first');

export default defineConfig({
  testDir: './tests',
  globalSetup: './globalSetup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Twice Playwright's defaults: two workers share the machine's cores with their servers and browsers, and CI
  // machines are shared too. A limit is where a journey gives up, never a figure of speed (that is bench/'s business).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // A trace records every action's screenshots and page snapshots, a sixth of the journeys' time: `npm test` turns it
    // off (E2E_TRACE=off, scripts/test-all.sh); a journey run on its own keeps the trace of a failure.
    trace: (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | undefined) ?? 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
