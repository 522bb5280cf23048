/**
 * What commands work on: the stores over the configured database and the
 * password hasher. Opening it takes the data-folder lock for the embedded
 * database, opens the database and applies pending migrations.
 */
import path from 'node:path';
import { PasswordHasher } from '../auth/PasswordHasher.js';
import type { Config, ObjectStorageConfig } from '../config.js';
import { acquireDataLock, DataFolderLockedError, type DataLock } from '../dataLock.js';
import { openDatabase, type Database } from '../db/database.js';
import { loadBuiltinPackages } from '../packages/packageMetadata.js';
import { PackageRegistry } from '../packages/PackageRegistry.js';
import { createStores, type Stores } from '../stores.js';
import type { MountDefinition } from '../vfs/mounts.js';
import { CliError } from './args.js';

export interface CliContext {
  stores: Stores;
  hasher: PasswordHasher;
  /** Registered packages (PACKAGES_DIR) next to the built-in ones (BUILTIN_PACKAGES_DIRS). */
  packages: PackageRegistry;
  /** The configured filesystem mountpoints (VFS_MOUNTS); the built-in ones when absent. */
  mounts?: MountDefinition[];
  /** TASK_YELLOW_WINDOW in milliseconds, for the colours the task commands show; the default when absent. */
  taskYellowWindowMs?: number;
  /** The configured identity provider's issuer (AUTH_TYPE keycloak or okta), which identity links name by default. */
  externalIssuer?: string;
  /** The data folder and the configured bucket (S3_*), for moving contents from the one to the other. */
  blobStorage?: { dataDir: string; objectStorage: ObjectStorageConfig | null };
}

/** A context with the resources it holds; close() frees them (database, lock). */
export interface OpenedContext extends CliContext {
  close(): Promise<void>;
}

/** Opens the context lazily, once the command line has been found valid. */
export type ContextOpener = () => Promise<OpenedContext>;

/** Opens the database the configuration names, exactly as the server does. */
export async function openCliContext(config: Config): Promise<OpenedContext> {
  // The embedded database cannot be shared between processes, so it needs the
  // same lock as the server. With PostgreSQL the database handles concurrent
  // writers itself and the lock is not taken: a running server keeps it, and
  // all the command line writes to DATA_DIR are new resource files under
  // DATA_DIR/resources (announcement media, logos), each under a fresh uuid, so
  // they cannot clash with the server's files. Run it with the server's DATA_DIR
  // so that the server finds those files (with S3_BUCKET they go to the bucket instead).
  let lock: DataLock | undefined;
  if (!config.databaseUrl) {
    try {
      lock = await acquireDataLock(config.dataDir);
    } catch (e) {
      if (!(e instanceof DataFolderLockedError)) throw e;
      throw new CliError(
        `The data folder ${config.dataDir} is in use by a running Atrium server; stop it first, or set DATABASE_URL to use PostgreSQL.`,
      );
    }
  }
  let database: Database | undefined;
  try {
    database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dir: path.join(config.dataDir, 'pgdata') });
    await database.migrate();
  } catch (e) {
    await database?.close().catch(() => undefined);
    lock?.release();
    const where = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : `the embedded database in ${config.dataDir}`;
    throw new CliError(`Could not open ${where}: ${describe(e)}`);
  }
  const opened = database;
  const stores = createStores(opened.db, config.dataDir, config.objectStorage);
  let builtins: ReturnType<typeof loadBuiltinPackages> | undefined;
  return {
    stores,
    hasher: new PasswordHasher(),
    // The built-in packages are read only by the commands that need them.
    packages: new PackageRegistry(stores.packages, () => (builtins ??= loadBuiltinPackages(config.builtinPackagesDirs)), config.packagesDir),
    mounts: config.vfs.mounts,
    taskYellowWindowMs: config.taskYellowWindow * 1000,
    externalIssuer: config.external?.issuer,
    blobStorage: { dataDir: config.dataDir, objectStorage: config.objectStorage },
    async close() {
      try {
        await opened.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** A short reason: some connection errors (AggregateError) carry only a code. */
function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  return e.message || (e as NodeJS.ErrnoException).code || e.name;
}
