// Lint configuration. Besides the usual TypeScript rules it enforces the
// direction of imports between packages (docs/ARCHITECTURE.md):
//   web -> apps -> app-kit -> sdk -> shared, client-ui -> app-kit,
//   web -> client-ui -> client-core -> sdk -> shared, and server -> shared;
//   an app sees the app kit, the sdk and shared only (never client-ui,
//   client-core or another app); themes (theme, icon and sound packages)
//   follow the rules of apps: a package never imports another package.
// A relative import never leaves its package (atrium/package-boundary): the
// arrows are checked on package names, and package.json lists them.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Builds a no-restricted-imports rule that forbids the given packages. */
function forbid(message, ...groups) {
  return ['error', { patterns: [{ group: groups, message }] }];
}

const nodeBuiltins = ['node:*', 'fs', 'path', 'crypto', 'os', 'child_process', 'http', 'net'];
/**
 * The packages of apps/ and themes/: loaded by the desktop, never imported by other code (the app kit is a library, not an app).
 * Groups are gitignore-like and read in order: a layer below the kit names '@atrium/app-kit' after these.
 */
const packages = ['@atrium/app-*', '!@atrium/app-kit', '!@atrium/app-kit/*', '@atrium/theme-*', '@atrium/icons-*', '@atrium/sounds-*'];
/** The desktop's own packages, which applications never see. */
const desktopInternals = ['@atrium/client-core', '@atrium/client-core/*', '@atrium/client-ui', '@atrium/client-ui/*'];

const repo = import.meta.dirname;
/** The workspaces of the root package.json ('apps/*', 'web'...). */
const workspaces = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).workspaces.map((w) => w.split('/'));

/** The folder of the workspace package a file belongs to ('apps/files', 'web'), or '.' for the root's own files. */
export function packageOf(file) {
  const parts = path.relative(repo, file).split(path.sep);
  for (const workspace of workspaces) {
    const wild = workspace.at(-1) === '*';
    const fixed = wild ? workspace.slice(0, -1) : workspace;
    const length = wild ? fixed.length + 1 : fixed.length;
    if (parts.length > length && fixed.every((part, i) => parts[i] === part)) return parts.slice(0, length).join('/');
  }
  return '.';
}

/** atrium/package-boundary: a relative import whose target is in another package than the importing file. */
const packageBoundary = {
  meta: { type: 'problem', schema: [], messages: { leaves: "The relative import '{{source}}' leaves {{from}} for {{to}}: import that package by its name (and list it in package.json), where the arrows allow it." } },
  create(context) {
    const from = packageOf(context.filename);
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = packageOf(path.resolve(path.dirname(context.filename), source.value));
      // The repository's own tooling (scripts/, configuration) is no package: it and the tools of bench/ may share code.
      if (to !== from && from !== '.' && to !== '.') context.report({ node: source, messageId: 'leaves', data: { source: source.value, from, to } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
/** What no server file imports: the client side of the house. */
const serverForbidden = ['@atrium/client-core', '@atrium/client-ui', '@atrium/web', '@atrium/app-*', 'react', 'react-dom'];

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', '**/dist-dev/', '**/.data/', '**/playwright-report/', '**/test-results/', 'packages/server/drizzle/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { atrium: { rules: { 'package-boundary': packageBoundary } } },
    rules: {
      'atrium/package-boundary': 'error',
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
      'no-restricted-imports': forbid('client-core depends on shared (and the sdk types) only: no React, no UI, no server code.', '@atrium/client-ui', '@atrium/server', '@atrium/web', ...packages, '@atrium/app-kit', '@atrium/app-kit/*', 'react', 'react-dom', 'fastify', ...nodeBuiltins),
    },
  },
  {
    files: ['packages/app-kit/**'],
    rules: {
      'no-restricted-imports': forbid('The app kit is what applications build on: the sdk, shared and React, never the desktop (client-core, client-ui), an app, the web entry or the server.', ...desktopInternals, '@atrium/server', '@atrium/web', ...packages, 'fastify', ...nodeBuiltins),
    },
  },
  {
    files: ['packages/sdk/**'],
    rules: {
      'no-restricted-imports': forbid('The sdk is what packages are written against: it imports shared only.', '@atrium/client-core', '@atrium/client-ui', '@atrium/server', '@atrium/web', ...packages, '@atrium/app-kit', '@atrium/app-kit/*', 'react', 'react-dom', 'fastify', ...nodeBuiltins),
    },
  },
  {
    files: ['packages/client-ui/**', 'packages/app-kit/**', 'web/**', 'apps/**'],
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
      'no-restricted-imports': forbid(
        'A package (app, theme, icons, sounds) imports the app kit, the sdk and shared only: never the desktop (client-ui, client-core), another package, the web entry or the server. It asks the shell through the sdk; its tests use @atrium/app-kit/testing.',
        ...desktopInternals,
        '@atrium/server',
        '@atrium/web',
        ...packages,
        'fastify',
        ...nodeBuiltins,
      ),
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
