import { countedTotal, RECORD_COUNT_CAP, recordCountBound, type AppDeclaration } from '@atrium/shared/apps';
import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { memberships, recordComments, recordHistory, records, recordSeries, users } from '../db/schema.js';
import { displayName } from '../users/displayName.js';
import { isUserId } from './recordChecks.js';
import { dropIndexSql, existingIndexesSql, wantedIndexes } from './recordIndexes.js';
import type { CommentRow, HistoryAction, HistoryRow, NewRecord, RecordPageRows, RecordPatch, RecordScope, RecordStore, StoredRecord } from './RecordStore.js';

const recordColumns = {
  id: records.id,
  accountId: records.accountId,
  appId: records.appId,
  entity: records.entity,
  name: records.name,
  title: records.title,
  ownerId: records.ownerId,
  createdBy: records.createdBy,
  createdAt: records.createdAt,
  updatedBy: records.updatedBy,
  updatedAt: records.updatedAt,
  version: records.version,
  deletedAt: records.deletedAt,
  data: records.data,
};

/** Ids worth asking the database about. */
const userIds = (ids: readonly string[]) => [...new Set(ids)].filter(isUserId);

/** Rows written, or values asked about, in one statement (well below the database's limit on parameters). */
const BATCH = 500;

/**
 * Records written at once (an import, a bulk write, an upgrade's changed
 * values) from which the planner's statistics of the records table are
 * renewed, in the write's transaction, when they are also a tenth of the
 * table or more (as PostgreSQL's autovacuum judges): the embedded database
 * has no autovacuum, and PostgreSQL's runs only later, while lists need the
 * statistics at once to choose the indexes of their entities. Renewing
 * them reads a sample of the whole table (seconds with 100,000 records on
 * the embedded database: docs/PERFORMANCE.md, "Records"), so smaller
 * writes leave them.
 */
export const RECORDS_ANALYZE_AFTER = 1_000;
/** The share of the table's records (as last counted) a write must reach to renew the statistics. */
const ANALYZE_SHARE = 0.1;

const inScope = (scope: RecordScope) => and(eq(records.accountId, scope.accountId), eq(records.appId, scope.appId));
const toHistory = (row: typeof recordHistory.$inferSelect): HistoryRow => ({ ...row, action: row.action as HistoryAction });

export class PgRecordStore implements RecordStore {
  constructor(private readonly db: Db) {}

  async insert(record: NewRecord): Promise<StoredRecord> {
    const { at, ...rest } = record;
    const [row] = await this.db
      .insert(records)
      .values({ ...rest, createdAt: at, updatedAt: at, updatedBy: record.createdBy, version: 1 })
      .returning(recordColumns);
    return row!;
  }

  async update(id: string, version: number, patch: RecordPatch): Promise<StoredRecord | null> {
    const [row] = await this.db
      .update(records)
      .set({ title: patch.title, ownerId: patch.ownerId, data: patch.data, searchText: patch.searchText, updatedBy: patch.updatedBy, updatedAt: patch.at, version: sql`${records.version} + 1` })
      .where(and(eq(records.id, id), eq(records.version, version), isNull(records.deletedAt)))
      .returning(recordColumns);
    return row ?? null;
  }

  async setDeleted(id: string, version: number, deletedAt: Date | null, userId: string, at: Date): Promise<StoredRecord | null> {
    const [row] = await this.db
      .update(records)
      .set({ deletedAt, updatedBy: userId, updatedAt: at, version: sql`${records.version} + 1` })
      .where(and(eq(records.id, id), eq(records.version, version)))
      .returning(recordColumns);
    return row ?? null;
  }

  async findByName(scope: RecordScope, name: string): Promise<StoredRecord | null> {
    const [row] = await this.db
      .select(recordColumns)
      .from(records)
      .where(and(inScope(scope), eq(records.name, name)))
      .limit(1);
    return row ?? null;
  }

  async findByNames(scope: RecordScope, entity: string, names: readonly string[]): Promise<StoredRecord[]> {
    if (names.length === 0) return [];
    return this.db
      .select(recordColumns)
      .from(records)
      .where(and(inScope(scope), eq(records.entity, entity), inArray(records.name, [...names]), isNull(records.deletedAt)));
  }

