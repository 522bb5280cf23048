import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../..');

/**
 * A server of a journey's own (the connection journey stops and restarts
 * it), on 127.0.0.1 with the development build (web/dist-dev, or the folder
 * E2E_WEB_ROOT names, as for the configuration's servers). The first start
 * registers the fixture packages through e2e/serve.sh; later starts on the
 * same data folder run the server directly. The process is the server's
 * own, so stop() stops the server itself. `env` adds settings of the
 * journey's own (the AUTH_* of external sign-in, for one).
 */
export class JourneyServer {
  #child: ChildProcess | null = null;

  constructor(
    readonly dataDir: string,
    readonly port: number,
    readonly env: Readonly<Record<string, string>> = {},
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(options: { registerPackages: boolean }): Promise<void> {
    const [command, args] = options.registerPackages
      ? ['bash', [path.join(repo, 'e2e/serve.sh')]]
      : [process.execPath, ['--import', 'tsx', path.join(repo, 'packages/server/src/main.ts')]];
    this.#child = spawn(command, args, {
      cwd: repo,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        WEB_ROOT: process.env.E2E_WEB_ROOT ?? path.join(repo, 'web/dist-dev'),
        LOG_LEVEL: 'warn',
        RATE_LIMIT_AUTH: '10000',
        LOGIN_MAX_FAILURES_ADDRESS: '10000',
        ...this.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const started = Date.now();
    for (;;) {
      if (this.#child.exitCode !== null) throw new Error(`the server exited with ${this.#child.exitCode}`);
      try {
        if ((await fetch(`${this.url}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 90_000) throw new Error('the server did not start within 90 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Stops the server gracefully (SIGTERM: it closes its sockets, then exits). */
  stop(): Promise<void> {
    const child = this.#child;
    this.#child = null;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

/** A port nobody listens on. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
