// @module-tag postgres
/**
 * The database's guard of unique fields (records/recordIndexes.ts): an
 * install or upgrade makes a unique index per field every declaration the
 * application runs has unique, refuses to make a field unique while
 * records share its values (with their count and the field's path), and the
 * index refuses a second record with a value, per organisation.
 */
import crypto from 'node:crypto';
import type { AppDeclarationInput } from '@atrium/shared/apps';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { records } from '../../src/db/schema.js';
import { InstallRefused, InstallService } from '../../src/declarations/InstallService.js';
import { isUniqueViolation, violatedConstraint } from '../../src/records/recordChecks.js';
import { existingIndexesSql, uniqueIndexName } from '../../src/records/recordIndexes.js';
import { riskRegister } from '../helpers/declarations.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { createTestStores, type TestStores } from '../helpers/testStores.js';

/** Version 1.1: a risk's title is unique. */
function uniqueTitles(): AppDeclarationInput {
  const d = riskRegister();
  d.version = '1.1.0';
  (d.entities.risk!.fields.title as { unique?: boolean }).unique = true;
  return d;
}

describe(`unique fields kept by the database on ${databaseKind}`, () => {
  let s: TestStores;
  let install: InstallService;
  let appId = '';
  let northwind = '';
  let contoso = '';
  beforeAll(async () => {
    s = await createTestStores();
    install = new InstallService(s.stores);
    northwind = (await s.stores.accounts.create({ name: 'Northwind Trading' })).id;
    contoso = (await s.stores.accounts.create({ name: 'Contoso' })).id;
    await install.install(riskRegister(), ['Northwind Trading', 'Contoso']);
    appId = (await s.stores.apps.findByName('RiskRegister'))!.id;
  });
  afterAll(() => s.close());

  let named = 0;
  async function add(accountId: string, title: string, deleted = false): Promise<string> {
    const id = crypto.randomUUID();
    await s.database.db.insert(records).values({ id, accountId, appId, entity: 'risk', name: `R-${++named}`, title, data: { title }, ...(deleted ? { deletedAt: new Date() } : {}) });
    return id;
  }
  const retitle = (id: string, title: string) => s.database.db.update(records).set({ data: { title } }).where(eq(records.id, id));
  const indexes = async () => ((await s.database.db.execute(existingIndexesSql(appId))) as unknown as { rows: Array<{ name: string }> }).rows.map((r) => r.name);
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => (e instanceof InstallRefused ? { message: e.message, details: e.details } : Promise.reject(e)),
    );
  const titleIndex = () => uniqueIndexName(appId, 'risk', 'title');

  const nw: string[] = [];
  const co: string[] = [];

  it('refuses to make a field unique while live records share its values, with their count and the path, and changes nothing', async () => {
    nw.push(await add(northwind, 'Phishing'), await add(northwind, 'Phishing'), await add(northwind, 'Phishing'), await add(northwind, 'Flood'));
    // A deleted record shares a value with no one: deleted records are left out of unique values.
    await add(northwind, 'Flood', true);
    co.push(await add(contoso, 'Phishing'), await add(contoso, 'Phishing'));

    const dry = await install.install(uniqueTitles(), ['Northwind Trading'], { dryRun: true });
    expect(dry.organisations[0]!.plan!.shared).toEqual([{ entity: 'risk', field: 'title', path: 'entities.risk.fields.title', records: 3 }]);

    expect(await refusal(install.install(uniqueTitles(), ['Northwind Trading', 'Contoso']))).toEqual({
      message: 'Records share values of a field the declaration has unique; give them values of their own first. Nothing was changed.',
      details: ['Northwind Trading:', '  entities.risk.fields.title: unique, but 3 records share their value with another record', 'Contoso:', '  entities.risk.fields.title: unique, but 2 records share their value with another record'],
    });
    expect((await s.stores.declarations.installed(northwind, 'RiskRegister'))!.version).toBe('1.0.0');
    expect(await indexes()).not.toContain(titleIndex());
  });

  it('makes the unique index only once every organisation runs the field unique', async () => {
    await retitle(nw[1]!, 'Phishing by mail');
    await retitle(nw[2]!, 'Phishing by phone');
    await install.install(uniqueTitles(), ['Northwind Trading']);
    expect((await s.stores.declarations.installed(northwind, 'RiskRegister'))!.version).toBe('1.1.0');
    // Contoso still runs titles that records may share: no index may refuse them there.
    expect(await indexes()).not.toContain(titleIndex());
  });

  it('refuses an upgrade whose unique index the records of an organisation not upgraded now would break, naming the field', async () => {
    // Shared meanwhile at Northwind, while no index kept them apart.
    const stray = await add(northwind, 'Flood');
    await retitle(co[1]!, 'Phishing again');
    expect(await refusal(install.install(uniqueTitles(), ['Contoso']))).toEqual({
      message: 'Records of an organisation running the application share values of a field every declaration has unique; give them values of their own first. Nothing was changed.',
      details: ['entities.risk.fields.title'],
    });
    expect((await s.stores.declarations.installed(contoso, 'RiskRegister'))!.version).toBe('1.0.0');
    await retitle(stray, 'Flood in the cellar');
    await install.install(uniqueTitles(), ['Contoso']);
    expect(await indexes()).toContain(titleIndex());
  });

  it('the index refuses a second live record with a value in one organisation, and no other', async () => {
    const refused = await add(northwind, 'Phishing').then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(refused)).toBe(true);
    expect(violatedConstraint(refused)).toBe(titleIndex());
    // Another organisation's records, deleted records and empty values are not among them.
    await add(contoso, 'Phishing by mail');
    await add(northwind, 'Phishing', true);
    const id = crypto.randomUUID();
    await s.database.db.insert(records).values([
      { id, accountId: northwind, appId, entity: 'risk', name: `R-${++named}`, title: '', data: { title: null } },
      { id: crypto.randomUUID(), accountId: northwind, appId, entity: 'risk', name: `R-${++named}`, title: '', data: { title: null } },
      { id: crypto.randomUUID(), accountId: northwind, appId, entity: 'risk', name: `R-${++named}`, title: '', data: {} },
    ]);
  });

  it('drops the index once a version without the field unique runs', async () => {
    const d = riskRegister();
    d.version = '1.2.0';
    await install.install(d, ['Northwind Trading']);
    expect(await indexes()).not.toContain(titleIndex());
  });
});
