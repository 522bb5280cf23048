import { TASK_REFRESH_DEBOUNCE } from '@atrium/client-core';
import { builtinEntry } from '@atrium/client-core/testing';
import { defineApplication, type Application } from '@atrium/sdk';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { desktopPerTest, type DesktopTest } from '../testing/renderDesktop.js';
import { NotificationsItem } from './NotificationsItem.js';
import { toPickerValue } from './SnoozeDialog.js';

const HOUR = 3_600_000;
const ME = '8a5c7a2e-0f6a-4d5e-9a0b-1c2d3e4f5a6b';
const OLIVIA = { id: 'olivia-id', name: 'Olivia Brown' };

let launched: Array<{ name: string; args: Readonly<Record<string, unknown>> }> = [];
beforeEach(() => {
  launched = [];
});

const app = (name: string, title: string) => ({
  entry: builtinEntry({ name, type: 'application', title: { en_EN: title }, defaultAppforOrgs: 1 }),
  loader: async () => ({
    default: defineApplication((a: Application) => {
      launched.push({ name: a.name, args: a.args });
      a.createWindow({ id: 'main', title, render: () => undefined });
    }),
  }),
});
const APPS = [app('Helpdesk', 'Helpdesk'), app('Quality', 'Quality Desk'), app('Priorities', 'Priorities')];

const render = desktopPerTest({
  manifest: APPS.map((a) => a.entry),
  builtins: Object.fromEntries(APPS.map((a) => [a.entry.name, a.loader])),
  children: (
    <div role="toolbar" aria-label="Panel" className="atr-panel atr-panel--top">
      <NotificationsItem panel={0} item={0} position="top" options={{}} />
    </div>
  ),
});

const clipboard = () => screen.getByRole('button', { name: /^Notification centre/ });

async function start(script: (t: DesktopTest) => void = () => undefined): Promise<DesktopTest> {
  const t = await render();
  script(t);
  await t.start();
  return t;
}

/** Opens the side panel with the clipboard and waits for its tasks. */
async function openPanel(t: DesktopTest): Promise<HTMLElement> {
  fireEvent.click(clipboard());
  const panel = await screen.findByRole('dialog', { name: 'Notification centre' });
  await settle(t);
  return panel;
}

async function settle(t: DesktopTest, ms = 0): Promise<void> {
  await act(async () => {
    await t.clock.settle(ms);
  });
}

const taskNames = (panel: HTMLElement) => within(panel).queryAllByTestId('work.taskName').map((el) => el.textContent);
const counters = (panel: HTMLElement) =>
  within(within(panel).getByRole('group', { name: 'Filter by colour' }))
    .getAllByRole('button')
    .map((b) => `${b.textContent} ${b.getAttribute('aria-pressed')}`);

