import type { SQL } from 'drizzle-orm';
import type { Db } from './database.js';

/** Written rows after which a store's tables have their statistics renewed in the background. */
export const ANALYZE_AFTER_ROWS = 5000;

/**
 * The planner's statistics of a store's tables, renewed after every
 * ANALYZE_AFTER_ROWS written rows (docs/PERFORMANCE.md, "Files"). PGlite has
 * no autovacuum: without this the planner never learns that a table grew
 * and scans it instead of using its indexes. Shared by a store and the
 * stores of its transactions, so that their writes count together; ANALYZE
 * runs on the database outside any transaction, never in a caller's way.
 */
export class TableStatistics {
  #written = 0;
  #running = false;

  /** `statements`: the ANALYZE statements of the store's tables, run in order. */
  constructor(
    private readonly db: Db,
    private readonly statements: readonly SQL[],
  ) {}

  /** Renews the statistics now. */
  async analyze(): Promise<void> {
    for (const statement of this.statements) await this.db.execute(statement);
  }

  /** Counts written rows; past ANALYZE_AFTER_ROWS the statistics are renewed in the background. */
  written(rows: number): void {
    this.#written += rows;
    if (this.#written < ANALYZE_AFTER_ROWS || this.#running) return;
    this.#written = 0;
    this.#running = true;
    setImmediate(() => {
      // A failure (the database closing meanwhile) only leaves the statistics older; the next batch tries again.
      this.analyze()
        .catch(() => undefined)
        .finally(() => {
          this.#running = false;
        });
    });
  }
}
