/**
 * Records in global search on their own (docs/behaviour/search.md#rights):
 * what the records' statement of a search costs the database with
 * BENCH_RECORDS (default 100,000) records of one entity, with nothing of
 * HTTP around it. The entity is bench/records.bench.ts's incident register
 * (bench/seedRecords.ts), written straight into a new database as
 * bench/recordQuery.bench.ts writes it (bench/lib.ts); each row is one search through
 * `recordSearchSql` and the search store's `records` (matches, count, the
 * ranked first page of 20), run BENCH_ROUNDS times (default 50) after 5
 * unmeasured: p50 and p95 in milliseconds, and what it found. Then the
 * files attached to them (the Attachments kind's second part: the search
 * store's `recordFiles`): a screenshot on every fifth record and a text log
 * on every fiftieth, in the organisation's `records` mountpoint, each named
 * by its record's file field.
 *
 *   node --import tsx bench/recordSearch.bench.ts
 *   bash scripts/with-postgres.sh bash -c 'BENCH_DATABASE_URL=$TEST_DATABASE_URL node --import tsx bench/recordSearch.bench.ts'
 *
 * Prints figures; asserts nothing.
 */
import { recordSearchSql, type RowScope } from '@atrium/server';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { benchDeclaration } from './seedRecords.js';
import { BENCH_SERVICES, databaseLabel, openRecordsBench, percentile, writeBenchIncidents, type RecordsBench } from './lib.js';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const WARMUP = 5;
/** Words of the attached logs' texts. */
const LOG_WORDS = ['timeout', 'latency', 'outage', 'error', 'queue', 'disk', 'memory', 'deploy'];
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

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

  // Files attached to the records: a screenshot on every fifth, a log (text, searched by its words) on every fiftieth.
  const filing = performance.now();
  const rootId = (await stores.vfs.root('records', accountId)).id;
  const appFolder = crypto.randomUUID();
  await db.execute(sql`insert into vfs_nodes (id, mount, scope, parent_id, name, is_directory, mime, size) values (${appFolder}::uuid, 'records', ${accountId}, ${rootId}::uuid, ${benchDeclaration.name}, true, 'inode/directory', 0)`);
  let files = 0;
  for (let i = 0; i < RECORDS; i += 5000) {
    const folders = [];
    const nodes = [];
    const texts = [];
    for (let j = i; j < Math.min(i + 5000, RECORDS); j += 5) {
      const name = `INC-${String(j + 1).padStart(6, '0')}`;
      const folder = crypto.randomUUID();
      folders.push({ id: folder, name });
      nodes.push({ id: crypto.randomUUID(), parent: folder, name: `${name} screenshot.png`, mime: 'image/png', record: name });
      if (j % 50 === 0) {
        const id = crypto.randomUUID();
        nodes.push({ id, parent: folder, name: `${name} ${pick(BENCH_SERVICES, j * 5)} log.txt`, mime: 'text/plain', record: name });
        texts.push({ id, text: `${pick(LOG_WORDS, j * 3)} at 02:00, then ${pick(LOG_WORDS, j * 19 + 4)} until the restart of ${pick(BENCH_SERVICES, j * 5)}` });
      }
    }
    files += nodes.length;
    await db.execute(sql`insert into vfs_nodes (id, mount, scope, parent_id, name, is_directory, mime, size)
      select f.id, 'records', ${accountId}, ${appFolder}::uuid, f.name, true, 'inode/directory', 0 from json_to_recordset(${JSON.stringify(folders)}::json) as f(id uuid, name text)`);
    await db.execute(sql`insert into vfs_nodes (id, mount, scope, parent_id, name, is_directory, mime, size)
      select n.id, 'records', ${accountId}, n.parent, n.name, false, n.mime, 4096 from json_to_recordset(${JSON.stringify(nodes)}::json) as n(id uuid, parent uuid, name text, mime text)`);
    await db.execute(sql`insert into vfs_contents (node_id, document, text)
      select t.id, to_tsvector('simple'::regconfig, t.text) || ${`'#records:${accountId}'`}::tsvector, t.text from json_to_recordset(${JSON.stringify(texts)}::json) as t(id uuid, text text)`);
    await db.execute(sql`update records r set data = r.data || jsonb_build_object('attachments', a.files)
      from (select n.record, jsonb_agg(jsonb_build_object('id', n.id::text, 'name', n.name)) as files from json_to_recordset(${JSON.stringify(nodes)}::json) as n(id uuid, record text, name text) group by n.record) a
      where r.account_id = ${accountId}::uuid and r.app_id = ${appId}::uuid and r.name = a.record`);
  }
  await db.execute(sql`analyze vfs_nodes`);
  await db.execute(sql`analyze vfs_contents`);
  await db.execute(sql`analyze records`);
  const filed = (performance.now() - filing) / 1000;
  const withFiles = { ...target, entity: { ...entity, fields: { ...entity.fields, attachments: { type: 'file' as const, label: { en_EN: 'Attachments' }, multiple: true } } } };

  async function measureFiles(label: string, text: string, scope: RowScope = ALL, hidden: string[] = []) {
    const words = text.toLowerCase().split(/\s+/);
    const targets = [recordSearchSql(withFiles, text, scope, hidden, ctx)];
    const times: number[] = [];
    let found = '';
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const started = performance.now();
      const page = await stores.search.recordFiles(accountId, targets, { words, phrase: words.join(' ') }, 20, 0);
      if (i >= WARMUP) times.push(performance.now() - started);
      found = `${page.count.toLocaleString('en')}${page.capped ? '+' : ''} matching, ${page.items.length} on the page`;
    }
    console.log(label.padEnd(40), percentile(times, 50).toFixed(1).padStart(8), percentile(times, 95).toFixed(1).padStart(8), ` ${found}`);
  }

  console.log(`\n${files.toLocaleString('en')} files attached to them written in ${filed.toFixed(1)} s`);
  console.log('search of attachments'.padEnd(40), 'p50'.padStart(8), 'p95'.padStart(8), '  (ms)');
  await measureFiles("a record's name ('004241')", '004241');
  await measureFiles("a rare word of logs ('billing log')", 'billing log');
  await measureFiles("a common word ('screenshot')", 'screenshot');
  await measureFiles("a word of the logs' text ('restart')", 'restart');
  await measureFiles("'screenshot', scope 'own'", 'screenshot', { kind: 'some', owners: [people[0]!.id], where: [] });
  await measureFiles("'screenshot', the files hidden", 'screenshot', ALL, ['attachments']);
} finally {
  await bench?.close();
}
