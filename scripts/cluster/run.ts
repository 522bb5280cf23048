/**
 * `npm run cluster -- 3`: several Atrium servers on one PostgreSQL behind
 * HAProxy, on this machine, to try what docs/DEPLOYMENT.md describes. Run
 * by scripts/with-postgres.sh (a throwaway PostgreSQL cluster, deleted when
 * this stops) after `npm run build`. The servers share one database and one
 * signing secret; each has its data folder in a temporary folder; they
 * start all at once (one applies the migrations and writes the demo data
 * while the others wait: docs/DEPLOYMENT.md, "Jobs that run once"); then
 * the proxy listens on CLUSTER_PORT (default 8080) and each server on the
 * ports after it. Where Debian's redis-server is installed, one is started
 * on the port after the servers' (keeping nothing on disk) and the servers'
 * event bus goes through it (REDIS_URL); `--bus=pg` keeps it on
 * PostgreSQL's LISTEN/NOTIFY. File contents go to one bucket: the one of
 * the S3_* variables when S3_BUCKET is set, else a fake S3 server started
 * here (s3rver, scripts/cluster/s3rver.ts) with its objects in the
 * temporary folder. Ctrl+C stops everything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { haproxyConfig } from './haproxyConfig.js';

const repo = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const count = Number(args.find((arg) => !arg.startsWith('--')) ?? 3);
const bus = args.find((arg) => arg.startsWith('--bus='))?.slice('--bus='.length) ?? 'redis';
const proxyPort = Number(process.env.CLUSTER_PORT ?? 8080);
const adminUrl = process.env.TEST_DATABASE_URL;
const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((file) => fs.existsSync(file));
const redisServer = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((file) => fs.existsSync(file));

function fail(message: string): never {
  process.stderr.write(`cluster: ${message}\n`);
  process.exit(1);
}

if (!Number.isInteger(count) || count < 1 || count > 9) fail('give the number of servers, 1 to 9: npm run cluster -- 3');
if (bus !== 'redis' && bus !== 'pg') fail('--bus is redis (the default where redis-server is installed) or pg (LISTEN/NOTIFY)');
if (!adminUrl) fail('run through scripts/with-postgres.sh (npm run cluster does)');
if (!haproxy) fail('HAProxy is missing: apt-get install haproxy');
if (!fs.existsSync(path.join(repo, 'packages/server/dist/main.js'))) fail('the server is not built: npm run build');

const children: ChildProcess[] = [];
const stopAll = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', () => {
  stopAll();
  setTimeout(() => process.exit(0), 2000).unref();
});

/** Waits until a server answers GET /readyz with 200. */
async function ready(port: number, child: ChildProcess): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < 120_000) {
    if (child.exitCode !== null) fail(`the server on port ${port} stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  fail(`the server on port ${port} was not ready within 2 minutes`);
}

/** Lines of a child's output, each marked with its name. */
function prefixed(child: ChildProcess, name: string): void {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) process.stdout.write(`[${name}] ${line}\n`);
    });
  }
}

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query('create database atrium_cluster');
await admin.end();
const url = new URL(adminUrl);
url.pathname = '/atrium_cluster';
const databaseUrl = url.toString();

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-cluster-'));

/** Starts redis-server on the port after the servers', keeping nothing on disk: its address, once it accepts connections. */
async function startRedis(binary: string): Promise<string> {
  const port = proxyPort + count + 1;
  const dir = path.join(root, 'redis');
  fs.mkdirSync(dir);
  const child = spawn(binary, ['--bind', '127.0.0.1', '--port', String(port), '--dir', dir, '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  const collect = (chunk: Buffer) => void (output += chunk.toString('utf8'));
  const early = (code: number | null) => fail(`redis-server on port ${port} stopped (exit ${code}):\n${output}`);
  child.stdout!.on('data', collect);
  child.once('exit', early);
  while (!output.includes('Ready to accept connections')) await new Promise((resolve) => setTimeout(resolve, 50));
  child.stdout!.off('data', collect);
  child.off('exit', early);
  prefixed(child, 'redis');
  return `redis://127.0.0.1:${port}`;
}

let redisUrl: string | undefined;
if (bus === 'redis' && redisServer) redisUrl = await startRedis(redisServer);
else if (bus === 'redis') process.stdout.write('cluster: redis-server is not installed (apt-get install redis-server): the event bus stays on PostgreSQL\n');
// One signing secret for every server: a token made by one is good on the others.
const secrets = JSON.stringify({ jwtSecret: crypto.randomBytes(48).toString('base64url') });
const servers = Array.from({ length: count }, (_, i) => ({ name: `atrium${i + 1}`, host: '127.0.0.1', port: proxyPort + i + 1 }));

/** The S3_* settings of every server: the environment's bucket, or one of a fake S3 server started for the cluster. */
async function objectStorage(): Promise<Record<string, string>> {
  if (process.env.S3_BUCKET) return {};
  const bucket = 'atrium-cluster';
  const dir = path.join(root, 's3');
  fs.mkdirSync(dir);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'scripts/cluster/s3rver.ts'), '0', dir, bucket], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let up = false;
  const port = await new Promise<string>((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const found = /ready (\d+)/.exec(chunk.toString());
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => up || fail(`the fake S3 server stopped (exit ${code})`));
  });
  up = true;
  prefixed(child, 's3rver');
  process.stdout.write(`[s3rver] bucket ${bucket} on http://127.0.0.1:${port}\n`);
  return { S3_BUCKET: bucket, S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
}
const s3 = await objectStorage();

function startServer(server: (typeof servers)[number]): ChildProcess {
  const dataDir = path.join(root, server.name);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'secrets.json'), secrets, { mode: 0o600 });
  const child = spawn(process.execPath, [path.join(repo, 'packages/server/dist/main.js')], {
    cwd: repo,
    env: { ...process.env, ...s3, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl ?? '', DATA_DIR: dataDir, HOST: server.host, PORT: String(server.port), TRUST_PROXY: 'true', PUBLIC_URL: `http://127.0.0.1:${proxyPort}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  prefixed(child, server.name);
  return child;
}

await Promise.all(servers.map((server) => ready(server.port, startServer(server))));

const config = path.join(root, 'haproxy.cfg');
fs.writeFileSync(config, haproxyConfig({ bind: { host: '127.0.0.1', port: proxyPort }, servers }));
const proxy = spawn(haproxy, ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
children.push(proxy);
prefixed(proxy, 'haproxy');
await ready(proxyPort, proxy);
process.stdout.write(
  `\nAtrium: http://127.0.0.1:${proxyPort} (HAProxy) → ${servers.map((s) => `${s.name} :${s.port}`).join(', ')}, one PostgreSQL, one bucket, the event bus through ${redisUrl ? `Redis at ${redisUrl}` : 'PostgreSQL (LISTEN/NOTIFY)'}. Ctrl+C stops them.\n\n`,
);
await new Promise(() => undefined);
