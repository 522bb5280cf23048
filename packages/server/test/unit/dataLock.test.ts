import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataLock, DataFolderLockedError, type DataLockMechanism } from '../../src/dataLock.js';

const holder = path.join(import.meta.dirname, 'fixtures', 'holdDataLock.ts');
const raceWorker = path.join(import.meta.dirname, 'fixtures', 'lockRaceWorker.ts');

/** Processes started together per trial, and trials per mechanism. */
const CONTENDERS = 4;
const TRIALS = 40;
const PERIOD_MS = 60;

/** Starts another process that takes the lock on `dir`, resolving once it holds it. */
async function lockInAnotherProcess(dir: string, mechanism: DataLockMechanism): Promise<ChildProcessWithoutNullStreams> {
  const child = spawn(process.execPath, ['--import', 'tsx', holder, dir, mechanism], { stdio: 'pipe' });
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
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.stdin.write(`${how}\n`);
  await exited;
}

async function kill(child: ChildProcessWithoutNullStreams): Promise<void> {
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}

/**
 * Runs CONTENDERS processes through TRIALS synchronised attempts on fresh
 * folders, every other one holding a lock file left by a process that no
 * longer runs; returns how many held each trial's lock.
 */
async function race(base: string, mechanism: DataLockMechanism): Promise<number[]> {
  const dead = spawnSync(process.execPath, ['-e', '']).pid;
  for (let i = 0; i < TRIALS; i += 2) {
    fs.mkdirSync(path.join(base, String(i)));
    fs.writeFileSync(path.join(base, String(i), 'atrium.lock'), `${dead}\n`);
  }
  // Far enough ahead for every process to have started and loaded the code.
  const start = Date.now() + 4000;
  const workers = Array.from({ length: CONTENDERS }, () =>
    spawn(process.execPath, ['--import', 'tsx', raceWorker, base, String(TRIALS), String(start), String(PERIOD_MS), mechanism], { stdio: 'pipe' }),
  );
  const outputs = await Promise.all(
    workers.map(
      (child) =>
        new Promise<string>((resolve, reject) => {
          let out = '';
          let err = '';
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString();
            if (out.endsWith('done\n')) resolve(out);
          });
          child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
          child.on('exit', (code) => reject(new Error(`race worker exited with ${code}: ${err}`)));
        }),
    ),
  );
  // Every contender has had its turn at every trial: now the holders may let go.
  await Promise.all(
    workers.map((child) => {
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      child.stdin.write('exit\n');
      return exited;
    }),
  );
  const held = new Array<number>(TRIALS).fill(0);
  const answered = new Array<number>(TRIALS).fill(0);
  for (const line of outputs.join('').split('\n').filter((l) => l && l !== 'done')) {
    const [trial, outcome] = line.split(' ');
    answered[Number(trial)]!++;
    if (outcome === 'held') held[Number(trial)]!++;
  }
  expect(answered).toEqual(new Array<number>(TRIALS).fill(CONTENDERS));
  return held;
}

describe.each(['socket', 'file'] as const)('data folder lock (%s)', (mechanism) => {
  let dir: string;
  const children: ChildProcessWithoutNullStreams[] = [];
  const acquire = (folder: string) => acquireDataLock(folder, { mechanism });
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-lock-'));
  });
  afterEach(async () => {
    for (const child of children.splice(0)) await stop(child, 'release');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second holder with DataFolderLockedError naming the holder while another process holds the lock, then admits it once released', async () => {
    const child = await lockInAnotherProcess(dir, mechanism);
    children.push(child);
    await expect(acquire(dir)).rejects.toThrow(DataFolderLockedError);
    await expect(acquire(dir)).rejects.toThrow(`(process ${child.pid})`);
    await stop(child, 'release');
    expect(fs.existsSync(path.join(dir, 'atrium.lock'))).toBe(false);
    const lock = await acquire(dir);
    lock.release();
  });

  it('lets exactly one of several processes started at the same moment hold the folder, in every trial', async () => {
    const held = await race(dir, mechanism);
    expect(held).toEqual(new Array<number>(TRIALS).fill(1));
  });

  it('can be taken at once from a holder that was killed', async () => {
    const child = await lockInAnotherProcess(dir, mechanism);
    await kill(child);
    expect(fs.readFileSync(path.join(dir, 'atrium.lock'), 'utf8').trim()).toBe(String(child.pid));
    const lock = await acquire(dir);
    expect(fs.readFileSync(path.join(dir, 'atrium.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock file naming a dead process id', async () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    fs.writeFileSync(path.join(dir, 'atrium.lock'), `${dead}\n`);
    const lock = await acquire(dir);
    expect(fs.readFileSync(path.join(dir, 'atrium.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('creates the folder and a lock file readable by the owner only; release deletes it and frees the folder', async () => {
    const nested = path.join(dir, 'not', 'yet');
    const lock = await acquire(nested);
    const file = path.join(nested, 'atrium.lock');
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    await expect(acquire(nested)).rejects.toThrow(DataFolderLockedError);
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
    lock.release();
    const again = await acquire(nested);
    expect(fs.existsSync(file)).toBe(true);
    again.release();
    expect(fs.readdirSync(nested)).toEqual([]);
  });
});

describe('data folder lock on Linux', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-lock-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.runIf(process.platform === 'linux')('is not freed by deleting the lock file, and is the same lock through another path to the folder', async () => {
    const child = await lockInAnotherProcess(dir, 'socket');
    try {
      fs.rmSync(path.join(dir, 'atrium.lock'));
      await expect(acquireDataLock(dir)).rejects.toThrow(DataFolderLockedError);
      const link = `${dir}-link`;
      fs.symlinkSync(dir, link);
      try {
        await expect(acquireDataLock(link)).rejects.toThrow(DataFolderLockedError);
      } finally {
        fs.rmSync(link);
      }
    } finally {
      await stop(child, 'release');
    }
  });
});
