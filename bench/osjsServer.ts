/**
 * The `@osjs/server` package's server as its own process, to compare its
 * filesystem service with Atrium's in bench/files.bench.ts: its Core with the
 * services the filesystem needs (express, authentication, VFS), the default
 * "null" authentication (signs anybody in with any password) and its `home`
 * mount at {OSJS_ROOT}/vfs/{username}. Sessions use its default store
 * (connect-loki), kept in OSJS_ROOT. Logging and development mode are off, as
 * in production. Answers GET /ping once listening.
 *
 *   PORT=8000 OSJS_ROOT=/tmp/osjs node --import tsx bench/osjsServer.ts
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

interface OsjsCore {
  register(provider: unknown, options?: Record<string, unknown>): void;
  boot(): Promise<boolean>;
  destroy(): Promise<void>;
}
interface OsjsServerModule {
  Core: new (config: Record<string, unknown>, options: Record<string, unknown>) => OsjsCore;
  CoreServiceProvider: unknown;
  AuthServiceProvider: unknown;
  VFSServiceProvider: unknown;
}

const require = createRequire(import.meta.url);
const osjs = require('@osjs/server') as OsjsServerModule;

const port = Number(process.env.PORT ?? 8000);
const root = path.resolve(process.env.OSJS_ROOT ?? 'osjs-bench');
const publicDir = path.join(root, 'public');
fs.mkdirSync(publicDir, { recursive: true });
fs.writeFileSync(path.join(publicDir, 'index.html'), '<!doctype html><title>OS.js</title>');

// A larger upload than its default 200 MB, so that the 1 GB transfer can be compared.
const maxFileSize = 2 * 1024 ** 3;
const core = new osjs.Core(
  {
    development: false,
    logging: false,
    bind: '127.0.0.1',
    port,
    public: publicDir,
    express: { maxFieldsSize: 20 * 1024 ** 2, maxFileSize, maxBodySize: '100kb' },
    session: { store: { options: { path: path.join(root, 'session-store.db') } } },
    vfs: { root: path.join(root, 'vfs'), mountpoints: [{ name: 'home', attributes: { root: '{vfs}/{username}' } }] },
  },
  { argv: [], root },
);
core.register(osjs.CoreServiceProvider, { before: true });
core.register(osjs.VFSServiceProvider);
core.register(osjs.AuthServiceProvider);

await core.boot();

process.once('SIGTERM', () => {
  void core.destroy().finally(() => process.exit(0));
});
