import { describe, expect, it, vi } from 'vitest';
import { PrioritiesModel } from './PrioritiesModel.js';
import { BOSS, COLLEAGUE, ME, NOW, task, testHost, type TestHost } from './testHost.js';

const HOUR = 3_600_000;
const names = (model: PrioritiesModel) => model.getState().tasks.map((t) => t.task_name);

/** Many tasks of mine, due one hour apart from an hour ago (the first red, then yellow, then green). */
function many(count: number) {
  return Array.from({ length: count }, (_, i) => task(`Task ${String(i + 1).padStart(4, '0')}`, i - 1));
}

async function started(host: TestHost, options: { pageSize?: number } = {}) {
  const model = new PrioritiesModel(host, options);
  await model.start();
  return model;
}

describe('PrioritiesModel: the list', () => {
  it('loads the first page of My Priorities by end date, with the counts of the whole view', async () => {
    const host = testHost([task('Later', 200), task('Overdue', -3), task('Soon', 5), task('Someday', null), task('Theirs', 10, { assignee: COLLEAGUE })]);
    const model = await started(host);
    expect(host.queries).toEqual([{ type: 'assignments', take: 50, skip: 0, ryg_status: null, sort: 'end_date', order: 'asc' }]);
    expect(model.getState()).toMatchObject({ status: 'ready', busy: false, total: 4, counts: { red: 1, yellow: 1, green: 1, blue: 1 } });
    expect(names(model)).toEqual(['Overdue', 'Soon', 'Later', 'Someday']);
  });

  it('pages through thousands of tasks, holding one page only', async () => {
    const host = testHost(many(2345));
    const model = await started(host);
    expect(model.getState().tasks).toHaveLength(50);
    await model.goToPage(1);
    expect(host.queries.at(-1)).toMatchObject({ skip: 50, take: 50 });
    expect(names(model)[0]).toBe('Task 0051');
    await model.goToPage(999);
    expect(model.getState().page).toBe(46);
    expect(host.queries.at(-1)).toMatchObject({ skip: 2300 });
    expect(model.getState().tasks).toHaveLength(45);
    await model.goToPage(-3);
    expect(model.getState().page).toBe(0);
  });

  it('a colour filter asks for that colour from the first page; the same colour again shows all', async () => {
    const host = testHost([...many(120), task('Someday', null)]);
    const model = await started(host);
    await model.goToPage(2);
    await model.setFilter('BLUE');
    expect(host.queries.at(-1)).toMatchObject({ ryg_status: 'BLUE', skip: 0 });
    expect(names(model)).toEqual(['Someday']);
    // The counters keep counting the whole view.
    expect(model.getState().counts).toEqual({ red: 1, yellow: 48, green: 71, blue: 1 });
    await model.setFilter('BLUE');
    expect(host.queries.at(-1)).toMatchObject({ ryg_status: null });
    expect(model.getState().total).toBe(121);
  });

  it('sorts by end date or status in both directions, kept for the next start', async () => {
    const host = testHost([task('Later', 200), task('Overdue', -3), task('Someday', null)]);
    const model = await started(host);
    await model.setSort('end_date', 'desc');
    expect(host.queries.at(-1)).toMatchObject({ sort: 'end_date', order: 'desc' });
    expect(names(model)).toEqual(['Later', 'Overdue', 'Someday']);
    await model.setSort('status');
    expect(host.queries.at(-1)).toMatchObject({ sort: 'status', order: 'asc' });
    // The same column again turns the order round.
    await model.setSort('status');
    expect(host.queries.at(-1)).toMatchObject({ sort: 'status', order: 'desc' });
    expect(names(model)).toEqual(['Someday', 'Later', 'Overdue']);
    expect(host.settings).toMatchObject({ sort: 'status', order: 'desc' });
    const again = await started(testHost([], host.settings));
    expect(again.getState()).toMatchObject({ sort: 'status', order: 'desc' });
  });

  it('switches views: followed tasks show in My Follow Up, snoozed ones in My Snoozed Items', async () => {
    const host = testHost([
      task('Mine', 100),
      task('Asleep', 100, { snoozed_till: new Date(NOW + 20 * HOUR).toISOString() }),
      task('Followed', 100, { assignee: COLLEAGUE, creator: BOSS, following: true }),
    ]);
    const model = await started(host);
    expect(names(model)).toEqual(['Mine']);
    await model.setView('followups');
    expect(host.queries.at(-1)).toMatchObject({ type: 'followups', skip: 0 });
    expect(names(model)).toEqual(['Followed']);
    await model.setView('snoozed');
    expect(names(model)).toEqual(['Asleep']);
    expect(host.settings.view).toBe('snoozed');
  });

  it('shows what the last question asked, whatever order the answers come in', async () => {
    const host = testHost([task('Mine', 100), task('Followed', 100, { assignee: COLLEAGUE })]);
    const model = await started(host);
    host.hold = true;
    const first = model.setView('followups');
    const second = model.setView('assignments');
    host.hold = false;
    host.release();
    await Promise.all([first, second]);
    expect(model.getState().view).toBe('assignments');
    expect(names(model)).toEqual(['Mine']);
  });

  it('a failed load says why, clears the rows and counts, and Retry loads again', async () => {
    const host = testHost([task('Mine', 100)]);
    host.failWith = Object.assign(new Error('Network request failed'), { code: 'request.network' });
    const model = await started(host);
    expect(model.getState()).toMatchObject({ status: 'failed', tasks: [], counts: { red: 0, yellow: 0, green: 0, blue: 0 } });
    expect(model.getState().problem).toEqual({ reason: 'unreachable', message: 'Network request failed', code: 'request.network' });
    host.failWith = null;
    await model.refresh();
    expect(model.getState()).toMatchObject({ status: 'ready', problem: null });
    expect(names(model)).toEqual(['Mine']);
  });

  it('an empty or missing answer clears the list and the counts', async () => {
    const host = testHost([task('Mine', 100)]);
    const model = await started(host);
    host.tasks.list = async () => ({}) as never;
    await model.refresh();
    expect(model.getState()).toMatchObject({ status: 'ready', tasks: [], total: 0, counts: { red: 0, yellow: 0, green: 0, blue: 0 } });
  });
});

