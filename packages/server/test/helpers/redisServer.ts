/**
 * A throwaway Redis for the tests of the Redis event bus: Debian's
 * `redis-server`, on 127.0.0.1 at a free port, keeping nothing on disk, in
 * a temporary folder removed when it stops. Where redis-server is missing
 * the tests that need it are skipped with a warning, except in CI (CI set),
 * where that is an error, as scripts/test-all.sh treats a missing
 * PostgreSQL or Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';

const binary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((file) => fs.existsSync(file)) ?? null;

if (!binary) {
  if (process.env.CI) throw new Error('redis-server is required in CI (apt-get install redis-server; .ci/run installs it)');
  console.warn('warning: redis-server not installed: skipping the tests that need Redis (apt-get install redis-server)');
}

/** Whether the tests that need Redis can run here. */
export const redisAvailable = binary !== null;

export interface RedisServer {
  /** redis://127.0.0.1:PORT, or redis://:PASSWORD@127.0.0.1:PORT */
  url: string;
  /** Runs one command on a connection of its own, e.g. `command('CLIENT', 'KILL', 'TYPE', 'pubsub')`. */
  command(...args: string[]): Promise<unknown>;
  /** Stops the server (everything it held is gone) and starts it again on the same port. */
  restart(): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address !== 'object') throw new Error('no free port');
  return address.port;
}

/** Spawns redis-server and waits until it accepts connections; rejects if it stops first. */
async function spawnRedis(dir: string, port: number, password: string | undefined): Promise<ChildProcess> {
  const args = ['--bind', '127.0.0.1', '--port', String(port), '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--loglevel', 'notice'];
  const child = spawn(binary!, password ? [...args, '--requirepass', password] : args, {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s:\n${output}`)), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server stopped (exit ${code}):\n${output}`));
    });
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Starts a Redis of its own, which asks for `password` when one is given; call `stop()` when done. */
export async function startRedisServer(options: { password?: string } = {}): Promise<RedisServer> {
  if (!binary) throw new Error('redis-server is not installed');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-redis-'));
  let port = 0;
  let child: ChildProcess | null = null;
  // Another process may take the port between the look and the start: a few tries.
  for (let attempt = 0; !child; attempt++) {
    port = await freePort();
    child = await spawnRedis(dir, port, options.password).catch((err: unknown) => {
      if (attempt < 4) return null;
      fs.rmSync(dir, { recursive: true, force: true });
      throw err;
    });
  }
  let running: ChildProcess = child;
  const url = `redis://${options.password ? `:${encodeURIComponent(options.password)}@` : ''}127.0.0.1:${port}`;
  return {
    url,
    async command(...args: string[]) {
      const client = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
      try {
        await client.connect();
        return await client.call(args[0]!, ...args.slice(1));
      } finally {
        client.disconnect();
      }
    },
    async restart() {
      await stopRedis(running);
      running = await spawnRedis(dir, port, options.password);
    },
    async stop() {
      await stopRedis(running);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
