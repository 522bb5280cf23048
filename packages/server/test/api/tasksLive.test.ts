/**
 * @module-tag postgres
 *
 * Live updates of work items (docs/behaviour/work.md#live-updates): after
 * every change, the assignee, the followers, a previous assignee and the
 * one who acted hear `tasks:changed` on each of their desktop sockets;
 * nobody else does.
 */
import { TASK_CHANGED_MESSAGE, type TaskChangedParams } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { settle, TestSocket } from '../helpers/socketClient.js';
import { hoursFrom, TaskApi } from '../helpers/tasks.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`tasks:changed on ${databaseKind}`, () => {
  let t: TestApp;
  const sockets: TestSocket[] = [];
  let ada: UserRecord;
  let bob: UserRecord;
  let carol: UserRecord;
  let adaApi: TaskApi;
  let bobApi: TaskApi;
  let carolApi: TaskApi;
  let adaSocket: TestSocket;
  let bobSocket: TestSocket;
  let bobSecondTab: TestSocket;
  let carolSocket: TestSocket;
  let daveSocket: TestSocket;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/socket`;
    const { stores } = t.services;
    const team = await makeAccount(stores);
    const other = await makeAccount(stores);
    ada = await makeUser(stores, t.hasher, { accounts: [team.id], firstname: 'Ada', lastname: 'Lovelace' });
    bob = await makeUser(stores, t.hasher, { accounts: [team.id] });
    carol = await makeUser(stores, t.hasher, { accounts: [team.id] });
    const dave = await makeUser(stores, t.hasher, { accounts: [other.id] });
    const app = await stores.apps.create({ name: 'Audits', title: 'Audit Management', category: 'quality management' });
    await stores.apps.grant(ada.id, app.id);
    const jwts = await Promise.all([ada, bob, carol, dave].map(async (u) => (await signIn(t.app, t.config.wrapperPrefix, u.username)).jwt));
    [adaApi, bobApi, carolApi] = jwts.slice(0, 3).map((jwt) => new TaskApi(t, jwt)) as [TaskApi, TaskApi, TaskApi];
    for (const jwt of [jwts[0]!, jwts[1]!, jwts[1]!, jwts[2]!, jwts[3]!]) {
      const socket = await TestSocket.open(url, { origin: 'http://atrium.test' });
      await socket.authenticate(jwt);
      sockets.push(socket);
    }
    [adaSocket, bobSocket, bobSecondTab, carolSocket, daveSocket] = sockets as [TestSocket, TestSocket, TestSocket, TestSocket, TestSocket];
  });
  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    await t.close();
  });

  const next = async (socket: TestSocket) => (await socket.next(TASK_CHANGED_MESSAGE)).params as TaskChangedParams;

  it("tells the new assignee on every tab, and the creator, of a new assignment; nobody else", async () => {
    const task = await adaApi.create({ app: 'Audits', name: 'Check the supplier contract', assignee: bob.username, end_date: hoursFrom(new Date(), 72) });
    const expected = { reason: 'assigned', taskId: task.uuid, task_name: 'Check the supplier contract', appName: 'Audits', by: { id: ada.id, name: 'Ada Lovelace' } };
    expect(await next(bobSocket)).toEqual(expected);
    expect(await next(bobSecondTab)).toEqual(expected);
    expect(await next(adaSocket)).toEqual(expected);
    await settle();
    expect(carolSocket.received(TASK_CHANGED_MESSAGE)).toEqual([]);
    expect(daveSocket.received(TASK_CHANGED_MESSAGE)).toEqual([]);
  });

  it("tells the follower of a comment the assignee writes, snoozes, reassignments (the previous assignee too) and completion", async () => {
    const task = await adaApi.create({ app: 'Audits', name: 'Budget review', assignee: bob.username, end_date: hoursFrom(new Date(), 24 * 7) });
    await next(adaSocket);
    await next(bobSocket);
    await next(bobSecondTab);

    await bobApi.comment(task.uuid, 'The budget is ready');
    expect(await next(adaSocket)).toMatchObject({ reason: 'commented', taskId: task.uuid, by: { id: bob.id } });
    expect(await next(bobSocket)).toMatchObject({ reason: 'commented' });

    await bobApi.act(task.uuid, 'snooze', { snoozed_till: hoursFrom(new Date(), 24) });
    expect(await next(adaSocket)).toMatchObject({ reason: 'snoozed', taskId: task.uuid });
    await bobApi.act(task.uuid, 'unsnooze');
    expect(await next(adaSocket)).toMatchObject({ reason: 'unsnoozed', taskId: task.uuid });

    await adaApi.act(task.uuid, '', { assignee: carol.username });
    expect(await next(carolSocket)).toMatchObject({ reason: 'assigned', taskId: task.uuid, by: { id: ada.id } });
    expect(await next(bobSocket)).toMatchObject({ reason: 'snoozed' });
    expect(await next(bobSocket)).toMatchObject({ reason: 'unsnoozed' });
    expect(await next(bobSocket)).toMatchObject({ reason: 'assigned', taskId: task.uuid });
    expect(await next(adaSocket)).toMatchObject({ reason: 'assigned' });

    await carolApi.act(task.uuid, 'complete');
    expect(await next(adaSocket)).toMatchObject({ reason: 'completed', taskId: task.uuid, by: { id: carol.id } });
    expect(await next(carolSocket)).toMatchObject({ reason: 'completed' });
    await settle();
    expect(daveSocket.received(TASK_CHANGED_MESSAGE)).toEqual([]);
  });

  it('tries the followers of a change again when their query fails; given up, it is logged as an error and counted', async () => {
    const logged = (event: string) => t.logs.map((l) => JSON.parse(l) as { level: number; event?: string; message?: string }).filter((l) => l.event === event && l.message === TASK_CHANGED_MESSAGE);
    const stats = () => t.services.sockets.stats.snapshot();
    const followers = vi.spyOn(t.services.stores.tasks, 'followers').mockRejectedValueOnce(new Error('database unavailable'));
    const { liveUpdateRetries, liveUpdateFailures } = stats();
    const task = await adaApi.create({ app: 'Audits', name: 'Retried audit', assignee: bob.username, end_date: hoursFrom(new Date(), 72) });
    expect(await next(bobSocket)).toMatchObject({ reason: 'assigned', taskId: task.uuid });
    expect(await next(adaSocket)).toMatchObject({ reason: 'assigned', taskId: task.uuid });
    await next(bobSecondTab);
    expect(stats().liveUpdateRetries - liveUpdateRetries).toBe(1);
    expect(logged('live-update.retry').length).toBeGreaterThan(0);

    followers.mockRejectedValue(new Error('database unavailable'));
    const before = bobSocket.received(TASK_CHANGED_MESSAGE).length;
    await adaApi.comment(task.uuid, 'Nobody hears of this one');
    await vi.waitFor(() => expect(stats().liveUpdateFailures - liveUpdateFailures).toBe(1), { timeout: 5000 });
    expect(logged('live-update.failed').filter((l) => l.level === 50)).toHaveLength(1);
    expect(bobSocket.received(TASK_CHANGED_MESSAGE)).toHaveLength(before);
    followers.mockRestore();
    expect(sockets.flatMap((s) => s.outsideContract)).toEqual([]);
  });
});
