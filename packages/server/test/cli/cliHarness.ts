/**
 * Runs command lines in-process against a fresh test database, capturing
 * what they print. The context opener is counted so that tests can check
 * that a bad command line never opens the database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PasswordHasher } from '../../src/auth/PasswordHasher.js';
import type { CliContext } from '../../src/cli/context.js';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/runCli.js';
import type { Database } from '../../src/db/database.js';
import { loadBuiltinPackages } from '../../src/packages/packageMetadata.js';
import { PackageRegistry } from '../../src/packages/PackageRegistry.js';
import { createStores } from '../../src/stores.js';
import { BUILTIN_FIXTURE_DIRS, scratchPackagesDir } from '../helpers/packages.js';
import { createTestDatabase } from '../helpers/testDatabase.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** An io that keeps the output and serves the given standard input. */
export function memoryIo(stdin = ''): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    stdout: (text) => void out.push(text),
    stderr: (text) => void err.push(text),
    readStdin: () => Promise.resolve(stdin),
  };
}

export interface CliHarness {
  ctx: CliContext;
  database: Database;
  dataDir: string;
  /** PACKAGES_DIR: a scratch copy of the package fixtures. */
  packagesDir: string;
  /** How many times a command opened the context. */
  opened: number;
  run(argv: string[], stdin?: string): Promise<CliResult>;
  /** A file in a scratch folder, for options that take a file. */
  file(name: string, content: string | Buffer): string;
  close(): Promise<void>;
}

/** `builtinDirs`: BUILTIN_PACKAGES_DIRS of the harness (the fixtures by default). */
export async function createCliHarness(options: { builtinDirs?: string[] } = {}): Promise<CliHarness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-cli-'));
  const packagesDir = scratchPackagesDir();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-cli-files-'));
  const database = await createTestDatabase();
  // Cheap hashing: these tests check what is stored, not argon2's cost.
  const hasher = new PasswordHasher({ memoryCost: 1024, timeCost: 1 });
  const stores = createStores(database.db, dataDir);
  const builtinDirs = options.builtinDirs ?? BUILTIN_FIXTURE_DIRS;
  const ctx: CliContext = { stores, hasher, packages: new PackageRegistry(stores.packages, () => loadBuiltinPackages(builtinDirs), packagesDir) };
  const harness: CliHarness = {
    ctx,
    database,
    dataDir,
    packagesDir,
    opened: 0,
    async run(argv, stdin = '') {
      const io = memoryIo(stdin);
      const code = await runCli(argv, io, () => {
        harness.opened++;
        return Promise.resolve({ ...ctx, close: () => Promise.resolve() });
      });
      return { code, stdout: io.out.join('\n'), stderr: io.err.join('\n') };
    },
    file(name, content) {
      const file = path.join(scratch, name);
      fs.writeFileSync(file, content);
      return file;
    },
    async close() {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(scratch, { recursive: true, force: true });
      fs.rmSync(packagesDir, { recursive: true, force: true });
    },
  };
  return harness;
}
