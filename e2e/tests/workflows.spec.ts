import type { APIRequestContext, Page } from '@playwright/test';
import { DIGEST_TEXTS } from '@atrium/shared';
import { expect, test } from '../fixtures.js';
import { absences, apiToken, readSettings, removeAbsence, saveSettings, userId } from '../helpers/api.js';
import { waitForMail } from '../helpers/outbox.js';
import { createRecord, deleteRecord, followRecord, readRecord, transitionRecord, updateRecord } from '../helpers/records.js';
import { secondPage } from '../helpers/signIn.js';
import { finishTasksOf, openTasks } from '../helpers/tasks.js';
import { Desktop } from '../pages/Desktop.js';
import { NotificationCentreObject } from '../pages/NotificationCentreObject.js';
import { PreferencesObject } from '../pages/PreferencesObject.js';
import { RecordFormObject } from '../pages/RecordsObject.js';

/**
 * Workflows that create work (docs/behaviour/workflows.md), on the demo's
 * applications: a treatment plan of a high risk that two of the three risk
 * board members must approve, rejected by the second one who decides; a
 * leave request that goes to the delegate of a manager who is away; and
 * the daily digest e-mail, read from the server's outbox. Each journey
 * works on records of its own and, at the end, finishes the work they gave
 * and deletes them, so that the demo users keep the work they started with.
 */

/** Deletes a record of the journey's (as a user who may: its workflow's work closes with it) and finishes the items it left the demo users besides (news of it to its followers). */
async function removeWithItsWork(request: APIRequestContext, app: string, name: string, deleter: string): Promise<void> {
  await deleteRecord(request, await apiToken(request, deleter), app, name);
  for (const username of ['olivia', 'liam', 'demo']) await finishTasksOf(request, await apiToken(request, username), name);
}

/** The names of the open tasks of the demo users a journey gives work to, each sorted. */
async function demoWork(request: APIRequestContext): Promise<Record<string, string[]>> {
  const work: Record<string, string[]> = {};
  for (const username of ['olivia', 'liam', 'demo']) work[username] = (await openTasks(request, await apiToken(request, username))).map((task) => task.task_name).sort();
  return work;
}

/** Today in UTC, as YYYY-MM-DD (absences are days of UTC). */
const today = (): string => new Date().toISOString().slice(0, 10);

