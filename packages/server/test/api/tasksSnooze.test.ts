/**
 * @module-tag postgres
 *
 * Snooze, extend and unsnooze (docs/behaviour/work.md#snooze) with a clock
 * the test moves: only the assignee, only GREEN tasks whose end date has
 * not passed, dates after now (or the current snooze) and no later than the
 * end date; a snooze that runs out brings the task back by itself.
 */
import { TaskMessages } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { TestClock } from '../helpers/clock.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { expectRefusal, hoursFrom, TaskApi } from '../helpers/tasks.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

const DAY = 24;

describe(`snoozing tasks on ${databaseKind}`, () => {
  const clock = new TestClock();
  let t: TestApp;
  let bob: UserRecord;
  let carol: UserRecord;
  let adaApi: TaskApi;
  let bobApi: TaskApi;
  let carolApi: TaskApi;
  let users: UserRecord[];

  /** Signs everyone in again: after the clock moved by days, the earlier tokens have run out. */
  async function signInAll(): Promise<void> {
    [adaApi, bobApi, carolApi] = (await Promise.all(users.map(async (u) => new TaskApi(t, (await signIn(t.app, t.config.wrapperPrefix, u.username)).jwt)))) as [TaskApi, TaskApi, TaskApi];
  }

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const { stores } = t.services;
    const team = await makeAccount(stores);
    const ada = await makeUser(stores, t.hasher, { accounts: [team.id] });
    bob = await makeUser(stores, t.hasher, { accounts: [team.id] });
    carol = await makeUser(stores, t.hasher, { accounts: [team.id] });
    const app = await stores.apps.create({ name: 'Audits', title: 'Audit Management', category: 'quality management' });
    await stores.apps.grant(ada.id, app.id);
    users = [ada, bob, carol];
    await signInAll();
  });
  afterAll(() => t.close());

  /** A task for bob due `hours` from now (none: no end date), followed by ada (its creator) and carol. */
  async function task(hours: number | null): Promise<string> {
    const end = hours === null ? {} : { end_date: hoursFrom(clock.now(), hours) };
    return (await adaApi.create({ app: 'Audits', name: `Due in ${hours}h`, assignee: bob.username, followers: [carol.username], ...end })).uuid;
  }
  const snooze = (api: TaskApi, id: string, action: 'snooze' | 'extend', hours: number) =>
    api.request('POST', `tasks/${id}/${action}`, { snoozed_till: hoursFrom(clock.now(), hours) });

  it('snoozes a green task until a date no later than its end date, then extends and ends the snooze', async () => {
    const id = await task(5 * DAY);
    const snoozed = await bobApi.act(id, 'snooze', { snoozed_till: hoursFrom(clock.now(), DAY) });
    expect(snoozed.snoozed_till).toBe(hoursFrom(clock.now(), DAY));
    expectRefusal(await snooze(bobApi, id, 'snooze', 2 * DAY), 409, 'tasks.alreadySnoozed', TaskMessages.alreadySnoozed);
    expectRefusal(await snooze(bobApi, id, 'extend', DAY / 2), 400, 'tasks.extendDate', TaskMessages.extendDate);
    expectRefusal(await snooze(bobApi, id, 'extend', DAY), 400, 'tasks.extendDate');
    expectRefusal(await snooze(bobApi, id, 'extend', 5 * DAY + 1), 400, 'tasks.extendDate');
    expect((await bobApi.act(id, 'extend', { snoozed_till: hoursFrom(clock.now(), 5 * DAY) })).snoozed_till).toBe(hoursFrom(clock.now(), 5 * DAY));
    expect((await bobApi.act(id, 'unsnooze')).snoozed_till).toBeNull();
    expectRefusal(await bobApi.request('POST', `tasks/${id}/unsnooze`, {}), 409, 'tasks.notSnoozed', TaskMessages.notSnoozed);
    expectRefusal(await snooze(bobApi, id, 'extend', 2 * DAY), 409, 'tasks.notSnoozed');
  });

  it('refuses a snooze date that is not after now or is past the end date', async () => {
    const id = await task(5 * DAY);
    for (const hours of [0, -1, 5 * DAY + 0.1, 365 * DAY]) {
      expectRefusal(await snooze(bobApi, id, 'snooze', hours), 400, 'tasks.snoozeDate', TaskMessages.snoozeDate);
    }
    expect((await bobApi.act(id, 'snooze', { snoozed_till: hoursFrom(clock.now(), 5 * DAY) })).snoozed_till).not.toBeNull();
    for (const snoozed_till of ['tomorrow', '2026-13-40T00:00:00Z', '', 5]) {
      expectRefusal(await bobApi.request('POST', `tasks/${id}/extend`, { snoozed_till }), 400, 'request.invalid');
    }
  });

  it('refuses to snooze a red, yellow or blue task', async () => {
    for (const hours of [-1, 1, DAY, null]) {
      const id = await task(hours);
      expectRefusal(await snooze(bobApi, id, 'snooze', 0.5), 409, 'tasks.snoozeNotAllowed', TaskMessages.snoozeNotAllowed);
    }
  });

  it('refuses a done task', async () => {
    const id = await task(5 * DAY);
    await bobApi.act(id, 'complete');
    expectRefusal(await snooze(bobApi, id, 'snooze', DAY), 409, 'tasks.snoozeNotAllowed');
  });

  it('lets only the assignee snooze: the creator and the followers are refused', async () => {
    const id = await task(5 * DAY);
    for (const api of [adaApi, carolApi]) {
      expectRefusal(await snooze(api, id, 'snooze', DAY), 403, 'tasks.snoozeNotAssignee', TaskMessages.snoozeNotAssignee);
      expectRefusal(await api.request('POST', `tasks/${id}/unsnooze`, {}), 403, 'tasks.snoozeNotAssignee');
    }
  });

  it('refuses to extend once the task is no longer green, and brings a task back when its snooze runs out', async () => {
    const id = await task(3 * DAY);
    await bobApi.act(id, 'snooze', { snoozed_till: hoursFrom(clock.now(), 2 * DAY) });
    expect((await bobApi.names({ type: 'snoozed', take: 100 })).length).toBeGreaterThan(0);
    // A day and a half later the end date is within the yellow window.
    clock.advanceSeconds(1.5 * DAY * 3600);
    await signInAll();
    expect((await bobApi.get(id)).rygStatus).toBe('YELLOW');
    expectRefusal(await snooze(bobApi, id, 'extend', 0.5 * DAY + 1), 409, 'tasks.snoozeNotAllowed');
    clock.advanceSeconds(0.5 * DAY * 3600 + 1);
    await signInAll();
    const item = await bobApi.get(id);
    expect(item.snoozed_till).toBeNull();
    expect((await bobApi.notifications({ take: 100 })).data.flatMap((g) => g.data.map((i) => i.uuid))).toContain(id);
    expect((await bobApi.notifications({ type: 'snoozed', take: 100 })).data.flatMap((g) => g.data.map((i) => i.uuid))).not.toContain(id);
    expectRefusal(await bobApi.request('POST', `tasks/${id}/unsnooze`, {}), 409, 'tasks.notSnoozed');
  });

  it('ends a snooze that would outlast a new, earlier end date, and any snooze when the task changes hands', async () => {
    const id = await task(10 * DAY);
    await bobApi.act(id, 'snooze', { snoozed_till: hoursFrom(clock.now(), 8 * DAY) });
    expect((await adaApi.act(id, '', { end_date: hoursFrom(clock.now(), 9 * DAY) })).snoozed_till).not.toBeNull();
    expect((await adaApi.act(id, '', { end_date: hoursFrom(clock.now(), 7 * DAY) })).snoozed_till).toBeNull();
    await bobApi.act(id, 'snooze', { snoozed_till: hoursFrom(clock.now(), 6 * DAY) });
    expect((await adaApi.act(id, '', { assignee: carol.id })).snoozed_till).toBeNull();
  });
});
