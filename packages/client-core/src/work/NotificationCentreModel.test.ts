import { TASK_CHANGED_MESSAGE } from '@atrium/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDesktop, type Desktop } from '../desktop/createDesktop.js';
import { entry, FakePackageLoader } from '../packages/testing/packageHarness.js';
import { FakeDesktopServer, LOOK_PACKAGES } from '../testing/desktopServer.js';
import { startSignedIn, testConfig } from '../testing/fixtures.js';
import { translateEnglish } from '../testing/translate.js';
import { TASK_REFRESH_DEBOUNCE } from './NotificationCentreModel.js';
import { TaskError } from './TaskClient.js';

const desktops: Desktop[] = [];
afterEach(() => {
  desktops.splice(0).forEach((d) => d.dispose());
  vi.restoreAllMocks();
});

const OLIVIA = { id: 'olivia-id', name: 'Olivia Brown' };

/** A started desktop whose server has the user's tasks in the Helpdesk application. */
async function setup(script: (tasks: FakeDesktopServer['tasks']) => void = () => undefined) {
  const { env, session } = await startSignedIn();
  const server = new FakeDesktopServer(env, { manifest: [entry('Helpdesk', { defaultAppforOrgs: 1, icon: 'helpdesk' })] });
  script(server.tasks);
  const desktop = createDesktop(
    { env, session, config: testConfig, translate: translateEnglish, locale: () => 'en_EN', setLocale: async () => undefined, builtins: LOOK_PACKAGES.builtins, loader: new FakePackageLoader() },
    { viewport: { width: 1280, height: 800 } },
  );
  desktops.push(desktop);
  await desktop.start();
  await env.clock.settle();
  const lists = () => env.requests.filter((r) => r.path === '/api/v1/user/getusernotifications');
  return { env, desktop, tasks: server.tasks, work: desktop.work, lists };
}

const names = (desktop: Desktop) => desktop.work.getState().groups.flatMap((g) => g.data.map((t) => t.task_name));