test('a high risk’s plan: one board member approves, the next rejects it; the record goes back at once and the last approver’s work goes', async ({ page, browser, baseURL, request, consoleErrors }) => {
  test.setTimeout(180_000);
  const work = await demoWork(request);
  const title = `Single supplier of card readers ${Date.now()}`;
  const comment = 'The plan names no date for the second supplier.';
  // Olivia, the security officer, registers the risk for Liam, its owner; Liam submits its treatment plan.
  const liamId = await userId(request, await apiToken(request, 'liam'));
  const name = await createRecord(request, await apiToken(request, 'olivia'), 'RiskRegister', 'risk', {
    title,
    category: 'suppliers',
    likelihood: 4,
    impact: 4,
    owner: liamId,
    treatment: 'reduce',
    plan: 'Qualify a second supplier of card readers and keep a month of stock.',
  });
  const pages: Page[] = [];
  try {
    await transitionRecord(request, await apiToken(request, 'liam'), 'RiskRegister', name, 'submitPlan');
    const waiting = new RegExp(`^Plan awaiting approval ${name} · ${title}$`);

    // Liam is on the board too: his approval waits in his notification centre, in a browser of his own.
    const liamPage = await secondPage(browser, baseURL!, consoleErrors);
    pages.push(liamPage);
    await new Desktop(liamPage).signIn('liam');
    const liamCentre = new NotificationCentreObject(liamPage);
    await liamCentre.open();
    await expect(await liamCentre.find(waiting)).toHaveCount(1);

    // Olivia approves from the record, opened by her task's Edit: 1 of the 2 approvals needed.
    await new Desktop(page).signIn('olivia');
    const oliviaCentre = new NotificationCentreObject(page);
    await oliviaCentre.open();
    await (await oliviaCentre.find(waiting)).getByRole('button', { name: 'Edit' }).click();
    const hers = new RecordFormObject(page, title);
    await expect(hers.state).toHaveAttribute('data-state', 'planReview');
    await expect(hers.approvalCount).toContainText('Approvals: 0 of 2');
    await hers.transition('Approve the plan').click();
    await hers.stepDialog.take();
    await expect(hers.approvalCount).toContainText('Approvals: 1 of 2');
    // Still waiting for the plan: who decided and who has not.
    await expect(hers.state).toHaveAttribute('data-state', 'planReview');
    await expect(hers.approvers.and(page.locator('[data-decision="approve"]'))).toHaveText([/Olivia Hart/]);
    const undecided = hers.approvers.and(page.locator('[data-decision="waiting"]'));
    await expect(undecided).toHaveCount(2);
    await expect(undecided.filter({ hasText: 'Liam Chen' })).toHaveCount(1);
    await expect(undecided.filter({ hasText: 'Dana Demo' })).toHaveCount(1);
    await expect(hers.transition('Approve the plan')).toHaveCount(0);
    await oliviaCentre.open();
    await expect(oliviaCentre.task(waiting)).toHaveCount(0);

    // Dana, in another browser, sends the plan back with her reason.
    const danaPage = await secondPage(browser, baseURL!, consoleErrors);
    pages.push(danaPage);
    await new Desktop(danaPage).signIn('demo');
    const danaCentre = new NotificationCentreObject(danaPage);
    await danaCentre.open();
    await (await danaCentre.find(waiting)).getByRole('button', { name: 'Edit' }).click();
    const danas = new RecordFormObject(danaPage, title);
    await expect(danas.approvalCount).toContainText('Approvals: 1 of 2');
    await danas.transition('Send the plan back').click();
    // A rejection asks for its reason.
    await danas.stepDialog.take();
    await expect(danas.stepDialog.root).toContainText('Write a comment to take this step.');
    await expect(danas.state).toHaveAttribute('data-state', 'planReview');
    await danas.stepDialog.take(comment);
    // One rejection is enough: the risk is back with its owner at once.
    await expect(danas.state).toHaveAttribute('data-state', 'identified');
    await expect(danas.enteredState).toContainText('Identified');
    expect((await readRecord(request, await apiToken(request, 'liam'), 'RiskRegister', name))?.values.status).toBe('identified');
    await danaCentre.open();
    await expect(danaCentre.task(waiting)).toHaveCount(0);

    // Liam's approval, never given, has gone from his centre; the risk's work is his again as its owner.
    await expect(liamCentre.task(waiting)).toHaveCount(0);
    await expect(await liamCentre.find(new RegExp(`^Identified ${name} · ${title}$`))).toHaveCount(1);

    // Olivia's form follows, and the history tells both decisions.
    await expect(hers.state).toHaveAttribute('data-state', 'identified');
    if (await oliviaCentre.panel.isVisible()) await oliviaCentre.clipboard.click();
    await hers.timelineButton.click();
    await expect(hers.entries.first()).toContainText('Dana Demo took the step “Send the plan back”');
    await expect(hers.entries.first()).toContainText(`Comment: ${comment}`);
    await expect(hers.entries.filter({ hasText: 'Olivia Hart approved (“Approve the plan”); other approvals are still needed' })).toHaveCount(1);
  } finally {
    for (const other of pages) await other.context().close();
    await removeWithItsWork(request, 'RiskRegister', name, 'olivia');
  }  // The demo users are left with the work they had.
  expect(await demoWork(request)).toEqual(work);
});

