import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Unit and server tests. Playwright specs live in e2e/ and are not picked
 * up here. The server project runs on the embedded database unless
 * TEST_DATABASE_URL names a PostgreSQL server (scripts/with-postgres.sh):
 * then it runs the files tagged `@module-tag postgres` only, those whose
 * outcome rests on the database (packages/server/test/README.md).
 */

/**
 * Where the client's tests are: the source folders of the browser's type check program
 * (sdk, client-core, client-ui, the apps, the themes, the web entry), so that a new client
 * workspace is one line there.
 */
const clientTestDirs = (JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'tsconfig.browser.json'), 'utf8')) as { include: string[] }).include.filter(
  (dir) => dir.endsWith('/src'),
);
const clientTests = {
  // The theme's defaults are read as text (?raw) by web/src/builtinPackages.test.ts.
  css: { include: [/theme\/vision\.css/] },
};

/**
 * Every project's test files run in worker threads, each file with its own module graph as in child
 * processes: the whole embedded run took 226 s instead of 286 s on two cores, measured one after the other.
 */
const POOL = 'threads';

/** The server's test files tagged to run on PostgreSQL too. */
function postgresTestFiles(): string[] {
  const dir = 'packages/server/test';
  return fs
    .readdirSync(path.join(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
    .filter((file) => /(?:\/\/|\*)\s*@module-tag\s+postgres\b/.test(fs.readFileSync(path.join(import.meta.dirname, file), 'utf8')));
}

export default defineConfig({
  test: {
    // Vitest keeps a core for itself by default, which leaves a single worker on a two-core machine
    // while the server tests spend much of their time waiting on sockets, timers and the database.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          // Worker threads rather than child processes (POOL): the same isolation per file, a fifth less wall time.
          pool: POOL,
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts', 'scripts/**/*.test.ts', 'web/build/**/*.test.ts', 'idp/src/**/*.test.ts'],
        },
      },
      {
        test: {
          pool: POOL,
          name: 'client',
          // Node by default: the few tests of models that need the browser's API start
          // with a `// @vitest-environment jsdom` comment (without it they fail: document is not defined).
          environment: 'node',
          ...clientTests,
          include: clientTestDirs.map((dir) => `${dir}/**/*.test.ts`),
        },
      },
      {
        test: {
          pool: POOL,
          name: 'client-dom',
          // Component tests (.test.tsx) render into a browser document.
          environment: 'jsdom',
          ...clientTests,
          include: clientTestDirs.map((dir) => `${dir}/**/*.test.tsx`),
        },
      },
      {
        test: {
          pool: POOL,
          name: 'server',
          include: process.env.TEST_DATABASE_URL ? postgresTestFiles() : ['packages/server/**/*.test.ts'],
          tags: [
            { name: 'postgres', description: 'Runs on the embedded database and again on PostgreSQL: what it checks rests on the database.' },
            { name: 'embedded-only', description: 'Opens a database but checks nothing the database decides: runs on the embedded one only.' },
          ],
          globalSetup: ['packages/server/test/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
