/**
 * Fills a stopped Atrium server (demo data written) with the records of
 * bench/records.bench.ts: the declared application BENCH_RECORDS_APP
 * (an incident register with a field of each common type) installed for
 * Northwind Trading and given to olivia and demo, and BENCH_RECORDS
 * (default 100,000) of its records, written a thousand per statement as
 * JSON records: every service, severity and status, reported over the last
 * two years, a third resolved, assigned over the demo's Northwind users.
 * Then the indexes of the entity's lists made, as an install makes them
 * (records/recordIndexes.ts), which renews the statistics, as a bulk
 * write of many records does; their renewal is timed once more.
 *
 *   DATA_DIR=... node --import tsx bench/seedRecords.ts
 *
 * Prints one JSON line: the counts and the seconds it took.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { DECLARED_APP_TYPE } from '@atrium/shared';
import { AppDeclaration } from '@atrium/shared/apps';
import * as z from 'zod/mini';
import { acquireDataLock, createStores, openDatabase } from '@atrium/server';

export const BENCH_RECORDS_APP = 'BenchIncidents';
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);

const en = (text: string) => ({ en_EN: text });
const SERVICES = ['billing', 'checkout', 'search', 'mail', 'storage', 'identity', 'reports', 'shipping'];
const SEVERITIES = ['sev1', 'sev2', 'sev3', 'sev4'];
const STATUSES = ['open', 'investigating', 'monitoring', 'resolved'];
const WORDS = ['timeout', 'latency', 'outage', 'error', 'queue', 'disk', 'certificate', 'memory', 'deploy', 'rollback', 'network', 'database', 'cache', 'login', 'payment'];

/** The benchmark's application, as an organisation would declare it. */
export const benchDeclaration = z.parse(AppDeclaration, {
  name: BENCH_RECORDS_APP,
  version: '1.0.0',
  label: en('Bench Incidents'),
  category: 'operational intelligence',
  entities: {
    incident: {
      label: en('Incident'),
      pluralLabel: en('Incidents'),
      naming: { series: 'INC-{######}' },
      titleField: 'summary',
      ownerField: 'assignee',
      searchFields: ['summary', 'details'],
      colour: {
        red: { all: [{ field: 'severity', op: 'eq', value: 'sev1' }, { field: 'status', op: 'ne', value: 'resolved' }] },
        yellow: { field: 'status', op: 'ne', value: 'resolved' },
        green: { field: 'status', op: 'eq', value: 'resolved' },
      },
      views: { list: { columns: ['summary', 'service', 'severity', 'status', 'reportedAt', 'assignee'], sort: { field: 'reportedAt', direction: 'desc' } } },
      rights: { everyone: { actions: ['read', 'create', 'update', 'comment'], scope: 'organisation' } },
      fields: {
        summary: { type: 'text', label: en('Summary'), required: true },
        details: { type: 'longText', label: en('Details') },
        service: { type: 'choice', label: en('Service'), choices: SERVICES.map((s) => ({ value: s, label: en(s) })) },
        severity: { type: 'choice', label: en('Severity'), choices: SEVERITIES.map((s) => ({ value: s, label: en(s) })), required: true },
        status: { type: 'choice', label: en('Status'), choices: STATUSES.map((s) => ({ value: s, label: en(s) })), default: 'open' },
        reportedAt: { type: 'datetime', label: en('Reported at'), required: true },
        resolvedAt: { type: 'datetime', label: en('Resolved at') },
        customers: { type: 'number', label: en('Customers affected'), integer: true, min: 0 },
        assignee: { type: 'user', label: en('Assignee') },
      },
    },
  },
});

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('usage: DATA_DIR=... node --import tsx bench/seedRecords.ts');
  const lock = await acquireDataLock(dataDir);
  const database = await openDatabase(process.env.BENCH_DATABASE_URL ? { url: process.env.BENCH_DATABASE_URL } : { dir: path.join(dataDir, 'pgdata') });
  try {
    const db = database.db;
    const stores = createStores(db, dataDir);
    const northwind = (await stores.accounts.list()).find((a) => a.name === 'Northwind Trading')!;
    const byName = async (username: string) => {
      const user = await stores.users.findByUsername(username);
      if (!user) throw new Error(`no demo user ${username}: the demo data must be written first`);
      return user;
    };
    const [olivia, demo, liam] = [await byName('olivia'), await byName('demo'), await byName('liam')];

    const app = await stores.apps.create({ name: BENCH_RECORDS_APP, title: 'Bench Incidents', category: 'operational intelligence', isBaseApp: true, appType: DECLARED_APP_TYPE });
    const version = await stores.declarations.addVersion(app.id, benchDeclaration);
    await stores.declarations.setInstalled(app.id, northwind.id, version.id);
    for (const u of [olivia, demo]) await stores.apps.grant(u.id, app.id);

    const now = Date.now();
    const assignees = [olivia.id, demo.id, liam.id];
    for (let i = 0; i < RECORDS; i += 1000) {
      const rows = [];
      for (let j = i; j < Math.min(i + 1000, RECORDS); j++) {
        const reported = new Date(now - ((j * 7919) % (730 * 24 * 60)) * 60_000);
        const status = pick(STATUSES, j * 3 + (j >> 4));
        const summary = `${pick(WORDS, j)} ${pick(WORDS, j * 7 + 3)} in ${pick(SERVICES, j * 5)} #${j}`;
        const data = {
          summary,
          details: `Customers saw ${pick(WORDS, j * 11)} and ${pick(WORDS, j * 13 + 1)} after the ${pick(WORDS, j * 17 + 2)}.`,
          service: pick(SERVICES, j * 5),
          severity: pick(SEVERITIES, (j * 31) % 97),
          status,
          reportedAt: reported.toISOString(),
          resolvedAt: status === 'resolved' ? new Date(reported.getTime() + ((j % 300) + 5) * 60_000).toISOString() : null,
          customers: (j * 37) % 5000,
          assignee: pick(assignees, j),
        };
        rows.push({
          id: crypto.randomUUID(),
          account_id: northwind.id,
          app_id: app.id,
          entity: 'incident',
          name: `INC-${String(j + 1).padStart(6, '0')}`,
          title: summary,
          owner_id: data.assignee,
          created_by: pick(assignees, j + 1),
          updated_by: pick(assignees, j + 1),
          created_at: reported.toISOString(),
          updated_at: reported.toISOString(),
          data,
          search_text: `${data.summary} ${data.details}`,
        });
      }
      // Generated text only (no user input): quotes doubled inside the literal.
      const json = JSON.stringify(rows).replace(/'/g, "''");
      await db.execute(
        `insert into records (id, account_id, app_id, entity, name, title, owner_id, created_by, updated_by, created_at, updated_at, data, search_text)
         select id, account_id, app_id, entity, name, title, owner_id, created_by, updated_by, created_at, updated_at, data, search_text
         from json_to_recordset('${json}'::json) as r(id uuid, account_id uuid, app_id uuid, entity text, name text, title text, owner_id uuid, created_by uuid,
           updated_by uuid, created_at timestamptz, updated_at timestamptz, data jsonb, search_text text)`,
      );
    }
    await db.execute(`insert into record_series (account_id, app_id, entity, prefix, next) values ('${northwind.id}', '${app.id}', 'incident', 'INC-', ${RECORDS + 1})`);
    const indexing = performance.now();
    const indexes = await stores.records.syncIndexes(app.id, [benchDeclaration]);
    const indexSeconds = Math.round((performance.now() - indexing) / 100) / 10;
    // Making the indexes renewed the statistics (as a bulk write of many records does): once more, timed, for what that costs.
    const analyzing = performance.now();
    await db.execute('analyze records');
    const analyzeSeconds = Math.round((performance.now() - analyzing) / 100) / 10;
    console.log(JSON.stringify({ records: RECORDS, indexes: indexes.created.length, indexSeconds, analyzeSeconds, seconds: Math.round((performance.now() - started) / 100) / 10 }));
  } finally {
    await database.close();
    await lock.release();
  }
}
