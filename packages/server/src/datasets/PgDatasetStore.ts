import crypto from 'node:crypto';
import type { AppDeclaration } from '@atrium/shared/apps';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { datasetDefs, type FactsLayout } from '../db/schema.js';
import { DatasetTimeout, type DatasetDef, type DatasetStore, type QueryLimits, type QueryRow } from './DatasetStore.js';
import { factsLayout, sameLayout } from './factsLayout.js';

/** PostgreSQL's code of a statement cancelled (by statement_timeout or pg_cancel_backend). */
const QUERY_CANCELED = '57014';

function isCancelled(e: unknown): boolean {
  const err = e as { code?: unknown; cause?: { code?: unknown } } | null;
  return (err?.code ?? err?.cause?.code) === QUERY_CANCELED;
}

type Rows<T> = { rows: T[] };

/**
 * Makes an organisation's dataset definitions those of the declaration it
 * runs (called by the declarations' store whenever an organisation is set
 * to run a version, so in an install's or upgrade's transaction): a new
 * dataset, or one whose layout changed, has its facts made anew from the
 * records by `dataset_facts_rebuild` (drizzle/0020_dataset_facts_trigger.sql);
 * an unchanged one keeps its facts, which the triggers kept in step.
 */
export async function syncDatasetDefs(db: Db, accountId: string, appId: string, declaration: AppDeclaration): Promise<void> {
  const existing = await db.select().from(datasetDefs).where(and(eq(datasetDefs.accountId, accountId), eq(datasetDefs.appId, appId)));
  const wanted = new Map<string, FactsLayout>();
  for (const [key, dataset] of Object.entries(declaration.datasets ?? {})) {
    const entity = Object.hasOwn(declaration.entities, dataset.entity) ? declaration.entities[dataset.entity] : undefined;
    if (entity) wanted.set(key, factsLayout(dataset, entity));
  }
  for (const def of existing) {
    if (!wanted.has(def.dataset)) await db.delete(datasetDefs).where(eq(datasetDefs.id, def.id));
  }
  for (const [key, layout] of wanted) {
    const def = existing.find((d) => d.dataset === key);
    if (def && sameLayout(def.layout, layout)) continue;
    // A changed layout is a new definition: a server still holding the old one (remembered a few seconds) reads no
    // facts of it rather than the new facts through the old slots.
    if (def) await db.delete(datasetDefs).where(eq(datasetDefs.id, def.id));
    const id = crypto.randomUUID();
    await db.insert(datasetDefs).values({ id, accountId, appId, dataset: key, entity: layout.entity, layout, builtAt: new Date() });
    await db.execute(sql`select dataset_facts_rebuild(${id}::uuid)`);
  }
}

export class PgDatasetStore implements DatasetStore {
  constructor(private readonly db: Db) {}

  syncDefs(accountId: string, appId: string, declaration: AppDeclaration): Promise<void> {
    return syncDatasetDefs(this.db, accountId, appId, declaration);
  }

  async def(accountId: string, appId: string, dataset: string): Promise<DatasetDef | null> {
    const [row] = await this.db
      .select({ id: datasetDefs.id, entity: datasetDefs.entity, layout: datasetDefs.layout, builtAt: datasetDefs.builtAt })
      .from(datasetDefs)
      .where(and(eq(datasetDefs.accountId, accountId), eq(datasetDefs.appId, appId), eq(datasetDefs.dataset, dataset)))
      .limit(1);
    return row ?? null;
  }

  /**
   * The statement in a transaction of its own with `statement_timeout` set
   * for it alone. A caller that gave up before the statement's turn came
   * (the signal aborted) has it not run at all. With `cancelRunning`, the
   * connection's backend is noted first, so that an abort cancels the
   * statement under way from another connection (PostgreSQL only: the
   * embedded database runs one statement at a time and enforces no
   * statement_timeout, datasets/README.md).
   */
  async run(statement: SQL, limits: QueryLimits): Promise<QueryRow[]> {
    let backend: number | null = null;
    let cancelled = false;
    const onAbort = () => {
      cancelled = true;
      if (backend !== null) void this.db.execute(sql`select pg_cancel_backend(${backend}::int)`).catch(() => undefined);
    };
    try {
      if (limits.signal?.aborted) throw new DatasetTimeout(true);
      return await this.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.trunc(limits.timeoutMs))}`));
        if (limits.signal && limits.cancelRunning) {
          const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as Rows<{ pid: number }>;
          backend = Number(rows[0]!.pid);
          limits.signal.addEventListener('abort', onAbort, { once: true });
        }
        // The caller left while the statement waited for the connection (or its backend was being noted).
        if (limits.signal?.aborted) throw new DatasetTimeout(true);
        const { rows } = (await tx.execute(statement)) as unknown as Rows<QueryRow>;
        // Done: a late abort must not cancel what the connection runs next.
        backend = null;
        return rows;
      });
    } catch (e) {
      if (e instanceof DatasetTimeout) throw e;
      if (isCancelled(e)) throw new DatasetTimeout(cancelled);
      throw e;
    } finally {
      limits.signal?.removeEventListener('abort', onAbort);
    }
  }
}
