/**
 * @module-tag postgres
 *
 * The notification centre's views (docs/behaviour/work.md#views): My
 * Priorities, My Follow Up and My Snoozed Items, grouped by application,
 * with the colour counts, the colour filter (GET and POST), paging and the
 * Priorities application's orders; and how few statements a page takes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { TestClock } from '../helpers/clock.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { expectRefusal, hoursFrom, TaskApi } from '../helpers/tasks.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`notification views on ${databaseKind}`, () => {
  const clock = new TestClock();
  let t: TestApp;
  let ada: UserRecord;
  let bob: UserRecord;
  let adaApi: TaskApi;
  let bobApi: TaskApi;
  const ids = new Map<string, string>();
  let auditsId: string;
  let crmId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const { stores } = t.services;
    const team = await makeAccount(stores);
    ada = await makeUser(stores, t.hasher, { accounts: [team.id] });
    bob = await makeUser(stores, t.hasher, { accounts: [team.id] });
    const audits = await stores.apps.create({ name: 'Audits', title: 'Audit Management', category: 'quality management' });
    const crm = await stores.apps.create({ name: 'CRM', title: 'Customer Relations', category: 'sales and marketing' });
    auditsId = audits.id;
    crmId = crm.id;
    for (const app of [audits, crm]) await stores.apps.grant(ada.id, app.id);
    adaApi = new TaskApi(t, (await signIn(t.app, t.config.wrapperPrefix, ada.username)).jwt);
    bobApi = new TaskApi(t, (await signIn(t.app, t.config.wrapperPrefix, bob.username)).jwt);
    const now = clock.now();
    const tasks: Array<[string, string, number | null]> = [
      ['Audits', 'A red', -2],
      ['Audits', 'A yellow', 10],
      ['Audits', 'A green', 24 * 5],
      ['Audits', 'A blue', null],
      ['CRM', 'C red', -30],
      ['CRM', 'C green', 24 * 3],
      ['CRM', 'C green 2', 24 * 10],
      ['CRM', 'C blue', null],
    ];
    for (const [app, name, hours] of tasks) {
      const task = await adaApi.create({ app, name, assignee: bob.username, ...(hours === null ? {} : { end_date: hoursFrom(now, hours) }) });
      ids.set(name, task.uuid);
    }
    await adaApi.create({ app: 'Audits', name: 'Ada own', assignee: ada.username });
  });
  afterAll(() => t.close());

  it('lists the first page of My Priorities soonest first, undated last, grouped by application with their counts', async () => {
    const page = await bobApi.notifications({ type: 'assignments', take: 5, skip: 0 });
    expect(page.id).toBe(bob.id);
    expect(page.total).toBe(8);
    expect(page.ryg_count).toEqual({ red: 2, yellow: 1, green: 3, blue: 2 });
    expect(page.data.map((g) => [g.appName, g.appUuid, g.count, g.data.map((i) => i.task_name)])).toEqual([
      ['CRM', crmId, 4, ['C red', 'C green']],
      ['Audits', auditsId, 4, ['A red', 'A yellow', 'A green']],
    ]);
    expect(page.data[1]!.data.map((i) => i.rygStatus)).toEqual(['RED', 'YELLOW', 'GREEN']);
    // The defaults are the first five of My Priorities.
    expect(await bobApi.notifications()).toEqual(page);
  });

  it('pages beyond the first five with skip', async () => {
    expect(await bobApi.names({ take: 5, skip: 5 })).toEqual(['C green 2', 'C blue', 'A blue']);
    const beyond = await bobApi.notifications({ take: 5, skip: 10 });
    expect(beyond.data).toEqual([]);
    expect(beyond.total).toBe(8);
    expect(beyond.ryg_count).toEqual({ red: 2, yellow: 1, green: 3, blue: 2 });
    const countsOnly = await bobApi.notifications({ take: 0 });
    expect(countsOnly.data).toEqual([]);
    expect(countsOnly.total).toBe(8);
  });

  it('filters by colour, with the query or the POST body, and keeps the counts of the whole view', async () => {
    const green = await bobApi.notifications({}, { ryg_status: 'GREEN' });
    expect(green.data.flatMap((g) => g.data.map((i) => i.task_name))).toEqual(['C green', 'C green 2', 'A green']);
    expect(green.data.map((g) => [g.appName, g.count])).toEqual([['CRM', 2], ['Audits', 1]]);
    expect(green.total).toBe(3);
    expect(green.ryg_count).toEqual({ red: 2, yellow: 1, green: 3, blue: 2 });
    expect(await bobApi.names({}, { ryg_status: 'RED' })).toEqual(['C red', 'A red']);
    expect(await bobApi.names({ ryg_status: 'YELLOW' })).toEqual(['A yellow']);
    expect(await bobApi.names({ ryg_status: 'BLUE' })).toEqual(['A blue', 'C blue']);
    // An empty or null filter in the body is no filter; the body's filter wins over the query's.
    expect(await bobApi.names({ take: 100 }, { ryg_status: '' })).toHaveLength(8);
    expect(await bobApi.names({ take: 100 }, { ryg_status: null })).toHaveLength(8);
    expect(await bobApi.names({ ryg_status: 'BLUE' }, { ryg_status: 'YELLOW' })).toEqual(['A yellow']);
    expect(await bobApi.names({ ryg_status: 'BLUE' }, {})).toEqual(['A blue', 'C blue']);
  });

  it('sorts by end date or by status, either way, each application\'s tasks in that order', async () => {
    const grouped = async (query: Record<string, string | number>) => (await bobApi.notifications({ take: 100, ...query })).data.map((g) => [g.appName, g.data.map((i) => i.task_name)]);
    expect(await grouped({ sort: 'end_date', order: 'desc' })).toEqual([
      ['CRM', ['C green 2', 'C green', 'C red', 'C blue']],
      ['Audits', ['A green', 'A yellow', 'A red', 'A blue']],
    ]);
    expect(await grouped({ sort: 'status', order: 'asc' })).toEqual([
      ['CRM', ['C red', 'C green', 'C green 2', 'C blue']],
      ['Audits', ['A red', 'A yellow', 'A green', 'A blue']],
    ]);
    expect(await grouped({ sort: 'status', order: 'desc' })).toEqual([
      ['Audits', ['A blue', 'A green', 'A yellow', 'A red']],
      ['CRM', ['C blue', 'C green', 'C green 2', 'C red']],
    ]);
    // One task per page shows the order across applications.
    const one = async (query: Record<string, string | number>) => {
      const names: string[] = [];
      for (let skip = 0; skip < 8; skip++) names.push(...(await bobApi.names({ ...query, take: 1, skip })));
      return names;
    };
    expect(await one({ sort: 'status', order: 'desc' })).toEqual(['A blue', 'C blue', 'C green', 'A green', 'C green 2', 'A yellow', 'C red', 'A red']);
    expect(await one({ sort: 'end_date', order: 'desc' })).toEqual(['C green 2', 'A green', 'C green', 'A yellow', 'A red', 'C red', 'A blue', 'C blue']);
  });

  it("lists in My Follow Up the tasks the user follows and others are assigned to, never the user's own", async () => {
    const follow = await adaApi.notifications({ type: 'followups', take: 100 });
    expect(follow.total).toBe(8);
    expect(follow.data.flatMap((g) => g.data.map((i) => i.task_name))).not.toContain('Ada own');
    expect(follow.data.flatMap((g) => g.data).every((i) => i.following && i.assignee.id === bob.id)).toBe(true);
    expect(await adaApi.names()).toEqual(['Ada own']);
    expect((await bobApi.notifications({ type: 'followups' })).total).toBe(0);
  });

  it('moves a snoozed task from My Priorities to My Snoozed Items, and keeps it in the follower\'s view', async () => {
    const id = ids.get('C green 2')!;
    const until = hoursFrom(clock.now(), 24);
    expect((await bobApi.act(id, 'snooze', { snoozed_till: until })).snoozed_till).toBe(until);
    const priorities = await bobApi.notifications({ take: 100 });
    expect(priorities.data.flatMap((g) => g.data.map((i) => i.task_name))).not.toContain('C green 2');
    expect(priorities.ryg_count).toEqual({ red: 2, yellow: 1, green: 2, blue: 2 });
    const snoozed = await bobApi.notifications({ type: 'snoozed' });
    expect(snoozed.data).toEqual([{ appUuid: crmId, appName: 'CRM', count: 1, data: [expect.objectContaining({ task_name: 'C green 2', snoozed_till: until })] }]);
    expect(snoozed.ryg_count).toEqual({ red: 0, yellow: 0, green: 1, blue: 0 });
    expect(await adaApi.names({ type: 'followups', take: 100 })).toContain('C green 2');
    await bobApi.act(id, 'unsnooze');
    expect((await bobApi.notifications({ type: 'snoozed' })).total).toBe(0);
  });

  it('refuses malformed queries and filters', async () => {
    for (const query of <Array<Record<string, string>>>[{ type: 'everything' }, { take: '101' }, { take: '-1' }, { skip: 'abc' }, { ryg_status: 'PINK' }, { sort: 'name' }, { order: 'up' }, { colour: 'RED' }]) {
      expectRefusal(await bobApi.request('GET', 'user/getusernotifications', undefined, query), 400, 'request.invalid');
    }
    for (const body of [{ ryg_status: 'PINK' }, { ryg_status: ['RED'] }, { ryg_status: 'RED', extra: 1 }]) {
      expectRefusal(await bobApi.request('POST', 'user/getusernotifications', body), 400, 'request.invalid');
    }
  });

  it('changes colours as time passes: a yellow task turns red once its end date has passed', async () => {
    const soon = await adaApi.create({ app: 'CRM', name: 'Soon', assignee: bob.username, end_date: hoursFrom(clock.now(), 1 / 60) });
    expect(soon.rygStatus).toBe('YELLOW');
    const before = await bobApi.notifications();
    clock.advanceSeconds(120);
    const after = await bobApi.notifications();
    expect(after.ryg_count).toEqual({ ...before.ryg_count, red: before.ryg_count.red + 1, yellow: before.ryg_count.yellow - 1 });
    expect((await bobApi.get(soon.uuid)).rygStatus).toBe('RED');
    expect(await bobApi.names({ ryg_status: 'RED' })).toContain('Soon');
    await bobApi.act(soon.uuid, 'complete');
  });

  it('answers a page in a few statements, whatever the number of tasks on it', async () => {
    const statements: string[] = [];
    const session = (t.database.db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
    const previous = session.logger;
    const logger = { logQuery: (query: string) => statements.push(query) };
    session.logger = logger;
    session.options.logger = logger;
    try {
      // A first call fills what is remembered of the session; another question is not answered from it.
      await bobApi.notifications({ take: 2 });
      statements.length = 0;
      await bobApi.notifications({ take: 1 });
      const one = statements.length;
      statements.length = 0;
      await bobApi.notifications({ take: 100, ryg_status: 'GREEN' });
      expect(statements.length).toBe(one);
      // The page and the counts; the session and organisation are remembered.
      expect(one).toBeLessThanOrEqual(3);
    } finally {
      session.logger = previous;
      session.options.logger = previous;
    }
  });
});
