/**
 * @module-tag embedded-only
 *
 * The server as an operator runs it: a real process on a data folder.
 * Covers the printed address, the data-folder lock, graceful shutdown and
 * a restart that keeps the data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-process-'));
const children: ChildProcess[] = [];

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(extraEnv: Record<string, string> = {}): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'packages/server/src/main.ts')], {
    cwd: repo,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function printedAddress(server: Started): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const match = /Atrium is running at (http:\/\/\S+)/.exec(server.output());
    if (match?.[1]) return match[1];
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no address printed: ${server.output()}`);
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('starts on an empty folder with demo data, refuses a second server on it, and stops gracefully', async () => {
    const first = start();
    const address = await printedAddress(first);
    const health = await fetch(`${address}/healthz`);
    expect(health.status).toBe(200);
    const auth = await fetch(`${address}/api/wrapper/auth`, { method: 'POST', body: new URLSearchParams({ username: 'demo', password: 'Demo@1234' }) });
    expect(auth.status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'atrium.lock'))).toBe(true);
    expect(fs.statSync(path.join(dataDir, 'secrets.json')).mode & 0o077).toBe(0);

    const second = start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another Atrium server');
    expect((await fetch(`${address}/healthz`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'atrium.lock'))).toBe(false);
  });

  it('restarts on the existing folder with the same data and the same signing key', async () => {
    const secrets = fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8');
    const server = start();
    const address = await printedAddress(server);
    const auth = await fetch(`${address}/api/wrapper/auth`, { method: 'POST', body: new URLSearchParams({ username: 'demo', password: 'Demo@1234' }) });
    expect(auth.status).toBe(200);
    const accounts = await fetch(`${address}/api/v1/homescreen/announcement/localhost`);
    expect(((await accounts.json()) as { data: unknown[] }).data).toHaveLength(4);
    expect(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).toBe(secrets);
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
  });

  it('refuses to start with a bad setting and names it', async () => {
    const server = start({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
  });

  it('refuses to start with a bad built-in package and names its metadata file', async () => {
    const server = start({ BUILTIN_PACKAGES_DIRS: path.join(repo, 'packages/server/test/fixtures/builtin-bad/apps') });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/^Invalid package metadata in \S+builtin-bad\/apps\/broken\/metadata\.json: /m);
    expect(server.output()).not.toContain('    at ');
    expect(fs.existsSync(path.join(dataDir, 'atrium.lock'))).toBe(false);
  });
});
