import { expect, test } from '../fixtures.js';
import { apiToken } from '../helpers/api.js';
import { queryRecords, type RecordQuery } from '../helpers/records.js';
import { Desktop } from '../pages/Desktop.js';
import { RecordsObject } from '../pages/RecordsObject.js';

/**
 * The list of Records (apps/records/README.md) over the demo's Incident
 * Tracker, the large one (over 2,000 incidents at Northwind): pages of 50
 * with their range, a heading that sorts one way then the other, a quick
 * filter and the search, each showing what the server answers for the same
 * query with the user's rights; and a record opened from its address, or
 * refused when the user may not read it.
 */

/** A count as the list writes it in English (2,150). */
const count = (n: number) => n.toLocaleString('en-US');

test.describe('Records', () => {
  test('the incident list: pages of 50 of the 2,000 and more, sorted by a heading both ways, a quick filter and the search', async ({ page, request }) => {
    const token = await apiToken(request, 'olivia');
    const names = async (query: RecordQuery) => (await queryRecords(request, token, 'Incidents', 'incident', { limit: 50, ...query })).records.map((r) => r.name);
    const { total } = await queryRecords(request, token, 'Incidents', 'incident', { limit: 1 });
    expect(total).toBeGreaterThan(2000);

    await new Desktop(page).signIn('olivia', 'Demo@1234', '/?app=Incidents');
    const incidents = new RecordsObject(page, 'Incident Tracker');
    await incidents.settled();
    await expect(incidents.rows).toHaveCount(50);
    await expect(incidents.range).toHaveText(`1–50 of ${count(total)}`);
    // The view's order: the latest reported first.
    await expect(incidents.heading('reportedAt')).toHaveAttribute('aria-sort', 'descending');
    expect(await incidents.names()).toEqual(await names({ sort: { field: 'reportedAt', direction: 'desc' } }));

    // The next page, and back.
    await incidents.nextPage.click();
    await expect(incidents.range).toHaveText(`51–100 of ${count(total)}`);
    await incidents.settled();
    expect(await incidents.names()).toEqual(await names({ sort: { field: 'reportedAt', direction: 'desc' }, offset: 50 }));
    await incidents.previousPage.click();
    await expect(incidents.range).toHaveText(`1–50 of ${count(total)}`);
    await expect(incidents.previousPage).toBeDisabled();

    // A heading sorts by its column, ascending, then descending.
    await incidents.sortButton('summary').click();
    await expect(incidents.heading('summary')).toHaveAttribute('aria-sort', 'ascending');
    await expect(incidents.heading('reportedAt')).not.toHaveAttribute('aria-sort');
    await incidents.settled();
    await expect.poll(() => incidents.names()).toEqual(await names({ sort: { field: 'summary', direction: 'asc' } }));
    await incidents.sortButton('summary').click();
    await expect(incidents.heading('summary')).toHaveAttribute('aria-sort', 'descending');
    await incidents.settled();
    await expect.poll(() => incidents.names()).toEqual(await names({ sort: { field: 'summary', direction: 'desc' } }));

    // A quick filter: only critical incidents, every row says so.
    const critical = { field: 'severity', op: 'eq', value: 'sev1' };
    const { total: criticalTotal } = await queryRecords(request, token, 'Incidents', 'incident', { filters: [critical], limit: 1 });
    expect(criticalTotal).toBeGreaterThan(50);
    expect(criticalTotal).toBeLessThan(total);
    await incidents.quickFilter('severity').selectOption({ label: 'Sev 1: critical' });
    await expect(incidents.range).toHaveText(`1–50 of ${count(criticalTotal)}`);
    await incidents.settled();
    expect(new Set(await incidents.columnTexts('Severity'))).toEqual(new Set(['Sev 1: critical']));

    // The search, within the filter: the words of a summary.
    const search = 'card payments';
    const { total: found } = await queryRecords(request, token, 'Incidents', 'incident', { filters: [critical], search, limit: 1 });
    expect(found).toBeGreaterThan(0);
    await incidents.search.fill(search);
    await expect(incidents.range).toHaveText(`1–${Math.min(found, 50)} of ${count(found)}`);
    await incidents.settled();
    for (const summary of await incidents.columnTexts('Summary')) expect(summary.toLowerCase()).toContain(search);
    expect(new Set(await incidents.columnTexts('Severity'))).toEqual(new Set(['Sev 1: critical']));

    // Nothing matches: the list says so and offers to clear the search and filters.
    await incidents.search.fill('no incident says this');
    await expect(incidents.list.getByTestId('records.empty')).toContainText('No records match the search and filters.');
    await incidents.list.getByRole('button', { name: 'Clear the search and filters' }).click();
    await expect(incidents.range).toHaveText(`1–50 of ${count(total)}`);
    await expect(incidents.search).toHaveValue('');
  });

  test('a record opened from its address; one the user may not read is refused as not found', async ({ page, request }) => {
    // Liam's own leave request, and Olivia's, which is neither his nor his report's.
    const liamsOwn = (await queryRecords(request, await apiToken(request, 'liam'), 'LeaveRequests', 'request', { limit: 1 })).records[0]!;
    const oliviasOwn = (await queryRecords(request, await apiToken(request, 'olivia'), 'LeaveRequests', 'request', { filters: [{ field: 'employee', op: 'eq', value: { me: true } }], limit: 1 })).records[0]!;

    const desktop = new Desktop(page);
    await desktop.signIn('liam', 'Demo@1234', `/?app=LeaveRequests&record=${liamsOwn.name}`);
    const form = new RecordsObject(page, 'Leave Requests').form(liamsOwn.title);
    await expect(form.root).toBeVisible();
    await expect(form.input('title')).toHaveValue(liamsOwn.title);
    await expect(form.field('employee')).toContainText('Liam Chen');

    await page.goto(`/?app=LeaveRequests&record=${oliviasOwn.name}`);
    await desktop.waitUntilStarted();
    const refusal = desktop.dialog('alert');
    await expect(refusal.message).toHaveText('Record not found');
    // No form opens for it.
    await expect(page.getByTestId('records.form')).toHaveCount(0);
    await refusal.button('Close').click();
    // The application itself stays open at its list.
    await new RecordsObject(page, 'Leave Requests').settled();
  });
});
