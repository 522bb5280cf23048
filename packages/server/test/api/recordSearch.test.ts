/**
 * @module-tag postgres
 *
 * Records of declared applications in global search
 * (docs/behaviour/search.md#rights): found by their title and searchable
 * fields, ranked, paged and counted within the caller's read scope only;
 * a field hidden to the caller never matches; another organisation's
 * records and the comments on records the caller may not read are never
 * found nor counted.
 */
import crypto from 'node:crypto';
import { highlightParts, isRecordComment, SEARCH_COUNT_CAP, type RecordResult, type SearchResponse } from '@atrium/shared';
import type { AppDeclarationInput } from '@atrium/shared/apps';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer } from '../helpers/http.js';
import { data, installDeclaration, LEAVE_DECLARATION, RecordsApi } from '../helpers/records.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

/** Leave requests whose managers do not see the note (a searchable field). */
const DECLARATION: AppDeclarationInput = structuredClone(LEAVE_DECLARATION);
DECLARATION.entities.request!.rights.manager!.hiddenFields = ['salary', 'note'];

describe(`records in global search on ${databaseKind}`, () => {
  let t: TestApp;
  /** hr: every request. */
  let ada: RecordsApi;
  /** everyone: his own. */
  let bob: RecordsApi;
  /** Bob's manager: his reports' requests, without their notes. */
  let carl: RecordsApi;
  /** everyone: his own (none of Bob's). */
  let dave: RecordsApi;
  /** hr of another organisation running the same application. */
  let erin: RecordsApi;
  /** Bob's requests: titled 'Zebra', 'Zebrafish trip', and one with 'zebra' in its note only. */
  let equal: string;
  let prefix: string;
  let inNote: string;
  let orgId: string;
  let appId: string;
  let bobId: string;

  const found = async (api: RecordsApi, query: Record<string, string>): Promise<SearchResponse> => {
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/search`, query, headers: bearer(api.jwt) });
    return data<SearchResponse>(res, 200);
  };
  const names = (items: readonly RecordResult[]) => items.map((r) => r.name);
  const marked = (snippet: string) => highlightParts(snippet).filter((p) => p.match).map((p) => p.text);

  beforeAll(async () => {
    t = await createTestApp();
    const { stores } = t.services;
    const org = await makeAccount(stores, 'Northwind');
    const other = await makeAccount(stores, 'Contoso');
    const adaUser = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Ada', lastname: 'Hart' });
    const carlUser = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Carl', lastname: 'Boss' });
    const bobUser = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Bob', lastname: 'Novak', managerId: carlUser.id });
    const daveUser = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Dave', lastname: 'Else' });
    const erinUser = await makeUser(stores, t.hasher, { accounts: [other.id], firstname: 'Erin', lastname: 'Far' });
    const app = await installDeclaration(stores, DECLARATION, [org.id, other.id], [adaUser.id, bobUser.id, carlUser.id, daveUser.id, erinUser.id]);
    [orgId, appId, bobId] = [org.id, app.id, bobUser.id];
    await stores.access.grantRole({ userId: adaUser.id, accountId: org.id, appId: app.id, role: 'hr' });
    await stores.access.grantRole({ userId: carlUser.id, accountId: org.id, appId: app.id, role: 'manager' });
    await stores.access.grantRole({ userId: erinUser.id, accountId: other.id, appId: app.id, role: 'hr' });
    const apiOf = async (u: typeof adaUser) => new RecordsApi(t, (await signIn(t.app, t.config.wrapperPrefix, u.username)).jwt);
    [ada, bob, carl, dave, erin] = await Promise.all([adaUser, bobUser, carlUser, daveUser, erinUser].map(apiOf)) as [RecordsApi, RecordsApi, RecordsApi, RecordsApi, RecordsApi];
    prefix = (await bob.created({ subject: 'Zebrafish trip', kind: 'sick' })).record.name;
    inNote = (await bob.created({ subject: 'Quiet week', note: 'Watching the zebra herd at the zoo' })).record.name;
    equal = (await bob.created({ subject: 'Zebra' })).record.name;
    await erin.created({ subject: 'Zebra crossing at Contoso' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds records by title and searchable fields, ranked: the title equal to the text, whole words, then beginnings', async () => {
    const answer = await found(ada, { q: 'zebra' });
    expect(answer.records.count).toBe(3);
    expect(names(answer.records.items)).toEqual([equal, inNote, prefix]);
    const [first, second, third] = answer.records.items;
    expect(first).toMatchObject({ kind: 'records', app: 'Leave', appLabel: { en_EN: 'Leave' }, entity: 'request', entityLabel: { en_EN: 'Leave request' }, title: 'Zebra', colour: 'BLUE' });
    expect(marked(first!.snippet)).toEqual(['Zebra']);
    // Found by its note: the snippet is cut from the words the caller sees.
    expect(second!.title).toBe('Quiet week');
    expect(marked(second!.snippet)).toEqual(['zebra']);
    // Its colour by the entity's rule (sick leave is red).
    expect(third).toMatchObject({ title: 'Zebrafish trip', colour: 'RED' });
  });

  it('pages and counts the records alone with the records filter', async () => {
    const page = await found(ada, { q: 'zebra', filter: 'records', take: '1', skip: '1' });
    expect(page.records.count).toBe(3);
    expect(names(page.records.items)).toEqual([inNote]);
    expect(page.apps).toEqual({ count: 0, items: [] });
    expect(page.comments).toEqual({ count: 0, items: [] });
    // Another kind's filter leaves the records out.
    expect((await found(ada, { q: 'zebra', filter: 'users' })).records).toEqual({ count: 0, items: [] });
  });

  it('finds only the records in the caller’s read scope, and never by a field hidden to them', async () => {
    // Bob: his own three.
    expect(names((await found(bob, { q: 'zebra' })).records.items).sort()).toEqual([equal, inNote, prefix].sort());
    // Dave reads his own only: none of Bob's is found nor counted.
    expect((await found(dave, { q: 'zebra' })).records).toEqual({ count: 0, items: [] });
    // Carl reads his report's requests but not their notes: the one found only by its note is neither found nor counted.
    const carls = await found(carl, { q: 'zebra' });
    expect(carls.records.count).toBe(2);
    expect(names(carls.records.items)).toEqual([equal, prefix]);
    expect((await found(carl, { q: 'herd' })).records.count).toBe(0);
    expect((await found(ada, { q: 'herd' })).records.count).toBe(1);
  });

  it('never finds another organisation’s records', async () => {
    const erins = await found(erin, { q: 'zebra' });
    expect(erins.records.items.map((r) => r.title)).toEqual(['Zebra crossing at Contoso']);
    expect(erins.records.count).toBe(1);
    const adas = await found(ada, { q: 'zebra crossing' });
    expect(adas.records).toEqual({ count: 0, items: [] });
  });

  it('finds comments on the records the caller may read, saying which record each is on', async () => {
    data(await bob.comment(equal, 'Checked the ferry timetable'), 201);
    const bobs = await found(bob, { q: 'ferry' });
    expect(bobs.comments.count).toBe(1);
    const comment = bobs.comments.items[0]!;
    expect(isRecordComment(comment)).toBe(true);
    expect(comment).toMatchObject({ kind: 'comments', record: { app: 'Leave', name: equal, title: 'Zebra', entityLabel: { en_EN: 'Leave request' } }, author: { name: 'Bob Novak' } });
    expect(marked(comment.snippet)).toEqual(['ferry']);
    expect((await found(ada, { q: 'ferry', filter: 'comments' })).comments.count).toBe(1);
    // Outside the reader's scope, or in another organisation: neither found nor counted.
    expect((await found(dave, { q: 'ferry' })).comments).toEqual({ count: 0, items: [] });
    expect((await found(erin, { q: 'ferry' })).comments).toEqual({ count: 0, items: [] });
  });

  it('no longer finds a deleted record', async () => {
    const { record } = await ada.detail(prefix);
    data(await ada.remove(prefix, record.version), 200);
    expect(names((await found(ada, { q: 'zebra' })).records.items)).toEqual([equal, inNote]);
  });

  it('counts and ranks at most SEARCH_COUNT_CAP matches, and says so', async () => {
    const many = Array.from({ length: SEARCH_COUNT_CAP + 5 }, (_, n) => ({ id: crypto.randomUUID(), name: `W-${n}`, title: `Walrus ${n}`, data: { subject: `Walrus ${n}`, employee: bobId, kind: 'annual' } }));
    await t.services.db.execute(sql`insert into records (id, account_id, app_id, entity, name, title, owner_id, created_by, updated_by, data)
      select r.id, ${orgId}::uuid, ${appId}::uuid, 'request', r.name, r.title, ${bobId}::uuid, ${bobId}::uuid, ${bobId}::uuid, r.data
      from json_to_recordset(${JSON.stringify(many)}::json) as r(id uuid, name text, title text, data jsonb)`);
    const first = await found(ada, { q: 'walrus', filter: 'records' });
    expect(first.records).toMatchObject({ count: SEARCH_COUNT_CAP, countCapped: true });
    expect(first.records.items).toHaveLength(20);
    // Pages end at the cap.
    const last = await found(ada, { q: 'walrus', filter: 'records', take: '20', skip: String(SEARCH_COUNT_CAP - 5) });
    expect(last.records.items).toHaveLength(5);
    // Below the cap, counted exactly and never said to be capped.
    expect((await found(ada, { q: 'walrus 100' })).records).toMatchObject({ count: 6 }); // Walrus 100 and 1000 to 1004
    expect((await found(ada, { q: 'walrus 100' })).records.countCapped).toBeUndefined();
  });
});
