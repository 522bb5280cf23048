/**
 * @module-tag embedded-only
 *
 * The real command line, spawned as operators run it, on an embedded
 * database in a fresh data folder (DATABASE_URL is cleared on purpose).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataLock } from '../../src/dataLock.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node --import tsx packages/server/src/cli/main.ts ...args`, or the bin launcher. */
function cli(dataDir: string, args: string[], entry = 'packages/server/src/cli/main.ts'): Promise<Outcome> {
  const nodeArgs = entry.endsWith('.js') ? [entry, ...args] : ['--import', 'tsx', entry, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, nodeArgs, {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', TEST_DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the atrium command line as a process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-cli-e2e-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates an organisation and a user in a data folder and lists them', async () => {
    const org = await cli(dataDir, ['org', 'create', 'Acme Corp', '--host', 'acme.test', '--default']);
    expect(org).toMatchObject({ code: 0, stderr: '' });
    expect(org.stdout).toMatch(/^Created organisation Acme Corp \(id [0-9a-f-]{36}\), now the default\.\n$/);

    const user = await cli(dataDir, ['user', 'create', 'alice', '--email', 'alice@acme.test', '--firstname', 'Alice', '--account', 'Acme Corp', '--password', 'Str0ng#Pass']);
    expect(user).toMatchObject({ code: 0, stderr: '' });
    expect(user.stdout).toMatch(/^Created user alice \(id [0-9a-f-]{36}\) in Acme Corp\.\n$/);

    // The listings go through the package's executable, bin/atrium.js.
    const users = await cli(dataDir, ['user', 'list', '--json'], 'packages/server/bin/atrium.js');
    expect(users.code).toBe(0);
    expect(JSON.parse(users.stdout)).toMatchObject([{ username: 'alice', status: 'active', hasPassword: true, accounts: [{ name: 'Acme Corp' }] }]);
    const orgs = await cli(dataDir, ['org', 'list'], 'packages/server/bin/atrium.js');
    expect(orgs.code).toBe(0);
    expect(orgs.stdout).toMatch(/\nAcme Corp\s+[0-9a-f-]{36}\s+yes\s+acme\.test\n$/);

    expect(fs.existsSync(path.join(dataDir, 'atrium.lock'))).toBe(false);
  });

  it('exits 1 with a clear message for an unknown user, and 2 for a bad command line', async () => {
    expect(await cli(dataDir, ['user', 'disable', 'ghost'])).toEqual({ code: 1, stdout: '', stderr: "No user named 'ghost'.\n" });
    const bad = await cli(dataDir, ['user', 'list', '--bogus']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: unknown option --bogus\n\nUsage: atrium user list \[options\]/);
  });

  it('refuses to run while a server holds the data folder', async () => {
    // The lock names this test process, which the child sees alive: as if a server ran.
    const lock = await acquireDataLock(dataDir);
    try {
      const r = await cli(dataDir, ['user', 'list']);
      expect(r).toEqual({
        code: 1,
        stdout: '',
        stderr: `The data folder ${dataDir} is in use by a running Atrium server; stop it first, or set DATABASE_URL to use PostgreSQL.\n`,
      });
    } finally {
      lock.release();
    }
  });
});
