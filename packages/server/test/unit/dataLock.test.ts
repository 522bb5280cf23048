import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataLock, DataFolderLockedError } from '../../src/dataLock.js';

const holder = path.join(import.meta.dirname, 'fixtures', 'holdDataLock.ts');

/** Starts another process that takes the lock on `dir`, resolving once it holds it. */
async function lockInAnotherProcess(dir: string): Promise<ChildProcessWithoutNullStreams> {
  const child = spawn(process.execPath, ['--import', 'tsx', holder, dir], { stdio: 'pipe' });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('locked')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`lock holder exited with ${code}: ${err}`)));
  });
  return child;
}

/** Tells the holder to exit, releasing the lock or (with 'crash') leaving it behind. */
async function stop(child: ChildProcessWithoutNullStreams, how: 'release' | 'crash'): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.stdin.write(`${how}\n`);
  await exited;
}

describe('data folder lock', () => {
  let dir: string;
  const children: ChildProcessWithoutNullStreams[] = [];
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-lock-'));
  });
  afterEach(async () => {
    for (const child of children.splice(0)) await stop(child, 'release');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second holder with DataFolderLockedError while another process holds the lock, then admits it once released', async () => {
    const child = await lockInAnotherProcess(dir);
    children.push(child);
    expect(() => acquireDataLock(dir)).toThrow(DataFolderLockedError);
    expect(() => acquireDataLock(dir)).toThrow(String(child.pid));
    await stop(child, 'release');
    expect(fs.existsSync(path.join(dir, 'atrium.lock'))).toBe(false);
    const lock = acquireDataLock(dir);
    lock.release();
  });

  it('takes over a lock left behind by a process that no longer runs', async () => {
    const child = await lockInAnotherProcess(dir);
    await stop(child, 'crash');
    expect(fs.readFileSync(path.join(dir, 'atrium.lock'), 'utf8').trim()).toBe(String(child.pid));
    const lock = acquireDataLock(dir);
    expect(fs.readFileSync(path.join(dir, 'atrium.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock file naming a dead process id', () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    fs.writeFileSync(path.join(dir, 'atrium.lock'), `${dead}\n`);
    const lock = acquireDataLock(dir);
    expect(fs.readFileSync(path.join(dir, 'atrium.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('creates the folder and a lock file readable by the owner only; release deletes it and frees the folder', () => {
    const nested = path.join(dir, 'not', 'yet');
    const lock = acquireDataLock(nested);
    const file = path.join(nested, 'atrium.lock');
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
    lock.release();
    const again = acquireDataLock(nested);
    expect(fs.existsSync(file)).toBe(true);
    again.release();
  });

  it('does not delete a lock that another process took after ours was lost', async () => {
    const lock = acquireDataLock(dir);
    fs.rmSync(path.join(dir, 'atrium.lock'));
    const child = await lockInAnotherProcess(dir);
    children.push(child);
    lock.release();
    expect(fs.readFileSync(path.join(dir, 'atrium.lock'), 'utf8').trim()).toBe(String(child.pid));
  });
});