describe('PrioritiesModel: live', () => {
  it('refreshes when a task the user sees changes', async () => {
    const host = testHost([task('Mine', 100)]);
    const model = await started(host);
    host.tasksHeld.push(task('New one', 50));
    host.change({ taskId: host.tasksHeld[1]!.uuid, reason: 'assigned' });
    await model.refresh();
    expect(names(model)).toEqual(['New one', 'Mine']);
  });

  it('asks once more, not once per change, when changes come while it is asking', async () => {
    const host = testHost([task('Mine', 100)]);
    const model = await started(host);
    const before = host.queries.length;
    host.hold = true;
    const pending = model.refresh();
    for (let i = 0; i < 5; i++) host.change({ taskId: 'x' });
    host.hold = false;
    host.release();
    await pending;
    expect(host.queries.length - before).toBe(2);
  });

  it('fetches the page and the task it was opened at again when changes may have been missed (the connection came back)', async () => {
    const mine = task('Mine', 100);
    const host = testHost([mine]);
    const model = await started(host);
    await model.open(mine.uuid);
    // Meanwhile, unheard: a new task, and the one opened at renamed.
    host.tasksHeld.push(task('Assigned while offline', 50));
    mine.task_name = 'Mine, renamed';
    host.resync();
    await vi.waitFor(() => expect(names(model)).toEqual(['Assigned while offline', 'Mine, renamed']));
    await vi.waitFor(() => expect(model.getState().highlight?.task?.task_name).toBe('Mine, renamed'));
  });

  it('stops listening when disposed', async () => {
    const host = testHost([task('Mine', 100)]);
    const model = await started(host);
    model.dispose();
    const before = host.queries.length;
    host.change({ taskId: 'x' });
    host.resync();
    expect(host.queries.length).toBe(before);
  });
});