test('Olivia is away today: Liam’s leave request goes to Dana, her delegate, who approves it from the task', async ({ page, browser, baseURL, request, consoleErrors }) => {
  test.setTimeout(180_000);
  const work = await demoWork(request);
  const title = `Long weekend in Bruges ${Date.now()}`;
  const oliviaToken = await apiToken(request, 'olivia');
  let name: string | null = null;
  try {
    // Olivia plans today's absence in Preferences, with Dana as her delegate.
    const olivia = new Desktop(page);
    await olivia.signIn('olivia');
    await olivia.openPreferences();
    const preferences = new PreferencesObject(page);
    await preferences.section('absence');
    await expect(preferences.noAbsences).toBeVisible();
    await preferences.planAbsence(today(), today(), 'Dana', 'Dana Demo');
    await expect(preferences.absences).toHaveCount(1);
    await expect(preferences.absences).toContainText('Dana Demo');

    // Liam asks for leave: his manager's approval is asked of Dana instead.
    name = await createRecord(request, await apiToken(request, 'liam'), 'LeaveRequests', 'request', { title, team: 'quality', type: 'annual', from: '2027-03-04', to: '2027-03-05' });
    const danaPage = await secondPage(browser, baseURL!, consoleErrors);
    try {
      await new Desktop(danaPage).signIn('demo');
      const centre = new NotificationCentreObject(danaPage);
      await centre.open();
      const work = await centre.find(new RegExp(`^Requested ${name} · ${title}$`));
      await expect(work).toHaveCount(1);
      await expect(work.getByTestId('work.delegatedFrom')).toHaveText('Delegated by Olivia Hart');
      await work.getByRole('button', { name: 'Edit' }).click();
      const request_ = new RecordFormObject(danaPage, title);
      await expect(request_.state).toHaveAttribute('data-state', 'requested');
      await expect(request_.field('employee')).toContainText('Liam Chen');
      // She decides for Olivia.
      await expect(request_.approvers).toContainText('for Olivia Hart');
      await request_.transition('Approve').click();
      await request_.stepDialog.take();
      await expect(request_.state).toHaveAttribute('data-state', 'approved');
      await expect(request_.enteredState).toContainText('Approved');
      await centre.open();
      await expect(centre.task(new RegExp(`^Requested ${name} · `))).toHaveCount(0);
    } finally {
      await danaPage.context().close();
    }
    expect((await readRecord(request, await apiToken(request, 'liam'), 'LeaveRequests', name))?.values.status).toBe('approved');

    // Back from her day off, Olivia removes the absence.
    await preferences.window.getByRole('button', { name: /^Remove the absence/ }).click();
    await expect(preferences.noAbsences).toBeVisible();
  } finally {
    for (const absence of await absences(request, oliviaToken)) await removeAbsence(request, oliviaToken, absence.id);
    if (name) await removeWithItsWork(request, 'LeaveRequests', name, 'olivia');
  }  // The demo users are left with the work they had.
  expect(await demoWork(request)).toEqual(work);
});

