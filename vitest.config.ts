import { defineConfig } from 'vitest/config';

/**
 * Unit and server tests. Playwright specs live in e2e/ and are not picked
 * up here. The server project runs on the embedded database unless
 * TEST_DATABASE_URL names a PostgreSQL server (scripts/with-postgres.sh).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts', 'scripts/**/*.test.ts', 'web/build/**/*.test.ts', 'idp/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'client',
          environment: 'jsdom',
          // The theme's defaults are read as text (?raw) by web/src/builtinPackages.test.ts.
          css: { include: [/theme\/vision\.css/] },
          include: [
            'packages/sdk/src/**/*.test.ts',
            'packages/app-kit/src/**/*.test.{ts,tsx}',
            'packages/client-core/src/**/*.test.ts',
            'packages/client-ui/src/**/*.test.{ts,tsx}',
            'apps/*/src/**/*.test.{ts,tsx}',
            'themes/*/src/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/**/*.test.ts'],
          globalSetup: ['packages/server/test/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
