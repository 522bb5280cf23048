import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end journeys in Debian's Chromium (/usr/bin/chromium; never a
 * downloaded browser) against the real server, started on 127.0.0.1 with
 * demo data in a throwaway data folder.
 */
const port = Number(process.env.E2E_PORT ?? 18_080);
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-'));
const repo = path.resolve(import.meta.dirname, '..');

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
  webServer: {
    command: `node --import tsx ${path.join(repo, 'packages/server/src/main.ts')}`,
    cwd: repo,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { HOST: '127.0.0.1', PORT: String(port), DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'warn' },
  },
});
