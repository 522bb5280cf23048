/**
 * Several real Atrium servers (separate processes, run from the sources)
 * on one PostgreSQL database, behind HAProxy, as docs/DEPLOYMENT.md
 * describes them: for the tests that kill a server or go through the proxy.
 * Each server has a data folder of its own and the same secrets file; the
 * database is a fresh clone of the migrated template. Debian's `haproxy` is
 * needed: where it is missing, `missingTools` names it and the tests are
 * skipped with a warning, except in CI where that is an error.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { haproxyConfig } from '../../../../scripts/cluster/haproxyConfig.js';
import { adminQuery, databaseUrl } from './postgresAdmin.js';

const repo = path.resolve(import.meta.dirname, '../../../..');
const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((file) => fs.existsSync(file));

/** The programs a cluster needs that this machine lacks (empty when it has them all). */
export function missingTools(): string[] {
  return HAPROXY ? [] : ['haproxy (apt-get install haproxy)'];
}

/** Whether the cluster tests can run here; a missing program is a warning, except in CI where it fails the run. */
export function clusterCanRun(label: string): boolean {
  if (!process.env.TEST_DATABASE_URL) return false;
  const missing = missingTools();
  if (missing.length === 0) return true;
  if (process.env.CI) throw new Error(`${label}: required in CI: ${missing.join(', ')}`);
  process.stderr.write(`warning: ${label} skipped: ${missing.join(', ')} not installed\n`);
  return false;
}

/** Asks until `check` holds, every 20 ms for at most `ms`: how long it took, or fails. */
export async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - start;
}

/** A free TCP port on 127.0.0.1 (free when asked; the caller binds it at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ClusterServer {
  name: string;
  /** http://127.0.0.1:PORT */
  url: string;
  process: ChildProcess;
  /** What it wrote, for the failure messages. */
  output(): string;
}

export interface Cluster {
  /** The proxy's address: what users are given. */
  url: string;
  servers: ClusterServer[];
  databaseUrl: string;
  close(): Promise<void>;
}

/** Waits until GET url/readyz answers 200, or fails with the process's output. */
async function ready(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < 120_000) {
    if (child.exitCode !== null) throw new Error(`${url} stopped (exit ${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} was not ready within 2 minutes:\n${output()}`);
}

function collect(child: ChildProcess): () => string {
  let text = '';
  const keep = (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => text;
}

/**
 * Starts `count` servers (with `env` added to their environment) and the
 * proxy in front of them; every server is ready and the proxy is answering
 * when this resolves.
 */
export async function startCluster(count: number, env: Record<string, string> = {}): Promise<Cluster> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl || !HAPROXY) throw new Error('a cluster needs TEST_DATABASE_URL and haproxy');
  const name = `atrium_cluster_${crypto.randomBytes(6).toString('hex')}`;
  const template = process.env.ATRIUM_TEST_TEMPLATE_DATABASE;
  await adminQuery(adminUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = databaseUrl(adminUrl, name);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-cluster-'));
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
    );
    fs.rmSync(root, { recursive: true, force: true });
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  };
  try {
    const proxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    const secrets = JSON.stringify({ jwtSecret: crypto.randomBytes(48).toString('base64url') });
    const start = async (index: number): Promise<ClusterServer> => {
      const serverName = `atrium${index + 1}`;
      const dataDir = path.join(root, serverName);
      fs.mkdirSync(dataDir, { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'secrets.json'), secrets, { mode: 0o600 });
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'packages/server/src/main.ts')], {
        cwd: repo,
        env: {
          ...process.env,
          NODE_OPTIONS: '',
          DATABASE_URL: url,
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: publicUrl,
          TRUST_PROXY: 'true',
          DEMO_DATA: 'false',
          LOG_LEVEL: 'warn',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      const output = collect(child);
      const serverUrl = `http://127.0.0.1:${port}`;
      await ready(serverUrl, child, output);
      return { name: serverName, url: serverUrl, process: child, output };
    };
    const servers = await Promise.all(Array.from({ length: count }, (_, index) => start(index)));
    const config = path.join(root, 'haproxy.cfg');
    fs.writeFileSync(
      config,
      haproxyConfig({ bind: { host: '127.0.0.1', port: proxyPort }, servers: servers.map((s) => ({ name: s.name, host: '127.0.0.1', port: Number(new URL(s.url).port) })) }),
    );
    const proxy = spawn(HAPROXY, ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(proxy);
    await ready(publicUrl, proxy, collect(proxy));
    return { url: publicUrl, servers, databaseUrl: url, close: stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