test.describe('in Berlin', () => {
  // The browser's clock: the digest's hour is chosen on it.
  test.use({ timezoneId: 'Europe/Berlin' });

  test('Liam chooses a digest hour; the digest e-mail lists his open tasks by colour and the changes to a record he follows, in German', async ({ page, request, atrium }) => {
    test.setTimeout(120_000);
    const work = await demoWork(request);
    const liamToken = await apiToken(request, 'liam');
    const oliviaToken = await apiToken(request, 'olivia');
    const before = await readSettings(request, liamToken);
    const title = `Visitor badges not returned ${Date.now()}`;
    // Olivia's record, which Liam follows; she changes it twice after that.
    const name = await createRecord(request, oliviaToken, 'RiskRegister', 'risk', { title, category: 'physical', likelihood: 2, impact: 2, owner: await userId(request, oliviaToken) });
    try {
      await followRecord(request, liamToken, 'RiskRegister', name);
      await updateRecord(request, oliviaToken, 'RiskRegister', name, { description: 'Badges of visitors are not handed back at the reception.' });
      await updateRecord(request, oliviaToken, 'RiskRegister', name, { likelihood: 3 });

      // Liam works in German, in Berlin, and chooses 00:00 in Preferences, Notifications: today's digest is due at once.
      const desktop = new Desktop(page);
      await desktop.signIn('liam');
      await desktop.openPreferences();
      const preferences = new PreferencesObject(page);
      await preferences.section('language');
      await preferences.window.getByTestId('preferences.language.de_DE').check();
      await expect(preferences.window.getByTestId('window.title')).toHaveText('Einstellungen');
      await expect.poll(async () => (await readSettings(request, liamToken)).locale).toBe('de_DE');
      await preferences.section('notifications');
      const chosen = Date.now();
      await preferences.digestHour.selectOption('0');
      await expect(preferences.digestSummary).toHaveText('Ihre Übersicht wird täglich um 00:00 Uhr (Europe/Berlin) gesendet, wenn es etwas zu berichten gibt.');
      await expect.poll(async () => (await readSettings(request, liamToken))['digest.timeZone']).toBe('Europe/Berlin');

      const t = DIGEST_TEXTS.de_DE;
      // Journeys on the other worker may give Liam work meanwhile: the mail holds every task open both before and after it
      // was sent, and nothing that was open at neither moment.
      const openNow = async () => (await openTasks(request, liamToken)).filter((task) => task.kind !== 'follow');
      const tasksBefore = await openNow();
      const mail = await waitForMail(atrium.dataDir, 'liam.chen@northwind.example', /^Ihre Atrium-Übersicht/, chosen);
      const tasksAfter = await openNow();
      expect(mail.text).toContain(t.greeting.replace('{name}', 'Liam Chen'));
      // Each open task under its colour's heading.
      let listed = 0;
      for (const [colour, heading] of [['RED', t.red], ['YELLOW', t.yellow], ['GREEN', t.green], ['BLUE', t.blue]] as const) {
        const names = (tasks: typeof tasksBefore) => tasks.filter((task) => task.rygStatus === colour).map((task) => task.task_name);
        const stable = names(tasksBefore).filter((task) => names(tasksAfter).includes(task));
        const possible = new Set([...names(tasksBefore), ...names(tasksAfter)]);
        const group = new RegExp(`^${heading}:\\n((?:- .*\\n)*)`, 'm').exec(mail.text)?.[1] ?? '';
        const lines = group.split('\n').filter(Boolean).map((line) => line.replace(/^- (.*) \([^()]*\)$/, '$1'));
        expect(lines, heading).toEqual(expect.arrayContaining(stable));
        expect(lines.filter((line) => !possible.has(line)), heading).toEqual([]);
        listed += lines.length;
      }
      // The record he follows, with its application's title in his language, how many changes and who made the last
      // (records the journeys before this one made him follow may be listed too).
      const followed = (new RegExp(`^${t.followed}\\n((?:- .*\\n)*)`, 'm').exec(mail.text)?.[1] ?? '').split('\n').filter(Boolean);
      expect(followed).toContain(`- ${name} · ${title} (Risikoregister): ${t.change.replace('{changes}', '2').replace('{user}', 'Olivia Hart')}`);
      // The subject counts what the mail lists: the tasks and the followed records.
      expect(mail.subject).toBe(t.subject.replace('{count}', String(listed + followed.length)));
    } finally {
      await saveSettings(request, liamToken, { locale: before.locale ?? 'en_EN', 'digest.hour': before['digest.hour'] ?? null, 'digest.timeZone': before['digest.timeZone'] ?? null });
      await followRecord(request, liamToken, 'RiskRegister', name, false).catch(() => undefined);
      await removeWithItsWork(request, 'RiskRegister', name, 'olivia');
    }  // The demo users are left with the work they had.
    expect(await demoWork(request)).toEqual(work);
  });
});
