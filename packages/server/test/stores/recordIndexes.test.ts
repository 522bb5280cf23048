// @module-tag postgres
import crypto from 'node:crypto';
import { RecordQuery, type AppDeclarationInput, type RecordQueryInput } from '@atrium/shared/apps';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../../src/db/schema.js';
import { InstallService } from '../../src/declarations/InstallService.js';
import { listQuerySql } from '../../src/records/queryBuilder.js';
import { existingIndexesSql, indexPrefix, wantedIndexes } from '../../src/records/recordIndexes.js';
import { parsed, riskRegister, texts } from '../helpers/declarations.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { createTestStores, type TestStores } from '../helpers/testStores.js';

/** Version 1.1: `notes` gone, a date `due` added, the list sorted by score, highest first. */
function riskRegister11(): AppDeclarationInput {
  const d = riskRegister();
  const risk = d.entities.risk!;
  d.version = '1.1.0';
  const { notes: _gone, ...fields } = risk.fields;
  risk.fields = { ...fields, due: { type: 'date', label: texts('Due') } };
  risk.views = { ...risk.views, list: { sort: { field: 'score', direction: 'desc' } } };
  return d;
}

describe(`the indexes of declared entities' lists on ${databaseKind}`, () => {
  let s: TestStores;
  let install: InstallService;
  let appId = '';
  let orgId = '';
  beforeAll(async () => {
    s = await createTestStores();
    install = new InstallService(s.stores);
    orgId = (await s.stores.accounts.create({ name: 'Northwind Trading' })).id;
    await s.stores.accounts.create({ name: 'Contoso' });
  });
  afterAll(() => s.close());

  const existing = async () => ((await s.database.db.execute(existingIndexesSql(appId))) as unknown as { rows: Array<{ name: string }> }).rows.map((r) => r.name);
  /** The statistics of the keys kept beside the indexes, by name. */
  const statistics = async () =>
    ((await s.database.db.execute(sql`select stxname as name from pg_statistic_ext where starts_with(stxname, ${indexPrefix(appId)}::text) order by stxname`)) as unknown as { rows: Array<{ name: string }> }).rows.map((r) => r.name);
  const indexOf = (declaration: AppDeclarationInput, entity: string, field: string) => wantedIndexes(appId, [parsed(declaration)]).find((i) => i.entity === entity && i.field === field)?.name;

  it('an install makes an index for each field its lists sort, filter or group by, named by a hash and the same every time', async () => {
    await install.install(riskRegister(), ['Northwind Trading']);
    appId = (await s.stores.apps.findByName('RiskRegister'))!.id;
    const wanted = wantedIndexes(appId, [parsed(riskRegister())]);
    // risk: title, score, status, notes (the table has no key); review: summary.
    expect(wanted.map((i) => `${i.entity}.${i.field}`).sort()).toEqual(['review.summary', 'risk.notes', 'risk.score', 'risk.status', 'risk.title']);
    expect(await existing()).toEqual(wanted.map((i) => i.name).sort());
    expect(await statistics()).toEqual(await existing());
    expect(wantedIndexes(appId, [parsed(riskRegister())])).toEqual(wanted);
    for (const index of wanted) {
      expect(index.name).toMatch(new RegExp(`^${indexPrefix(appId)}[0-9a-f]{16}$`));
      expect(index.name).not.toMatch(/risk|score|status/);
    }
    // A choice added changes the choice's key (its place among the choices), and so its index; the others stay.
    const more = riskRegister();
    const status = more.entities.risk!.fields.status as { choices: Array<{ value: string; label: Record<string, string> }> };
    status.choices.unshift({ value: 'draft', label: texts('Draft') });
    expect(indexOf(more, 'risk', 'status')).not.toBe(indexOf(riskRegister(), 'risk', 'status'));
    expect(indexOf(more, 'risk', 'score')).toBe(indexOf(riskRegister(), 'risk', 'score'));
    // Another application's indexes have other names.
    expect(wantedIndexes(crypto.randomUUID(), [parsed(riskRegister())]).some((i) => wanted.some((w) => w.name === i.name))).toBe(false);
  });

  it('installing the same declaration again changes no index', async () => {
    const before = await existing();
    await install.install(riskRegister(), ['Northwind Trading', 'Contoso']);
    expect(await existing()).toEqual(before);
  });

  it('an upgrade drops the index of a field gone once no organisation runs a version with it, makes one for a new field, and keeps the others by name', async () => {
    const notes = indexOf(riskRegister(), 'risk', 'notes')!;
    const title = indexOf(riskRegister(), 'risk', 'title')!;
    const scoreBefore = indexOf(riskRegister(), 'risk', 'score')!;
    await install.install(riskRegister11(), ['Northwind Trading']);
    // Contoso still runs 1.0.0, whose lists still want the index of notes.
    expect(await existing()).toContain(notes);
    await install.install(riskRegister11(), ['Contoso']);
    const after = await existing();
    expect(after).not.toContain(notes);
    expect(after).toContain(title);
    expect(after).toContain(indexOf(riskRegister11(), 'risk', 'due'));
    // Score is now the list's sort, highest first: the order its index already had (numbers are read from the greatest).
    expect(indexOf(riskRegister11(), 'risk', 'score')).toBe(scoreBefore);
    expect(after).toEqual(wantedIndexes(appId, [parsed(riskRegister11())]).map((i) => i.name).sort());
    expect(await statistics()).toEqual(after);
  });

  it('a dry run makes and drops no index', async () => {
    const before = await existing();
    const d = riskRegister11();
    d.version = '1.2.0';
    delete d.entities.review;
    await install.install(d, ['Northwind Trading', 'Contoso'], { dryRun: true });
    expect(await existing()).toEqual(before);
  });

  /** The plan of the builder's page of a list, the database told to read no table from end to end and to sort nothing it can read in order. */
  async function planOf(input: RecordQueryInput): Promise<string> {
    const declaration = parsed(riskRegister11());
    const target = { accountId: orgId, appId, entityKey: 'risk', entity: declaration.entities.risk! };
    const parts = listQuerySql(target, RecordQuery.parse(input), { kind: 'all' }, [], { userId: crypto.randomUUID(), now: Date.now() });
    return s.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const plan = (await tx.execute(sql`explain select ${records.id} from ${records} where ${parts.where} order by ${parts.orderBy} limit ${parts.limit} offset ${parts.offset}`)) as unknown as {
        rows: Array<{ 'QUERY PLAN': string }>;
      };
      return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it("a list sorted or filtered by a field reads that field's index", async () => {
    for (let i = 0; i < 40; i++) {
      await s.database.db.insert(records).values({
        id: crypto.randomUUID(),
        accountId: orgId,
        appId,
        entity: 'risk',
        name: `RISK-${String(i).padStart(4, '0')}`,
        title: `risk ${i}`,
        data: { title: `risk ${i}`, score: (i % 25) + 1, status: i % 3 ? 'open' : 'closed', due: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`, actions: [] },
      });
    }
    await s.database.db.execute(sql`analyze records`);
    const v11 = riskRegister11();
    expect(await planOf({})).toContain(indexOf(v11, 'risk', 'score'));
    expect(await planOf({ sort: { field: 'title' } })).toContain(indexOf(v11, 'risk', 'title'));
    expect(await planOf({ sort: { field: 'due', direction: 'desc' } })).toContain(indexOf(v11, 'risk', 'due'));
    expect(await planOf({ filters: [{ field: 'status', op: 'eq', value: 'closed' }], sort: { field: 'status' } })).toContain(indexOf(v11, 'risk', 'status'));
  });
});
