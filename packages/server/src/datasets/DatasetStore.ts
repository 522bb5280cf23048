import type { AppDeclaration } from '@atrium/shared/apps';
import type { SQL } from 'drizzle-orm';
import type { FactsLayout } from '../db/schema.js';

/** One dataset of an application as an organisation runs it: where its facts are and how they are laid out. */
export interface DatasetDef {
  id: string;
  entity: string;
  layout: FactsLayout;
  /** When its facts were last made anew from the records (a new or changed layout). */
  builtAt: Date;
}

/** How long a statement may run, and what stops it sooner. */
export interface QueryLimits {
  timeoutMs: number;
  /**
   * Aborted when the caller gave up (the request was closed): a statement
   * not begun yet is not run, and with `cancelRunning` one under way is cancelled.
   */
  signal?: AbortSignal;
  /** Whether a statement under way can be cancelled from another connection (PostgreSQL; not the embedded database's one connection). */
  cancelRunning?: boolean;
}

/** A row of a dataset's statement: its columns by position (c0, c1, ...). */
export type QueryRow = Record<string, string | number | null>;

/**
 * The SQL of datasets (datasets/README.md): the definitions of the datasets
 * an organisation runs, their facts rebuilt when a layout changes, and the
 * statements the query compiler made, run within a time limit.
 */
export interface DatasetStore {
  /**
   * Makes the organisation's definitions those of the declaration it runs:
   * new datasets and those whose layout changed get their facts made anew
   * from the records; datasets no longer declared are dropped.
   */
  syncDefs(accountId: string, appId: string, declaration: AppDeclaration): Promise<void>;
  /** The definition of one dataset the organisation runs, or null. */
  def(accountId: string, appId: string, dataset: string): Promise<DatasetDef | null>;
  /** Runs a compiled statement; throws DatasetTimeout when it ran out of time or was cancelled. */
  run(statement: SQL, limits: QueryLimits): Promise<QueryRow[]>;
}

/** A statement stopped: out of time, or cancelled because the caller gave up. */
export class DatasetTimeout extends Error {
  constructor(readonly cancelled: boolean) {
    super(cancelled ? 'the statement was cancelled' : 'the statement ran out of time');
    this.name = 'DatasetTimeout';
  }
}