describe('PrioritiesModel: the actions', () => {
  it('Edit opens the owning application at the task', async () => {
    const mine = task('Mine', 100, { appName: 'CRM' });
    const host = testHost([mine]);
    const model = await started(host);
    await model.edit(mine);
    expect(host.launches).toEqual([{ app: 'CRM', args: { taskId: mine.uuid } }]);
  });

  it('Edit opens a declared application at the record the task is about', async () => {
    const approval = task('Approve the leave request LR-2027-00012', 100, { appName: 'LeaveRequests', record: 'LR-2027-00012' });
    const host = testHost([approval]);
    const model = await started(host);
    await model.edit(approval);
    expect(host.launches).toEqual([{ app: 'LeaveRequests', args: { taskId: approval.uuid, record: 'LR-2027-00012' } }]);
  });

  it('Snooze opens the snooze dialog of a green task and does nothing for another colour', async () => {
    const green = task('Green', 100);
    const red = task('Red', -1);
    const host = testHost([green, red]);
    const model = await started(host);
    expect(model.snooze(red)).toBe(false);
    expect(model.snooze(green)).toBe(true);
    model.comments(red);
    expect(host.shown).toEqual([
      { kind: 'snooze', id: green.uuid },
      { kind: 'comments', id: red.uuid },
    ]);
  });

  it('Complete completes the task, says so and refreshes: the task leaves the list; Undo opens it again', async () => {
    const mine = task('Mine', 100);
    const host = testHost([mine, task('Other', 200)]);
    const model = await started(host);
    expect(await model.complete(mine)).toBe(true);
    expect(host.completed).toEqual([mine.uuid]);
    expect(names(model)).toEqual(['Other']);
    expect(model.getState().notice).toEqual({ kind: 'completed', taskId: mine.uuid, name: 'Mine' });
    await model.reopen(mine.uuid, 'Mine');
    expect(names(model)).toEqual(['Mine', 'Other']);
    expect(model.getState().notice).toMatchObject({ kind: 'reopened' });
  });

  it('a follower cannot complete; a refusal is told with its reason', async () => {
    const followed = task('Followed', 100, { assignee: COLLEAGUE, creator: BOSS });
    const host = testHost([followed]);
    const model = await started(host);
    expect(await model.complete(followed)).toBe(false);
    expect(host.completed).toEqual([]);
    const gone = task('Gone', 100);
    expect(await model.complete(gone)).toBe(false);
    expect(model.getState().notice).toMatchObject({ kind: 'failed', name: 'Gone', problem: { reason: 'taskNotFound' } });
  });

  it('after the last task of the last page is completed, shows the page before', async () => {
    const tasks = many(51);
    const host = testHost(tasks);
    const model = await started(host);
    await model.goToPage(1);
    expect(names(model)).toEqual(['Task 0051']);
    await model.complete(tasks[50]!);
    expect(model.getState().page).toBe(0);
    expect(model.getState().tasks).toHaveLength(50);
  });
});

describe('PrioritiesModel: opened at a task', () => {
  it('fetches the task, turns to its view and opens its comments when asked', async () => {
    const asleep = task('Asleep', 100, { snoozed_till: new Date(NOW + 20 * HOUR).toISOString() });
    const host = testHost([task('Mine', 100), asleep]);
    const model = await started(host);
    await model.open(asleep.uuid, 'comments');
    expect(model.getState().highlight).toEqual({ id: asleep.uuid, status: 'ready', task: asleep });
    expect(model.getState().view).toBe('snoozed');
    expect(names(model)).toEqual(['Asleep']);
    expect(host.shown).toEqual([{ kind: 'comments', id: asleep.uuid }]);
  });

  it('says so when the task is not there (or not the user’s to see)', async () => {
    const host = testHost([task('Mine', 100)]);
    const model = await started(host);
    await model.open('00000000-0000-4000-8000-999999999999');
    expect(model.getState().highlight).toEqual({ id: '00000000-0000-4000-8000-999999999999', status: 'missing', task: null });
    expect(model.getState().view).toBe('assignments');
    model.closeHighlight();
    expect(model.getState().highlight).toBeNull();
  });

  it('a followed task opens My Follow Up', async () => {
    const followed = task('Followed', 100, { assignee: COLLEAGUE, creator: ME });
    const host = testHost([followed]);
    const model = await started(host);
    await model.open(followed.uuid);
    expect(model.getState().view).toBe('followups');
    expect(names(model)).toEqual(['Followed']);
  });
});
