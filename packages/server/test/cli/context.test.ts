// @module-tag postgres
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { CliError } from '../../src/cli/args.js';
import { openCliContext } from '../../src/cli/context.js';
import { loadConfig } from '../../src/config.js';
import { acquireDataLock, type DataLock } from '../../src/dataLock.js';

const folders: string[] = [];
const locks: DataLock[] = [];
function tempFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-cli-ctx-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const lock of locks.splice(0)) lock.release();
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A data folder whose lock is held, as a running server holds it. */
async function lockedFolder(): Promise<string> {
  const dir = tempFolder();
  locks.push(await acquireDataLock(dir));
  return dir;
}

describe('the command-line context', () => {
  it('refuses an embedded data folder that a running server holds', async () => {
    const dir = await lockedFolder();
    const opening = openCliContext(loadConfig({ DATA_DIR: dir }));
    await expect(opening).rejects.toBeInstanceOf(CliError);
    await expect(opening).rejects.toThrow(
      `The data folder ${dir} is in use by a running Atrium server; stop it first, or set DATABASE_URL to use PostgreSQL.`,
    );
    expect(fs.existsSync(path.join(dir, 'pgdata'))).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'atrium.lock'), 'utf8').trim()).toBe(String(process.pid));
  });

  it('opens and migrates the embedded database under the lock, and frees the folder on close', async () => {
    const dir = tempFolder();
    const ctx = await openCliContext(loadConfig({ DATA_DIR: dir }));
    try {
      expect(fs.readFileSync(path.join(dir, 'atrium.lock'), 'utf8').trim()).toBe(String(process.pid));
      expect(await ctx.stores.users.count()).toBe(0);
    } finally {
      await ctx.close();
    }
    expect(fs.existsSync(path.join(dir, 'atrium.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'pgdata'))).toBe(true);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('with DATABASE_URL works while a server holds the data folder', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `atrium_cli_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const dir = await lockedFolder();
      const ctx = await openCliContext(loadConfig({ DATA_DIR: dir, DATABASE_URL: url.toString() }));
      try {
        expect(await ctx.stores.users.count()).toBe(0);
      } finally {
        await ctx.close();
      }
      expect(fs.readFileSync(path.join(dir, 'atrium.lock'), 'utf8').trim()).toBe(String(process.pid));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('reports a PostgreSQL server it cannot reach', async () => {
    const opening = openCliContext(loadConfig({ DATA_DIR: tempFolder(), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }));
    await expect(opening).rejects.toBeInstanceOf(CliError);
    await expect(opening).rejects.toThrow(/^Could not open the PostgreSQL database of DATABASE_URL: /);
  });
});
