import { AppHost, AppPortals } from '@atrium/client-ui';
import { builtinEntry, FakeClock } from '@atrium/client-core/testing';
import type { FakeTask } from '@atrium/client-core/testing';
import { desktopPerTest, type DesktopTest } from '@atrium/client-ui/testing';
import { defineApplication, type Application } from '@atrium/sdk';
import type { PackageMetadataInput } from '@atrium/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import metadata from '@atrium/app-priorities/metadata.json';
import { requestedTask } from '@atrium/app-priorities';

/**
 * Priorities on the real desktop (createDesktop over the fake browser and
 * the scripted server, its tasks those of FakeTaskServer), as a user sees
 * and operates it.
 */

const launched: Application[] = [];
const GRACE = { id: 'creator-1', name: 'Grace Hopper' };
const LIAM = { id: 'u-liam', name: 'Liam Berg' };

const desktop = desktopPerTest({
  // The tasks' colours follow the desktop's clock; the application reads the time of the page.
  get clock() {
    return new FakeClock(Date.now());
  },
  manifest: [
    builtinEntry(metadata as PackageMetadataInput),
    builtinEntry({ name: 'Audits', type: 'application', title: { en_EN: 'Audit Management' }, defaultAppforOrgs: 1 }),
  ],
  builtins: {
    Priorities: () => import('@atrium/app-priorities'),
    Audits: async () => ({
      default: defineApplication((app) => {
        launched.push(app);
        app.createWindow({ id: 'main', title: 'Audit Management', render: () => undefined });
      }),
    }),
  },
  children: (
    <>
      <AppHost />
      <AppPortals />
    </>
  ),
});

/** The desktop started with these tasks on the server, then Priorities launched (with the arguments given for them). */
async function open<T>(addTasks: (d: DesktopTest) => T = () => undefined as T, argsFor: (added: T) => Record<string, unknown> = () => ({})) {
  launched.length = 0;
  const d = await desktop();
  const added = addTasks(d);
  await d.start();
  await act(async () => {
    await d.services.packages.launch('Priorities', argsFor(added));
  });
  await waitFor(() => expect(screen.getByTestId('priorities').dataset.status).not.toBe('loading'));
  return d;
}

const rows = () => screen.queryAllByTestId('priorities.task');
const rowNames = () => rows().map((row) => within(row).getByTestId('priorities.task.name').textContent);
const row = (name: string) => rows().find((r) => within(r).getByTestId('priorities.task.name').textContent === name)!;
const filter = (colour: string) => screen.getAllByTestId('priorities.filter').find((b) => b.dataset.colour === colour)!;
const listRequests = (d: DesktopTest) => d.env.requests.filter((r) => r.path === '/api/v1/user/getusernotifications');
const lastList = (d: DesktopTest) => listRequests(d).at(-1)!;

function addDemo(d: DesktopTest): Record<string, FakeTask> {
  const t = d.server.tasks;
  return {
    overdue: t.add({ name: 'File the audit report', app: 'Audits', dueInHours: -5, comments: [{ id: 'c1', taskId: 'x', author: GRACE, text: 'Soon please', created_at: new Date().toISOString() }] }),
    soon: t.add({ name: 'Sign the contract', app: 'CRM', dueInHours: 10 }),
    later: t.add({ name: 'Plan the offsite', app: 'Audits', dueInHours: 200 }),
    someday: t.add({ name: 'Tidy the wiki', app: 'CRM', dueInHours: null }),
    followed: t.add({ name: 'Review the budget', app: 'Audits', dueInHours: 100, assignee: LIAM, creator: t.me }),
  };
}

