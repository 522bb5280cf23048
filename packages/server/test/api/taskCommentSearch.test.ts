/**
 * @module-tag postgres
 *
 * The search of task comments that the global search uses (docs/API.md,
 * "Search"): full text in any language, every word as a word's beginning,
 * best matches first, matches marked in the snippet, paged, and only the
 * comments of tasks the searching user sees.
 */
import crypto from 'node:crypto';
import { HIGHLIGHT_END, HIGHLIGHT_START, highlightParts } from '@atrium/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefixQueryText, searchWords } from '../../src/db/fullText.js';
import type { TaskService } from '../../src/tasks/TaskService.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { TaskApi } from '../helpers/tasks.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`searching task comments on ${databaseKind}`, () => {
  let t: TestApp;
  let tasks: TaskService;
  let ada: UserRecord;
  let bob: UserRecord;
  let carol: UserRecord;
  let dave: UserRecord;
  let teamId: string;
  let otherId: string;

  beforeAll(async () => {
    t = await createTestApp();
    tasks = t.services.tasks;
    const { stores } = t.services;
    const team = await makeAccount(stores);
    const other = await makeAccount(stores);
    teamId = team.id;
    otherId = other.id;
    ada = await makeUser(stores, t.hasher, { accounts: [team.id], firstname: 'Ada', lastname: 'Lovelace' });
    bob = await makeUser(stores, t.hasher, { accounts: [team.id] });
    carol = await makeUser(stores, t.hasher, { accounts: [team.id] });
    dave = await makeUser(stores, t.hasher, { accounts: [other.id, team.id] });
    const app = await stores.apps.create({ name: 'Audits', title: 'Audit Management', category: 'quality management' });
    for (const u of [ada, dave]) await stores.apps.grant(u.id, app.id);
    const adaApi = new TaskApi(t, (await signIn(t.app, t.config.wrapperPrefix, ada.username)).jwt);
    const daveApi = new TaskApi(t, (await signIn(t.app, t.config.wrapperPrefix, dave.username)).jwt);
    const contract = await adaApi.create({ app: 'Audits', name: 'Supplier contract', assignee: bob.username });
    await adaApi.comment(contract.uuid, 'The supplier contract needs a new budget line before the audit.');
    await adaApi.comment(contract.uuid, 'Budget approved. Budget owner: finance.');
    await adaApi.comment(contract.uuid, 'Lieferverträge prüfen: Budgetplanung für das nächste Jahr');
    await adaApi.comment(contract.uuid, '明年 预算 审计 & <b>markup</b>');
    await adaApi.comment(contract.uuid, 'Nothing to see here');
    // A task of the other organisation, assigned to dave there.
    await t.services.stores.users.update(dave.id, { activeAccountId: other.id });
    const elsewhere = await daveApi.create({ app: 'Audits', name: 'Elsewhere', assignee: dave.username });
    await daveApi.comment(elsewhere.uuid, 'Budget of the other organisation');
  });
  afterAll(() => t.close());

  const search = (user: UserRecord, accountId: string | null, query: string, take = 20, skip = 0) => tasks.searchComments({ userId: user.id, accountId }, query, take, skip);
  const texts = (items: Array<{ snippet: string }>) => items.map((i) => highlightParts(i.snippet).map((p) => p.text).join(''));

  it('finds comments by the beginnings of their words, best matches first, with the matches marked', async () => {
    const found = await search(ada, teamId, 'budg');
    expect(found.count).toBe(3);
    // Two matches in one short comment rank above one.
    expect(texts(found.items)[0]).toBe('Budget approved. Budget owner: finance.');
    const marked = highlightParts(found.items[0]!.snippet).filter((p) => p.match).map((p) => p.text);
    expect(marked).toEqual(['Budget', 'Budget']);
    expect(found.items[0]!.snippet).toContain(`${HIGHLIGHT_START}Budget${HIGHLIGHT_END}`);
    expect(found.items[0]).toMatchObject({ kind: 'comments', task_name: 'Supplier contract', appName: 'Audits', author: { id: ada.id, name: 'Ada Lovelace' } });
    expect(found.items[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('needs every word, in any order and case', async () => {
    expect(texts((await search(ada, teamId, 'CONTRACT supplier')).items)).toEqual(['The supplier contract needs a new budget line before the audit.']);
    expect((await search(ada, teamId, 'supplier finance')).count).toBe(0);
  });

  it('finds words of other languages and scripts', async () => {
    expect((await search(ada, teamId, 'lieferverträge')).count).toBe(1);
    expect((await search(ada, teamId, 'prüf')).count).toBe(1);
    expect((await search(ada, teamId, '预算')).count).toBe(1);
  });

  it('takes special characters and query syntax as plain text', async () => {
    for (const query of ["'; drop table task_comments; --", 'budget & | ! ( ) :* <->', "o'brien\\", 'a:*B', '<b>', '\u0000', '%_']) {
      const found = await search(ada, teamId, query);
      expect(found.count, query).toBeGreaterThanOrEqual(0);
    }
    expect((await search(ada, teamId, 'budget & | !')).count).toBe(3);
    expect((await search(ada, teamId, '!!! ???')).count).toBe(0);
    expect(searchWords("Budget-plan o'Brien  ÉTÉ")).toEqual(['budget', 'plan', 'o', 'brien', 'été']);
    expect(prefixQueryText(['it\'s', 'a\\b'])).toBe("'it''s':* & 'a\\\\b':*");
  });

  it('keeps markup in a snippet as text', async () => {
    const [item] = (await search(ada, teamId, 'markup')).items;
    expect(highlightParts(item!.snippet).map((p) => p.text).join('')).toContain('<b>markup</b>');
  });

  it('pages the results and counts them all', async () => {
    const first = await search(ada, teamId, 'budget', 2, 0);
    const second = await search(ada, teamId, 'budget', 2, 2);
    expect([first.count, second.count]).toEqual([3, 3]);
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(3);
    expect((await search(ada, teamId, 'budget', 2, 10)).items).toEqual([]);
    expect((await search(ada, teamId, 'budget', 2, 10)).count).toBe(3);
  });

  it("finds only comments of tasks the user sees: assigned or followed, in the active organisation", async () => {
    expect((await search(bob, teamId, 'budget')).count).toBe(3);
    expect((await search(carol, teamId, 'budget')).count).toBe(0);
    expect(texts((await search(dave, otherId, 'budget')).items)).toEqual(['Budget of the other organisation']);
    expect((await search(dave, teamId, 'budget')).count).toBe(0);
    expect((await search(ada, otherId, 'budget')).count).toBe(0);
    expect((await search(ada, null, 'budget')).count).toBe(0);
  });

  it("keeps the highlight characters of a comment's own text out of the snippet's marks", async () => {
    const api = new TaskApi(t, (await signIn(t.app, t.config.wrapperPrefix, ada.username)).jwt);
    const task = await api.create({ app: 'Audits', name: 'Odd characters', assignee: ada.username });
    await api.comment(task.uuid, `The ${HIGHLIGHT_START}walrus${HIGHLIGHT_END} tusk ${HIGHLIGHT_END}inventory${HIGHLIGHT_START} count`);
    const [item] = (await search(ada, teamId, 'inventory')).items;
    expect(item!.snippet.split(HIGHLIGHT_START)).toHaveLength(2);
    expect(item!.snippet.split(HIGHLIGHT_END)).toHaveLength(2);
    const parts = highlightParts(item!.snippet);
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(['inventory']);
    expect(parts.map((p) => p.text).join('')).toBe('The  walrus  tusk  inventory  count');
    // The stored comment stays as written.
    expect((await api.comments(task.uuid)).at(-1)!.text).toContain(`${HIGHLIGHT_START}walrus${HIGHLIGHT_END}`);
  });

  it('follows who sees a task: a new assignee finds its comments, the previous one no longer, followers as they come and go', async () => {
    const api = new TaskApi(t, (await signIn(t.app, t.config.wrapperPrefix, ada.username)).jwt);
    const task = await api.create({ app: 'Audits', name: 'Moving work', assignee: bob.username });
    await api.comment(task.uuid, 'The pelican report is due');
    expect((await search(bob, teamId, 'pelican')).count).toBe(1);
    expect((await search(carol, teamId, 'pelican')).count).toBe(0);
    await api.act(task.uuid, '', { assignee: carol.username });
    expect((await search(carol, teamId, 'pelican')).count).toBe(1);
    expect((await search(bob, teamId, 'pelican')).count).toBe(0);
    // The creator follows it throughout.
    expect((await search(ada, teamId, 'pelican')).count).toBe(1);
    // Followers added or removed by any means (here straight in the database) are taken into account at once.
    const { db } = t.database;
    await db.execute(sql`insert into task_followers (task_id, user_id) values (${task.uuid}, ${bob.id})`);
    expect((await search(bob, teamId, 'pelican')).count).toBe(1);
    await db.execute(sql`delete from task_followers where task_id = ${task.uuid} and user_id in (${bob.id}, ${ada.id})`);
    expect((await search(bob, teamId, 'pelican')).count).toBe(0);
    expect((await search(ada, teamId, 'pelican')).count).toBe(0);
    // A comment written straight into the database is found by those who see its task.
    await db.execute(sql`insert into task_comments (id, task_id, author_id, text) values (${crypto.randomUUID()}, ${task.uuid}, ${ada.id}, 'A second pelican sighting')`);
    expect((await search(carol, teamId, 'pelican')).count).toBe(2);
    expect((await search(dave, teamId, 'pelican')).count).toBe(0);
  });
});
