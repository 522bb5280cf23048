import type { Request } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { apiToken } from '../helpers/api.js';
import { openTasks } from '../helpers/tasks.js';
import { Desktop } from '../pages/Desktop.js';
import { NotificationCentreObject } from '../pages/NotificationCentreObject.js';

/**
 * The notification centre (docs/behaviour/work.md#notification-centre)
 * against the real server and its demo data: `demo` has, in Northwind
 * Trading, tasks of each colour in My Priorities, among them steps of the
 * demo's workflows, two snoozed ones, and tasks created for colleagues in My
 * Follow Up. How many of each colour is read from the API first: the demo's
 * incidents are placed around the hour it was seeded at, so the work they
 * give varies a little with it. Journeys put back what they change (a
 * snooze, a task of their own), so the demo data stays as seeded.
 */

const HOUR = 3_600_000;

/** How many open tasks `demo` has in My Priorities, in all and by colour, as the API answers. */
async function demoWork(request: Parameters<typeof apiToken>[0]): Promise<{ total: number } & Record<'RED' | 'YELLOW' | 'GREEN' | 'BLUE', number>> {
  const tasks = await openTasks(request, await apiToken(request, 'demo'));
  const of = (colour: string) => tasks.filter((task) => task.rygStatus === colour).length;
  return { total: tasks.length, RED: of('RED'), YELLOW: of('YELLOW'), GREEN: of('GREEN'), BLUE: of('BLUE') };
}

/** The notification calls the page makes. */
function notificationCalls(page: Desktop['page']): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/user/getusernotifications')) calls.push(request);
  });
  return calls;
}

