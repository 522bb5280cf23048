/**
 * Fills a stopped Atrium server (demo data written) with the records of
 * bench/records.bench.ts: the declared application BENCH_RECORDS_APP
 * (an incident register with a field of each common type) installed for
 * Northwind Trading and given to olivia and demo, and BENCH_RECORDS
 * (default 100,000) of its records, written a thousand per statement as
 * JSON records: every service, severity and status, reported over the last
 * two years, a third resolved, assigned over the demo's Northwind users
 * (bench/lib.ts writeBenchIncidents).
 * Then the indexes of the entity's lists made, as an install makes them
 * (records/recordIndexes.ts), which renews the statistics, as a bulk
 * write of many records does; their renewal is timed once more.
 *
 *   DATA_DIR=... node --import tsx bench/seedRecords.ts
 *
 * Prints one JSON line: the counts and the seconds it took.
 */
import path from 'node:path';
import { DECLARED_APP_TYPE } from '@atrium/shared';
import { AppDeclaration } from '@atrium/shared/apps';
import * as z from 'zod/mini';
import { acquireDataLock, createStores, openDatabase } from '@atrium/server';
import { BENCH_SERVICES, BENCH_SEVERITIES, BENCH_STATUSES, writeBenchIncidents } from './lib.js';

export const BENCH_RECORDS_APP = 'BenchIncidents';
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);

const en = (text: string) => ({ en_EN: text });

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
        service: { type: 'choice', label: en('Service'), choices: BENCH_SERVICES.map((s) => ({ value: s, label: en(s) })) },
        severity: { type: 'choice', label: en('Severity'), choices: BENCH_SEVERITIES.map((s) => ({ value: s, label: en(s) })), required: true },
        status: { type: 'choice', label: en('Status'), choices: BENCH_STATUSES.map((s) => ({ value: s, label: en(s) })), default: 'open' },
        reportedAt: { type: 'datetime', label: en('Reported at'), required: true },
        resolvedAt: { type: 'datetime', label: en('Resolved at') },
        customers: { type: 'number', label: en('Customers affected'), integer: true, min: 0 },
        assignee: { type: 'user', label: en('Assignee') },
      },
    },
  },
});

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

    await writeBenchIncidents(db, { accountId: northwind.id, appId: app.id, people: [olivia.id, demo.id, liam.id] }, 0, RECORDS, Date.now());
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
