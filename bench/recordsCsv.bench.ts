/**
 * Records as CSV (docs/behaviour/records.md#export-and-import,
 * docs/PERFORMANCE.md "Records as CSV"): the records service's export and
 * import on their own (the list's SQL with the rights, the CSV text, each
 * row's checks, the one transaction of the import), without HTTP, over the
 * incident register of bench/seedRecords.ts written into a new database:
 *
 * - the export of every record of an entity of 10,000 (an export holds at
 *   most 10,000 rows);
 * - among 100,000 records, the export of the 10,000 a filter selects, and
 *   the export of all of them, refused (how soon it is);
 * - the import of 10,000 rows (the first export's file, back): its preview
 *   (a dry run: every row checked, nothing written) and its commit.
 *
 * Each export and preview runs BENCH_ROUNDS times (default 5) after one
 * unmeasured: p50 and p95 in ms, and rows a second at p50. The commit runs
 * BENCH_IMPORTS times (default 3; each adds 10,000 records), each timed.
 *
 *   node --import tsx bench/recordsCsv.bench.ts
 *   bash scripts/with-postgres.sh bash -c 'BENCH_DATABASE_URL=$TEST_DATABASE_URL node --import tsx bench/recordsCsv.bench.ts'
 *
 * Prints figures; asserts nothing.
 */
import os from 'node:os';
import { RecordService, type Caller } from '@atrium/server';
import { RecordExportQuery, type AppDeclaration, type RecordExportQueryInput } from '@atrium/shared/apps';
import { sql } from 'drizzle-orm';
import { benchDeclaration } from './seedRecords.js';
import { databaseLabel, openRecordsBench, percentile, writeBenchIncidents, type RecordsBench } from './lib.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const IMPORTS = Number(process.env.BENCH_IMPORTS ?? 3);
const SMALL = 10_000;
const LARGE = 100_000;

/** The register with the export and import rights for everyone. */
const incident = benchDeclaration.entities.incident!;
const declaration: AppDeclaration = {
  ...benchDeclaration,
  entities: { incident: { ...incident, rights: { everyone: { actions: ['read', 'create', 'update', 'comment', 'export', 'import'], scope: 'organisation' } } } },
};

const load = () => os.loadavg().map((n) => n.toFixed(2)).join(', ');

/** Runs `once` one time unmeasured, then `rounds` times; prints p50, p95 and rows a second at p50. */
async function measure(label: string, rows: number, once: () => Promise<string>, rounds = ROUNDS): Promise<void> {
  let found = await once();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    found = await once();
    times.push(performance.now() - started);
  }
  const p50 = percentile(times, 50);
  console.log(label.padEnd(44), String(rows).padStart(7), p50.toFixed(0).padStart(8), percentile(times, 95).toFixed(0).padStart(8), (rows > 0 ? Math.round((rows * 1000) / p50).toLocaleString('en') : '–').padStart(9), ` ${found}`);
}

let bench: RecordsBench | undefined;
try {
  bench = await openRecordsBench('records_csv', declaration);
  const { database, stores, people, accountId, appId } = bench;
  const db = database.db;
  const target = { accountId, appId, people: people.map((p) => p.id) };
  const now = Date.now();
  const records = new RecordService({ stores, canSeeApp: async () => true, notifyMention: async () => {}, localeOf: async () => 'en_EN' });
  const olivia = people[0]!;
  const caller: Caller = { userId: olivia.id, name: 'olivia Bench', sessionId: '', ...(await stores.access.callerFacts(olivia.id, accountId)) };
  const exportOf = async (query: RecordExportQueryInput) => (await records.csv.exportCsv(caller, declaration.name, 'incident', RecordExportQuery.parse(query))).text;
  const lines = (text: string) => `${(text.split('\r\n').length - 2).toLocaleString('en')} rows, ${(text.length / 1e6).toFixed(1)} MB`;

  console.log(`\n${databaseLabel}, Node ${process.version}, load ${load()} (1, 5, 15 min), ${ROUNDS} rounds after 1`);
  console.log('call'.padEnd(44), 'rows'.padStart(7), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'rows/s'.padStart(9), '  one answer');
  await writeBenchIncidents(db, target, 0, SMALL, now);
  await stores.records.syncIndexes(appId, [declaration]);
  await db.execute(sql`analyze records`);
  let file = '';
  await measure(`export, all ${SMALL.toLocaleString('en')} of ${SMALL.toLocaleString('en')}`, SMALL, async () => lines((file = await exportOf({}))));

  await writeBenchIncidents(db, target, SMALL, LARGE - SMALL, now);
  await db.execute(sql`analyze records`);
  // (j * 37) % 5000 takes each value as often: a tenth of the incidents affected fewer than 500 customers.
  const tenth: RecordExportQueryInput = { filters: [{ field: 'customers', op: 'lt', value: 500 }] };
  await measure(`export, 10,000 of ${LARGE.toLocaleString('en')} by a filter`, SMALL, async () => lines(await exportOf(tenth)));
  await measure(`export, all ${LARGE.toLocaleString('en')}: refused`, 0, async () => {
    try {
      await exportOf({});
      return 'not refused';
    } catch (e) {
      return (e as Error).message;
    }
  });

  await measure(`import preview, ${SMALL.toLocaleString('en')} rows`, SMALL, async () => {
    const answer = await records.csv.importCsv(caller, declaration.name, 'incident', file, true);
    return `${answer.rows.length.toLocaleString('en')} rows checked, ${answer.refused} refused`;
  });
  const commits: number[] = [];
  for (let i = 0; i < IMPORTS; i++) {
    const started = performance.now();
    const answer = await records.csv.importCsv(caller, declaration.name, 'incident', file, false);
    commits.push(performance.now() - started);
    if (answer.created.length !== SMALL) throw new Error(`the import made ${answer.created.length} records`);
  }
  const p50 = percentile(commits, 50);
  console.log(
    `import commit, ${SMALL.toLocaleString('en')} rows (after ${LARGE.toLocaleString('en')})`.padEnd(44),
    String(SMALL).padStart(7),
    p50.toFixed(0).padStart(8),
    percentile(commits, 95).toFixed(0).padStart(8),
    Math.round((SMALL * 1000) / p50).toLocaleString('en').padStart(9),
    ` each: ${commits.map((t) => t.toFixed(0)).join(', ')} ms`,
  );
  console.log(`load ${load()} at the end`);
} finally {
  await bench?.close();
}