  async page(where: SQL, orderBy: SQL, limit: number, offset: number): Promise<RecordPageRows> {
    const rows = (bound: number) => this.db.select(recordColumns).from(records).where(where).orderBy(orderBy).limit(bound).offset(offset);
    // At most one record past `bound`, counted by a subquery (run once beside the page when in the page's statement). The
    // bound is written into the statement: as a parameter, a prepared statement's generic plan would not know it and plan
    // for reading a tenth of the table, scanning it all where few records match (docs/PERFORMANCE.md, "Records").
    const countTo = (bound: number) => sql<number>`(select count(*)::int from (select 1 from ${records} where ${where} limit ${sql.raw(String(Math.trunc(bound) + 1))}) as matching)`;
    let page: StoredRecord[];
    let counted: { total: number; capped: boolean };
    if (offset + limit >= RECORD_COUNT_CAP) {
      // A page that reaches the cap counts to its own end: one record read past it tells whether more match.
      page = await rows(limit + 1);
      counted = countedTotal(offset + page.length, offset + limit);
      page = page.slice(0, limit);
    } else {
      const found = await this.db
        .select({ ...recordColumns, counted: countTo(RECORD_COUNT_CAP) })
        .from(records)
        .where(where)
        .orderBy(orderBy)
        .limit(limit)
        .offset(offset);
      page = found.map(({ counted: _counted, ...record }) => record);
      counted = countedTotal(Number(found[0]?.counted ?? 0), RECORD_COUNT_CAP);
    }
    if (page.length > 0 || offset === 0) return { records: page, ...counted };
    // A page past the end (records deleted meanwhile) still says how many there are, for the last page.
    const bound = recordCountBound(offset, limit);
    const { rows: [count] } = (await this.db.execute(sql`select ${countTo(bound)} as counted`)) as unknown as { rows: Array<{ counted: number }> };
    return { records: page, ...countedTotal(Number(count?.counted ?? 0), bound) };
  }

  async nextNumber(scope: RecordScope, entity: string, prefix: string): Promise<number> {
    const [row] = await this.db
      .insert(recordSeries)
      .values({ accountId: scope.accountId, appId: scope.appId, entity, prefix, next: 1 })
      .onConflictDoUpdate({ target: [recordSeries.accountId, recordSeries.appId, recordSeries.entity, recordSeries.prefix], set: { next: sql`${recordSeries.next} + 1` } })
      .returning({ next: recordSeries.next });
    return row!.next;
  }

  async reserveNumbers(scope: RecordScope, entity: string, prefix: string, count: number): Promise<number> {
    const [row] = await this.db
      .insert(recordSeries)
      .values({ accountId: scope.accountId, appId: scope.appId, entity, prefix, next: count })
      .onConflictDoUpdate({ target: [recordSeries.accountId, recordSeries.appId, recordSeries.entity, recordSeries.prefix], set: { next: sql`${recordSeries.next} + ${count}` } })
      .returning({ next: recordSeries.next });
    return row!.next - count + 1;
  }

