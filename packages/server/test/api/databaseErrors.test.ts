/**
 * @module-tag postgres
 *
 * A database error during a request: a plain 500 envelope for the caller,
 * and a log line that names the failed query but none of its values (what
 * the user typed, hashes, tokens), on the real database drivers.
 */
import { Messages } from '@atrium/shared';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`database errors on ${databaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { auth: 1000 } });
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('logs the failed query of a sign-in without the username typed, and answers a plain 500', async () => {
    const typed = `typed-${Date.now().toString(36)}-name`;
    // The lookup runs a query the database refuses, with the typed username among its values.
    vi.spyOn(t.services.stores.users, 'findByUsername').mockImplementation(async (username) => {
      await t.database.db.execute(sql`select ${username}::uuid as id`);
      return null;
    });
    const before = t.logs.length;
    const res = await t.app.inject({ method: 'POST', url: '/login', payload: { username: typed, password: 'Wrong#Password1' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 'error', message: Messages.internalError, code: 'server.error' });
    const lines = t.logs.slice(before);
    const failure = lines.find((line) => line.includes('request failed'));
    expect(failure, lines.join('\n')).toBeDefined();
    expect(failure).toContain('::uuid');
    expect(failure).toContain('22P02');
    expect(lines.join('\n')).not.toContain(typed);
  });
});
