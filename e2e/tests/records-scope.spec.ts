import { expect, test } from '../fixtures.js';
import { apiToken } from '../helpers/api.js';
import { queryRecords, readRecord } from '../helpers/records.js';
import { Desktop } from '../pages/Desktop.js';
import { RecordsObject } from '../pages/RecordsObject.js';

/**
 * A change that would take a record out of its writer's reach
 * (docs/behaviour/records.md, "Rights"): Liam changes his own leave
 * requests only; giving one to Olivia is refused with the reason, and the
 * request stays his, as it was.
 */
test('Liam may not give his own leave request to Olivia: the form says why and nothing is saved', async ({ page, request }) => {
  const token = await apiToken(request, 'liam');
  const own = (await queryRecords(request, token, 'LeaveRequests', 'request', { filters: [{ field: 'employee', op: 'eq', value: { me: true } }], limit: 1 })).records[0]!;

  const desktop = new Desktop(page);
  await desktop.signIn('liam', 'Demo@1234', `/?app=LeaveRequests&record=${own.name}`);
  const form = new RecordsObject(page, 'Leave Requests').form(own.title);
  await expect(form.root).toBeVisible();
  await expect(form.field('employee')).toContainText('Liam Chen');

  // Olivia found by the people search of the field, then chosen.
  await form.field('employee').getByRole('searchbox', { name: 'Search people' }).fill('Olivia');
  const employee = form.field('employee').locator('select');
  await expect(employee.locator('option', { hasText: 'Olivia Hart' })).toHaveCount(1);
  await employee.selectOption({ label: 'Olivia Hart' });
  await form.save.click();

  await expect(form.failure).toHaveText('After this change you could no longer change this record, so it was not saved.');
  const after = await readRecord(request, token, 'LeaveRequests', own.name);
  expect(after).toMatchObject({ version: own.version, values: { employee: own.values.employee } });
});
