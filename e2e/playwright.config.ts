import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end journeys in Debian's Chromium (/usr/bin/chromium; never a
 * downloaded browser) against the real server, started on 127.0.0.1 with
 * demo data in a throwaway data folder. The server serves the development
 * build of the client (web/dist-dev, `npm run build:dev -w @atrium/web`),
 * whose developer menu opens test windows and dialogs.
 *
 * Some journeys start servers of their own on ports derived from E2E_PORT:
 * +2 connection, +5 first sign-in, +7 the accessibility scan's first
 * sign-in, and +10 to +14 external sign-in (keycloak, okta, keycloak and
 * okta with login-required, keycloak on a phone; each beside a local
 * identity provider of idp/ at a free port: e2e/helpers/externalSignIn.ts).
 */
const port = Number(process.env.E2E_PORT ?? 18_080);
/**
 * A second server whose access tokens expire after 3 s, for the silent-refresh journey; its files are
 * served from a content origin of their own (CONTENT_URL: localhost, the pages at 127.0.0.1) for the security journey.
 */
const shortTokenPort = port + 1;
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-'));
process.env.E2E_SHORT_TOKEN_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-short-'));
process.env.E2E_SHORT_TOKEN_URL = `http://127.0.0.1:${shortTokenPort}`;
const contentUrl = `http://localhost:${shortTokenPort}`;
process.env.E2E_CONTENT_URL = contentUrl;
const repo = path.resolve(import.meta.dirname, '..');
/** The development build served (another folder through E2E_WEB_ROOT, e.g. a private build while web/dist-dev is being rebuilt). */
const webRoot = process.env.E2E_WEB_ROOT ?? path.join(repo, 'web/dist-dev');
if (!fs.existsSync(path.join(webRoot, 'index.html'))) throw new Error('web/dist-dev is missing: run `npm run build:dev -w @atrium/web` first');
const server = (listen: number, dataDir: string, extra: Record<string, string> = {}) => ({
  // Registers the fixture packages (e2e/fixtures/packages), then runs the server itself.
  command: `bash ${path.join(repo, 'e2e/serve.sh')}`,
  cwd: repo,
  url: `http://127.0.0.1:${listen}/healthz`,
  reuseExistingServer: false,
  timeout: 120_000,
  env: {
    HOST: '127.0.0.1',
    PORT: String(listen),
    DATA_DIR: dataDir,
    WEB_ROOT: webRoot,
    LOG_LEVEL: 'warn',
    // Every journey signs in from 127.0.0.1: keep the per-address limits out of the way.
    RATE_LIMIT_AUTH: '10000',
    RATE_LIMIT_RECOVERY: '10000',
    LOGIN_MAX_FAILURES_ADDRESS: '10000',
    // A few demo users search far more often across the journeys than a person does: keep the per-user rate of costly calls
    // out of the way too (their limits are the server tests' business).
    COSTLY_CALLS_RATE: '10000',
    ...extra,
  },
});

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: [
    server(port, process.env.E2E_DATA_DIR),
    server(shortTokenPort, process.env.E2E_SHORT_TOKEN_DATA_DIR, { ACCESS_TOKEN_TTL: '3', CONTENT_URL: contentUrl }),
  ],
});
