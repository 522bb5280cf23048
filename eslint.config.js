// Lint configuration. Besides the usual TypeScript rules it enforces the
// direction of imports between packages (docs/ARCHITECTURE.md):
//   web -> apps -> client-ui -> client-core -> sdk -> shared, and server -> shared;
//   themes (theme, icon and sound packages) import shared only in practice and
//   follow the rules of apps: a package never imports another package.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Builds a no-restricted-imports rule that forbids the given packages. */
function forbid(message, ...groups) {
  return ['error', { patterns: [{ group: groups, message }] }];
}

const nodeBuiltins = ['node:*', 'fs', 'path', 'crypto', 'os', 'child_process', 'http', 'net'];
/** The packages of apps/ and themes/: loaded by the desktop, never imported by other code. */
const packages = ['@atrium/app-*', '@atrium/theme-*', '@atrium/icons-*', '@atrium/sounds-*'];
/** What no server file imports: the client side of the house. */
const serverForbidden = ['@atrium/client-core', '@atrium/client-ui', '@atrium/web', '@atrium/app-*', 'react', 'react-dom'];

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', '**/dist-dev/', '**/.data/', '**/playwright-report/', '**/test-results/', 'packages/server/drizzle/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['packages/shared/**'],
    rules: {
      'no-restricted-imports': forbid('shared is the bottom layer: it imports no other package of the product, no framework and no Node API.', '@atrium/*', 'react', 'react-dom', 'fastify', ...nodeBuiltins),
    },
  },
  {
    files: ['packages/client-core/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': forbid('client-core depends on shared (and the sdk types) only: no React, no UI, no server code.', '@atrium/client-ui', '@atrium/server', '@atrium/web', ...packages, 'react', 'react-dom', 'fastify', ...nodeBuiltins),
    },
  },
  {
    files: ['packages/sdk/**'],
    rules: {
      'no-restricted-imports': forbid('The sdk is what packages are written against: it imports shared only.', '@atrium/client-core', '@atrium/client-ui', '@atrium/server', '@atrium/web', ...packages, 'react', 'react-dom', 'fastify', ...nodeBuiltins),
    },
  },
  {
    files: ['packages/client-ui/**', 'web/**', 'apps/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['packages/client-ui/**'],
    rules: {
      'no-restricted-imports': forbid('client-ui may use client-core, the sdk and shared, never an app or theme package, the web entry or the server.', '@atrium/server', '@atrium/web', ...packages, 'fastify', ...nodeBuiltins),
    },
  },
  {
    files: ['apps/**', 'themes/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': forbid('A package (app, theme, icons, sounds) never imports another package, the web entry or the server: it asks the shell through the sdk.', '@atrium/server', '@atrium/web', ...packages, 'fastify', ...nodeBuiltins),
    },
  },
  {
    // Registered packages the end-to-end journeys install: plain browser modules.
    files: ['e2e/fixtures/packages/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/src/**'],
    rules: {
      'no-restricted-imports': forbid('The web entry composes client packages; it never imports the server.', '@atrium/server', 'fastify', ...nodeBuiltins),
    },
  },
  {
    files: ['packages/server/**'],
    rules: {
      'no-restricted-imports': forbid('The server meets the client only through @atrium/shared.', ...serverForbidden),
    },
  },
  {
    // Routes see services, never stores, the database or the whole bag of services (docs/ARCHITECTURE.md, "Server").
    files: ['packages/server/src/**/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: serverForbidden, message: 'The server meets the client only through @atrium/shared.' },
            {
              group: ['**/stores.js', '**/*Store.js', '**/Pg*.js', '**/db/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', '**/services.js'],
              message: 'A route receives the services it uses as a narrow parameter: it never imports stores, the database or the Services bag.',
            },
          ],
        },
      ],
    },
  },
);
