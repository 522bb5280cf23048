/**
 * @module-tag postgres
 *
 * The search history (docs/behaviour/search.md#history) through
 * POST {api}/user/updateusersearchitems: newest first, without repeats,
 * bounded, kept per user and answered by GET /user/me; bad input refused.
 */
import { SEARCH_HISTORY_MAX_ENTRIES } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer, expectClientErrorEnvelope } from '../helpers/http.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`search history on ${databaseKind}`, () => {
  let t: TestApp;
  let jwt: string;
  let otherJwt: string;

  const remember = (payload: unknown, token = jwt) =>
    t.app.inject({ method: 'POST', url: `${t.config.apiPrefix}/user/updateusersearchitems`, headers: bearer(token), payload: payload as object });
  const saved = async (text: string, token = jwt): Promise<string> => {
    const res = await remember({ search_history: text }, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { search_history: string } }>().data.search_history;
  };
  const stored = async (token = jwt): Promise<string> => {
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me`, headers: bearer(token) });
    return res.json<{ data: { search_history: string } }>().data.search_history;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const org = await makeAccount(t.services.stores);
    const user = await makeUser(t.services.stores, t.hasher, { accounts: [org.id] });
    const other = await makeUser(t.services.stores, t.hasher, { accounts: [org.id] });
    jwt = (await signIn(t.app, t.config.wrapperPrefix, user.username)).jwt;
    otherJwt = (await signIn(t.app, t.config.wrapperPrefix, other.username)).jwt;
  });
  afterAll(() => t.close());

  it('puts the latest search first, moves a repeated one to the front whatever its case, and keeps it for the profile', async () => {
    expect(await saved('budget')).toBe('budget');
    expect(await saved('  harbour   plan ')).toBe('harbour plan,budget');
    expect(await saved('Budget')).toBe('Budget,harbour plan');
    expect(await stored()).toBe('Budget,harbour plan');
    // Another user's history is their own.
    expect(await stored(otherJwt)).toBe('');
  });

  it('keeps the newest entries only, each at most 100 characters', async () => {
    for (let i = 1; i <= SEARCH_HISTORY_MAX_ENTRIES + 3; i++) await saved(`search ${i}`);
    const entries = (await stored()).split(',');
    expect(entries).toHaveLength(SEARCH_HISTORY_MAX_ENTRIES);
    expect(entries[0]).toBe(`search ${SEARCH_HISTORY_MAX_ENTRIES + 3}`);
    expect(entries.at(-1)).toBe('search 4');
    const long = await saved('y'.repeat(150));
    expect(long.split(',')[0]).toBe('y'.repeat(100));
  });

  it('takes a whole comma-separated history, newest first, before the stored one', async () => {
    expect(await saved('gamma,delta, gamma ,,')).toMatch(/^gamma,delta,y{100},search 13,/);
    // Nothing to add answers the history as it is.
    const before = await stored();
    expect(await saved('')).toBe(before);
  });

  it('refuses NUL characters, unpaired surrogates, wrong types, unknown fields and too long a text with a 400', async () => {
    const bad: unknown[] = [
      { search_history: 'a\u0000b' },
      { search_history: 'x\ud800' },
      { search_history: 42 },
      { search_history: ['a'] },
      { search_history: null },
      {},
      { search_history: 'a', extra: 1 },
      { search_history: 'z'.repeat(2001) },
    ];
    const before = await stored();
    for (const payload of bad) {
      const res = await remember(payload);
      expectClientErrorEnvelope(res, 400);
    }
    expect(await stored()).toBe(before);
  });

  it('answers only a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${t.config.apiPrefix}/user/updateusersearchitems`, payload: { search_history: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});
