/**
 * @module-tag postgres
 *
 * CSV export and import of records (docs/behaviour/records.md#export-and-import):
 * the export's rows, columns and text as the caller may see them, the cap
 * and the quoting; the import's preview with each row's problems, its all
 * or nothing write with history and one live update, and a round trip into
 * another organisation.
 */
import { RECORD_CSV_MAX_ROWS, type AppDeclarationInput, type RecordImportResult, type TimelineEntry } from '@atrium/shared/apps';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordChange } from '../../src/records/RecordService.js';
import { parseCsv } from '../../src/records/recordsCsv.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer } from '../helpers/http.js';
import { data, installDeclaration, RecordsApi } from '../helpers/records.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

const label = (en: string, de?: string) => (de ? { en_EN: en, de_DE: de } : { en_EN: en });

/**
 * Assets: everyone reads, creates, exports and imports their own (the
 * price hidden); clerks read and export all; admins do everything.
 */
const ASSETS: AppDeclarationInput = {
  name: 'Assets',
  version: '1.0.0',
  label: label('Assets'),
  category: 'organization',
  roles: { clerk: { label: label('Clerk') }, admin: { label: label('Admin') } },
  entities: {
    asset: {
      label: label('Asset'),
      pluralLabel: label('Assets'),
      naming: { series: 'AS-{#####}' },
      titleField: 'title',
      ownerField: 'keeper',
      fields: {
        title: { type: 'text', label: label('Title', 'Titel'), required: true },
        code: { type: 'text', label: label('Code'), unique: true },
        kind: { type: 'choice', label: label('Kind', 'Art'), choices: [{ value: 'hardware', label: label('Hardware', 'Geräte') }, { value: 'software', label: label('Software') }] },
        tags: { type: 'multiChoice', label: label('Tags'), choices: [{ value: 'new', label: label('New', 'Neu') }, { value: 'shared', label: label('Shared') }, { value: 'spare', label: label('Spare') }] },
        keeper: { type: 'user', label: label('Keeper'), default: 'me' },
        price: { type: 'decimal', label: label('Price', 'Preis') },
        bought: { type: 'date', label: label('Bought') },
        checked: { type: 'datetime', label: label('Checked') },
        active: { type: 'boolean', label: label('Active') },
        note: { type: 'longText', label: label('Note') },
        serial: { type: 'text', label: label('Serial'), readOnly: true },
        parts: { type: 'table', label: label('Parts'), fields: { part: { type: 'text', label: label('Part') } } },
        photo: { type: 'file', label: label('Photo') },
      },
      rights: {
        everyone: { actions: ['read', 'create', 'export', 'import'], scope: 'own', hiddenFields: ['price'] },
        clerk: { actions: ['read', 'export'], scope: 'organisation' },
        admin: { actions: ['read', 'create', 'update', 'delete', 'export', 'import'], scope: 'organisation' },
      },
    },
  },
};

const BOM = '\ufeff';

/** A CSV file from rows of cells (no quoting needed by the tests' cells unless given quoted). */
const csvOf = (...rows: string[]) => rows.join('\r\n') + '\r\n';

