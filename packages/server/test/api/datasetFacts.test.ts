// @module-tag postgres
/**
 * The facts of datasets follow the records (packages/server/src/datasets/README.md):
 * in the transaction of every write (create, update, delete, restore, a
 * bulk write, an import, an upgrade's changed values), each live record has
 * exactly the row of facts factsLayout's factRow gives it, and an upgrade
 * that changes a dataset's layout makes its facts anew. The roll-ups hold,
 * after every write, exactly the facts grouped by month, owner and slots.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppDeclaration, type AppDeclarationInput } from '@atrium/shared/apps';
import { factRow, factsLayout } from '../../src/datasets/factsLayout.js';
import { InstallService } from '../../src/declarations/InstallService.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { deskDeclaration } from '../helpers/datasets.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { data, installDeclaration, RecordsApi } from '../helpers/records.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';
import type { RecordImportResult } from '@atrium/shared/apps';

type Row = Record<string, unknown>;

describe(`the facts of datasets on ${databaseKind}`, () => {
  let t: TestApp;
  let ada: UserRecord;
  let bob: UserRecord;
  let accountId: string;
  let api: RecordsApi;
  let declaration: AppDeclarationInput = deskDeclaration();

  beforeAll(async () => {
    t = await createTestApp();
    const { stores } = t.services;
    const org = await makeAccount(stores, 'Northwind Trading');
    accountId = org.id;
    ada = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Ada', lastname: 'Hart' });
    bob = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Bob', lastname: 'Novak' });
    const app = await installDeclaration(stores, declaration, [org.id], [ada.id, bob.id]);
    await stores.access.grantRole({ userId: ada.id, accountId: org.id, appId: app.id, role: 'lead' });
    api = new RecordsApi(t, (await signIn(t.app, t.config.wrapperPrefix, ada.username)).jwt, 'Desk');
  });
  afterAll(async () => {
    await t.close();
  });

  const rows = async <T = Row>(query: ReturnType<typeof sql>): Promise<T[]> => ((await t.services.db.execute(query)) as unknown as { rows: T[] }).rows;

  /** Every live ticket's facts as the database holds them and as factRow gives them; the facts of records no longer live. */
  async function compare(): Promise<{ held: Row[]; expected: Row[]; orphans: number }> {
    const checked = AppDeclaration.parse(declaration);
    const layout = factsLayout(checked.datasets!.tickets!, checked.entities.ticket!);
    const live = await rows<{ id: string; name: string; data: Record<string, unknown>; owner_id: string | null; created_at: string | Date }>(
      sql`select id, name, data, owner_id, created_at from records where account_id = ${accountId}::uuid and entity = 'ticket' and deleted_at is null order by name`,
    );
    const held = await rows(sql`select r.name, f.* from dataset_facts f join records r on r.id = f.record_id join dataset_defs d on d.id = f.def_id where d.account_id = ${accountId}::uuid and d.dataset = 'tickets' order by r.name`);
    const orphans = await rows<{ n: number }>(sql`select count(*)::int as n from dataset_facts f join records r on r.id = f.record_id where r.deleted_at is not null or r.entity <> 'ticket'`);
    const shape = (name: string, row: ReturnType<typeof factRow>): Row => ({
      name,
      owner_id: row.ownerId,
      at: row.at,
      ...Object.fromEntries(row.texts.map((v, i) => [`d${i + 1}`, v])),
      ...Object.fromEntries(row.numbers.map((v, i) => [`n${i + 1}`, v])),
    });
    const expected = live.map((r) => shape(r.name, factRow(layout, { data: r.data, ownerId: r.owner_id, createdAt: new Date(r.created_at) })));
    const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v === null ? null : String(v).slice(0, 10));
    return { held: held.map(({ def_id: _d, record_id: _r, ...rest }) => ({ ...rest, at: day(rest.at) })), expected, orphans: orphans[0]!.n };
  }

  const slots = sql.raw(Array.from({ length: 20 }, (_, i) => `d${i + 1}`).join(', '));
  const sums = (from: 'facts' | 'rollups') =>
    sql.raw(Array.from({ length: 12 }, (_, i) => (from === 'facts' ? `coalesce(sum(n${i + 1}::numeric), 0)::text as s${i + 1}, count(n${i + 1})::int as c${i + 1}` : `s${i + 1}::text as s${i + 1}, c${i + 1}::int as c${i + 1}`)).join(', '));

  const numbers = sql.raw(Array.from({ length: 12 }, (_, i) => `s${i + 1}, c${i + 1}`).join(', '));

  /** The roll-ups as held, and as the facts grouped give them (every dataset of every organisation); empty rows held. */
  async function compareRollups(): Promise<{ held: Row[]; expected: Row[]; empty: number }> {
    const order = sql.raw(`order by def_id, month nulls first, owner_id nulls first, ${Array.from({ length: 20 }, (_, i) => `d${i + 1} nulls first`).join(', ')}`);
    const held = await rows(sql`select def_id, to_char(month, 'YYYY-MM-DD') as month, owner_id, ${slots}, rows::int as rows, ${sums('rollups')} from dataset_rollups ${order}`);
    const expected = await rows(
      sql`select def_id, month, owner_id, ${slots}, rows, ${numbers} from (select def_id, to_char(date_trunc('month', at::timestamp), 'YYYY-MM-DD') as month, owner_id, ${slots}, count(*)::int as rows, ${sums('facts')} from dataset_facts group by def_id, 2, owner_id, ${slots}) g ${order}`,
    );
    const normal = (r: Row): Row => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k.startsWith('s') && typeof v === 'string' ? Number(v) : v]));
    const empty = await rows<{ n: number }>(sql`select count(*)::int as n from dataset_rollups where rows <= 0`);
    return { held: held.map(normal), expected: expected.map(normal), empty: empty[0]!.n };
  }

  async function expectInStep(count: number): Promise<void> {
    const { held, expected, orphans } = await compare();
    expect(held).toEqual(expected);
    expect(held).toHaveLength(count);
    expect(orphans).toBe(0);
    const rollups = await compareRollups();
    expect(rollups.held).toEqual(rollups.expected);
    if (count > 0) expect(rollups.held.length).toBeGreaterThan(0);
    expect(rollups.empty).toBe(0);
  }

  it('a created record gets its row of facts, and a change of its values changes them', async () => {
    await api.created({ code: 'OPS', title: 'Operations' }, 'team');
    const one = await api.created({ subject: 'Printer', service: 'mail', opened: '2026-08-21T22:30:00Z', due: '2026-09-30', hours: 2.5, cost: 120.5, urgent: true, agent: bob.id, team: 'OPS', stars: 4 }, 'ticket');
    await api.created({ subject: 'Login', service: 'web', opened: '2027-01-01T00:00:00Z' }, 'ticket');
    await expectInStep(2);
    const { held } = await compare();
    // The month and the ISO week of a moment in UTC; the owner is the agent; yes/no and the rating as text.
    expect(held[0]).toMatchObject({ name: one.record.name, owner_id: bob.id, at: '2026-08-21', d1: 'mail', d2: '2026', d3: '2026-Q3', d4: '2026-08', d5: '2026-W34', d6: '2026-08-21', d7: '2026-09', d8: 'true', d9: bob.id, d11: 'OPS', d12: '4', n1: 2.5, n2: 120.5 });
    expect(held[1]).toMatchObject({ d5: '2026-W53', owner_id: ada.id });
    await api.update(one.record.name, 1, { service: 'phone', hours: null, urgent: false });
    await expectInStep(2);
    expect((await compare()).held[0]).toMatchObject({ d1: 'phone', d8: 'false', n1: null });
  });

  it('a deleted record loses its facts and a restored one gets them back', async () => {
    const { record } = await api.created({ subject: 'Gone soon', service: 'web', hours: 1 }, 'ticket');
    await expectInStep(3);
    expect((await api.remove(record.name, 1)).statusCode).toBe(200);
    await expectInStep(2);
    expect((await api.restore(record.name)).statusCode).toBe(200);
    await expectInStep(3);
  });

  it('records written in bulk and imported get their facts in the same write', async () => {
    await t.services.records.createManyAsOperator({
      accountId,
      app: 'Desk',
      records: Array.from({ length: 30 }, (_, i) => ({ entity: 'ticket', values: { subject: `Bulk ${i}`, service: ['mail', 'web', 'phone'][i % 3], hours: i, agent: i % 2 ? bob.id : ada.id, opened: `2026-0${(i % 9) + 1}-15T08:00:00Z` }, createdBy: ada.id, at: new Date(Date.UTC(2026, 9, 1 + i)) })),
    });
    await expectInStep(33);
    const imported = data<RecordImportResult>(await api.request('POST', 'Desk/ticket/import', { csv: 'subject,service,hours\r\nImported one,web,3\r\nImported two,mail,4\r\n' }), 200);
    expect(imported.created).toHaveLength(2);
    await expectInStep(35);
  });

  it("an upgrade's removed values change the facts, and a changed layout makes them anew; a dataset no longer declared loses its facts", async () => {
    const next = deskDeclaration();
    next.version = '1.1.0';
    const ticket = next.entities.ticket!;
    (ticket.fields.service as { choices: unknown[] }).choices = [{ value: 'mail', label: { en_EN: 'Mail' } }, { value: 'web', label: { en_EN: 'Web' } }];
    next.datasets!.tickets!.dimensions.hoursBucket = { label: { en_EN: 'Due day' }, field: 'due', part: 'day' };
    const before = (await rows<{ id: string }>(sql`select id from dataset_defs where account_id = ${accountId}::uuid and dataset = 'tickets'`))[0]!.id;
    await new InstallService(t.services.stores).install(next, ['Northwind Trading'], { allowDataLoss: true });
    declaration = next;
    await expectInStep(35);
    expect((await rows(sql`select 1 from dataset_facts where d1 = 'phone'`)).length).toBe(0);
    expect((await rows<{ id: string }>(sql`select id from dataset_defs where account_id = ${accountId}::uuid and dataset = 'tickets'`))[0]!.id).not.toEqual(before);
    // The same declaration again leaves the facts as they are.
    const rebuilt = (await rows<{ id: string }>(sql`select id from dataset_defs where account_id = ${accountId}::uuid and dataset = 'tickets'`))[0]!.id;
    await new InstallService(t.services.stores).install(next, ['Northwind Trading']);
    expect((await rows<{ id: string }>(sql`select id from dataset_defs where account_id = ${accountId}::uuid and dataset = 'tickets'`))[0]!.id).toEqual(rebuilt);
    const without = deskDeclaration();
    without.version = '1.2.0';
    without.entities.ticket!.fields.service = next.entities.ticket!.fields.service!;
    delete without.datasets;
    await new InstallService(t.services.stores).install(without, ['Northwind Trading'], { allowDataLoss: true });
    expect(await rows(sql`select 1 from dataset_facts`)).toHaveLength(0);
    expect(await rows(sql`select 1 from dataset_defs`)).toHaveLength(0);
  });
});
