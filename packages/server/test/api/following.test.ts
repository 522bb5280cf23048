/**
 * @module-tag postgres
 *
 * Following records (docs/behaviour/workflows.md#following): who follows
 * by creating, commenting or being mentioned, the follow calls, and the
 * one item a followed record's changes give each follower who may still
 * read it, in their language.
 */
import type { TaskItem } from '@atrium/shared';
import type { RecordDetail } from '@atrium/shared/apps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { data, installDeclaration, LEAVE_DECLARATION, RecordsApi } from '../helpers/records.js';
import { TaskApi } from '../helpers/tasks.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`following records on ${databaseKind}`, () => {
  let t: TestApp;
  let ada: UserRecord;
  let bob: UserRecord;
  let org: { id: string };
  let appId: string;
  const api: Record<'ada' | 'bob' | 'carl' | 'erin', RecordsApi> = {} as never;
  const tasks: Record<'ada' | 'bob' | 'carl', TaskApi> = {} as never;

  beforeAll(async () => {
    t = await createTestApp();
    const { stores } = t.services;
    org = await makeAccount(stores);
    const other = await makeAccount(stores);
    ada = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Ada', lastname: 'Hart' });
    bob = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Bob', lastname: 'Novak' });
    // Carl reads his own requests only.
    const carl = await makeUser(stores, t.hasher, { accounts: [org.id], firstname: 'Carl', lastname: 'Berg' });
    const erin = await makeUser(stores, t.hasher, { accounts: [other.id] });
    const app = await installDeclaration(stores, LEAVE_DECLARATION, [org.id, other.id], [ada.id, bob.id, carl.id, erin.id]);
    appId = app.id;
    await stores.access.grantRole({ userId: ada.id, accountId: org.id, appId, role: 'hr' });
    const users = { ada, bob, carl, erin };
    for (const [key, user] of Object.entries(users) as Array<[keyof typeof users, UserRecord]>) {
      const { jwt } = await signIn(t.app, t.config.wrapperPrefix, user.username);
      api[key] = new RecordsApi(t, jwt);
      if (key !== 'erin') tasks[key] = new TaskApi(t, jwt);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  /** The open follow items of a user, once every change has been told. */
  async function followItems(who: 'ada' | 'bob' | 'carl'): Promise<TaskItem[]> {
    await t.services.following.drain();
    const answer = await tasks[who].notifications({ take: 100 });
    return answer.data.flatMap((g) => g.data).filter((task) => task.kind === 'follow');
  }

  it('makes the creator follow a new record; others follow and unfollow it by the calls, each answer saying so', async () => {
    const created = await api.bob.created({ subject: 'Week in Lisbon' });
    expect(created.following).toBe(true);
    const name = created.record.name;
    expect((await api.ada.detail(name)).following).toBe(false);
    const followed = data<RecordDetail>(await api.ada.request('PUT', `Leave/record/${name}/follow`), 200);
    expect(followed.following).toBe(true);
    expect(followed.record.name).toBe(name);
    expect((await api.ada.detail(name)).following).toBe(true);
    // Following twice is following.
    expect(data<RecordDetail>(await api.ada.request('PUT', `Leave/record/${name}/follow`), 200).following).toBe(true);
    expect(data<RecordDetail>(await api.ada.request('DELETE', `Leave/record/${name}/follow`), 200).following).toBe(false);
    expect((await api.ada.detail(name)).following).toBe(false);
    expect((await api.bob.detail(name)).following).toBe(true);
  });

  it('refuses to follow a record the caller may not read, as one that does not exist', async () => {
    const { record } = await api.bob.created({ subject: 'Private' });
    for (const who of ['carl', 'erin'] as const) {
      const res = await api[who].request('PUT', `Leave/record/${record.name}/follow`);
      expect(res.statusCode, who).toBe(404);
      expect(res.json<{ code: string }>().code).toBe('records.notFound');
    }
    expect((await api.carl.request('PUT', 'Leave/record/LR-1999-00001/follow')).statusCode).toBe(404);
    expect((await api.carl.request('DELETE', `Leave/record/${record.name}/follow`)).statusCode).toBe(404);
  });

  it("gives each follower one item per record, renamed by each change, never to the one who made it", async () => {
    const { record } = await api.bob.created({ subject: 'Ski week' });
    data(await api.ada.request('PUT', `Leave/record/${record.name}/follow`), 200);
    data(await api.bob.update(record.name, 1, { note: 'first' }), 200);
    let items = await followItems('ada');
    const mine = items.filter((i) => i.record === record.name);
    expect(mine.map((i) => i.task_name)).toEqual([`${record.name} · Ski week changed by Bob Novak`]);
    expect((await followItems('bob')).filter((i) => i.record === record.name)).toEqual([]);
    data(await api.bob.update(record.name, 2, { subject: 'Ski fortnight' }), 200);
    items = (await followItems('ada')).filter((i) => i.record === record.name);
    expect(items.map((i) => [i.uuid, i.task_name])).toEqual([[mine[0]!.uuid, `${record.name} · Ski fortnight changed by Bob Novak`]]);
    // Ada's change reaches Bob, who created it.
    data(await api.ada.update(record.name, 3, { note: 'seen' }), 200);
    expect((await followItems('bob')).filter((i) => i.record === record.name).map((i) => i.task_name)).toEqual([`${record.name} · Ski fortnight changed by Ada Hart`]);
    // Once done, the next change gives a new item.
    await tasks.bob.act((await followItems('bob')).find((i) => i.record === record.name)!.uuid, 'complete');
    data(await api.ada.update(record.name, 4, { note: 'again' }), 200);
    expect((await followItems('bob')).filter((i) => i.record === record.name)).toHaveLength(1);
  });

  it("writes the item in the follower's language and tells of comments; a commenter and the people mentioned follow", async () => {
    await t.services.settings.update(ada.id, { locale: 'de_DE' });
    const { record } = await api.bob.created({ subject: 'Zugfahrt' });
    data(await api.ada.request('PUT', `Leave/record/${record.name}/follow`), 200);
    data(await api.bob.update(record.name, 1, { note: 'x' }), 200);
    expect((await followItems('ada')).filter((i) => i.record === record.name).map((i) => i.task_name)).toEqual([`${record.name} · Zugfahrt geändert von Bob Novak`]);
    await t.services.settings.update(ada.id, { locale: null });

    const other = await api.bob.created({ subject: 'Comments' });
    expect((await api.ada.comment(other.record.name, `Looks fine @${bob.username}`)).statusCode).toBe(201);
    expect((await api.ada.detail(other.record.name)).following).toBe(true);
    // Bob, mentioned, has the mention's item and no second one for the same comment.
    await t.services.following.drain();
    expect((await followItems('bob')).filter((i) => i.record === other.record.name)).toEqual([]);
    expect((await api.bob.comment(other.record.name, 'Thanks')).statusCode).toBe(201);
    expect((await followItems('ada')).filter((i) => i.record === other.record.name).map((i) => i.task_name)).toEqual([`${other.record.name} · Comments: comment by Bob Novak`]);
  });

  it('tells only followers who may still read the record', async () => {
    const { record } = await api.bob.created({ subject: 'Audit' });
    data(await api.ada.request('PUT', `Leave/record/${record.name}/follow`), 200);
    await t.services.stores.access.revokeRole({ userId: ada.id, accountId: org.id, appId, role: 'hr' });
    try {
      data(await api.bob.update(record.name, 1, { note: 'hidden now' }), 200);
      expect((await followItems('ada')).filter((i) => i.record === record.name)).toEqual([]);
    } finally {
      await t.services.stores.access.grantRole({ userId: ada.id, accountId: org.id, appId, role: 'hr' });
    }
  });
});
