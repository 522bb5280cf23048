/**
 * Upgrades of declared applications (docs/PERFORMANCE.md, "Declaration
 * upgrades"): how long `atrium apps install` takes over an organisation's
 * records when the upgrade loses values. The incident register of
 * bench/seedRecords.ts is installed for one organisation (through the
 * install service, as the command line does) on a new embedded database
 * (or BENCH_DATABASE_URL), BENCH_UPGRADE_RECORDS (default 20,000) incidents
 * written, then:
 *
 * - a version titling incidents by their details and finding them by their
 *   status and service too (no value lost): every incident's stored title
 *   and search words computed again, in the upgrade's transaction;
 *
 * then a version without the field `details` and the status `monitoring`
 * is installed three ways, each timed once:
 *
 * - a dry run (the counts of each loss, then a rollback);
 * - refused without --allow-data-loss (the same counts; nothing written);
 * - applied with --allow-data-loss (every incident loses its details, a
 *   quarter their status; one history row per incident changed).
 *
 *   node --import tsx bench/declarationUpgrade.bench.ts
 *
 * Prints figures; asserts nothing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppDeclaration } from '@atrium/shared/apps';
import { createStores, InstallRefused, InstallService, openDatabase } from '@atrium/server';
import { sql } from 'drizzle-orm';
import { benchDeclaration } from './seedRecords.js';
import { createBenchDatabase, databaseLabel, tempDir } from './lib.js';

const RECORDS = Number(process.env.BENCH_UPGRADE_RECORDS ?? 20_000);
const STATUSES = ['open', 'investigating', 'monitoring', 'resolved'];

const dataDir = tempDir('atrium-bench-upgrade-');
const url = process.env.BENCH_DATABASE_URL ? await createBenchDatabase(process.env.BENCH_DATABASE_URL, 'upgrade') : undefined;
const database = await openDatabase(url ? { url } : { dir: path.join(dataDir, 'pgdata') });
try {
  await database.migrate();
  const stores = createStores(database.db, dataDir);
  const org = await stores.accounts.create({ name: 'Bench Org' });
  const service = new InstallService(stores);
  await service.install(benchDeclaration, [org.id]);
  const app = (await stores.apps.findByName(benchDeclaration.name))!;

  for (let i = 0; i < RECORDS; i += 1000) {
    const rows = [];
    for (let j = i; j < Math.min(i + 1000, RECORDS); j++) {
      const data = { summary: `Incident ${j}`, details: `What happened to incident ${j}`, service: 'billing', severity: 'sev3', status: STATUSES[j % 4], reportedAt: new Date(Date.UTC(2026, 0, 1) + j * 60_000).toISOString(), resolvedAt: null, customers: j % 100, assignee: null };
      rows.push({ id: crypto.randomUUID(), name: `INC-${String(j + 1).padStart(6, '0')}`, title: data.summary, search_text: `${data.summary} ${data.details}`, data });
    }
    await database.db.execute(
      sql`insert into records (id, account_id, app_id, entity, name, title, search_text, data)
       select id, ${org.id}, ${app.id}, 'incident', name, title, search_text, data from json_to_recordset(${JSON.stringify(rows)}::json) as r(id uuid, name text, title text, search_text text, data jsonb)`,
    );
  }

  const timed = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    const outcome = await run();
    return { seconds: Math.round(performance.now() - started) / 1000, outcome };
  };

  const retitled = structuredClone(benchDeclaration) as AppDeclaration;
  retitled.version = '1.1.0';
  retitled.entities.incident!.titleField = 'details';
  retitled.entities.incident!.searchFields = ['summary', 'details', 'status', 'service'];
  const retitle = await timed(() => service.install(retitled, [org.id]));
  const retitledCount = (retitle.outcome as Awaited<ReturnType<InstallService['install']>>).organisations[0]!.recordsRetitled;

  const next = structuredClone(benchDeclaration) as AppDeclaration;
  next.version = '2.0.0';
  const incident = next.entities.incident!;
  delete incident.fields.details;
  incident.searchFields = ['summary'];
  const status = incident.fields.status!;
  if (status.type === 'choice') status.choices = status.choices.filter((c) => c.value !== 'monitoring');

  const dry = await timed(() => service.install(next, [org.id], { dryRun: true }));
  const refused = await timed(() => service.install(next, [org.id]).catch((e: unknown) => (e instanceof InstallRefused ? e.details : Promise.reject(e))));
  const applied = await timed(() => service.install(next, [org.id], { allowDataLoss: true }));
  const appliedOrg = (applied.outcome as Awaited<ReturnType<InstallService['install']>>).organisations[0]!;
  const touched = appliedOrg.recordsTouched;
  console.log(`Declaration upgrade on ${databaseLabel}, ${RECORDS} records (one run each)`);
  console.log(`  titles and search words recomputed:  ${retitle.seconds.toFixed(3)} s  (${retitledCount} records)`);
  console.log(`  dry run (counts, rollback):          ${dry.seconds.toFixed(3)} s`);
  console.log(`  refused (counts, nothing written):   ${refused.seconds.toFixed(3)} s  ${(refused.outcome as string[]).join(' | ').trim()}`);
  console.log(`  applied with --allow-data-loss:      ${applied.seconds.toFixed(3)} s  (${touched} records changed, one history row each; ${appliedOrg.recordsRetitled} retitled)`);
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
