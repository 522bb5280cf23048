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
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createStores, listQuerySql, openDatabase, type Database, type RowScope } from '@atrium/server';
import { DECLARED_APP_TYPE } from '@atrium/shared';
import { countedTotal, RecordQuery, recordCountBound, type RecordQueryInput } from '@atrium/shared/apps';
import { sql } from 'drizzle-orm';
import { benchDeclaration } from './seedRecords.js';
import { createBenchDatabase, databaseLabel, percentile, tempDir } from './lib.js';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const WARMUP = 5;
const SERVICES = ['billing', 'checkout', 'search', 'mail', 'storage', 'identity', 'reports', 'shipping'];
const SEVERITIES = ['sev1', 'sev2', 'sev3', 'sev4'];
const STATUSES = ['open', 'investigating', 'monitoring', 'resolved'];
const WORDS = ['timeout', 'latency', 'outage', 'error', 'queue', 'disk', 'certificate', 'memory', 'deploy', 'rollback', 'network', 'database', 'cache', 'login', 'payment'];
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

const dataDir = tempDir('atrium-bench-record-query-');
const adminUrl = process.env.BENCH_DATABASE_URL;
let database: Database | undefined;
try {
  database = await openDatabase(adminUrl ? { url: await createBenchDatabase(adminUrl, 'records') } : { dir: path.join(dataDir, 'pgdata') });
  await database.migrate();
  const db = database.db;
  const stores = createStores(db, dataDir);
  const account = await stores.accounts.create({ name: 'Bench Org' });
  const people = [];
  for (const username of ['bench-olivia', 'bench-dana', 'bench-liam']) {
    const user = await stores.users.create({ username, firstname: username.slice(6), lastname: 'Bench' });
    await stores.accounts.addMember(account.id, user.id);
    people.push(user);
  }
  const app = await stores.apps.create({ name: 'BenchIncidents', title: 'Bench Incidents', category: 'operational intelligence', appType: DECLARED_APP_TYPE });

  // The same kind of incidents as bench/seedRecords.ts, a thousand per statement.
  const seeding = performance.now();
  const now = Date.now();
  for (let i = 0; i < RECORDS; i += 1000) {
    const rows = [];
    for (let j = i; j < Math.min(i + 1000, RECORDS); j++) {
      const reported = new Date(now - ((j * 7919) % (730 * 24 * 60)) * 60_000);
      const status = pick(STATUSES, j * 3 + (j >> 4));
      const summary = `${pick(WORDS, j)} ${pick(WORDS, j * 7 + 3)} in ${pick(SERVICES, j * 5)} #${j}`;
      const assignee = pick(people, j).id;
      const data = {
        summary,
        details: `Customers saw ${pick(WORDS, j * 11)} and ${pick(WORDS, j * 13 + 1)} after the ${pick(WORDS, j * 17 + 2)}.`,
        service: pick(SERVICES, j * 5),
        severity: pick(SEVERITIES, (j * 31) % 97),
        status,
        reportedAt: reported.toISOString(),
        resolvedAt: status === 'resolved' ? new Date(reported.getTime() + ((j % 300) + 5) * 60_000).toISOString() : null,
        customers: (j * 37) % 5000,
        assignee,
      };
      rows.push({ id: crypto.randomUUID(), name: `INC-${String(j + 1).padStart(6, '0')}`, title: summary, owner_id: assignee, at: reported.toISOString(), data, search_text: `${data.summary} ${data.details}` });
    }
    await db.execute(sql`insert into records (id, account_id, app_id, entity, name, title, owner_id, created_by, updated_by, created_at, updated_at, data, search_text)
      select r.id, ${account.id}::uuid, ${app.id}::uuid, 'incident', r.name, r.title, r.owner_id, r.owner_id, r.owner_id, r.at, r.at, r.data, r.search_text
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(id uuid, name text, title text, owner_id uuid, at timestamptz, data jsonb, search_text text)`);
  }
  const seeded = (performance.now() - seeding) / 1000;
  // The indexes of the entity's lists, as an install makes them (records/recordIndexes.ts).
  const indexing = performance.now();
  const indexes = await stores.records.syncIndexes(app.id, [benchDeclaration]);
  const indexed = (performance.now() - indexing) / 1000;
  await db.execute(sql`analyze records`);

  const entity = benchDeclaration.entities.incident!;
  const ctx = { userId: people[0]!.id, now };
  const target = { accountId: account.id, appId: app.id, entityKey: 'incident', entity };
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
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