describe('the notification centre', () => {
  it('counts the tasks in My Priorities on the badge at start: neither snoozed nor followed ones', async () => {
    const { work } = await setup((tasks) => {
      tasks.add({ name: 'Overdue', dueInHours: -2 });
      tasks.add({ name: 'Soon', dueInHours: 10 });
      tasks.add({ name: 'Later', dueInHours: 100 });
      tasks.add({ name: 'Sleeping', dueInHours: 100, snoozedForHours: 5 });
      tasks.add({ name: 'Followed', assignee: OLIVIA, followers: ['8a5c7a2e-0f6a-4d5e-9a0b-1c2d3e4f5a6b'] });
    });
    expect(work.getState()).toMatchObject({ badge: 3, open: false, groups: [] });
  });

  it('refetches when opened, shows the view by application with its colour counts, and each view when chosen', async () => {
    const { env, work, desktop, lists } = await setup((tasks) => {
      tasks.add({ name: 'Overdue', dueInHours: -2 });
      tasks.add({ name: 'Undated', dueInHours: null });
      tasks.add({ name: 'Sleeping', dueInHours: 100, snoozedForHours: 5 });
      tasks.add({ name: 'Followed', assignee: OLIVIA, followers: ['8a5c7a2e-0f6a-4d5e-9a0b-1c2d3e4f5a6b'], app: 'Quality' });
    });
    const before = lists().length;
    work.open();
    expect(work.getState()).toMatchObject({ open: true, loading: true });
    await env.clock.settle();
    expect(lists().length).toBe(before + 1);
    expect(lists().at(-1)!.query.get('type')).toBe('assignments');
    expect(lists().at(-1)!.query.get('take')).toBe('5');
    expect(lists().at(-1)!.query.get('skip')).toBe('0');
    expect(work.getState()).toMatchObject({ loading: false, total: 2, ryg_count: { red: 1, yellow: 0, green: 0, blue: 1 } });
    expect(names(desktop)).toEqual(['Overdue', 'Undated']);

    work.setType('followups');
    await env.clock.settle();
    expect(names(desktop)).toEqual(['Followed']);
    expect(work.getState().groups[0]).toMatchObject({ appName: 'Quality', count: 1 });
    work.setType('snoozed');
    await env.clock.settle();
    expect(names(desktop)).toEqual(['Sleeping']);
    expect(work.getState().badge).toBe(2);

    work.close();
    work.open();
    await env.clock.settle();
    expect(lists().at(-1)!.query.get('type')).toBe('snoozed');
  });

  it("filters by a colour with the POST form and its ryg_status; choosing it again removes the filter; the counts stay the view's", async () => {
    const { env, work, desktop, lists } = await setup((tasks) => {
      tasks.add({ name: 'Overdue', dueInHours: -2 });
      tasks.add({ name: 'Soon', dueInHours: 10 });
      tasks.add({ name: 'Later', dueInHours: 100 });
    });
    work.open();
    await env.clock.settle();
    work.toggleFilter('GREEN');
    await env.clock.settle();
    expect(lists().at(-1)!.method).toBe('POST');
    expect(lists().at(-1)!.json()).toEqual({ ryg_status: 'GREEN' });
    expect(names(desktop)).toEqual(['Later']);
    expect(work.getState()).toMatchObject({ filter: 'GREEN', total: 1, ryg_count: { red: 1, yellow: 1, green: 1, blue: 0 }, badge: 3 });
    work.toggleFilter('GREEN');
    await env.clock.settle();
    expect(lists().at(-1)!.method).toBe('GET');
    expect(work.getState().filter).toBeNull();
    expect(names(desktop)).toEqual(['Overdue', 'Soon', 'Later']);
  });

  it('pages beyond the first five and goes back to the last page when a change empties the one shown', async () => {
    const { env, work, desktop, tasks } = await setup((t) => {
      for (let i = 1; i <= 7; i++) t.add({ name: `Task ${i}`, dueInHours: 100 + i });
    });
    work.open();
    await env.clock.settle();
    expect(names(desktop)).toEqual(['Task 1', 'Task 2', 'Task 3', 'Task 4', 'Task 5']);
    work.setSkip(5);
    await env.clock.settle();
    expect(names(desktop)).toEqual(['Task 6', 'Task 7']);
    expect(work.getState()).toMatchObject({ skip: 5, total: 7 });
    for (const task of tasks.tasks.slice(5)) task.status = 'done';
    tasks.notify(tasks.tasks[6]!, 'completed', OLIVIA);
    await env.clock.settle(TASK_REFRESH_DEBOUNCE);
    expect(work.getState()).toMatchObject({ skip: 0, total: 5 });
    expect(names(desktop)).toHaveLength(5);
  });

  it('refreshes the badge once for a burst of task changes, and an open panel too', async () => {
    const { env, work, tasks, lists } = await setup((t) => t.add({ name: 'One' }));
    const before = lists().length;
    tasks.add({ name: 'Two' });
    tasks.add({ name: 'Three' });
    tasks.notify(tasks.tasks[1]!, 'updated', OLIVIA);
    tasks.notify(tasks.tasks[2]!, 'updated', OLIVIA);
    await env.clock.settle(TASK_REFRESH_DEBOUNCE - 1);
    expect(lists().length).toBe(before);
    await env.clock.settle(1);
    expect(lists().length).toBe(before + 1);
    expect(work.getState().badge).toBe(3);

    work.open();
    await env.clock.settle();
    tasks.add({ name: 'Four' });
    tasks.notify(tasks.tasks[3]!, 'updated', OLIVIA);
    await env.clock.settle(TASK_REFRESH_DEBOUNCE);
    expect(work.getState()).toMatchObject({ total: 4, badge: 4 });
  });

  it('refetches when the connection comes back', async () => {
    const { env, work, tasks, desktop } = await setup((t) => t.add({ name: 'One' }));
    env.socketServer.goDown();
    await env.clock.settle();
    tasks.add({ name: 'Two' });
    env.socketServer.comeBack();
    await env.clock.settle(5000);
    expect(desktop.connection.getState().online).toBe(true);
    expect(work.getState().badge).toBe(2);
  });

  it('greets a task assigned to the user by someone else with a notification naming it and its application, with its icon and sound', async () => {
    const { env, tasks, desktop } = await setup();
    const play = vi.spyOn(desktop.sounds, 'play');
    const task = tasks.add({ name: 'Review the audit', creator: OLIVIA });
    tasks.notify(task, 'assigned', OLIVIA);
    await env.clock.settle(TASK_REFRESH_DEBOUNCE);
    const toast = desktop.notifications.getState().items.at(-1)!;
    expect(translateEnglish(toast.titleKey!.key)).toBe('New task assigned');
    expect(toast.message).toBe('Olivia Brown assigned you “Review the audit” in Helpdesk App');
    expect(toast.icon).toBe('helpdesk');
    expect(play).toHaveBeenCalledWith('message');
    expect(desktop.work.getState().badge).toBe(1);
  });

  it('shows no notification for a task the user assigned, nor for one assigned to someone else that the user follows', async () => {
    const { env, tasks, desktop } = await setup();
    const count = desktop.notifications.getState().items.length;
    tasks.notify(tasks.add({ name: 'Mine' }), 'assigned');
    tasks.notify(tasks.add({ name: 'Hers', assignee: OLIVIA, followers: ['8a5c7a2e-0f6a-4d5e-9a0b-1c2d3e4f5a6b'] }), 'assigned', { id: 'liam-id', name: 'Liam' });
    await env.clock.settle(TASK_REFRESH_DEBOUNCE);
    expect(desktop.notifications.getState().items).toHaveLength(count);
  });

  it('keeps what it showed when a fetch fails, only ending the loading state; an empty answer clears the list and the counts', async () => {
    const { env, work, tasks, desktop } = await setup((t) => t.add({ name: 'One', dueInHours: -1 }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    work.open();
    await env.clock.settle();
    tasks.fail = true;
    work.toggleFilter('RED');
    expect(work.getState().loading).toBe(true);
    await env.clock.settle();
    expect(work.getState()).toMatchObject({ loading: false, failed: true, total: 1, ryg_count: { red: 1 } });
    expect(names(desktop)).toEqual(['One']);
    tasks.fail = false;
    tasks.emptyAnswer = true;
    work.toggleFilter('RED');
    await env.clock.settle();
    expect(work.getState()).toMatchObject({ loading: false, failed: false, groups: [], total: 0, ryg_count: { red: 0, yellow: 0, green: 0, blue: 0 }, badge: 0 });
  });

  it('lets applications use the tasks through Desktop.tasks: refusals carry the server text, changes reach onChange, the dialogs open on the desktop', async () => {
    const { env, tasks, desktop } = await setup();
    const red = tasks.add({ name: 'Overdue', dueInHours: -1 });
    const api = desktop.packages.desktop.tasks;
    await expect(api.snooze(red.uuid, new Date(env.clock.now() + 3_600_000))).rejects.toEqual(
      new TaskError('Only green tasks whose end date has not passed can be snoozed', 'tasks.snoozeNotAllowed', 409),
    );
    const green = tasks.add({ name: 'Later', dueInHours: 100 });
    const changes: string[] = [];
    const stop = api.onChange((change) => changes.push(`${change.reason} ${change.task_name}`));
    const snoozed = await api.snooze(green.uuid, new Date(env.clock.now() + 3_600_000));
    expect(snoozed.snoozed_till).toBe(new Date(env.clock.now() + 3_600_000).toISOString());
    await env.clock.settle();
    expect(changes).toEqual(['snoozed Later']);
    stop();
    expect((await api.addComment(green.uuid, '  <b>Done</b>  ')).text).toBe('<b>Done</b>');
    expect((await api.comments(green.uuid)).map((c) => c.text)).toEqual(['<b>Done</b>']);
    await expect(api.get('00000000-0000-4000-8000-999999999999')).rejects.toThrow('Task not found');

    api.showComments(green.uuid);
    expect(desktop.work.getState().dialog).toEqual({ kind: 'comments', taskId: green.uuid });
    api.showSnooze(green.uuid);
    expect(desktop.work.getState().dialog).toEqual({ kind: 'snooze', taskId: green.uuid, mode: null });
    desktop.work.closeDialog();
    expect(desktop.work.getState().dialog).toBeNull();
    expect(env.socketServer.received(TASK_CHANGED_MESSAGE)).toEqual([]);
  });

  it('counts the badge again, and tells applications to fetch again, once the connection is back: changes made meanwhile were not heard of', async () => {
    const { env, work, tasks, desktop } = await setup((t) => t.add({ name: 'Before', dueInHours: 10 }));
    expect(work.getState().badge).toBe(1);
    const resyncs: string[] = [];
    const stop = desktop.packages.desktop.tasks.onResync(() => resyncs.push('resync'));
    env.socketServer.goDown();
    // Assigned while the desktop's connection was down: no message reaches it.
    tasks.add({ name: 'While offline', dueInHours: 20 });
    await env.clock.settle(500);
    expect(work.getState().badge).toBe(1);
    env.socketServer.comeBack();
    await env.clock.settle(1_000);
    expect(resyncs).toEqual(['resync']);
    expect(work.getState().badge).toBe(2);
    stop();
    env.socketServer.goDown();
    env.socketServer.comeBack();
    await env.clock.settle(5_000);
    expect(resyncs).toEqual(['resync']);
  });

  it('closes the side panel when another overlay opens, and the overlay when the panel opens', async () => {
    const { work, desktop } = await setup();
    work.open();
    desktop.ui.togglePopup('appMenu');
    expect(work.getState().open).toBe(false);
    work.open();
    expect(desktop.ui.getState().popup).toBeNull();
  });
});