describe('Priorities', () => {
  it('is a singleton every user has, titled in the seven languages, with an icon of the icon package', () => {
    expect(metadata).toMatchObject({ name: 'Priorities', singleton: true, defaultAppforOrgs: 1, icon: 'priorities' });
    expect(Object.keys(metadata.title).sort()).toEqual(['de_DE', 'en_EN', 'fr_FR', 'nb_NO', 'sl_SI', 'vi_VN', 'zh_CN']);
  });

  it('lists My Priorities by end date: colour by name and icon, task, application, creator, end date and comments', async () => {
    await open(addDemo);
    expect(rowNames()).toEqual(['File the audit report', 'Sign the contract', 'Plan the offsite', 'Tidy the wiki']);
    const overdue = row('File the audit report');
    expect(overdue.dataset.colour).toBe('RED');
    expect(overdue.textContent).toContain('Red');
    expect(within(overdue).getByTestId('priorities.task.app').textContent).toBe('Audit Management');
    expect(within(overdue).getByTestId('priorities.task.person').textContent).toBe('Grace Hopper');
    expect(within(overdue).getByTestId('priorities.task.end').textContent).toMatch(/\d{4}/);
    expect(within(overdue).getByRole('img', { name: 'Comments: 1' })).toBeTruthy();
    expect(within(row('Tidy the wiki')).getByTestId('priorities.task.end').textContent).toBe('No end date');
    // An application the user does not have keeps its name.
    expect(within(row('Sign the contract')).getByTestId('priorities.task.app').textContent).toBe('CRM');
    expect(screen.getAllByTestId('priorities.filter.count').map((c) => c.textContent)).toEqual(['1', '1', '1', '1']);
    expect(screen.getByTestId('priorities.range').textContent).toBe('Showing 1–4 of 4');
    expect(screen.getByRole('grid', { name: 'My Priorities' }).getAttribute('aria-rowcount')).toBe('5');
  });

  it('My Follow Up shows the tasks the user follows with their assignee; My Snoozed Items the snoozed ones with their date', async () => {
    await open((d) => {
      addDemo(d);
      d.server.tasks.add({ name: 'Renew the licence', dueInHours: 300, snoozedForHours: 48 });
    });
    fireEvent.click(screen.getByRole('tab', { name: 'My Follow Up' }));
    await waitFor(() => expect(rowNames()).toEqual(['Review the budget']));
    expect(screen.getByRole('columnheader', { name: 'Assignee' })).toBeTruthy();
    expect(within(row('Review the budget')).getByTestId('priorities.task.person').textContent).toBe('Liam Berg');
    // With the keyboard: the next tab is the snoozed items.
    fireEvent.keyDown(screen.getByRole('tab', { name: 'My Follow Up' }), { key: 'ArrowRight' });
    await waitFor(() => expect(rowNames()).toEqual(['Renew the licence']));
    expect(screen.getByRole('tab', { name: 'My Snoozed Items' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('columnheader', { name: 'Snoozed Until' })).toBeTruthy();
    expect(within(row('Renew the licence')).getByTestId('priorities.task.snoozed').textContent).toMatch(/\d{4}/);
    expect(within(row('Renew the licence')).getByRole('button', { name: 'Unsnooze or extend' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('a colour counter refetches with that colour (POST, ryg_status) and shows only it; All shows every colour again', async () => {
    const d = await open(addDemo);
    fireEvent.click(filter('RED'));
    await waitFor(() => expect(rowNames()).toEqual(['File the audit report']));
    const request = lastList(d);
    expect(request.method).toBe('POST');
    expect(request.json()).toEqual({ ryg_status: 'RED' });
    expect(request.query.get('take')).toBe('50');
    expect(filter('RED').getAttribute('aria-pressed')).toBe('true');
    // The counters still count the whole view.
    expect(screen.getAllByTestId('priorities.filter.count').map((c) => c.textContent)).toEqual(['1', '1', '1', '1']);
    fireEvent.click(screen.getByTestId('priorities.filter.all'));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(lastList(d).method).toBe('GET');
  });

  it('shows 99+ on a counter above 99', async () => {
    await open((d) => {
      for (let i = 0; i < 120; i++) d.server.tasks.add({ name: `Overdue ${i}`, dueInHours: -1 - i });
    });
    expect(within(filter('RED')).getByTestId('priorities.filter.count').textContent).toBe('99+');
    expect(within(screen.getByTestId('priorities.filter.all')).getByText('99+')).toBeTruthy();
  });

  it('shows one page of 50 at a time: Next, Previous, and where it is', async () => {
    const d = await open((dt) => {
      for (let i = 0; i < 60; i++) dt.server.tasks.add({ name: `Task ${String(i + 1).padStart(2, '0')}`, dueInHours: 100 + i });
    });
    expect(rows()).toHaveLength(50);
    expect(screen.getByTestId('priorities.range').textContent).toBe('Showing 1–50 of 60');
    expect(screen.getByTestId('priorities.page').textContent).toBe('Page 1 of 2');
    expect(screen.getByRole('button', { name: 'Previous page' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByTestId('priorities.range').textContent).toBe('Showing 51–60 of 60'));
    expect(lastList(d).query.get('skip')).toBe('50');
    expect(rowNames()[0]).toBe('Task 51');
    expect(rows()[0]!.getAttribute('aria-rowindex')).toBe('52');
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(rowNames()[0]).toBe('Task 01'));
  });

  it('sorts by status and turns the order round (the server is asked so)', async () => {
    const d = await open(addDemo);
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'status' } });
    await waitFor(() => expect(lastList(d).query.get('sort')).toBe('status'));
    expect(lastList(d).query.get('order')).toBe('asc');
    fireEvent.click(screen.getByRole('button', { name: 'Sort order: Ascending' }));
    await waitFor(() => expect(lastList(d).query.get('order')).toBe('desc'));
    expect(screen.getByRole('columnheader', { name: /Status/ }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByTestId('priorities.column.end_date'));
    await waitFor(() => expect(lastList(d).query.get('sort')).toBe('end_date'));
    expect(lastList(d).query.get('order')).toBe('asc');
  });

  it('Snooze is greyed and does nothing unless the task is green; Comments and Snooze open the desktop’s dialogs', async () => {
    const d = await open(addDemo);
    const tasks = d.server.tasks.tasks;
    const redSnooze = within(row('File the audit report')).getByRole('button', { name: 'Snooze' });
    expect(redSnooze.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(redSnooze);
    expect(d.services.work.getState().dialog).toBeNull();
    fireEvent.click(within(row('Plan the offsite')).getByRole('button', { name: 'Snooze' }));
    expect(d.services.work.getState().dialog).toMatchObject({ kind: 'snooze', taskId: tasks[2]!.uuid });
    act(() => d.services.work.closeDialog());
    fireEvent.click(within(row('File the audit report')).getByRole('button', { name: 'Comments' }));
    expect(d.services.work.getState().dialog).toEqual({ kind: 'comments', taskId: tasks[0]!.uuid });
  });

  it('Edit opens the owning application at the task', async () => {
    const d = await open(addDemo);
    fireEvent.click(within(row('File the audit report')).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(launched).toHaveLength(1));
    expect(launched[0]!.args).toEqual({ taskId: d.server.tasks.tasks[0]!.uuid });
  });

  it('Complete completes the task: it leaves the list, the counters follow, and Undo brings it back', async () => {
    const d = await open(addDemo);
    fireEvent.click(within(row('Sign the contract')).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(rowNames()).toEqual(['File the audit report', 'Plan the offsite', 'Tidy the wiki']));
    expect(d.server.tasks.tasks[1]!.status).toBe('done');
    expect(screen.getByTestId('priorities.notice').textContent).toContain('“Sign the contract” is completed.');
    expect(within(filter('YELLOW')).getByTestId('priorities.filter.count').textContent).toBe('0');
  });

  it('a follower who did not create the task cannot complete it', async () => {
    await open((d) => d.server.tasks.add({ name: 'Someone else’s', dueInHours: 100, assignee: LIAM, creator: GRACE, followers: [d.server.tasks.me.id] }));
    fireEvent.click(screen.getByRole('tab', { name: 'My Follow Up' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    const complete = within(rows()[0]!).getByRole('button', { name: 'Complete' });
    expect(complete.getAttribute('aria-disabled')).toBe('true');
    expect(complete.title).toBe('Only the creator or the assignee can complete this task');
  });

  it('follows changes live: a task assigned by someone else appears', async () => {
    const d = await open(addDemo);
    const added = d.server.tasks.add({ name: 'Answer the auditor', app: 'Audits', dueInHours: 1 });
    act(() => d.server.tasks.notify(added, 'assigned', GRACE));
    await waitFor(() => expect(rowNames()).toContain('Answer the auditor'));
    expect(rowNames()[1]).toBe('Answer the auditor');
  });

  it('is operated with the keyboard: arrows between rows, Enter opens the task, Right and Tab to its actions', async () => {
    await open(addDemo);
    const first = rows()[0]!;
    expect(first.tabIndex).toBe(0);
    expect(rows()[1]!.tabIndex).toBe(-1);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rows()[1]);
    expect(rows()[1]!.tabIndex).toBe(0);
    // Only the active row's actions are in the Tab order.
    expect(within(rows()[1]!).getByRole('button', { name: 'Edit' }).tabIndex).toBe(0);
    expect(within(rows()[0]!).getByRole('button', { name: 'Edit' }).tabIndex).toBe(-1);
    fireEvent.keyDown(rows()[1]!, { key: 'End' });
    expect(document.activeElement).toBe(rows()[3]);
    fireEvent.keyDown(rows()[3]!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(within(rows()[3]!).getByRole('button', { name: 'Edit' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(within(rows()[3]!).getByRole('button', { name: 'Comments' }));
    fireEvent.keyDown(rows()[3]!, { key: 'Home' });
    rows()[0]!.focus();
    fireEvent.keyDown(rows()[0]!, { key: 'Enter' });
    await waitFor(() => expect(launched).toHaveLength(1));
  });

  it('says when there is nothing to do', async () => {
    await open();
    expect(screen.getByTestId('priorities.empty').textContent).toContain('Nothing here. You are all done for the day!');
    expect(screen.queryByTestId('priorities.pager')).toBeNull();
  });

  it('says when the tasks could not be loaded, with the details behind a disclosure, and Try again loads them', async () => {
    const d = await open((dt) => {
      addDemo(dt);
      dt.server.tasks.fail = true;
    });
    const failed = screen.getByTestId('priorities.failed');
    expect(within(failed).getByRole('heading').textContent).toBe('Your tasks could not be loaded');
    expect(within(failed).getByRole('alert').textContent).toMatch(/Try again in a moment/);
    expect(screen.queryByTestId('priorities.details.text')).toBeNull();
    fireEvent.click(within(failed).getByRole('button', { name: 'Details' }));
    expect(screen.getByTestId('priorities.details.text').textContent).toContain('Internal Server Error');
    d.server.tasks.fail = false;
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
  });

  it('opened at a task (args.taskId), shows it above the list and opens its comments with show: comments', async () => {
    const d = await open(addDemo, (added) => ({ taskId: added.followed!.uuid, show: 'comments' }));
    const followed = d.server.tasks.tasks[4]!;
    await waitFor(() => expect(screen.getByTestId('priorities.highlight').dataset.status).toBe('ready'));
    expect(screen.getByTestId('priorities.highlight.name').textContent).toBe('Review the budget');
    // Turned to the view the task is in, its row marked.
    await waitFor(() => expect(screen.getByRole('tab', { name: 'My Follow Up' }).getAttribute('aria-selected')).toBe('true'));
    await waitFor(() => expect(row('Review the budget').getAttribute('aria-current')).toBe('true'));
    expect(d.services.work.getState().dialog).toEqual({ kind: 'comments', taskId: followed.uuid });
  });

  it('launched again, comes forward at the task asked for, in the same window', async () => {
    const d = await open(addDemo);
    const target = d.server.tasks.tasks[2]!;
    await act(async () => {
      await d.services.packages.launch('Priorities', { taskId: target.uuid });
    });
    await waitFor(() => expect(screen.getByTestId('priorities.highlight.name').textContent).toBe('Plan the offsite'));
    expect(d.windows.windows().filter((w) => w.id === 'priorities')).toHaveLength(1);
  });

  it('reads the task to show from the arguments, else from the page address', () => {
    expect(requestedTask({ taskId: 'a', show: 'comments' })).toEqual({ taskId: 'a', show: 'comments' });
    expect(requestedTask({}, { taskId: 'b' })).toEqual({ taskId: 'b' });
    expect(requestedTask({ taskId: '' })).toBeNull();
    expect(requestedTask({})).toBeNull();
  });
});
