/**
 * @module-tag postgres
 *
 * Liveness (GET /healthz: the process answers) and readiness (GET /readyz:
 * database reachable, migrations applied, not stopping), as a load
 * balancer or an orchestrator probes them (docs/API.md).
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`liveness and readiness on ${databaseKind}`, () => {
  let t: TestApp | undefined;
  let databaseClosed = false;
  afterEach(async () => {
    if (!t) return;
    if (databaseClosed) {
      await t.app.close();
      fs.rmSync(t.config.dataDir, { recursive: true, force: true });
    } else {
      await t.close();
    }
    t = undefined;
    databaseClosed = false;
  });

  const get = async (url: string) => {
    const res = await t!.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json<{ status: string; data: Record<string, unknown> }>() };
  };

  it('is live and ready on a reachable, migrated database', async () => {
    t = await createTestApp();
    expect(await get('/healthz')).toMatchObject({ status: 200, body: { status: 'success' } });
    expect(await get('/readyz')).toMatchObject({ status: 200, body: { status: 'success', data: { database: 'ok', migrations: 'done', stopping: false } } });
  });

  it('stays live but reports not ready once the database is gone', async () => {
    t = await createTestApp();
    await t.database.close();
    databaseClosed = true;
    expect((await get('/healthz')).status).toBe(200);
    expect(await get('/readyz')).toMatchObject({ status: 503, body: { status: 'error', data: { database: 'unavailable' } } });
  });

  it('reports not ready from the moment a graceful stop begins', async () => {
    t = await createTestApp();
    expect((await get('/readyz')).status).toBe(200);
    t.services.readiness.beginShutdown();
    expect(await get('/readyz')).toMatchObject({ status: 503, body: { data: { database: 'ok', stopping: true } } });
    expect((await get('/healthz')).status).toBe(200);
  });

  it('reports not ready until every migration of this version is applied', async () => {
    t = await createTestApp();
    const { db } = t.database;
    const recorded = await db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations`);
    const rows = (recorded as unknown as { rows: Array<{ hash: string; created_at: string | number }> }).rows;
    expect(rows.length).toBeGreaterThan(0);
    // As a server started on a database another version has not finished migrating finds it.
    await db.execute(sql`delete from drizzle.__drizzle_migrations`);
    expect(await get('/readyz')).toMatchObject({ status: 503, body: { data: { database: 'ok', migrations: 'pending' } } });
    for (const row of rows) await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row.hash}, ${row.created_at})`);
    expect(await get('/readyz')).toMatchObject({ status: 200, body: { data: { migrations: 'done' } } });
  });
});
