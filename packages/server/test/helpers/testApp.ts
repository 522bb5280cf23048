/**
 * The real application, built in-process over a fresh test database, with
 * its logs captured so that tests can check what reaches them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { buildApp, type AppOptions, type AtriumApp, type RateLimits } from '../../src/app.js';
import { PasswordHasher } from '../../src/auth/PasswordHasher.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import type { Mailer, MailMessage } from '../../src/mail/Mailer.js';
import type { Services } from '../../src/services.js';
import type { FastifyInstance } from 'fastify';
import { BUILTIN_FIXTURE_DIRS } from './packages.js';
import { startS3Server } from './s3Server.js';
import { createTestDatabase } from './testDatabase.js';
import type { SocketLimits } from '../../src/sockets/SocketGateway.js';

/** A mailer that keeps what it was asked to send. */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
}

/** The signing secret of every test app, for tests that craft their own tokens. */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing-0123456789';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  /** The cap on open connections and what it did. */
  connections: AtriumApp['connections'];
  database: Database;
  config: Config;
  hasher: PasswordHasher;
  /** Every log line written so far, raw JSON text. */
  logs: string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  rateLimits?: Partial<RateLimits>;
  mailer?: Mailer;
  now?: () => Date;
  socketLimits?: Partial<SocketLimits>;
  /** Told of every route as the app registers it. */
  onRoute?: AppOptions['onRoute'];
  /** How the identity provider's tokens are checked (time limits, key cooldown). */
  externalVerifier?: AppOptions['externalVerifier'];
  /** A database opened for this app (several servers on one database); closed with the app. A fresh one by default. */
  database?: Database;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-test-'));
  // TEST_BLOB_STORE=s3: contents go to a bucket of their own rather than the data folder (README.md).
  const s3 = process.env.TEST_BLOB_STORE === 's3' && !options.env?.S3_BUCKET ? await startS3Server() : null;
  // Built-in packages from fixtures: the repository's own apps and themes are not the server tests' business.
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    PUBLIC_URL: 'http://atrium.test',
    BUILTIN_PACKAGES_DIRS: BUILTIN_FIXTURE_DIRS.join(','),
    ...s3?.env,
    ...options.env,
  });
  const database = options.database ?? (await createTestDatabase());
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const hasher = new PasswordHasher();
  const { app, services, connections } = await buildApp({
    config,
    database,
    secrets: { jwtSecret: TEST_JWT_SECRET },
    hasher,
    logStream,
    mailer: options.mailer,
    now: options.now,
    rateLimits: options.rateLimits,
    socketLimits: options.socketLimits,
    onRoute: options.onRoute,
    externalVerifier: options.externalVerifier,
  });
  await app.ready();
  return {
    app,
    services,
    connections,
    database,
    config,
    hasher,
    logs,
    async close() {
      await app.close();
      await services.recovery.drain();
      await database.close();
      await s3?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