// Playwright's own helper scripts are refused in the Viewer's sandboxed frame: not the page's errors.
test.use({ expectedConsoleErrors: [/^Blocked script execution in '[^']*\/resources\//] });

test.describe('notification centre', () => {
  test('the clipboard counts My Priorities; the panel shows the colour counters and filters by a colour, refetching', async ({ page, request }) => {
    const work = await demoWork(request);
    expect(work.total).toBeGreaterThan(10);
    const desktop = new Desktop(page);
    await desktop.signIn();
    const centre = new NotificationCentreObject(page);
    await expect(centre.badge).toHaveText(String(work.total));
    await expect(centre.clipboard).toHaveAccessibleName(`Notification centre ${work.total}`);

    const calls = notificationCalls(page);
    await centre.open();
    await expect(centre.view).toBeFocused();
    await expect(centre.view.locator('option:checked')).toHaveText('My Priorities');
    for (const [colour, key] of [['Red', 'RED'], ['Yellow', 'YELLOW'], ['Green', 'GREEN'], ['Blue', 'BLUE']] as const) await expect(centre.counter(colour)).toHaveAccessibleName(`${colour} ${work[key]}`);
    // Five to a page; the rest beyond.
    await expect(centre.tasks).toHaveCount(5);
    await expect(centre.panel.getByTestId('work.range')).toHaveText(`1–5 of ${work.total}`);
    const pages = Math.ceil(work.total / 5);
    for (let page_ = 2; page_ <= pages; page_++) {
      await centre.panel.getByRole('button', { name: 'Next page' }).click();
      await centre.settled();
      await expect(centre.tasks).toHaveCount(page_ < pages ? 5 : work.total - 5 * (pages - 1));
    }

    await centre.counter('Green').click();
    await centre.settled();
    await expect(centre.counter('Green')).toHaveAttribute('aria-pressed', 'true');
    const filtered = calls.at(-1)!;
    expect(filtered.method()).toBe('POST');
    expect(filtered.postDataJSON()).toEqual({ ryg_status: 'GREEN' });
    expect(new URL(filtered.url()).searchParams.get('skip')).toBe('0');
    await expect(centre.tasks).toHaveCount(Math.min(work.GREEN, 5));
    expect(await centre.tasks.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-colour')))).toEqual(Array.from({ length: Math.min(work.GREEN, 5) }, () => 'GREEN'));
    // The counters stay the view's.
    await expect(centre.counter('Red')).toHaveAccessibleName(`Red ${work.RED}`);

    await centre.counter('Green').click();
    await centre.settled();
    await expect(centre.counter('Green')).toHaveAttribute('aria-pressed', 'false');
    await expect(centre.tasks).toHaveCount(5);

    await centre.view.press('Escape');
    await expect(centre.panel).toBeHidden();
    await expect(centre.clipboard).toBeFocused();
  });

  test('a GREEN task snoozes into My Snoozed Items with its date, and comes back when unsnoozed; Snooze is greyed on a RED task', async ({ page, request }) => {
    const { total } = await demoWork(request);
    const desktop = new Desktop(page);
    await desktop.signIn();
    const centre = new NotificationCentreObject(page);
    await centre.open();

    await centre.counter('Red').click();
    await centre.settled();
    const red = centre.task('Close the findings of the warehouse audit');
    const greyed = red.getByRole('button', { name: 'Snooze' });
    await expect(greyed).toHaveAttribute('aria-disabled', 'true');
    // Not clickable: a press (forced past Playwright's own refusal of a disabled control) opens nothing.
    await greyed.click({ force: true });
    // Proves that something does NOT happen: no dialog opens within 1.5 s of the press (nothing a user sees to wait for).
    await page.waitForTimeout(1500);
    await expect(centre.snoozeDialog).toHaveCount(0);
    await centre.counter('Red').click();
    await centre.settled();

    await centre.counter('Green').click();
    await centre.settled();
    const name = 'Approve the summer leave plan';
    await centre.task(name).getByRole('button', { name: 'Snooze' }).click();
    const dialog = page.getByRole('dialog', { name: 'Snooze' });
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())!.width).toBe(550);
    const until = dialog.getByLabel('Snooze until');
    await expect(until).toBeFocused();
    // A day from now, written as the picker takes it (the page's local time).
    const value = await page.evaluate((ms) => {
      const d = new Date(Date.now() + ms);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    }, 24 * HOUR);
    await until.fill(value);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(centre.task(name)).toHaveCount(0);
    await expect(centre.badge).toHaveText(String(total - 1));

    await centre.counter('Green').click();
    await centre.show('My Snoozed Items');
    const snoozed = centre.task(name);
    await expect(snoozed.getByTestId('work.snoozedUntil')).toContainText('Snoozed Until');
    await snoozed.getByRole('button', { name: 'Snooze' }).click();
    const wake = page.getByRole('dialog', { name: 'Snoozed task' });
    await wake.getByRole('radio', { name: 'Unsnooze' }).check();
    await wake.getByRole('button', { name: 'Save' }).click();
    await expect(wake).toBeHidden();
    await expect(centre.task(name)).toHaveCount(0);
    await expect(centre.badge).toHaveText(String(total));
    await centre.show('My Priorities');
    await expect(await centre.find(name)).toHaveCount(1);
  });

  test("another user's comment appears in the open comments dialog, and a task they assign changes the badge with a notification", async ({ page, browser, request }) => {
    const work = await demoWork(request);
    const desktop = new Desktop(page);
    await desktop.signIn();
    const centre = new NotificationCentreObject(page);
    await centre.open();
    const task = 'Call back Fabrikam about the supplier contract';
    await (await centre.find(task)).getByRole('button', { name: /^Comments/ }).click();
    const dialog = centre.commentsDialog;
    await expect(dialog.getByTestId('work.comment')).toHaveCount(2);
    expect((await dialog.boundingBox())!.width).toBe(650);

    // Olivia created the task: she follows it, in her My Follow Up.
    const other = await browser.newContext();
    try {
      const oliviaPage = await other.newPage();
      const olivia = new Desktop(oliviaPage);
      await olivia.signIn('olivia');
      const hers = new NotificationCentreObject(oliviaPage);
      await hers.open();
      await hers.show('My Follow Up');
      await hers.task(task).getByRole('button', { name: /^Comments/ }).click();
      const herDialog = hers.commentsDialog;
      await herDialog.getByTestId('work.comment').first().waitFor();
      const text = `Fabrikam called back <b>${Date.now()}</b>`;
      await herDialog.getByLabel('Your comment').fill(text);
      await herDialog.getByRole('button', { name: 'Add comment' }).click();
      await expect(herDialog.getByTestId('work.comment.text').last()).toHaveText(text);

      await expect(dialog.getByTestId('work.comment.text').last()).toHaveText(text);
      await expect(dialog.getByTestId('work.comment').last()).toContainText('Olivia');
    } finally {
      await other.close();
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    const token = await apiToken(request, 'olivia');
    const headers = { authorization: `Bearer ${token}` };
    const created = await request.post('/api/v1/tasks', {
      headers,
      data: { app: 'CRM', name: 'Send Fabrikam the signed contract', assignee: 'demo', end_date: new Date(Date.now() + 72 * HOUR).toISOString() },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { data: { uuid: string } }).data.uuid;
    try {
      await expect(centre.badge).toHaveText(String(work.total + 1));
      await expect(desktop.notification('New task assigned').getByTestId('notification.message')).toHaveText('Olivia Hart assigned you “Send Fabrikam the signed contract” in Customer Relations');
      await expect(centre.panel.getByRole('button', { name: `Green ${work.GREEN + 1}` })).toBeVisible();
    } finally {
      expect((await request.post(`/api/v1/tasks/${id}/complete`, { headers })).ok()).toBe(true);
    }
    await expect(centre.badge).toHaveText(String(work.total));
  });

  test('Edit opens the owning application at the task: a declared application at the record the task is about, or its list; View All opens Priorities', async ({ page, request }) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    const centre = new NotificationCentreObject(page);
    await centre.open();
    const row = centre.task('Close the findings of the warehouse audit');
    const id = await row.getAttribute('data-task');
    const headers = { authorization: `Bearer ${await apiToken(request, 'demo')}` };
    const task = ((await (await request.get(`/api/v1/tasks/${id}`, { headers })).json()) as { data: { record: string } }).data;
    const record = ((await (await request.get(`/api/v1/records/Audits/record/${task.record}`, { headers })).json()) as { data: { record: { title: string } } }).data.record;
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(centre.panel).toBeHidden();
    const form = desktop.appWindows('Records').filter({ has: page.getByTestId('records.form') });
    await expect(form.getByTestId('window.title')).toHaveText(record.title);

    // A task of a declared application about no record in particular opens its list.
    await centre.open();
    await (await centre.find('Call back Fabrikam about the supplier contract')).getByRole('button', { name: 'Edit' }).click();
    await expect(centre.panel).toBeHidden();
    const crm = desktop.appWindows('Records').filter({ has: page.getByTestId('window.title').getByText('Customer Relations', { exact: true }) });
    await expect(crm.getByTestId('records.list')).toBeVisible();

    await centre.open();
    await centre.panel.getByRole('button', { name: 'View All' }).click();
    await expect(centre.panel).toBeHidden();
    await expect(desktop.appWindows('Priorities')).toBeVisible();
  });
});