describe('the notification centre', () => {
  it('shows the number of tasks in My Priorities on the clipboard, 99+ above 99', async () => {
    const t = await start((d) => {
      d.server.tasks.add({ name: 'One' });
      d.server.tasks.add({ name: 'Two', dueInHours: -1 });
    });
    expect(clipboard().textContent).toBe('Notification centre 2');
    expect(screen.getByRole('button', { name: 'Notification centre 2' })).toBe(clipboard());
    expect(screen.getByTestId('panel.notifications.badge').textContent).toBe('2');
    for (let i = 0; i < 98; i++) t.server.tasks.add({ name: `More ${i}` });
    t.server.tasks.notify(t.server.tasks.tasks[0]!, 'updated', OLIVIA);
    await settle(t, TASK_REFRESH_DEBOUNCE);
    expect(screen.getByTestId('panel.notifications.badge').textContent).toBe('99+');
  });

  it('opens a side panel focused on its view, with the colour counters and the tasks by application; Escape gives focus back to the clipboard', async () => {
    const t = await start((d) => {
      d.server.tasks.add({ name: 'Overdue invoice', dueInHours: -3 });
      d.server.tasks.add({ name: 'Audit checklist', dueInHours: 10, app: 'Quality' });
      d.server.tasks.add({ name: 'Quarterly review', dueInHours: 200 });
      d.server.tasks.add({ name: 'Someday', dueInHours: null });
    });
    const panel = await openPanel(t);
    expect(clipboard().getAttribute('aria-expanded')).toBe('true');
    const view = within(panel).getByRole('combobox', { name: 'Show' }) as HTMLSelectElement;
    expect(document.activeElement).toBe(view);
    expect([...view.options].map((o) => o.textContent)).toEqual(['My Priorities', 'My Follow Up', 'My Snoozed Items']);
    expect(counters(panel)).toEqual(['Red 1 false', 'Yellow 1 false', 'Green 1 false', 'Blue 1 false']);
    // A colour is told by its word and its own shape, not by its hue alone (a colour-blind user sees red and green alike).
    const buttons = within(within(panel).getByRole('group', { name: 'Filter by colour' })).getAllByRole('button');
    expect(buttons.map((b) => b.querySelector('.atr-work__colour-name:not(.atr-visually-hidden)')?.textContent)).toEqual(['Red', 'Yellow', 'Green', 'Blue']);
    expect(new Set(buttons.map((b) => b.querySelector('svg')?.innerHTML)).size).toBe(4);
    // By application, each in the order of the page (end date first).
    expect(taskNames(panel)).toEqual(['Overdue invoice', 'Quarterly review', 'Someday', 'Audit checklist']);
    const groups = within(panel).getAllByTestId('work.group');
    expect(groups.map((g) => within(g).getByRole('heading').textContent)).toEqual(['Helpdesk3', 'Quality Desk1']);
    const first = within(panel).getAllByTestId('work.task')[0]!;
    expect(first.getAttribute('data-colour')).toBe('RED');
    expect(first.textContent).toContain('Helpdesk');

    fireEvent.keyDown(view, { key: 'Escape' });
    expect(screen.queryByTestId('work.panel')).toBeNull();
    expect(document.activeElement).toBe(clipboard());
    expect(clipboard().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes with Tab past its last control, or Shift+Tab before its first, giving focus back to the clipboard', async () => {
    const t = await start((d) => {
      d.server.tasks.add({ name: 'Overdue invoice', dueInHours: -3 });
    });
    let panel = await openPanel(t);
    const view = within(panel).getByRole('combobox', { name: 'Show' });
    fireEvent.keyDown(view, { key: 'Tab' });
    expect(screen.queryByTestId('work.panel')).not.toBeNull();
    fireEvent.keyDown(view, { key: 'Tab', shiftKey: true });
    expect(screen.queryByTestId('work.panel')).toBeNull();
    expect(document.activeElement).toBe(clipboard());
    panel = await openPanel(t);
    const controls = [...panel.querySelectorAll<HTMLElement>('button:not([disabled]), select, a[href]')];
    const last = controls.at(-1)!;
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(screen.queryByTestId('work.panel')).toBeNull();
    expect(document.activeElement).toBe(clipboard());
  });

  it('filters by a colour when its counter is pressed, and shows every colour again when pressed twice', async () => {
    const t = await start((d) => {
      d.server.tasks.add({ name: 'Overdue', dueInHours: -3 });
      d.server.tasks.add({ name: 'Later', dueInHours: 200 });
    });
    const panel = await openPanel(t);
    fireEvent.click(within(panel).getByRole('button', { name: 'Green 1' }));
    await settle(t);
    expect(t.env.requests.at(-1)!.json()).toEqual({ ryg_status: 'GREEN' });
    expect(taskNames(panel)).toEqual(['Later']);
    expect(counters(panel)).toEqual(['Red 1 false', 'Yellow 0 false', 'Green 1 true', 'Blue 0 false']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Green 1' }));
    await settle(t);
    expect(taskNames(panel)).toEqual(['Overdue', 'Later']);
  });

  it('reads the empty list as the spec says, and shows nothing more when the fetch fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = await start();
    const panel = await openPanel(t);
    expect(within(panel).getByTestId('work.empty').textContent).toBe('Nothing here. You are all done for the day!');
    act(() => t.services.work.close());
    t.server.tasks.fail = true;
    const again = await openPanel(t);
    expect(within(again).queryByTestId('work.empty')).toBeNull();
    expect(within(again).queryByTestId('work.loading')).toBeNull();
    vi.restoreAllMocks();
  });

  it('pages beyond the first five', async () => {
    const t = await start((d) => {
      for (let i = 1; i <= 7; i++) d.server.tasks.add({ name: `Task ${i}`, dueInHours: 100 + i });
    });
    const panel = await openPanel(t);
    expect(taskNames(panel)).toHaveLength(5);
    expect(within(panel).getByTestId('work.range').textContent).toBe('1–5 of 7');
    fireEvent.click(within(panel).getByRole('button', { name: 'Next page' }));
    await settle(t);
    expect(taskNames(panel)).toEqual(['Task 6', 'Task 7']);
    expect(within(panel).getByTestId('work.range').textContent).toBe('6–7 of 7');
    expect((within(panel).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens the owning application at the task with Edit, and Priorities with View All', async () => {
    const t = await start((d) => void d.server.tasks.add({ name: 'Audit checklist', app: 'Quality' }));
    const panel = await openPanel(t);
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit' }));
    await settle(t);
    const task = t.server.tasks.tasks[0]!;
    expect(launched).toEqual([{ name: 'Quality', args: { taskId: task.uuid } }]);
    expect(screen.queryByTestId('work.panel')).toBeNull();
    await openPanel(t);
    fireEvent.click(screen.getByRole('button', { name: 'View All' }));
    await settle(t);
    expect(launched.at(-1)).toEqual({ name: 'Priorities', args: {} });
  });

  it('hands the application the record its task is about with Edit (a declared application opens it)', async () => {
    const t = await start((d) => void d.server.tasks.add({ name: 'Close the findings of AUD-2027-014', app: 'Quality', record: 'AUD-2027-014' }));
    const panel = await openPanel(t);
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit' }));
    await settle(t);
    expect(launched).toEqual([{ name: 'Quality', args: { taskId: t.server.tasks.tasks[0]!.uuid, record: 'AUD-2027-014' } }]);
  });

  it('says under a task that came to the user as a delegate whose it was', async () => {
    const t = await start((d) => {
      d.server.tasks.add({ name: 'Approve the trip', delegated_from: OLIVIA, dueInHours: 10 });
      d.server.tasks.add({ name: 'Own work', dueInHours: 20 });
    });
    const panel = await openPanel(t);
    const rows = within(panel).getAllByTestId('work.task');
    expect(within(rows[0]!).getByTestId('work.delegatedFrom').textContent).toBe('Delegated by Olivia Brown');
    expect(within(rows[1]!).queryByTestId('work.delegatedFrom')).toBeNull();
  });

  it('greys Snooze on a task that is not GREEN: it opens nothing', async () => {
    const t = await start((d) => void d.server.tasks.add({ name: 'Overdue', dueInHours: -3 }));
    const panel = await openPanel(t);
    const snooze = within(panel).getByRole('button', { name: 'Snooze' });
    expect(snooze.getAttribute('aria-disabled')).toBe('true');
    expect(snooze.getAttribute('title')).toBe('Only green tasks whose end date has not passed can be snoozed');
    fireEvent.click(snooze);
    await settle(t, 2000);
    expect(t.services.work.getState().dialog).toBeNull();
    expect(screen.queryByTestId('work.snoozeDialog')).toBeNull();
  });

  it('snoozes a GREEN task in a 550 px dialog until a date no later than its end date; it then shows Snoozed Until in My Snoozed Items', async () => {
    const t = await start((d) => void d.server.tasks.add({ name: 'Quarterly review', dueInHours: 200 }));
    const panel = await openPanel(t);
    fireEvent.click(within(panel).getByRole('button', { name: 'Snooze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snooze' });
    expect(dialog.className).toContain('atr-work-dialog--snooze');
    const until = (await within(dialog).findByLabelText('Snooze until')) as HTMLInputElement;
    const end = Date.parse(t.server.tasks.tasks[0]!.end_date!);
    expect(until.max).toBe(toPickerValue(end));
    fireEvent.change(until, { target: { value: toPickerValue(end + HOUR) } });
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(until.getAttribute('aria-invalid')).toBe('true');
    const chosen = t.clock.now() + 5 * HOUR;
    fireEvent.change(until, { target: { value: toPickerValue(chosen) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await settle(t, TASK_REFRESH_DEBOUNCE);
    expect(screen.queryByTestId('work.snoozeDialog')).toBeNull();
    expect(t.server.tasks.tasks[0]!.snoozed_till).not.toBeNull();
    expect(taskNames(panel)).toEqual([]);

    fireEvent.change(within(panel).getByRole('combobox', { name: 'Show' }), { target: { value: 'snoozed' } });
    await settle(t);
    expect(taskNames(panel)).toEqual(['Quarterly review']);
    expect(within(panel).getByTestId('work.snoozedUntil').textContent).toMatch(/^Snoozed Until \w+ \d+, \d{4}/);
  });

  it('offers a snoozed task the extension of its snooze or its end; Unsnooze brings it back to My Priorities', async () => {
    const t = await start((d) => void d.server.tasks.add({ name: 'Quarterly review', dueInHours: 200, snoozedForHours: 3 }));
    const panel = await openPanel(t);
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Show' }), { target: { value: 'snoozed' } });
    await settle(t);
    fireEvent.click(within(panel).getByRole('button', { name: 'Snooze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snoozed task' });
    const extend = (await within(dialog).findByRole('radio', { name: 'Extend the snooze' })) as HTMLInputElement;
    expect(extend.checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Unsnooze' }));
    expect(within(dialog).queryByLabelText('Snooze until')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await settle(t, TASK_REFRESH_DEBOUNCE);
    expect(t.server.tasks.tasks[0]!.snoozed_till).toBeNull();
    expect(taskNames(panel)).toEqual([]);
    expect(t.services.work.getState().badge).toBe(1);
  });

  it('shows what the server refuses in the snooze dialog with its text', async () => {
    const t = await start((d) => void d.server.tasks.add({ name: 'Quarterly review', dueInHours: 200 }));
    const panel = await openPanel(t);
    fireEvent.click(within(panel).getByRole('button', { name: 'Snooze' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snooze' });
    await within(dialog).findByLabelText('Snooze until');
    t.server.tasks.tasks[0]!.snoozed_till = new Date(t.clock.now() + HOUR).toISOString();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await settle(t);
    expect(within(dialog).getByRole('alert').textContent).toBe('This task is already snoozed; extend the snooze instead');
  });

  it('lists comments oldest first as text in a 650 px dialog, adds one within 2000 characters, and shows another user’s live', async () => {
    const t = await start((d) =>
      void d.server.tasks.add({
        name: 'Audit checklist',
        comments: [{ id: 'c1', taskId: 'x', author: OLIVIA, text: '<b>Bold?</b> No, text.', created_at: '2026-03-01T09:00:00.000Z' }],
      }),
    );
    const panel = await openPanel(t);
    fireEvent.click(within(panel).getByRole('button', { name: /^Comments/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Comments' });
    expect(dialog.className).toContain('atr-work-dialog--comments');
    await within(dialog).findByTestId('work.comment');
    const text = within(dialog).getByTestId('work.comment.text');
    expect(text.textContent).toBe('<b>Bold?</b> No, text.');
    expect(text.querySelector('b')).toBeNull();
    expect(within(dialog).getByText('Olivia Brown')).toBeTruthy();

    const field = within(dialog).getByLabelText('Your comment') as HTMLTextAreaElement;
    expect(field.maxLength).toBe(2000);
    await waitFor(() => expect(document.activeElement).toBe(field));
    fireEvent.change(field, { target: { value: 'Done on my side' } });
    expect(within(dialog).getByTestId('work.commentsDialog.left').textContent).toBe('1985 characters left');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    await settle(t);
    expect(within(dialog).getAllByTestId('work.comment.text').map((el) => el.textContent)).toEqual(['<b>Bold?</b> No, text.', 'Done on my side']);
    expect(field.value).toBe('');

    const task = t.server.tasks.tasks[0]!;
    task.comments.push({ id: 'c9', taskId: task.uuid, author: OLIVIA, text: 'Thanks!', created_at: new Date(t.clock.now()).toISOString() });
    t.server.tasks.notify(task, 'commented', OLIVIA);
    await settle(t);
    expect(within(dialog).getAllByTestId('work.comment.text').map((el) => el.textContent)).toEqual(['<b>Bold?</b> No, text.', 'Done on my side', 'Thanks!']);

    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByTestId('work.commentsDialog')).toBeNull();
    // The panel stays open under the dialog, and focus goes back to where it was.
    expect(screen.getByTestId('work.panel')).toBeTruthy();
  });

  it('opens the same dialogs for an application (Desktop.tasks.showComments)', async () => {
    const t = await start((d) => void d.server.tasks.add({ name: 'Audit checklist', assignee: OLIVIA, followers: [ME] }));
    act(() => t.services.packages.desktop.tasks.showComments(t.server.tasks.tasks[0]!.uuid));
    const dialog = await screen.findByRole('dialog', { name: 'Comments' });
    expect(await within(dialog).findByText('Audit checklist')).toBeTruthy();
    expect(screen.queryByTestId('work.panel')).toBeNull();
  });
});
