/**
 * @module-tag embedded-only
 *
 * The server as `npm start` runs it: compiled by scripts/build.mjs and run
 * with plain node, on a new data folder. Everything it reads beside its
 * sources must still be found from the bundle: migrations, demo media, the
 * default logo, the version, the built-in packages.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-compiled-'));
const version = (JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { version: string }).version;

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the compiled server', () => {
  it('starts from dist/main.js without TypeScript, migrates, seeds the demo data and serves the files beside its sources', async () => {
    execFileSync(process.execPath, [path.join(repo, 'packages/server/scripts/build.mjs')], { cwd: repo, stdio: 'ignore' });
    const child = spawn(process.execPath, [path.join(repo, 'packages/server/dist/main.js')], {
      cwd: os.tmpdir(),
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      let address: string | undefined;
      for (let i = 0; i < 900 && !address; i++) {
        address = /Atrium is running at (http:\/\/\S+)/.exec(output)?.[1];
        if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
        if (!address) await new Promise((r) => setTimeout(r, 100));
      }
      if (!address) throw new Error(`no address printed: ${output}`);

      const ready = await fetch(`${address}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ data: { version, migrations: 'done' } });
      const auth = await fetch(`${address}/api/wrapper/auth`, { method: 'POST', body: new URLSearchParams({ username: 'demo', password: 'Demo@1234' }) });
      expect(auth.status).toBe(200);
      const announcements = (await (await fetch(`${address}/api/v1/homescreen/announcement/localhost`)).json()) as { data: Array<{ media: string | null }> };
      const media = announcements.data.find((a) => a.media)?.media;
      expect(media).toBeTruthy();
      const file = await fetch(`${address}/api/v1/resources/${media}`);
      expect(file.status).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);
      const manifest = await fetch(`${address}/api/v1/packages/manifest`, {
        headers: { authorization: `Bearer ${((await auth.json()) as { data: { jwt: string } }).data.jwt}` },
      });
      expect(manifest.status).toBe(200);
      expect(JSON.stringify(await manifest.json())).toContain('Preferences');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
