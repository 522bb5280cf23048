import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { apiToken, saveSettings } from '../helpers/api.js';
import { Desktop } from '../pages/Desktop.js';
import { PanelObject } from '../pages/PanelObject.js';
import { PrioritiesObject } from '../pages/PrioritiesObject.js';

/**
 * The Priorities application (docs/behaviour/work.md#priorities-application)
 * on the real server with the demo data: opened from the application menu,
 * its three views, a colour filter, both orders, more than one page (the
 * journey adds tasks of its own through the API, and completes them at the
 * end so that other journeys find the demo data as it was), Complete, Edit,
 * and a task opened from its address.
 */

// Playwright's own helper scripts are refused in the Viewer's sandboxed frame (Edit opens an organisation page): not the page's errors.
test.use({ expectedConsoleErrors: [/^Blocked script execution in '[^']*\/resources\//] });

const HOUR = 3_600_000;
const COLOURS = ['RED', 'YELLOW', 'GREEN', 'BLUE'];

/** Creates a task of the demo user's through the API; returns its id. */
async function createTask(request: APIRequestContext, token: string, name: string, dueInHours: number | null): Promise<string> {
  const response = await request.post('/api/v1/tasks', {
    data: { app: 'Audits', name, assignee: 'demo', end_date: dueInHours === null ? null : new Date(Date.now() + dueInHours * HOUR).toISOString() },
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status() !== 201) throw new Error(`creating ${name} failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: { uuid: string } }).data.uuid;
}

/** Completes tasks through the API (those the journey has not completed itself). */
async function completeAll(request: APIRequestContext, token: string, ids: readonly string[]): Promise<void> {
  for (const id of ids) await request.post(`/api/v1/tasks/${id}/complete`, { headers: { authorization: `Bearer ${token}` } });
}

/** What the server counts in a view of the demo user's. */
async function viewTotals(request: APIRequestContext, token: string, type: string): Promise<{ total: number; ryg_count: Record<string, number> }> {
  const response = await request.get(`/api/v1/user/getusernotifications?type=${type}&take=0&skip=0`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: { total: number; ryg_count: Record<string, number> } }).data;
}

const rank = (colour: string) => COLOURS.indexOf(colour);
const time = (iso: string) => (iso ? Date.parse(iso) : Number.POSITIVE_INFINITY);

test.describe('Priorities', () => {
  test("a focused filter's ring stands out from what surrounds it, the pressed All filter's too", async ({ page, request }) => {
    await saveSettings(request, await apiToken(request, 'demo'), { 'app.Priorities': null });
    const desktop = new Desktop(page);
    await desktop.signIn('demo');
    await page.goto('/?app=Priorities');
    await desktop.waitUntilStarted();
    const priorities = new PrioritiesObject(page);
    await priorities.settled();
    await expect(priorities.all).toHaveAttribute('aria-pressed', 'true');
    await priorities.all.focus();
    await expect(priorities.all).toBeFocused();
    // The ring's colour against the colour it covers (outside the chip: the toolbar's background), as WCAG computes contrast.
    const ratio = await priorities.all.evaluate((chip) => {
      const style = getComputedStyle(chip);
      if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 2) return 0;
      const rgb = (text: string) => (text.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (text: string) => {
        const [r, g, b] = rgb(text).map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      // The first ancestor with a background of its own.
      let behind = chip.parentElement;
      while (behind && getComputedStyle(behind).backgroundColor === 'rgba(0, 0, 0, 0)') behind = behind.parentElement;
      const covered = parseFloat(style.outlineOffset) >= 0 ? getComputedStyle(behind!).backgroundColor : style.borderColor;
      const [light, dark] = [luminance(style.outlineColor), luminance(covered)].sort((a, b) => b - a);
      return (light! + 0.05) / (dark! + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });

  test('opens from the application menu: views, a colour filter, both orders, pages, Complete and Edit', async ({ page, request }) => {
    const token = await apiToken(request, 'demo');
    // Priorities opens in the view and order the user chose last; another journey may have chosen one.
    await saveSettings(request, token, { 'app.Priorities': null });
    const created: string[] = [];
    try {
      // One task overdue before every other, and enough later ones for a second page.
      created.push(await createTask(request, token, 'Paging check 00', -2000));
      for (let i = 1; i <= 54; i++) created.push(await createTask(request, token, `Paging check ${String(i).padStart(2, '0')}`, 300 + i));
      const { total, ryg_count } = await viewTotals(request, token, 'assignments');
      expect(total).toBeGreaterThan(50);

      const desktop = new Desktop(page);
      const panel = new PanelObject(page);
      await desktop.signIn('demo');
      await panel.openAppMenu();
      await panel.app('Priorities').click();
      const priorities = new PrioritiesObject(page);
      await priorities.settled();
      await expect(priorities.window.getByTestId('window.title')).toHaveText('Priorities');
      await expect(priorities.tab('My Priorities')).toHaveAttribute('aria-selected', 'true');

      // The first page, by end date: the overdue task first, undated ones last.
      await expect(priorities.rows).toHaveCount(50);
      await expect(priorities.range).toHaveText(`Showing 1–50 of ${total}`);
      expect((await priorities.names())[0]).toBe('Paging check 00');
      const first = priorities.row('Paging check 00');
      await expect(first).toContainText('Red');
      await expect(first).toContainText('Audit Management');
      // Snooze is greyed on a red task, and not clickable.
      await expect(priorities.action(first, 'Snooze')).toHaveAttribute('aria-disabled', 'true');
      for (const colour of COLOURS) expect(await priorities.count(colour)).toBe(String(ryg_count[colour.toLowerCase()]));
      const asc = await priorities.rowOrder();
      for (let i = 1; i < asc.length; i++) expect(time(asc[i]!.end)).toBeGreaterThanOrEqual(time(asc[i - 1]!.end));

      // The second page.
      await priorities.root.getByRole('button', { name: 'Next page' }).click();
      await expect(priorities.range).toHaveText(`Showing 51–${total} of ${total}`);
      await expect(priorities.page).toHaveText(`Page 2 of ${Math.ceil(total / 50)}`);
      await expect(priorities.rows).toHaveCount(total - 50);
      await priorities.root.getByRole('button', { name: 'First page' }).click();
      await expect(priorities.range).toHaveText(`Showing 1–50 of ${total}`);

      // Latest first: undated still last.
      await priorities.order.click();
      await expect(priorities.order).toHaveAttribute('data-order', 'desc');
      await priorities.settled();
      const desc = await priorities.rowOrder();
      const dated = desc.filter((r) => r.end);
      for (let i = 1; i < dated.length; i++) expect(time(dated[i]!.end)).toBeLessThanOrEqual(time(dated[i - 1]!.end));
      expect((await priorities.names())[0]).toBe('Paging check 54');

      // By status, red first; then the other way round, blue first.
      await priorities.sort.selectOption('status');
      await priorities.order.click();
      await expect(priorities.order).toHaveAttribute('data-order', 'asc');
      await priorities.settled();
      const byStatus = (await priorities.rowOrder()).map((r) => rank(r.colour));
      expect(byStatus).toEqual([...byStatus].sort((a, b) => a - b));
      await priorities.order.click();
      await expect(priorities.order).toHaveAttribute('data-order', 'desc');
      await priorities.settled();
      const byStatusDesc = (await priorities.rowOrder()).map((r) => rank(r.colour));
      expect(byStatusDesc).toEqual([...byStatusDesc].sort((a, b) => b - a));

      // A colour filter: only red tasks, as many as the counter says; again: every colour.
      await priorities.filter('RED').click();
      await expect(priorities.filter('RED')).toHaveAttribute('aria-pressed', 'true');
      await priorities.settled();
      await expect(priorities.rows).toHaveCount(ryg_count.red!);
      expect(new Set((await priorities.rowOrder()).map((r) => r.colour))).toEqual(new Set(['RED']));
      await priorities.filter('RED').click();
      await expect(priorities.all).toHaveAttribute('aria-pressed', 'true');
      await expect(priorities.range).toHaveText(`Showing 1–50 of ${total}`);

      // The other views.
      await priorities.tab('My Follow Up').click();
      await priorities.settled();
      await expect(priorities.rows.first()).toBeVisible();
      // Who has the task (named beside the person: the window is too narrow for that column).
      await expect(priorities.rows.first().getByText('Assignee', { exact: true })).toBeVisible();
      await priorities.tab('My Snoozed Items').click();
      await priorities.settled();
      await expect(priorities.rows.first()).toBeVisible();
      await expect(priorities.rows.first().getByText('Snoozed Until', { exact: true })).toBeVisible();
      await expect(priorities.action(priorities.rows.first(), 'Unsnooze or extend')).not.toHaveAttribute('aria-disabled', 'true');

      // Complete: the task leaves the list and the red counter goes down.
      await priorities.tab('My Priorities').click();
      await priorities.sort.selectOption('end_date');
      await priorities.order.click();
      await expect(priorities.order).toHaveAttribute('data-order', 'asc');
      await priorities.settled();
      await priorities.action(priorities.row('Paging check 00'), 'Complete').click();
      await expect(priorities.notice).toHaveText(/“Paging check 00” is completed\./);
      await expect(priorities.row('Paging check 00')).toHaveCount(0);
      await expect(priorities.range).toHaveText(`Showing 1–50 of ${total - 1}`);
      expect(await priorities.count('RED')).toBe(String(ryg_count.red! - 1));

      // Edit opens the task's application (the declared Audits, in Records: its list, as the task is about no record).
      await priorities.action(priorities.row('Paging check 01'), 'Edit').click();
      await expect(desktop.appWindows('Records').getByTestId('window.title')).toHaveText('Audit Management');
    } finally {
      await completeAll(request, token, created);
    }
  });

  test('opened at a task from its address, shows it above the list, in its view', async ({ page, request }) => {
    const token = await apiToken(request, 'demo');
    await saveSettings(request, token, { 'app.Priorities': null });
    const id = await createTask(request, token, 'Address check', 500);
    try {
      const desktop = new Desktop(page);
      await desktop.signIn('demo', 'Demo@1234', `/?app=Priorities&taskId=${id}`);
      const priorities = new PrioritiesObject(page);
      const highlight = priorities.root.getByTestId('priorities.highlight');
      await expect(highlight).toHaveAttribute('data-status', 'ready');
      await expect(highlight.getByTestId('priorities.highlight.name')).toHaveText('Address check');
      await expect(highlight.getByRole('heading', { name: 'The task you opened' })).toBeVisible();
      await expect(priorities.tab('My Priorities')).toHaveAttribute('aria-selected', 'true');
    } finally {
      await completeAll(request, token, [id]);
    }
  });
});
