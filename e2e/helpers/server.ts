import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '../..');

/** The compiled server (`npm run build`), as an operator runs it. */
const SERVER_MAIN = path.join(repo, 'packages/server/dist/main.js');

/**
 * Settings of every journeys' server. Every journey signs in from 127.0.0.1 and a few demo users search far more
 * often across the journeys than a person does: the per-address and per-user limits are kept out of the way (they
 * are the server tests' business).
 */
const JOURNEY_ENV = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_AUTH: '10000',
  RATE_LIMIT_RECOVERY: '10000',
  LOGIN_MAX_FAILURES_ADDRESS: '10000',
  COSTLY_CALLS_RATE: '10000',
  // The daily digests' job every few seconds, not every 5 minutes: a journey reads a digest from the outbox.
  DIGEST_INTERVAL: '2',
};

/**
 * A server of the journeys: each worker's own (e2e/fixtures.ts) and those of
 * single journeys (the connection journey stops and restarts its own), on
 * 127.0.0.1 from the compiled build with the development build of the client
 * (web/dist-dev, or the folder E2E_WEB_ROOT names). A start that registers
 * the fixture packages copies the template data folder (E2E_TEMPLATE_DIR:
 * e2e/globalSetup.ts, demo data and fixture packages already in) into an
 * empty data folder, or without one registers them through e2e/serve.sh;
 * later starts on the same data folder run the server directly. The process is the server's own, so stop()
 * stops the server itself. `env` adds settings of the journey's own (the
 * AUTH_* of external sign-in, for one).
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
    const template = process.env.E2E_TEMPLATE_DIR;
    const fromTemplate = options.registerPackages && template !== undefined && fs.readdirSync(this.dataDir).length === 0;
    if (fromTemplate) copyTemplate(template, this.dataDir);
    const [command, args] = options.registerPackages && !fromTemplate ? ['bash', [path.join(repo, 'e2e/serve.sh')]] : [process.execPath, [SERVER_MAIN]];
    // A worker restarted after a failure starts its server on the port its predecessor's may still be leaving.
    await untilFree(this.port);
    this.#child = spawn(command, args, {
      cwd: repo,
      env: {
        ...process.env,
        ...JOURNEY_ENV,
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        WEB_ROOT: process.env.E2E_WEB_ROOT ?? path.join(repo, 'web/dist-dev'),
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
      // Generous: a loaded machine (CI beside other work) may take minutes to register the packages and seed the demo data.
      if (Date.now() - started > 240_000) throw new Error('the server did not start within 240 s');
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

/** Resolves once nobody listens on the port (within 30 s). */
async function untilFree(port: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return;
    if (Date.now() - started > 30_000) throw new Error(`port ${port} is still in use`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A data folder as the template's: the database with the demo data and the registered fixture packages, the
 * files and the packages; the server's secrets are its own (it creates them at its first start).
 */
function copyTemplate(template: string, dataDir: string): void {
  fs.cpSync(template, dataDir, { recursive: true, filter: (source) => !['secrets.json', 'atrium.lock'].includes(path.relative(template, source)) });
}
