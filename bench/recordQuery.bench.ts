/**
 * The statements of a records list on their own (docs/PERFORMANCE.md,
 * "Records"): what the query builder's SQL costs the database with
 * BENCH_RECORDS (default 100,000) records of one entity, with nothing of
 * HTTP, rights or presenting around it. The entity is bench/records.bench.ts's
 * incident register (bench/seedRecords.ts), written straight into a new
 * database; each row is a list query made by `listQuerySql`, its page and
 * its count each run BENCH_ROUNDS times (default 50) one after another
 * after 5 unmeasured: p50 and p95 in milliseconds, and what it found. The
 * count is the list's (up to RECORD_COUNT_CAP, or the page's end: shared
 * recordCountBound); beside it, for comparison, `count(*)` of every match.
 *
 *   node --import tsx bench/recordQuery.bench.ts
 *   bash scripts/with-postgres.sh bash -c 'BENCH_DATABASE_URL=$TEST_DATABASE_URL node --import tsx bench/recordQuery.bench.ts'
 *
 * BENCH_EXPLAIN=1 prints each list's plans first (EXPLAIN ANALYZE).
 *
 * On PostgreSQL, its JIT compiles every statement estimated dearer than
 * `jit_above_cost` (a sort over 100,000 records is): that alone costs about
 * 200 ms a statement here, which `PGOPTIONS='-c jit=off'` shows.
 *
 * Prints figures; asserts nothing.
 */
import { listQuerySql, type RowScope } from '@atrium/server';
import { countedTotal, RecordQuery, recordCountBound, type RecordQueryInput } from '@atrium/shared/apps';
import { sql } from 'drizzle-orm';
import { benchDeclaration } from './seedRecords.js';
import { databaseLabel, openRecordsBench, percentile, writeBenchIncidents, type RecordsBench } from './lib.js';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const WARMUP = 5;

let bench: RecordsBench | undefined;
try {
  bench = await openRecordsBench('records', benchDeclaration);
  const { database, stores, people, accountId, appId } = bench;
  const db = database.db;

  // The incidents of bench/seedRecords.ts, a thousand per statement.
  const seeding = performance.now();
  const now = Date.now();
  await writeBenchIncidents(db, { accountId, appId, people: people.map((p) => p.id) }, 0, RECORDS, now);
  const seeded = (performance.now() - seeding) / 1000;
  // The indexes of the entity's lists, as an install makes them (records/recordIndexes.ts).
  const indexing = performance.now();
  const indexes = await stores.records.syncIndexes(appId, [benchDeclaration]);
  const indexed = (performance.now() - indexing) / 1000;
  await db.execute(sql`analyze records`);

  const entity = benchDeclaration.entities.incident!;
  const ctx = { userId: people[0]!.id, now };
  const target = { accountId, appId, entityKey: 'incident', entity };
  const ALL: RowScope = { kind: 'all' };

  /** One list: its page and its count, each timed. */
  async function measure(label: string, input: RecordQueryInput, scope: RowScope = ALL) {
    const parts = listQuerySql(target, RecordQuery.parse(input), scope, [], ctx);
    const page = () => db.execute(sql`select id, name, title, data from records where ${parts.where} order by ${parts.orderBy} limit ${parts.limit} offset ${parts.offset}`);
    // The count as a list's call runs it (PgRecordStore.page): at most one record past its bound.
    const bound = recordCountBound(parts.offset, parts.limit);
    const capped = sql`select count(*)::int as n from (select 1 from records where ${parts.where} limit ${sql.raw(String(bound + 1))}) as matching`;
    const total = () => db.execute(capped);
    const every = () => db.execute(sql`select count(*)::int as n from records where ${parts.where}`);
    if (process.env.BENCH_EXPLAIN) {
      for (const statement of [sql`select id, name, title, data from records where ${parts.where} order by ${parts.orderBy} limit ${parts.limit} offset ${parts.offset}`, capped]) {
        const plan = (await db.execute(sql`explain analyze ${statement}`)) as unknown as { rows: Array<Record<string, string>> };
        console.log(`${label}:\n${plan.rows.map((r) => `    ${Object.values(r)[0]}`).join('\n')}`);
      }
    }
    const times = { page: [] as number[], count: [] as number[], every: [] as number[] };
    let found = '';
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      let started = performance.now();
      const rows = (await page()) as unknown as { rows: unknown[] };
      if (i >= WARMUP) times.page.push(performance.now() - started);
      started = performance.now();
      const n = (await total()) as unknown as { rows: Array<{ n: number }> };
      if (i >= WARMUP) times.count.push(performance.now() - started);
      started = performance.now();
      const all = (await every()) as unknown as { rows: Array<{ n: number }> };
      if (i >= WARMUP) times.every.push(performance.now() - started);
      const counted = countedTotal(n.rows[0]!.n, bound);
      found = `${counted.capped ? 'more than ' : ''}${counted.total.toLocaleString('en')} matching (${all.rows[0]!.n.toLocaleString('en')}), ${rows.rows.length} on the page`;
    }
    console.log(
      label.padEnd(34),
      percentile(times.page, 50).toFixed(1).padStart(8),
      percentile(times.page, 95).toFixed(1).padStart(8),
      percentile(times.count, 50).toFixed(1).padStart(8),
      percentile(times.count, 95).toFixed(1).padStart(8),
      percentile(times.every, 50).toFixed(1).padStart(8),
      percentile(times.every, 95).toFixed(1).padStart(8),
      ` ${found}`,
    );
  }

  console.log(`\n${RECORDS.toLocaleString('en')} records of one entity written in ${seeded.toFixed(1)} s, its ${indexes.created.length} list indexes made in ${indexed.toFixed(1)} s; ${databaseLabel}, ${ROUNDS} rounds after ${WARMUP}, Node ${process.version}`);
  console.log('list'.padEnd(34), 'page p50'.padStart(8), 'p95'.padStart(8), 'count p50'.padStart(8), 'p95'.padStart(8), 'all p50'.padStart(8), 'p95'.padStart(8), '  one answer (ms)');
  await measure('first page, list order', {});
  await measure('first page, newest change first', { sort: { field: 'updatedAt', direction: 'desc' } });
  await measure('filter + sort + first page', {
    filters: [
      { field: 'service', op: 'eq', value: 'billing' },
      { field: 'severity', op: 'in', value: ['sev1', 'sev2'] },
      { field: 'status', op: 'ne', value: 'resolved' },
    ],
    sort: { field: 'customers', direction: 'desc' },
  });
  await measure("search 'timeout' + sort", { search: 'timeout', sort: { field: 'reportedAt', direction: 'desc' } });
  await measure('colour RED, first page', { filters: [{ field: 'colour', op: 'eq', value: 'RED' }] });
  await measure('reported in the last 7 days', { filters: [{ field: 'reportedAt', op: 'gte', value: { relative: { days: -7 } } }] });
  await measure('sort by assignee (their names)', { sort: { field: 'assignee' } });
  await measure('page at offset 50,000', { offset: Math.min(50_000, Math.floor(RECORDS / 2)), limit: 50 });
  await measure("scope 'own', first page", {}, { kind: 'some', owners: [people[0]!.id], where: [] });
  await measure('scope where assignee = me', {}, { kind: 'some', owners: [], where: [{ field: 'assignee', op: 'eq', value: { me: true } }] });
} finally {
  await bench?.close();
}
