/**
 * @module-tag postgres
 *
 * A list's count (docs/behaviour/records.md#lists): counted up to
 * RECORD_COUNT_CAP matching records (or to the end of the page shown, when
 * further), past it said to be more (`capped`); and the statements a list
 * call runs, counted at the database driver (docs/PERFORMANCE.md,
 * "Records"): the page and its count in one, then the names of the people
 * and the titles of the linked records shown.
 */
import { RECORD_COUNT_CAP, type RecordPage } from '@atrium/shared/apps';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { installDeclaration, LEAVE_DECLARATION, RecordsApi } from '../helpers/records.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

/** Records beyond the cap. */
const MORE = 50;
const ALL = RECORD_COUNT_CAP + MORE;

let t: TestApp;
let hr: RecordsApi;
let bob: UserRecord;
let statements: string[] = [];

/** Counts every statement the application sends from now on. */
function countStatements(app: TestApp): void {
  const session = (app.database.db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
  const logger = { logQuery: (query: string) => statements.push(query) };
  session.logger = logger;
  session.options.logger = logger;
}

const counted = (page: RecordPage) => ({ total: page.total, capped: page.capped, shown: page.records.length });

beforeAll(async () => {
  t = await createTestApp();
  const { stores } = t.services;
  const org = await makeAccount(stores);
  const ada = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Ada', lastname: 'Hart' });
  bob = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Bob', lastname: 'Novak' });
  const app = await installDeclaration(stores, LEAVE_DECLARATION, [org.id], [ada.id, bob.id]);
  await stores.access.grantRole({ userId: ada.id, accountId: org.id, appId: app.id, role: 'hr' });
  hr = new RecordsApi(t, (await signIn(t.app, t.config.wrapperPrefix, ada.username)).jwt);
  // Every tenth one sick leave: a filter that selects fewer than the cap.
  await t.database.db.execute(sql`insert into records (id, account_id, app_id, entity, name, title, owner_id, created_by, updated_by, data)
    select gen_random_uuid(), ${org.id}::uuid, ${app.id}::uuid, 'request', 'LR-' || lpad(n::text, 6, '0'), 'Leave ' || n, ${bob.id}::uuid, ${ada.id}::uuid, ${ada.id}::uuid,
      jsonb_build_object('subject', 'Leave ' || n, 'employee', ${bob.id}::text, 'kind', case when n % 10 = 0 then 'sick' else 'annual' end)
    from generate_series(1, ${ALL}::int) as n`);
}, 120_000);
afterAll(() => t.close());

describe(`the count of a list (${databaseKind})`, () => {
  it(`counts up to ${RECORD_COUNT_CAP.toLocaleString('en')} matching records and says when more match`, async () => {
    expect(counted(await hr.list({ limit: 50 }))).toEqual({ total: RECORD_COUNT_CAP, capped: true, shown: 50 });
    expect(counted(await hr.list({ offset: 5_000, limit: 50 }))).toEqual({ total: RECORD_COUNT_CAP, capped: true, shown: 50 });
  });

  it('counts exactly below the cap, whether the page is full or not', async () => {
    expect(counted(await hr.list({ filters: [{ field: 'kind', op: 'eq', value: 'sick' }], limit: 50 }))).toEqual({ total: ALL / 10, capped: false, shown: 50 });
    expect(counted(await hr.list({ filters: [{ field: 'kind', op: 'eq', value: 'sick' }], offset: 1_000, limit: 50 }))).toEqual({ total: ALL / 10, capped: false, shown: 5 });
    expect(counted(await hr.list({ search: 'nothing-matches' }))).toEqual({ total: 0, capped: false, shown: 0 });
  });

  it('counts to the end of a page past the cap, and exactly on the last page', async () => {
    // The page of records 9,991 to 10,040: counted to its end, and more match.
    expect(counted(await hr.list({ offset: RECORD_COUNT_CAP - 10, limit: 50 }))).toEqual({ total: RECORD_COUNT_CAP + 40, capped: true, shown: 50 });
    expect(counted(await hr.list({ offset: RECORD_COUNT_CAP, limit: 50 }))).toEqual({ total: ALL, capped: false, shown: MORE });
    expect(counted(await hr.list({ offset: RECORD_COUNT_CAP + 20, limit: 50 }))).toEqual({ total: ALL, capped: false, shown: MORE - 20 });
  });

  it('says how many match when the page asked is past the end', async () => {
    expect(counted(await hr.list({ filters: [{ field: 'kind', op: 'eq', value: 'sick' }], offset: 5_000, limit: 50 }))).toEqual({ total: ALL / 10, capped: false, shown: 0 });
    expect(counted(await hr.list({ offset: ALL + 100, limit: 50 }))).toEqual({ total: ALL, capped: false, shown: 0 });
  });
});

describe(`statements per list call (${databaseKind})`, () => {
  it('reads the page and its count in one statement, then the people and linked records shown', async () => {
    const team = await hr.created({ code: 'OPS', title: 'Operations' }, 'team');
    await hr.created({ subject: 'With a team', employee: bob.id, team: team.record.name, code: 'X-1' });
    const query = { filters: [{ field: 'code', op: 'eq' as const, value: 'X-1' }] };
    // The first call reads the declaration the organisation runs (remembered a few seconds).
    await hr.list(query);
    countStatements(t);
    statements = [];
    const page = await hr.list(query);
    // On PostgreSQL a list, a costly call, is also counted against the user's rate that every server shares (CostlyCalls).
    const rateCounts = statements.filter((s) => /rate_limit_hits/.test(s));
    expect(rateCounts).toHaveLength(databaseKind === 'postgres' ? 1 : 0);
    statements = statements.filter((s) => !rateCounts.includes(s));
    expect(counted(page)).toEqual({ total: 1, capped: false, shown: 1 });
    expect(page.links).toEqual({ OPS: 'Operations' });
    const fromRecords = statements.filter((s) => /from "records"/.test(s));
    // The page (with its count) and the linked team; besides them only the people's names.
    expect(fromRecords).toHaveLength(2);
    expect(statements.filter((s) => /count\(\*\)/.test(s))).toHaveLength(1);
    expect(statements).toHaveLength(3);
    // A page that is not full needs no count beyond it, and a full one counts in the same statement.
    statements = [];
    await hr.list({ filters: [{ field: 'kind', op: 'eq', value: 'sick' }], limit: 50 });
    expect(statements.filter((s) => /from "records"/.test(s))).toHaveLength(1);
  });
});
