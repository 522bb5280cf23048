import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Entity } from '@atrium/shared/apps';
import type { Db } from '../db/database.js';
import { records, recordSeries, users } from '../db/schema.js';
import { searchTextOf, titleOf, userValues } from '../records/recordText.js';
import { displayName } from '../users/displayName.js';
import type { CountQuery } from './upgradePlan.js';

/**
 * The records an upgrade touches, in one organisation's application: how
 * many would lose a value, and the removal of those values (with a history
 * row for every record changed) once the operator allows it.
 */

type Row = Record<string, unknown>;

async function rowsOf(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** A declaration key inside a JSON path (keys are letters, digits and _, checked at install). */
const pathKey = (key: string) => `"${key.replace(/[^A-Za-z0-9_]/g, '')}"`;

/** The condition on `records` of the records a query is about (within one entity). */
function affected(q: CountQuery): SQL {
  switch (q.kind) {
    case 'entity':
      return sql`true`;
    case 'field':
      return sql`coalesce(jsonb_typeof(${records.data} -> ${q.field}), 'null') <> 'null' and ${records.data} -> ${q.field} <> '[]'::jsonb`;
    case 'column':
      return sql`jsonb_path_exists(${records.data}, ${`$.${pathKey(q.field)}[*] ? (@.${pathKey(q.column)} != null)`}::jsonpath)`;
    case 'choice':
      return sql`(${records.data} -> ${q.field} = to_jsonb(${q.choice}::text) or (jsonb_typeof(${records.data} -> ${q.field}) = 'array' and jsonb_exists(${records.data} -> ${q.field}, ${q.choice})))`;
    case 'columnChoice':
      // Lax mode compares each element of a multiple choice's list, so one test serves both kinds.
      return sql`jsonb_path_exists(${records.data}, ${`$.${pathKey(q.field)}[*] ? (@.${pathKey(q.column)} == $choice)`}::jsonpath, jsonb_build_object('choice', ${q.choice}::text))`;
  }
}

const inApp = (accountId: string, appId: string, entity: string) => and(eq(records.accountId, accountId), eq(records.appId, appId), eq(records.entity, entity));

/** How many records each query is about (deleted ones included: they can be restored). */
export async function countAffected(db: Db, accountId: string, appId: string, queries: readonly CountQuery[]): Promise<number[]> {
  const counts: number[] = [];
  for (const q of queries) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(records)
      .where(and(inApp(accountId, appId, q.entity), affected(q)));
    counts.push(Number(row?.n ?? 0));
  }
  return counts;
}

/**
 * For each field, how many live records hold a value (not empty) that
 * another live record of the entity holds too, in one organisation's
 * application: the values a unique index could not take.
 */
export async function countShared(db: Db, accountId: string, appId: string, fields: ReadonlyArray<{ entity: string; field: string }>): Promise<number[]> {
  const counts: number[] = [];
  for (const { entity, field } of fields) {
    const value = sql`${records.data} -> ${field}::text`;
    const [row] = (await rowsOf(
      db,
      sql`select coalesce(sum(n), 0)::int as n from (
        select count(*) as n from ${records}
        where ${and(inApp(accountId, appId, entity), isNull(records.deletedAt))} and ${value} is not null and ${value} <> 'null'::jsonb and ${value} <> '[]'::jsonb
        group by ${value} having count(*) > 1
      ) as shared`,
    )) as Array<{ n: number }>;
    counts.push(Number(row?.n ?? 0));
  }
  return counts;
}

/** Records read and written per turn when their texts are computed again. */
const TEXT_BATCH = 2_000;

/**
 * Computes again the stored title and search words of every record of an
 * entity in one organisation's application (deleted ones too: they can be
 * restored) by the entity's declaration as it now is, and writes those
 * that differ; no value, version or history changes (the texts are read
 * from the values). In the caller's transaction. Returns how many records'
 * texts changed.
 */
export async function recomputeText(db: Db, accountId: string, appId: string, entityKey: string, entity: Entity): Promise<number> {
  let changed = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db
      .select({ id: records.id, name: records.name, title: records.title, searchText: records.searchText, data: records.data })
      .from(records)
      .where(and(inApp(accountId, appId, entityKey), sql`${records.id} > ${after}::uuid`))
      .orderBy(records.id)
      .limit(TEXT_BATCH);
    if (rows.length === 0) return changed;
    after = rows.at(-1)!.id;
    const people = await peopleOf(db, entity, rows);
    const texts = rows
      .map((r) => ({ id: r.id, title: titleOf(entity, r.data, r.name, people), search_text: searchTextOf(entity, r.data, people), before: r }))
      .filter((t) => t.title !== t.before.title || t.search_text !== t.before.searchText)
      .map(({ before: _before, ...t }) => t);
    if (texts.length > 0) {
      await db.execute(
        sql`update records r set title = x.title, search_text = x.search_text
        from jsonb_to_recordset(${JSON.stringify(texts)}::jsonb) as x(id uuid, title text, search_text text) where r.id = x.id`,
      );
      changed += texts.length;
    }
  }
}

/** Ids worth asking the users table about: a person field's value is any text until checked. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The names of the people some records' person fields name (id -> name), for their titles and search words. */
async function peopleOf(db: Db, entity: Entity, rows: ReadonlyArray<{ data: Record<string, unknown> }>): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => userValues(entity, r.data)))].filter((id) => UUID.test(id));
  const people = new Map<string, string>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const found = await db.select({ id: users.id, username: users.username, firstname: users.firstname, lastname: users.lastname }).from(users).where(inArray(users.id, ids.slice(i, i + CHUNK)));
    for (const u of found) people.set(u.id, displayName(u));
  }
  return people;
}