describe(`records as CSV on ${databaseKind}`, () => {
  let t: TestApp;
  let ada: UserRecord;
  let bob: UserRecord;
  /** admin of the first organisation. */
  let adaApi: RecordsApi;
  /** everyone: his own only, the price hidden. */
  let bobApi: RecordsApi;
  /** clerk: reads and exports all, imports nothing. */
  let cleoApi: RecordsApi;
  /** admin of the second organisation. */
  let finnApi: RecordsApi;
  let changes: RecordChange[];

  const exportOf = (api: RecordsApi, query?: unknown): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/records/Assets/asset/export.csv${query === undefined ? '' : `?q=${encodeURIComponent(JSON.stringify(query))}`}`, headers: bearer(api.jwt) });
  const importOf = (api: RecordsApi, csv: string, dryRun = false): Promise<LightMyRequestResponse> => api.request('POST', `Assets/asset/import${dryRun ? '?dryRun=1' : ''}`, { csv });
  /** The rows of an export, its cells as written (the exact text is checked apart). */
  const rowsOf = (res: LightMyRequestResponse): string[][] => parseCsv(res.body);

  beforeAll(async () => {
    t = await createTestApp();
    const { stores } = t.services;
    const org = await makeAccount(stores);
    const other = await makeAccount(stores);
    ada = await makeUser(stores, t.hasher, { accounts: [org.id, other.id], firstname: 'Ada', lastname: 'Hart' });
    bob = await makeUser(stores, t.hasher, { accounts: [org.id, other.id], firstname: 'Bob', lastname: 'Novak' });
    const cleo = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Cleo', lastname: 'Clerk' });
    const finn = await makeUser(stores, t.hasher, { accounts: [other.id], firstname: 'Finn', lastname: 'Far' });
    const app = await installDeclaration(stores, ASSETS, [org.id, other.id], [ada.id, bob.id, cleo.id, finn.id]);
    await stores.access.grantRole({ userId: ada.id, accountId: org.id, appId: app.id, role: 'admin' });
    await stores.access.grantRole({ userId: cleo.id, accountId: org.id, appId: app.id, role: 'clerk' });
    await stores.access.grantRole({ userId: finn.id, accountId: other.id, appId: app.id, role: 'admin' });
    const jwt = async (u: UserRecord) => (await signIn(t.app, t.config.wrapperPrefix, u.username)).jwt;
    [adaApi, bobApi, cleoApi, finnApi] = (await Promise.all([ada, bob, cleo, finn].map(async (u) => new RecordsApi(t, await jwt(u), 'Assets')))) as [RecordsApi, RecordsApi, RecordsApi, RecordsApi];
    changes = [];
    t.services.records.onChange((change) => changes.push(change));

    await adaApi.created({ title: 'Laptop', code: 'L-1', kind: 'hardware', tags: ['shared', 'new'], keeper: ada.id, price: 1200.5, bought: '2026-03-01', checked: '2026-03-02T10:30:00.000Z', active: true, note: 'Line one\nline "two", three', parts: [{ part: 'Charger' }] }, 'asset');
    await adaApi.created({ title: 'Editor licence', code: 'S-1', kind: 'software', keeper: bob.id, price: 99, active: false }, 'asset');
    await adaApi.created({ title: '=HYPERLINK("http://evil.example","click")', code: 'B-1', kind: 'hardware', keeper: bob.id, price: -5 }, 'asset');
  });
  afterAll(async () => {
    await t.close();
  });

  it('exports the list as a CSV file to download: the English labels, the name first, each value as text import reads back', async () => {
    const res = await exportOf(adaApi, { sort: { field: 'code', direction: 'asc' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Assets-asset-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect(res.body.startsWith(BOM)).toBe(true);
    expect(res.body.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = rowsOf(res);
    // Child tables and files have no text form: left out.
    expect(header).toEqual(['Name', 'Title', 'Code', 'Kind', 'Tags', 'Keeper', 'Price', 'Bought', 'Checked', 'Active', 'Note', 'Serial']);
    expect(rows.map((r) => r[2])).toEqual(['B-1', 'L-1', 'S-1']);
    expect(res.body).toContain(`,L-1,hardware,new;shared,${ada.username},1200.5,2026-03-01,2026-03-02T10:30:00.000Z,true,"Line one\nline ""two"", three",\r\n`);
    expect(res.body).toContain(`,S-1,software,,${bob.username},99,,,false,,\r\n`);
  });

  it('writes a cell a spreadsheet would run as a formula behind a quote', async () => {
    const res = await exportOf(adaApi, { filters: [{ field: 'code', op: 'eq', value: 'B-1' }] });
    expect(res.body).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",B-1,hardware,,${bob.username},'-5,`);
  });

  it("exports only the records in the caller's export and read scopes, without the fields hidden to them", async () => {
    const bobs = rowsOf(await exportOf(bobApi));
    expect(bobs[0]).not.toContain('Price');
    // His own: those he keeps.
    expect(bobs.slice(1).map((r) => r[2]).sort()).toEqual(['B-1', 'S-1']);
    const cleos = rowsOf(await exportOf(cleoApi));
    expect(cleos[0]).toContain('Price');
    expect(cleos.slice(1).map((r) => r[2]).sort()).toEqual(['B-1', 'L-1', 'S-1']);
    // Finn's organisation has no such records.
    expect(rowsOf(await exportOf(finnApi))).toHaveLength(1);
  });

  it("follows the list's filters, search, sort and columns", async () => {
    const rows = rowsOf(await exportOf(cleoApi, { filters: [{ field: 'kind', op: 'eq', value: 'hardware' }], sort: { field: 'code', direction: 'desc' }, columns: ['code', 'kind', 'parts'] }));
    expect(rows).toEqual([
      ['Name', 'Code', 'Kind'],
      [expect.stringMatching(/^AS-\d{5}$/), 'L-1', 'hardware'],
      [expect.stringMatching(/^AS-\d{5}$/), 'B-1', 'hardware'],
    ]);
    expect(rowsOf(await exportOf(cleoApi, { search: 'editor', columns: ['code'] })).slice(1).map((r) => r[1])).toEqual(['S-1']);
    expect((await exportOf(cleoApi, { sort: { field: 'price' }, filters: [{ field: 'nothing', op: 'eq', value: 1 }] })).json()).toMatchObject({ code: 'records.badFilter' });
  });

  it('refuses an export without the export right, and a query that is not JSON', async () => {
    const { stores } = t.services;
    const org = await makeAccount(stores);
    const dan = await makeUser(stores, t.hasher, { accounts: [org.id] });
    await installDeclaration(stores, { ...ASSETS, entities: { asset: { ...ASSETS.entities.asset!, rights: { everyone: { actions: ['read'] } } } } }, [org.id], [dan.id]);
    const danApi = new RecordsApi(t, (await signIn(t.app, t.config.wrapperPrefix, dan.username)).jwt, 'Assets');
    expect((await exportOf(danApi)).json()).toMatchObject({ code: 'records.forbidden' });
    expect((await importOf(danApi, csvOf('Title', 'Mine'))).json()).toMatchObject({ code: 'records.forbidden' });
    const bad = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/records/Assets/asset/export.csv?q=%7Bnot`, headers: bearer(adaApi.jwt) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'request.invalid' });
  });

  it('previews an import: every row with its problems by field, numbered as in the file, and writes nothing', async () => {
    const before = (await adaApi.list({}, 'asset')).total;
    const csv = csvOf(
      'Title,Code,Kind,Tags,Keeper,Price,Bought,Active',
      `Desk,D-1,hardware,spare;New,${bob.username},300,2026-01-05,yes`,
      ',D-2,furniture,,nobody,cheap,2026-02-30,maybe',
      'Chair,L-1,Geräte,,,,,',
      'Lamp,D-1,,,,,,',
    );
    const result = data<RecordImportResult>(await importOf(adaApi, csv, true), 200);
    expect(result.dryRun).toBe(true);
    expect(result.columns).toEqual(['title', 'code', 'kind', 'tags', 'keeper', 'price', 'bought', 'active']);
    expect(result.refused).toBe(3);
    expect(result.created).toEqual([]);
    expect(result.rows.map((r) => r.row)).toEqual([2, 3, 4, 5]);
    expect(result.rows[0]).toEqual({ row: 2, cells: ['Desk', 'D-1', 'hardware', 'spare;New', bob.username, '300', '2026-01-05', 'yes'], problems: {} });
    expect(result.rows[1]!.problems).toEqual({ title: { code: 'required' }, kind: { code: 'choice' }, keeper: { code: 'user' }, price: { code: 'type' }, bought: { code: 'date' }, active: { code: 'type' } });
    // A code another record has, and one taken by an earlier row of the file.
    expect(result.rows[2]!.problems).toEqual({ code: { code: 'unique' } });
    expect(result.rows[3]!.problems).toEqual({ code: { code: 'unique' } });
    expect((await adaApi.list({}, 'asset')).total).toBe(before);
  });

  it('writes nothing when one row is refused', async () => {
    const before = (await adaApi.list({}, 'asset')).total;
    const result = data<RecordImportResult>(await importOf(adaApi, csvOf('Title,Code', 'Good one,G-1', 'Good two,G-2', ',G-3')), 200);
    expect(result).toMatchObject({ dryRun: false, refused: 1, created: [] });
    expect(result.rows[2]).toMatchObject({ row: 4, problems: { title: { code: 'required' } } });
    expect((await adaApi.list({}, 'asset')).total).toBe(before);
  });

  it("refuses rows outside the caller's create scope and values of read-only fields", async () => {
    const result = data<RecordImportResult>(await importOf(bobApi, csvOf('title,keeper,serial', `Mine,${bob.username},`, `Hers,${ada.username},`, 'Serialled,,X-1')), 200);
    expect(result.rows.map((r) => r.problems)).toEqual([{}, { '*': { code: 'scope' } }, { serial: { code: 'readOnly' } }]);
    // A field hidden to the caller is no column they may fill.
    expect((await importOf(bobApi, csvOf('Title,Price', 'Mine,1'))).json()).toMatchObject({ code: 'records.badCsv', params: { problem: 'unknownColumn', column: 'Price' } });
  });

  it("imports every row of a good file in one go, named by the entity's rule, in history as an import, told once", async () => {
    const before = (await adaApi.list({}, 'asset')).total;
    changes.length = 0;
    // Labels in German, choices by label, the name column left out, CSV as the body itself.
    const csv = csvOf('Kennung,Titel,Art,Preis,Keeper', 'AS-99999,Monitor,Geräte,150,', `x,Mouse,software,12.25,${bob.username}`);
    const res = await t.app.inject({ method: 'POST', url: `${t.config.apiPrefix}/records/Assets/asset/import`, headers: { ...bearer(adaApi.jwt), 'content-type': 'text/csv' }, payload: csv });
    const result = data<RecordImportResult>(res, 200);
    expect(result).toMatchObject({ dryRun: false, refused: 0 });
    expect(result.created).toHaveLength(2);
    for (const name of result.created) expect(name).toMatch(/^AS-\d{5}$/);
    expect(result.created).not.toContain('AS-99999');
    expect((await adaApi.list({}, 'asset')).total).toBe(before + 2);
    const monitor = (await adaApi.detail(result.created[0]!)).record;
    expect(monitor).toMatchObject({ title: 'Monitor', values: { kind: 'hardware', price: 150, keeper: ada.id } });
    expect((await adaApi.detail(result.created[1]!)).record.values).toMatchObject({ kind: 'software', price: 12.25, keeper: bob.id });
    const timeline = data<TimelineEntry[]>(await adaApi.timelineOf(result.created[0]!), 200);
    expect(timeline).toEqual([expect.objectContaining({ kind: 'change', action: 'import', version: 1 })]);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ app: 'Assets', entity: 'asset', names: result.created });
  });

  it('reads back what it exported: a round trip into another organisation gives equal values', async () => {
    const exported = await exportOf(adaApi, { filters: [{ field: 'code', op: 'in', value: ['L-1', 'B-1'] }], sort: { field: 'code' } });
    const result = data<RecordImportResult>(await importOf(finnApi, exported.body), 200);
    expect(result).toMatchObject({ refused: 0 });
    const fields = ['title', 'code', 'kind', 'tags', 'keeper', 'price', 'bought', 'checked', 'active', 'note', 'serial'];
    const pick = (values: Record<string, unknown>) => Object.fromEntries(fields.map((f) => [f, values[f]]));
    const original = (await adaApi.list({ filters: [{ field: 'code', op: 'in', value: ['L-1', 'B-1'] }], sort: { field: 'code' } }, 'asset')).records.map((r) => pick(r.values));
    const copied = (await finnApi.list({ sort: { field: 'code' } }, 'asset')).records.map((r) => pick(r.values));
    expect(copied).toEqual(original);
    expect(copied[0]).toMatchObject({ title: '=HYPERLINK("http://evil.example","click")', price: -5 });
  });

  it('refuses a file that is not CSV it can read, saying why', async () => {
    const refusal = async (csv: string) => {
      const res = await importOf(adaApi, csv, true);
      expect(res.statusCode).toBe(400);
      return res.json<{ code: string; params: Record<string, string> }>();
    };
    expect(await refusal('Title\r\n"Unclosed\r\n')).toMatchObject({ code: 'records.badCsv', params: { problem: 'unclosedQuote', row: '2' } });
    expect(await refusal('')).toMatchObject({ code: 'records.badCsv', params: { problem: 'noHeader' } });
    expect(await refusal('Title\r\n')).toMatchObject({ code: 'records.badCsv', params: { problem: 'noRows' } });
    expect(await refusal(csvOf('Title,Code', 'A,B,C'))).toMatchObject({ code: 'records.badCsv', params: { problem: 'tooManyCells', row: '2' } });
    expect(await refusal(csvOf('Title,Colour', 'A,red'))).toMatchObject({ code: 'records.badCsv', params: { problem: 'unknownColumn', column: 'Colour' } });
    expect(await refusal(csvOf('Title,title', 'A,B'))).toMatchObject({ code: 'records.badCsv', params: { problem: 'duplicateColumn' } });
    expect(await refusal(csvOf('Title,Code', 'A "quoted" word,B'))).toMatchObject({ code: 'records.badCsv', params: { problem: 'strayQuote' } });
    expect(await refusal(['Title', ...Array.from({ length: RECORD_CSV_MAX_ROWS + 1 }, (_, i) => `Row ${i}`)].join('\n'))).toMatchObject({ code: 'records.tooManyRows', params: { max: String(RECORD_CSV_MAX_ROWS) } });
  });

  it(`refuses an export of more than ${RECORD_CSV_MAX_ROWS} records`, async () => {
    const { stores } = t.services;
    const org = await makeAccount(stores);
    const gus = await makeUser(stores, t.hasher, { accounts: [org.id] });
    const app = await installDeclaration(stores, ASSETS, [org.id], [gus.id]);
    const gusApi = new RecordsApi(t, (await signIn(t.app, t.config.wrapperPrefix, gus.username)).jwt, 'Assets');
    const insert = (from: number, to: number) =>
      t.database.db.execute(sql`insert into records (id, account_id, app_id, entity, name, title, owner_id, created_by, updated_by, data)
        select gen_random_uuid(), ${org.id}::uuid, ${app.id}::uuid, 'asset', 'AS-' || n, 'Asset ' || n, ${gus.id}::uuid, ${gus.id}::uuid, ${gus.id}::uuid, jsonb_build_object('title', 'Asset ' || n)
        from generate_series(${from}::int, ${to}::int) as n`);
    await insert(1, RECORD_CSV_MAX_ROWS);
    const full = await exportOf(gusApi, { columns: ['title'] });
    expect(full.statusCode).toBe(200);
    expect(rowsOf(full)).toHaveLength(RECORD_CSV_MAX_ROWS + 1);
    await insert(RECORD_CSV_MAX_ROWS + 1, RECORD_CSV_MAX_ROWS + 1);
    expect((await exportOf(gusApi)).json()).toMatchObject({ code: 'records.tooManyRows', params: { max: String(RECORD_CSV_MAX_ROWS) } });
  });
});
