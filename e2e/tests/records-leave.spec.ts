import { expect, test } from '../fixtures.js';
import { apiToken } from '../helpers/api.js';
import { queryRecords, readRecord } from '../helpers/records.js';
import { secondPage } from '../helpers/signIn.js';
import { Desktop } from '../pages/Desktop.js';
import { NotificationCentreObject } from '../pages/NotificationCentreObject.js';
import { RecordsObject } from '../pages/RecordsObject.js';

/**
 * A leave request from one person to their manager and back, in Records on
 * the demo's Leave Requests (docs/behaviour/records.md): Liam asks for a
 * week off (the working days worked out as he types the dates), the request
 * is named by the series and waits for his manager; Olivia finds it as a
 * task in her notification centre, opens it and takes the Approve step (the
 * status moves by the workflow only), and her task goes; Liam's list and form, open all along in another browser,
 * show the decision without a reload, and the history says who changed what.
 */

/** A Monday some weeks ahead (UTC), as YYYY-MM-DD, and the Friday after it. */
function weekAhead(weeks: number): { from: string; to: string } {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + weeks * 7 + ((8 - day.getUTCDay()) % 7 || 7));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const friday = new Date(day);
  friday.setUTCDate(day.getUTCDate() + 4);
  return { from: iso(day), to: iso(friday) };
}

test('Liam requests a week off; Olivia approves it; Liam sees the decision live and in the history', async ({ page, browser, baseURL, request, consoleErrors }) => {
  test.setTimeout(120_000);
  const title = 'Hut-to-hut week in the Alps';
  const { from, to } = weekAhead(9);

  // Liam, in this browser: Leave Requests from the application menu's address, New.
  const liamDesktop = new Desktop(page);
  await liamDesktop.signIn('liam', 'Demo@1234', '/?app=LeaveRequests');
  const liam = new RecordsObject(page, 'Leave Requests');
  await liam.settled();
  await liam.newButton.click();
  const draft = liam.form('New Leave request');
  await expect(draft.root).toBeVisible();
  // Whose request it is, by default: his own.
  await expect(draft.field('employee')).toContainText('Liam Chen');
  await draft.input('title').fill(title);
  // His team is asked for: the figures of leave go by team.
  await draft.input('team').selectOption({ label: 'Quality' });
  await draft.input('type').selectOption({ label: 'Annual leave' });
  await draft.input('from').fill(from);
  await draft.input('to').fill(to);
  // The working days are worked out from the dates as they are typed, weekends left out.
  await expect(draft.input('days')).toHaveValue('5');
  await draft.input('reason').fill('Hut to hut with my brother; the on-call rota is covered.');
  await draft.save.click();
  const mine = liam.form(title);
  await expect(mine.root).toBeVisible();
  // Status is the workflow's: Liam sees his request as Requested, waiting for his manager, and may only withdraw it.
  await expect(mine.state).toHaveAttribute('data-state', 'requested');
  await expect(mine.input('status')).toBeDisabled();
  await expect(mine.assignees).toContainText('Olivia Hart');
  await expect(mine.transition('Withdraw')).toBeVisible();
  await expect(mine.transition('Approve')).toHaveCount(0);

  // The request is named by the series of this year; the list behind the form shows it (the Name column chosen).
  await liam.bringForward();
  await liam.window.getByTestId('records.columns').click();
  await liam.window.getByTestId('records.column.name').check();
  await liam.window.getByTestId('records.columns').click();
  const row = liam.rowTitled(title);
  await expect(row).toBeVisible();
  const name = (await row.getAttribute('data-name'))!;
  expect(name).toMatch(new RegExp(`^LR-${new Date().getUTCFullYear()}-\\d{5}$`));
  await expect(row.locator('td[data-label="Name"]')).toHaveText(name);
  await expect(row.locator('td[data-label="Status"]')).toHaveText('Requested');
  await expect(row.locator('td[data-label="Working days"]')).toHaveText('5');

  // Olivia, in another browser: her team's requests include Liam's new one.
  const oliviaPage = await secondPage(browser, baseURL!, consoleErrors);
  try {
    await new Desktop(oliviaPage).signIn('olivia', 'Demo@1234', '/?app=LeaveRequests');
    const olivia = new RecordsObject(oliviaPage, 'Leave Requests');
    await olivia.settled();
    await olivia.search.fill(title);
    await expect(olivia.rows).toHaveCount(1);
    const hers = olivia.rowTitled(title);
    await expect(hers.locator('td[data-label="Employee"]')).toHaveText('Liam Chen');
    await expect(hers.locator('td[data-label="Team"]')).toHaveText('Quality');
    // The request waits for her: a task in her notification centre, whose Edit opens it at its form.
    const centre = new NotificationCentreObject(oliviaPage);
    await centre.open();
    const work = await centre.find(new RegExp(`^Requested ${name} · ${title}$`));
    await expect(work).toHaveCount(1);
    await work.getByRole('button', { name: 'Edit' }).click();
    const decision = olivia.form(title);
    await expect(decision.state).toHaveAttribute('data-state', 'requested');
    // The status moves only by the workflow's steps: hers are Approve and Reject, not Liam's Withdraw.
    await expect(decision.input('status')).toBeDisabled();
    await expect(decision.transition('Withdraw')).toHaveCount(0);
    await decision.transition('Approve').click();
    await decision.stepDialog.take('Enjoy the Alps.');
    await expect(decision.state).toHaveAttribute('data-state', 'approved');
    await expect(decision.enteredState).toContainText('Approved');
    await expect(decision.transition('Approve')).toHaveCount(0);
    expect((await readRecord(request, await apiToken(request, 'olivia'), 'LeaveRequests', name))?.values.status).toBe('approved');
    // The step done, its task has gone from her notification centre.
    await centre.open();
    await expect(centre.tasks.filter({ hasText: title })).toHaveCount(0);

    // Liam's list and form follow without a reload.
    await expect(row.locator('td[data-label="Status"]')).toHaveText('Approved');
    await expect(mine.state).toHaveAttribute('data-state', 'approved');
    await expect(mine.input('status')).toHaveValue('approved');
    await mine.bringForward();
    await mine.timelineButton.click();
    await expect(mine.entries.first()).toContainText('Olivia Hart');
    await expect(mine.entries.first()).toContainText('Approved');
    await expect(mine.entries.last()).toContainText('Liam Chen created the record');
  } finally {
    await oliviaPage.context().close();
  }

  // Only Olivia's team sees it: Dana, his colleague, does not.
  const dana = await queryRecords(request, await apiToken(request, 'demo'), 'LeaveRequests', 'request', { search: title });
  expect(dana.total).toBe(0);
});
