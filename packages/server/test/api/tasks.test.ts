/**
 * @module-tag postgres
 *
 * The work-item calls (docs/API.md, "Work items"; rules in
 * docs/behaviour/work.md): creating, reading, changing and completing
 * tasks, who may do what, and the errors with their texts.
 */
import { TaskMessages, TASK_COMMENT_MAX_LENGTH, TASK_NAME_MAX_LENGTH } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { TestClock } from '../helpers/clock.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { expectRefusal, hoursFrom, TaskApi } from '../helpers/tasks.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`work items on ${databaseKind}`, () => {
  const clock = new TestClock();
  let t: TestApp;
  let ada: UserRecord;
  let bob: UserRecord;
  let carol: UserRecord;
  let dave: UserRecord;
  let eve: UserRecord;
  let adaApi: TaskApi;
  let bobApi: TaskApi;
  let carolApi: TaskApi;
  let daveApi: TaskApi;
  let eveApi: TaskApi;
  let teamId: string;
  let otherId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const { stores } = t.services;
    const team = await makeAccount(stores);
    const other = await makeAccount(stores);
    teamId = team.id;
    otherId = other.id;
    ada = await makeUser(stores, t.hasher, { accounts: [team.id], firstname: 'Ada', lastname: 'Lovelace' });
    bob = await makeUser(stores, t.hasher, { accounts: [team.id], firstname: 'Bob', lastname: '' });
    carol = await makeUser(stores, t.hasher, { accounts: [team.id] });
    dave = await makeUser(stores, t.hasher, { accounts: [other.id] });
    eve = await makeUser(stores, t.hasher, { accounts: [team.id, other.id] });
    const audits = await stores.apps.create({ name: 'Audits', title: 'Audit Management', category: 'quality management' });
    await stores.apps.create({ name: 'Secret', title: 'Secret', category: 'organization' });
    for (const u of [ada, bob, carol, dave, eve]) await stores.apps.grant(u.id, audits.id);
    const api = async (u: UserRecord) => new TaskApi(t, (await signIn(t.app, t.config.wrapperPrefix, u.username)).jwt);
    [adaApi, bobApi, carolApi, daveApi, eveApi] = [await api(ada), await api(bob), await api(carol), await api(dave), await api(eve)];
  });
  afterAll(() => t.close());

  describe('creating', () => {
    it('creates a task for an application in the caller organisation, followed by its creator', async () => {
      const end = hoursFrom(clock.now(), 24 * 5);
      const task = await adaApi.create({ app: 'Audits', name: '  Review the supplier audit  ', assignee: bob.username, end_date: end });
      expect(task).toMatchObject({
        appName: 'Audits',
        task_name: 'Review the supplier audit',
        rygStatus: 'GREEN',
        end_date: end,
        snoozed_till: null,
        status: 'open',
        assignee: { id: bob.id, name: 'Bob' },
        creator: { id: ada.id, name: 'Ada Lovelace' },
        comment_count: 0,
        following: true,
      });
      const app = await t.services.stores.apps.findByName('Audits');
      expect(task.appUuid).toBe(app!.id);
      expect(task.uuid).toMatch(/^[0-9a-f-]{36}$/);
      // The assignee sees it as theirs, not as followed.
      expect(await bobApi.get(task.uuid)).toMatchObject({ uuid: task.uuid, following: false });
    });

    it('names the assignee by id as well as by username, and adds the named followers', async () => {
      const task = await adaApi.create({ app: 'Audits', name: 'By id', assignee: bob.id, followers: [carol.username, eve.id] });
      expect(task.assignee.id).toBe(bob.id);
      expect(task.rygStatus).toBe('BLUE');
      expect((await carolApi.get(task.uuid)).following).toBe(true);
      expect((await eveApi.get(task.uuid)).following).toBe(true);
    });

    it('refuses an application the caller may not see, or that does not exist', async () => {
      for (const app of ['Secret', 'NoSuchApp']) {
        const res = await adaApi.request('POST', 'tasks', { app, name: 'x', assignee: bob.username });
        expectRefusal(res, 403, 'tasks.appNotAvailable', TaskMessages.appNotAvailable);
      }
    });

    it('refuses an assignee or a follower outside the organisation, or unknown', async () => {
      for (const body of [
        { app: 'Audits', name: 'x', assignee: dave.username },
        { app: 'Audits', name: 'x', assignee: 'nobody-at-all' },
        { app: 'Audits', name: 'x', assignee: '00000000-0000-4000-8000-000000000000' },
        { app: 'Audits', name: 'x', assignee: bob.username, followers: [dave.id] },
      ]) {
        expectRefusal(await adaApi.request('POST', 'tasks', body), 400, 'tasks.assigneeNotMember', TaskMessages.assigneeNotMember);
      }
    });

    it('refuses malformed bodies with the field named', async () => {
      for (const body of [
        { app: 'Audits', name: '   ', assignee: bob.username },
        { app: 'Audits', name: 'x'.repeat(TASK_NAME_MAX_LENGTH + 1), assignee: bob.username },
        { app: 'Audits', name: 'x', assignee: bob.username, end_date: 'tomorrow' },
        { app: 'Audits', name: 'x', assignee: bob.username, colour: 'RED' },
        { app: 'Audits', name: ['x'], assignee: bob.username },
        { app: 'Audits', assignee: bob.username },
        { app: 'Audits', name: 'a\u0000b', assignee: bob.username },
        { app: 'Aud\u0000its', name: 'x', assignee: bob.username },
        { app: 'Audits', name: 'x', assignee: '\ud800' },
        { app: 'Audits', name: 'x', assignee: bob.username, followers: ['\u0000'] },
        { app: 'Audits', name: 'x', assignee: bob.username, end_date: '0000-01-01T00:00:00Z' },
        { app: 'Audits', name: 'x', assignee: bob.username, end_date: '2026-02-30T00:00:00Z' },
        { app: 'Audits', name: 'x', assignee: bob.username, end_date: 1e308 },
      ]) {
        expectRefusal(await adaApi.request('POST', 'tasks', body), 400, 'request.invalid');
      }
    });
  });

  describe('who sees a task', () => {
    it('answers "Task not found" to everyone who neither is assigned to it nor follows it, as for a task that does not exist', async () => {
      const task = await adaApi.create({ app: 'Audits', name: 'Private work', assignee: bob.username });
      for (const api of [carolApi, daveApi]) {
        for (const [method, path, body] of [
          ['GET', `tasks/${task.uuid}`],
          ['PUT', `tasks/${task.uuid}`, { name: 'mine now' }],
          ['POST', `tasks/${task.uuid}/complete`, {}],
          ['POST', `tasks/${task.uuid}/snooze`, { snoozed_till: hoursFrom(clock.now(), 1) }],
          ['POST', `tasks/${task.uuid}/extend`, { snoozed_till: hoursFrom(clock.now(), 1) }],
          ['POST', `tasks/${task.uuid}/unsnooze`, {}],
          ['GET', `tasks/${task.uuid}/comments`],
          ['POST', `tasks/${task.uuid}/comments`, { text: 'hello' }],
        ] as const) {
          expectRefusal(await api.request(method, path, body), 404, 'tasks.taskNotFound', TaskMessages.taskNotFound);
        }
      }
      expectRefusal(await adaApi.request('GET', 'tasks/00000000-0000-4000-8000-000000000000'), 404, 'tasks.taskNotFound', TaskMessages.taskNotFound);
      expect((await carolApi.notifications({ type: 'followups' })).data.flatMap((g) => g.data).map((i) => i.uuid)).not.toContain(task.uuid);
      expect((await daveApi.notifications()).total).toBe(0);
    });

    it("hides an organisation's tasks from its members once they act for another organisation", async () => {
      const task = await adaApi.create({ app: 'Audits', name: 'For the team', assignee: eve.username });
      expect((await eveApi.get(task.uuid)).task_name).toBe('For the team');
      await t.services.stores.users.update(eve.id, { activeAccountId: otherId });
      expectRefusal(await eveApi.request('GET', `tasks/${task.uuid}`), 404, 'tasks.taskNotFound');
      expect(await eveApi.names()).not.toContain('For the team');
      await t.services.stores.users.update(eve.id, { activeAccountId: teamId });
      expect(await eveApi.names()).toContain('For the team');
    });

    it('answers nobody who is not signed in', async () => {
      const id = '00000000-0000-4000-8000-000000000000';
      for (const [method, url] of [
        ['GET', 'user/getusernotifications'],
        ['POST', 'user/getusernotifications'],
        ['POST', 'tasks'],
        ['GET', `tasks/${id}`],
        ['PUT', `tasks/${id}`],
        ['POST', `tasks/${id}/complete`],
        ['POST', `tasks/${id}/snooze`],
        ['POST', `tasks/${id}/extend`],
        ['POST', `tasks/${id}/unsnooze`],
        ['GET', `tasks/${id}/comments`],
        ['POST', `tasks/${id}/comments`],
      ] as const) {
        const res = await t.app.inject({ method, url: `${t.config.apiPrefix}/${url}` });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('refuses a malformed task id', async () => {
      expectRefusal(await adaApi.request('GET', 'tasks/not-a-uuid'), 400, 'request.invalid');
    });
  });

  describe('changing', () => {
    it('lets the creator and the assignee change a task, and nobody else who sees it', async () => {
      const task = await adaApi.create({ app: 'Audits', name: 'Draft', assignee: bob.username, followers: [carol.username] });
      expect((await adaApi.act(task.uuid, '', { name: 'Draft v2' })).task_name).toBe('Draft v2');
      const end = hoursFrom(clock.now(), 1);
      expect(await bobApi.act(task.uuid, '', { end_date: end })).toMatchObject({ end_date: end, rygStatus: 'YELLOW' });
      expectRefusal(await carolApi.request('PUT', `tasks/${task.uuid}`, { name: 'Mine' }), 403, 'tasks.taskNotEditable', TaskMessages.taskNotEditable);
      expectRefusal(await carolApi.request('POST', `tasks/${task.uuid}/complete`, {}), 403, 'tasks.taskNotEditable');
      expectRefusal(await adaApi.request('PUT', `tasks/${task.uuid}`, {}), 400, 'request.invalid');
      expectRefusal(await adaApi.request('PUT', `tasks/${task.uuid}`, { status: 'archived' }), 400, 'request.invalid');
    });

    it('reassigns a task: the new assignee sees it, the previous one no longer does unless they follow it', async () => {
      const task = await adaApi.create({ app: 'Audits', name: 'Hand over', assignee: bob.username });
      await adaApi.act(task.uuid, '', { assignee: carol.username });
      expect((await carolApi.get(task.uuid)).assignee).toEqual({ id: carol.id, name: 'Test User' });
      expectRefusal(await bobApi.request('GET', `tasks/${task.uuid}`), 404, 'tasks.taskNotFound');
      expectRefusal(await adaApi.request('PUT', `tasks/${task.uuid}`, { assignee: dave.username }), 400, 'tasks.assigneeNotMember');
    });

    it('completes a task: it leaves every view and stays readable', async () => {
      const task = await adaApi.create({ app: 'Audits', name: 'Finish me', assignee: bob.username });
      expect(await bobApi.names()).toContain('Finish me');
      expect(await adaApi.names({ type: 'followups' })).toContain('Finish me');
      expect((await bobApi.act(task.uuid, 'complete')).status).toBe('done');
      expect(await bobApi.names()).not.toContain('Finish me');
      expect(await adaApi.names({ type: 'followups' })).not.toContain('Finish me');
      expect((await adaApi.get(task.uuid)).status).toBe('done');
      // Completing twice changes nothing; reopening brings it back.
      expect((await adaApi.act(task.uuid, 'complete')).status).toBe('done');
      expect((await adaApi.act(task.uuid, '', { status: 'open' })).status).toBe('open');
      expect(await bobApi.names()).toContain('Finish me');
    });
  });

  describe('comments', () => {
    it('lets the assignee and the followers comment, oldest first, counted on the task', async () => {
      const task = await adaApi.create({ app: 'Audits', name: 'Discuss', assignee: bob.username, followers: [carol.username] });
      expect(await bobApi.comments(task.uuid)).toEqual([]);
      const first = await bobApi.comment(task.uuid, '  First thought  ');
      clock.advanceSeconds(1);
      await carolApi.comment(task.uuid, 'Second thought');
      clock.advanceSeconds(1);
      await adaApi.comment(task.uuid, 'Third thought');
      expect(first).toMatchObject({ taskId: task.uuid, author: { id: bob.id, name: 'Bob' }, text: 'First thought' });
      const list = await adaApi.comments(task.uuid);
      expect(list.map((c) => c.text)).toEqual(['First thought', 'Second thought', 'Third thought']);
      expect(list.map((c) => c.author.id)).toEqual([bob.id, carol.id, ada.id]);
      expect((await bobApi.get(task.uuid)).comment_count).toBe(3);
    });

    it('keeps HTML in a comment as the very same text', async () => {
      const task = await adaApi.create({ app: 'Audits', name: 'Markup', assignee: bob.username });
      const text = '<img src=x onerror="alert(1)"><b>bold</b> & <script>alert("x")</script>';
      expect((await bobApi.comment(task.uuid, text)).text).toBe(text);
      expect((await adaApi.comments(task.uuid))[0]!.text).toBe(text);
    });

    it('takes comments up to the length limit and refuses empty or longer ones', async () => {
      const task = await adaApi.create({ app: 'Audits', name: 'Long', assignee: bob.username });
      const longest = 'é'.repeat(TASK_COMMENT_MAX_LENGTH);
      expect((await bobApi.comment(task.uuid, longest)).text).toBe(longest);
      for (const text of ['', '   ', 'x'.repeat(TASK_COMMENT_MAX_LENGTH + 1)]) {
        expectRefusal(await bobApi.request('POST', `tasks/${task.uuid}/comments`, { text }), 400, 'request.invalid');
      }
      expectRefusal(await bobApi.request('POST', `tasks/${task.uuid}/comments`, { text: 'x', html: true }), 400, 'request.invalid');
      expectRefusal(await bobApi.request('POST', `tasks/${task.uuid}/comments`, { text: 'a\u0000b' }), 400, 'request.invalid');
      expectRefusal(await bobApi.request('POST', `tasks/${task.uuid}/comments`, { text: ['x'] }), 400, 'request.invalid');
    });
  });
});

describe(`the yellow window on ${databaseKind}`, () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('follows TASK_YELLOW_WINDOW', async () => {
    t = await createTestApp({ env: { TASK_YELLOW_WINDOW: '3600' } });
    const { stores } = t.services;
    const team = await makeAccount(stores);
    const ada = await makeUser(stores, t.hasher, { accounts: [team.id] });
    const app = await stores.apps.create({ name: 'Reports', title: 'Reports', category: 'operational intelligence' });
    await stores.apps.grant(ada.id, app.id);
    const api = new TaskApi(t, (await signIn(t.app, t.config.wrapperPrefix, ada.username)).jwt);
    const now = new Date();
    expect((await api.create({ app: 'Reports', name: 'In two hours', assignee: ada.id, end_date: hoursFrom(now, 2) })).rygStatus).toBe('GREEN');
    expect((await api.create({ app: 'Reports', name: 'In half an hour', assignee: ada.id, end_date: hoursFrom(now, 0.5) })).rygStatus).toBe('YELLOW');
    expect((await api.notifications()).ryg_count).toEqual({ red: 0, yellow: 1, green: 1, blue: 0 });
  });
});