interface Change {
  field: string;
  before: unknown;
  after: unknown;
}

/** A choice value taken out of a choice (null) or a multiple choice (null once none is left). */
function withoutChoice(value: unknown, choice: string): unknown {
  if (Array.isArray(value)) {
    const left = value.filter((v) => v !== choice);
    return left.length === 0 ? null : left;
  }
  return value === choice ? null : value;
}

/** A record's values with one query's value taken out. `removed`: the field itself is gone from the declaration. */
function without(data: Record<string, unknown>, q: Exclude<CountQuery, { kind: 'entity' }>, removed: boolean): Record<string, unknown> {
  const out = { ...data };
  if (q.kind === 'field') {
    if (removed) delete out[q.field];
    else out[q.field] = null;
  } else if (q.kind === 'column' || q.kind === 'columnChoice') {
    const rows = Array.isArray(out[q.field]) ? (out[q.field] as unknown[]) : [];
    out[q.field] = rows.map((row) => {
      if (row === null || typeof row !== 'object') return row;
      const copy = { ...(row as Record<string, unknown>) };
      if (q.kind === 'columnChoice') copy[q.column] = withoutChoice(copy[q.column], q.choice);
      else if (removed) delete copy[q.column];
      else copy[q.column] = null;
      return copy;
    });
  } else {
    out[q.field] = withoutChoice(out[q.field], q.choice);
  }
  return out;
}

/** How many records are written per statement. */
const CHUNK = 500;

/**
 * Removes the values the queries are about: an entity's records are deleted
 * (their history and comments with them); otherwise each affected record
 * loses the values, its version goes up and it gets one history row
 * (action `update`, each changed field before and after), in the caller's
 * transaction. `removed(q)`: whether the query's field (or column) is gone
 * from the new declaration rather than changed. `retitled`: the entities
 * (by key, as the new declaration has them) whose records' titles and
 * search words are computed again (recomputeText): a record changed here
 * gets its new ones in the same write. Answers how many records were
 * changed or deleted, and how many of those got other texts.
 */
export async function removeValues(
  db: Db,
  accountId: string,
  appId: string,
  queries: readonly CountQuery[],
  removed: (q: CountQuery) => boolean,
  retitled: ReadonlyMap<string, Entity> = new Map(),
): Promise<{ touched: number; retitled: number }> {
  let touched = 0;
  let retitledCount = 0;
  for (const q of queries.filter((q) => q.kind === 'entity')) {
    const gone = await db.delete(records).where(inApp(accountId, appId, q.entity)).returning({ id: records.id });
    await db.delete(recordSeries).where(and(eq(recordSeries.accountId, accountId), eq(recordSeries.appId, appId), eq(recordSeries.entity, q.entity)));
    touched += gone.length;
  }
  const byEntity = new Map<string, Array<Exclude<CountQuery, { kind: 'entity' }>>>();
  for (const q of queries) if (q.kind !== 'entity') byEntity.set(q.entity, [...(byEntity.get(q.entity) ?? []), q]);
  for (const [entity, entityQueries] of byEntity) {
    const rows = await db
      .select({ id: records.id, name: records.name, title: records.title, searchText: records.searchText, data: records.data })
      .from(records)
      // The alternatives in parentheses of their own: `and` does not wrap a joined fragment.
      .where(and(inApp(accountId, appId, entity), sql`(${sql.join(entityQueries.map((q) => sql`(${affected(q)})`), sql` or `)})`))
      .for('update');
    const updates = rows.map((row) => {
      let data = row.data;
      for (const q of entityQueries) data = without(data, q, removed(q));
      const changes: Change[] = [...new Set(entityQueries.map((q) => q.field))]
        .filter((field) => JSON.stringify(row.data[field] ?? null) !== JSON.stringify(data[field] ?? null))
        .map((field) => ({ field, before: row.data[field] ?? null, after: data[field] ?? null }));
      return { id: row.id, before: row, data, changes };
    });
    const texts = retitled.get(entity);
    for (let i = 0; i < updates.length; i += CHUNK) {
      const changedRows = updates.slice(i, i + CHUNK).filter((u) => u.changes.length > 0);
      if (changedRows.length === 0) continue;
      const people = texts ? await peopleOf(db, texts, changedRows) : new Map<string, string>();
      const chunk = changedRows.map(({ before, ...u }) => {
        if (!texts) return u;
        const text = { title: titleOf(texts, u.data, before.name, people), search_text: searchTextOf(texts, u.data, people) };
        if (text.title !== before.title || text.search_text !== before.searchText) retitledCount += 1;
        return { ...u, ...text };
      });
      await rowsOf(
        db,
        sql`with input as (select * from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(id uuid, data jsonb, changes jsonb, title text, search_text text)),
        updated as (
          update records r set data = input.data, version = r.version + 1, updated_at = now(),
            title = coalesce(input.title, r.title), search_text = coalesce(input.search_text, r.search_text)
          from input where r.id = input.id
          returning r.id, r.version, input.changes
        )
        insert into record_history (id, record_id, user_id, action, version, changes)
        select gen_random_uuid(), updated.id, null, 'update', updated.version, updated.changes from updated`,
      );
      touched += chunk.length;
    }
  }
  return { touched, retitled: retitledCount };
}
