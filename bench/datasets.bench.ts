/**
 * Dashboards' figures (docs/PERFORMANCE.md, "Datasets"): DatasetService's
 * queries over BENCH_RECORDS (default 1,000,000) incidents of one entity
 * (bench/seedRecords.ts's register, with a dataset declared over it),
 * written straight into a new database a thousand a statement, their facts
 * made by the records' triggers as they go in. Each row is a query as a
 * dashboard sends it (compiled, scoped, run, shaped, without HTTP), run
 * BENCH_ROUNDS times (default 20) after 3 unmeasured: p50 and p95 in
 * milliseconds. The cache is off for all but the last row, a cache hit.
 * Counts, sums and averages read the dataset's roll-up (the days at a
 * range's edges from the facts); the "own scope" row reads the roll-up of
 * one owner; "facts only" rows read the facts as a distinct count would.
 *
 *   node --import tsx bench/datasets.bench.ts
 *   bash scripts/with-postgres.sh bash -c 'BENCH_DATABASE_URL=$TEST_DATABASE_URL node --import tsx bench/datasets.bench.ts'
 *
 * BENCH_EXPLAIN=1 prints each query's plan first (EXPLAIN ANALYZE).
 * Prints figures; asserts nothing.
 */
import { compileQuery, DatasetService, rowScope, type Caller } from '@atrium/server';
import { AppDeclaration } from '@atrium/shared/apps';
import { DatasetQuery, type DatasetQueryInput } from '@atrium/shared/dashboards';
import { sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { benchDeclaration } from './seedRecords.js';
import { databaseLabel, openRecordsBench, percentile, writeBenchIncidents, type RecordsBench } from './lib.js';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const WARMUP = 3;
const en = (text: string) => ({ en_EN: text });

/** The register with its own people reading their own incidents, leads reading all, and a dataset over the incidents. */
const declaration = z.parse(AppDeclaration, {
  ...benchDeclaration,
  roles: { lead: { label: en('Lead') } },
  entities: {
    incident: {
      ...benchDeclaration.entities.incident!,
      rights: { everyone: { actions: ['read'], scope: 'own' }, lead: { actions: ['read'], scope: 'organisation' } },
    },
  },
  datasets: {
    incidents: {
      label: en('Incidents'),
      entity: 'incident',
      time: 'reportedAt',
      dimensions: {
        service: { label: en('Service'), field: 'service' },
        severity: { label: en('Severity'), field: 'severity' },
        status: { label: en('Status'), field: 'status' },
        month: { label: en('Month'), field: 'reportedAt', part: 'month' },
        assignee: { label: en('Assignee'), field: 'assignee' },
      },
      measures: {
        count: { label: en('Incidents'), op: 'count' },
        customers: { label: en('Customers'), op: 'sum', field: 'customers' },
        avgCustomers: { label: en('Average customers'), op: 'avg', field: 'customers' },
      },
    },
  },
});

let bench: RecordsBench | undefined;
try {
  bench = await openRecordsBench('datasets', declaration);
  const { database, stores, people, accountId, appId } = bench;
  const db = database.db;
  const seeding = performance.now();
  const now = Date.now();
  await writeBenchIncidents(db, { accountId, appId, people: people.map((p) => p.id) }, 0, RECORDS, now);
  const seeded = (performance.now() - seeding) / 1000;
  await db.execute(sql`analyze records`);
  await db.execute(sql`analyze dataset_facts`);
  await db.execute(sql`analyze dataset_rollups`);
  const count = async (table: 'dataset_facts' | 'dataset_rollups') => ((await db.execute(sql`select count(*)::int as n from ${sql.raw(table)}`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
  const facts = await count('dataset_facts');
  const rollups = await count('dataset_rollups');

  const caller = (i: number, roles: string[]): Caller => ({
    userId: people[i]!.id,
    name: people[i]!.username,
    sessionId: 'bench',
    organisation: { id: accountId, name: 'Bench Org' },
    roles: { organisation: [], apps: { [declaration.name]: roles } },
    manager: null,
    reports: [],
  });
  const lead = caller(0, ['lead']);
  const own = caller(1, []);
  const deps = { stores, canSeeApp: async () => true, onRecordChange: () => () => undefined, queryTimeout: 60_000, cancellable: false };
  const uncached = new DatasetService({ ...deps, cacheTtl: 0 });
  const cached = new DatasetService({ ...deps, cacheTtl: 3600 });
  const factsOnly = new DatasetService({ ...deps, cacheTtl: 0, rollups: false });
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  const queries: Array<{ label: string; who: Caller; service: DatasetService; query: DatasetQueryInput }> = [
    { label: 'count by service', who: lead, service: uncached, query: { app: declaration.name, dataset: 'incidents', dimensions: ['service'], measures: ['count'] } },
    { label: 'sum + avg by service x month', who: lead, service: uncached, query: { app: declaration.name, dataset: 'incidents', dimensions: ['service', 'month'], measures: ['customers', 'avgCustomers'] } },
    {
      label: 'filtered + last 90 days, by severity',
      who: lead,
      service: uncached,
      query: { app: declaration.name, dataset: 'incidents', dimensions: ['severity'], measures: ['count', 'customers'], filters: [{ dimension: 'status', op: 'ne', value: 'resolved' }, { dimension: 'service', op: 'in', value: ['billing', 'mail', 'search'] }], range: { from: day(now - 90 * 86_400_000), to: day(now) } },
    },
    { label: 'facts only: sum + avg by service x month', who: lead, service: factsOnly, query: { app: declaration.name, dataset: 'incidents', dimensions: ['service', 'month'], measures: ['customers', 'avgCustomers'] } },
    { label: 'own scope: count by status', who: own, service: uncached, query: { app: declaration.name, dataset: 'incidents', dimensions: ['status'], measures: ['count'] } },
    { label: 'cache hit (sum + avg by service x month)', who: lead, service: cached, query: { app: declaration.name, dataset: 'incidents', dimensions: ['service', 'month'], measures: ['customers', 'avgCustomers'] } },
  ];

  if (process.env.BENCH_EXPLAIN === '1') {
    for (const { label, who, query, service } of queries.slice(0, 5)) {
      const parsed = DatasetQuery.parse(query);
      const def = (await stores.datasets.def(accountId, appId, 'incidents'))!;
      const dataset = declaration.datasets!.incidents!;
      const scope = rowScope(who, declaration, 'incident', 'read');
      if (scope.kind === 'none') continue;
      const { statement } = compileQuery({ def, dataset, datasetKey: 'incidents', entity: declaration.entities.incident!, scope, ctx: { userId: who.userId, now }, refused: new Set(), titleHidden: false, query: parsed, rollups: service !== factsOnly });
      const plan = (await db.execute(sql`explain analyze ${statement}`)) as unknown as { rows: Array<Record<string, string>> };
      console.log(`-- ${label}\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}\n`);
    }
  }

  const results = [];
  for (const { label, who, service, query } of queries) {
    const parsed = DatasetQuery.parse(query);
    const times: number[] = [];
    let rows = 0;
    for (let round = 0; round < WARMUP + ROUNDS; round++) {
      const started = performance.now();
      const result = await service.query(who, parsed);
      if (round >= WARMUP) times.push(performance.now() - started);
      rows = result.rows.length;
    }
    results.push({ query: label, rows, p50: Math.round(percentile(times, 50) * 10) / 10, p95: Math.round(percentile(times, 95) * 10) / 10 });
  }
  console.log(JSON.stringify({ database: databaseLabel, records: RECORDS, facts, rollups, seedSeconds: Math.round(seeded), rounds: ROUNDS }));
  console.table(results);
} finally {
  await bench?.close();
}
