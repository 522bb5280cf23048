// @module-tag postgres
/**
 * The planner's statistics of the records table after writes of many
 * records (docs/PERFORMANCE.md, "Records"): renewed by a bulk write of
 * RECORDS_ANALYZE_AFTER records or more that is also a tenth of the table,
 * in its transaction, so that lists choose their entity's indexes at once
 * (the embedded database has no autovacuum); not by smaller writes, which
 * stay cheap.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDS_ANALYZE_AFTER } from '../../src/records/PgRecordStore.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser } from '../helpers/factories.js';
import { installDeclaration, LEAVE_DECLARATION } from '../helpers/records.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`the records' statistics on ${databaseKind}`, () => {
  let t: TestApp;
  let ada: UserRecord;
  let accountId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { stores } = t.services;
    const org = await makeAccount(stores);
    accountId = org.id;
    ada = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Ada', lastname: 'Hart' });
    await installDeclaration(stores, LEAVE_DECLARATION, [org.id], [ada.id]);
  });
  afterAll(async () => {
    await t.close();
  });

  /** The entities the statistics know as common values of the records' `entity` column. */
  async function knownEntities(): Promise<string> {
    const { rows } = (await t.database.db.execute(sql`select most_common_vals::text as vals from pg_stats where tablename = 'records' and attname = 'entity'`)) as unknown as { rows: Array<{ vals: string | null }> };
    return rows[0]?.vals ?? '';
  }

  const write = (entity: 'team' | 'request', count: number, from = 0) =>
    t.services.records.createManyAsOperator({
      accountId,
      app: 'Leave',
      records: Array.from({ length: count }, (_, i) =>
        entity === 'team'
          ? { entity, values: { code: `T${from + i}`, title: `Team ${from + i}` }, createdBy: ada.id, at: new Date('2026-01-05T09:00:00Z') }
          : { entity, values: { subject: `Leave ${from + i}`, employee: ada.id }, createdBy: ada.id, at: new Date('2026-01-05T09:00:00Z') },
      ),
    });

  /** The records in the table when the statistics were last made. */
  async function counted(): Promise<number> {
    const { rows } = (await t.database.db.execute(sql`select reltuples::float8 as n from pg_class where oid = to_regclass('records')`)) as unknown as { rows: Array<{ n: number }> };
    return Number(rows[0]!.n);
  }

  it('renews them after a bulk write of many records, not after a few', async () => {
    await write('team', 20);
    expect(await knownEntities()).not.toContain('team');
    await write('request', RECORDS_ANALYZE_AFTER);
    const known = await knownEntities();
    expect(known).toContain('request');
    expect(known).toContain('team');
    expect(await counted()).toBe(RECORDS_ANALYZE_AFTER + 20);
  });

  it('leaves them after a bulk write of less than a tenth of the table, and renews them after a larger one', async () => {
    await t.database.db.execute(sql`insert into records (id, account_id, app_id, entity, name, title, data)
      select gen_random_uuid(), account_id, app_id, 'request', 'X-' || n, 'Leave ' || n, '{}'::jsonb from records, generate_series(1, 20000) as n where name = 'T0'`);
    await t.database.db.execute(sql`analyze records`);
    const before = await counted();
    expect(before).toBeGreaterThan(20_000);
    await write('request', RECORDS_ANALYZE_AFTER, RECORDS_ANALYZE_AFTER);
    expect(await counted()).toBe(before);
    await write('team', Math.ceil(before / 10), 20);
    expect(await counted()).toBe(before + RECORDS_ANALYZE_AFTER + Math.ceil(before / 10));
  });
});
