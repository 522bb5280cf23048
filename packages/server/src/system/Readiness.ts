import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';

/** Longest wait for the database before readiness says no. */
const DATABASE_TIMEOUT_MS = 2000;

export interface ReadinessReport {
  ready: boolean;
  database: 'ok' | 'unavailable';
  migrations: 'done' | 'pending';
  stopping: boolean;
}

/**
 * Whether this server should be sent traffic (GET /readyz): its database
 * answers, every migration of this version is applied, and it is not
 * shutting down. Liveness (GET /healthz) asks none of this. See docs/API.md.
 */
export class Readiness {
  private stopping = false;
  /** Migrations, once applied, stay applied: checked until they are. */
  private migrated = false;

  constructor(private readonly database: Pick<Database, 'db' | 'migrationsApplied'>) {}

  /** From now on the server reports not ready (a graceful stop has begun). */
  beginShutdown(): void {
    this.stopping = true;
  }

  async check(): Promise<ReadinessReport> {
    const ping = Promise.resolve().then(async () => {
      await this.database.db.execute(sql`select 1`);
      return true;
    });
    const reachable = await withTimeout(ping, DATABASE_TIMEOUT_MS);
    if (reachable && !this.migrated) this.migrated = await withTimeout(this.database.migrationsApplied(), DATABASE_TIMEOUT_MS);
    return {
      ready: reachable && this.migrated && !this.stopping,
      database: reachable ? 'ok' : 'unavailable',
      migrations: this.migrated ? 'done' : 'pending',
      stopping: this.stopping,
    };
  }
}

/** The promise's value, or false when it fails or takes longer than `ms`. */
function withTimeout(promise: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([promise.catch(() => false), late]).finally(() => clearTimeout(timer));
}
