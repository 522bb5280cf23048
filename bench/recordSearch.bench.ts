/**
 * Records in global search on their own (docs/behaviour/search.md#rights):
 * what the records' statement of a search costs the database with
 * BENCH_RECORDS (default 100,000) records of one entity, with nothing of
 * HTTP around it. The entity is bench/records.bench.ts's incident register
 * (bench/seedRecords.ts), written straight into a new database as
 * bench/recordQuery.bench.ts writes it (bench/lib.ts); each row is one search through
 * `recordSearchSql` and the search store's `records` (matches, count, the
 * ranked first page of 20), run BENCH_ROUNDS times (default 50) after 5
 * unmeasured: p50 and p95 in milliseconds, and what it found.
 *
 *   node --import tsx bench/recordSearch.bench.ts
 *   bash scripts/with-postgres.sh bash -c 'BENCH_DATABASE_URL=$TEST_DATABASE_URL node --import tsx bench/recordSearch.bench.ts'
 *
 * Prints figures; asserts nothing.
 */
import { recordSearchSql, type RowScope } from '@atrium/server';
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

  const seeding = performance.now();
  const now = Date.now();
  await writeBenchIncidents(db, { accountId, appId, people: people.map((p) => p.id) }, 0, RECORDS, now);
  await db.execute(sql`analyze records`);
  const seeded = (performance.now() - seeding) / 1000;

  const entity = benchDeclaration.entities.incident!;
  const ctx = { userId: people[0]!.id, now };
  const target = { accountId, appId, entityKey: 'incident', entity };
  const ALL: RowScope = { kind: 'all' };

  async function measure(label: string, text: string, scope: RowScope = ALL, hidden: string[] = []) {
    const words = text.toLowerCase().split(/\s+/);
    const targets = [recordSearchSql(target, text, scope, hidden, ctx)];
    const times: number[] = [];
    let found = '';
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const started = performance.now();
      const page = await stores.search.records(targets, { words, phrase: words.join(' ') }, 20, 0);
      if (i >= WARMUP) times.push(performance.now() - started);
      found = `${page.count.toLocaleString('en')} matching, ${page.items.length} on the page`;
    }
    console.log(label.padEnd(40), percentile(times, 50).toFixed(1).padStart(8), percentile(times, 95).toFixed(1).padStart(8), ` ${found}`);
  }

  console.log(`\n${RECORDS.toLocaleString('en')} records of one entity written in ${seeded.toFixed(1)} s; ${databaseLabel}, ${ROUNDS} rounds after ${WARMUP}, Node ${process.version}`);
  console.log('search'.padEnd(40), 'p50'.padStart(8), 'p95'.padStart(8), '  (ms)');
  await measure("a rare word ('4242')", '4242');
  await measure("a common word ('timeout')", 'timeout');
  await measure("two words ('timeout latency')", 'timeout latency');
  await measure("'timeout', scope 'own'", 'timeout', { kind: 'some', owners: [people[0]!.id], where: [] });
  // The details hidden: the title alone is searched (the searchable fields' words count only where all are seen).
  await measure("'timeout', the details hidden", 'timeout', ALL, ['details']);
} finally {
  await bench?.close();
}
