import { expect, test } from '../fixtures.js';
import { apiToken } from '../helpers/api.js';
import { queryRecords } from '../helpers/records.js';
import { Desktop } from '../pages/Desktop.js';
import { GlobalSearchObject } from '../pages/GlobalSearchObject.js';
import { RecordsObject } from '../pages/RecordsObject.js';

/**
 * A record found by the global search (docs/behaviour/search.md) opens in
 * Records: Olivia looks for an incident by the words of its summary among
 * records, and the result opens the incident's form in the Incident
 * Tracker's window.
 */
test('an incident found by the global search among records opens in its form', async ({ page, request }) => {
  const summary = 'Partner API certificate expired';
  const { records } = await queryRecords(request, await apiToken(request, 'olivia'), 'Incidents', 'incident', { search: summary, limit: 1, sort: { field: 'reportedAt', direction: 'desc' } });
  expect(records.length).toBeGreaterThan(0);

  await new Desktop(page).signIn('olivia');
  const search = new GlobalSearchObject(page);
  await search.search(summary, 'Records');
  const result = search.result(summary).first();
  await expect(result).toContainText('Incident Tracker');
  await result.click();
  const incidents = new RecordsObject(page, 'Incident Tracker');
  await expect(incidents.window).toHaveCount(1);
  const form = page.locator('[data-testid="window"][data-app="Records"]').filter({ has: page.getByTestId('records.form') });
  await expect(form).toHaveCount(1);
  await expect(form.getByTestId('window.title')).toContainText(summary);
  await expect(form.getByTestId('records.field.summary').locator('input')).toHaveValue(new RegExp(`^${summary}`));
});
