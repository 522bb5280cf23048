import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

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
 * Every project's test files run in worker threads rather than child processes: the whole embedded run
 * took 226 s instead of 286 s on two cores, measured one after the other. Each file has a module graph of
 * its own, except in the client's projects (clientProject).
 */
const POOL = 'threads';

/**
 * The client's test files that replace a module (`vi.mock`): a replacement only reaches the modules
 * imported after it, so these files need a module graph of their own.
 */
function mockingClientFiles(): string[] {
  // `apps/*/src`: each app's folder.
  const expand = (dir: string) => {
    const [parent, rest] = dir.split('/*/');
    if (rest === undefined) return [dir];
    return fs.readdirSync(path.join(import.meta.dirname, parent!)).map((name) => `${parent}/${name}/${rest}`);
  };
  return clientTestDirs
    .flatMap(expand)
    .filter((dir) => fs.existsSync(path.join(import.meta.dirname, dir)))
    .flatMap((dir) => fs.readdirSync(path.join(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' }).map((file) => path.posix.join(dir, file.split(path.sep).join('/'))))
    .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.mock\(/.test(fs.readFileSync(path.join(import.meta.dirname, file), 'utf8')));
}
const clientMocking = mockingClientFiles();

/**
 * The client's tests run one file after another in each worker on one module graph (`isolate: false`):
 * loading React, jsdom's document and the models again for every file was most of their time (the
 * client's 190 files took 113 s on two cores each isolated, and 37 s so: docs/PERFORMANCE.md). They leave nothing behind that
 * the next file would meet: each renders into its own container and cleans up, and stubs of globals
 * and fake timers are undone after each test. The files that replace a module run isolated.
 */
function clientProject(name: string, environment: 'node' | 'jsdom', suffix: '.test.ts' | '.test.tsx', isolated: boolean) {
  return {
    test: {
      pool: POOL,
      name,
      environment,
      ...clientTests,
      isolate: isolated,
      // Where a test gives up, not a figure of speed: a document of sixty rows can take more than Vitest's
      // default 5 s on a busy two-core machine.
      testTimeout: 30_000,
      include: isolated ? clientMocking.filter((file) => file.endsWith(suffix)) : clientTestDirs.map((dir) => `${dir}/**/*${suffix}`),
      exclude: isolated ? configDefaults.exclude : [...configDefaults.exclude, ...clientMocking],
    },
  };
}

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
          // A limit where a test gives up, as the client's (clientProject): the property tests' hundreds of runs pass 5 s on a busy machine.
          testTimeout: 30_000,
          include: ['packages/shared/src/**/*.test.ts', 'scripts/**/*.test.ts', 'web/build/**/*.test.ts', 'idp/src/**/*.test.ts'],
        },
      },
      // Node by default: the few tests of models that need the browser's API start
      // with a `// @vitest-environment jsdom` comment (without it they fail: document is not defined).
      clientProject('client', 'node', '.test.ts', false),
      clientProject('client-mocks', 'node', '.test.ts', true),
      // Component tests (.test.tsx) render into a browser document.
      clientProject('client-dom', 'jsdom', '.test.tsx', false),
      clientProject('client-dom-mocks', 'jsdom', '.test.tsx', true),
      {
        test: {
          pool: POOL,
          name: 'server',
          // One module graph per worker, as the client's (docs/PERFORMANCE.md, "The test suite"): importing the server
          // again for every file was a third of the embedded run. Each file builds its own app over its own database
          // and closes both; none replaces a module or changes one's state.
          isolate: false,
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