  async valueTaken(scope: RecordScope, entity: string, field: string, value: unknown, exceptId: string | null): Promise<boolean> {
    const [row] = await this.db
      .select({ id: records.id })
      .from(records)
      .where(
        and(
          inScope(scope),
          eq(records.entity, entity),
          isNull(records.deletedAt),
          // The field's key and value are bound: `data -> $key = $value::jsonb`.
          sql`${records.data} -> ${field}::text = ${JSON.stringify(value)}::jsonb`,
          exceptId === null ? undefined : ne(records.id, exceptId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async addHistory(row: HistoryRow): Promise<void> {
    await this.db.insert(recordHistory).values(row);
  }

  async insertMany(list: readonly NewRecord[]): Promise<StoredRecord[]> {
    const out: StoredRecord[] = [];
    for (let i = 0; i < list.length; i += BATCH) {
      const rows = list.slice(i, i + BATCH).map(({ at, ...rest }) => ({ ...rest, createdAt: at, updatedAt: at, updatedBy: rest.createdBy, version: 1 }));
      const stored = await this.db.insert(records).values(rows).returning(recordColumns);
      // Answered in the order given, whatever order the database returns them in.
      const byId = new Map(stored.map((r) => [r.id, r]));
      for (const row of rows) out.push(byId.get(row.id)!);
    }
    await this.analyzeAfter(list.length);
    return out;
  }

  /** Renews the planner's statistics of the records table (and of the lists' keys: recordIndexes.ts). */
  private async analyze(): Promise<void> {
    await this.db.execute(sql`analyze ${records}`);
  }

  /** Renews the statistics after `rows` records were written, when they are many (RECORDS_ANALYZE_AFTER); answers whether it did. */
  private async analyzeAfter(rows: number): Promise<boolean> {
    if (rows < RECORDS_ANALYZE_AFTER) return false;
    // reltuples: the table's records when statistics were last made (-1 before the first time).
    const { rows: [table] } = (await this.db.execute(sql`select reltuples::float8 as counted from pg_class where oid = to_regclass('records')`)) as unknown as { rows: Array<{ counted: number }> };
    if (rows < ANALYZE_SHARE * Number(table?.counted ?? 0)) return false;
    await this.analyze();
    return true;
  }

  async addHistoryMany(rows: readonly HistoryRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += BATCH) await this.db.insert(recordHistory).values(rows.slice(i, i + BATCH));
  }

  async takenNames(scope: RecordScope, names: readonly string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < names.length; i += BATCH) {
      const chunk = names.slice(i, i + BATCH);
      if (chunk.length === 0) continue;
      const rows = await this.db.select({ name: records.name }).from(records).where(and(inScope(scope), inArray(records.name, chunk)));
      for (const r of rows) out.add(r.name);
    }
    return out;
  }

  async takenValues(scope: RecordScope, entity: string, field: string, values: readonly unknown[]): Promise<Set<string>> {
    const out = new Set<string>();
    const texts = [...new Set(values.map((v) => JSON.stringify(v)))];
    for (let i = 0; i < texts.length; i += BATCH) {
      const chunk = texts.slice(i, i + BATCH);
      const rows = await this.db
        .select({ value: sql<string>`(${records.data} -> ${field}::text)::text` })
        .from(records)
        .where(and(inScope(scope), eq(records.entity, entity), isNull(records.deletedAt), sql`${records.data} -> ${field}::text in (${sql.join(chunk.map((text) => sql`${text}::jsonb`), sql`, `)})`));
      // The database writes JSON in its own spacing: compared as parsed values, each given text answers for itself.
      const held = new Set(rows.map((r) => JSON.stringify(JSON.parse(r.value))));
      for (const text of chunk) if (held.has(JSON.stringify(JSON.parse(text)))) out.add(text);
    }
    return out;
  }

  async history(recordId: string): Promise<HistoryRow[]> {
    const rows = await this.db.select().from(recordHistory).where(eq(recordHistory.recordId, recordId)).orderBy(desc(recordHistory.version), desc(recordHistory.at));
    return rows.map(toHistory);
  }

  async lastChange(recordId: string): Promise<HistoryRow | null> {
    const [row] = await this.db.select().from(recordHistory).where(eq(recordHistory.recordId, recordId)).orderBy(desc(recordHistory.version), desc(recordHistory.at)).limit(1);
    return row ? toHistory(row) : null;
  }

  async addComment(row: CommentRow): Promise<CommentRow> {
    const [stored] = await this.db
      .insert(recordComments)
      .values(row)
      .returning({ id: recordComments.id, recordId: recordComments.recordId, authorId: recordComments.authorId, text: recordComments.text, mentions: recordComments.mentions, createdAt: recordComments.createdAt });
    return stored!;
  }

  async comments(recordId: string): Promise<CommentRow[]> {
    return this.db
      .select({ id: recordComments.id, recordId: recordComments.recordId, authorId: recordComments.authorId, text: recordComments.text, mentions: recordComments.mentions, createdAt: recordComments.createdAt })
      .from(recordComments)
      .where(eq(recordComments.recordId, recordId))
      .orderBy(desc(recordComments.createdAt));
  }

  async people(ids: readonly string[]): Promise<Map<string, string>> {
    const unique = userIds(ids);
    if (unique.length === 0) return new Map();
    const rows = await this.db.select({ id: users.id, username: users.username, firstname: users.firstname, lastname: users.lastname }).from(users).where(inArray(users.id, unique));
    return new Map(rows.map((u) => [u.id, displayName(u)]));
  }

  async members(accountId: string, ids: readonly string[]): Promise<Set<string>> {
    const unique = userIds(ids);
    if (unique.length === 0) return new Set();
    const rows = await this.db
      .select({ id: users.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.accountId, accountId), inArray(memberships.userId, unique), eq(users.disabled, false)));
    return new Set(rows.map((r) => r.id));
  }

  async syncIndexes(appId: string, declarations: readonly AppDeclaration[], rowsWritten = 0): Promise<{ created: string[]; dropped: string[] }> {
    const wanted = wantedIndexes(appId, declarations);
    const existing = ((await this.db.execute(existingIndexesSql(appId))) as unknown as { rows: Array<{ name: string }> }).rows.map((r) => r.name);
    const dropped = existing.filter((name) => !wanted.some((w) => w.name === name));
    for (const statement of dropped.flatMap(dropIndexSql)) await this.db.execute(sql.raw(statement));
    const created = wanted.filter((w) => !existing.includes(w.name));
    for (const statement of created.flatMap((i) => i.create)) await this.db.execute(sql.raw(statement));
    // The planner learns the new keys' values (how many records hold each), and those of many records changed, only from statistics.
    if (created.length > 0) await this.analyze();
    else await this.analyzeAfter(rowsWritten);
    return { created: created.map((i) => i.name), dropped };
  }
}
