import { expect, test } from '../fixtures.js';
import { apiToken } from '../helpers/api.js';
import { deleteRecord, queryRecords } from '../helpers/records.js';
import { Desktop } from '../pages/Desktop.js';
import { RecordsObject } from '../pages/RecordsObject.js';

/**
 * A CSV import in Records (docs/behaviour/records.md, CSV): Olivia, who
 * manages incidents, chooses a file of three incidents of which one has a
 * severity the tracker does not know. The preview shows that row refused
 * with its problem, the import cannot be started, and nothing is written.
 * Corrected and chosen again, the file is imported whole, and the list shows
 * the new incidents.
 */

const HEADER = 'Summary,Service,Severity,Reported at';
const csv = (severity: string) =>
  [HEADER, 'Imported: scanner firmware rollout,Warehouse system,Sev 3: medium,2026-03-02T08:00:00Z', `Imported: VPN certificate renewal,Remote access,${severity},2026-03-02T09:00:00Z`, 'Imported: mail relay migration,mail,sev4,2026-03-02T10:00:00Z'].join('\r\n');

test('a CSV file with one refused row imports nothing; corrected, all its rows become incidents', async ({ page, request }) => {
  const token = await apiToken(request, 'olivia');
  const imported = () => queryRecords(request, token, 'Incidents', 'incident', { search: 'Imported', limit: 10 });
  expect((await imported()).total).toBe(0);

  await new Desktop(page).signIn('olivia', 'Demo@1234', '/?app=Incidents');
  const incidents = new RecordsObject(page, 'Incident Tracker');
  await incidents.settled();
  await incidents.list.getByTestId('records.import.open').click();
  const importer = page.locator('[data-testid="window"][data-app="Records"]').filter({ has: page.getByTestId('records.import') });
  const file = importer.getByLabel('CSV file');
  const summary = importer.getByTestId('records.import.summary');
  const start = importer.getByTestId('records.import.start');
  try {
    // One row (row 3 of the file: the header is row 1) names a severity the tracker does not have.
    await file.setInputFiles({ name: 'incidents.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('Sev 9: unheard of')) });
    await expect(summary).toHaveText('Rows: 3. Refused: 1. Correct the refused rows in the file, then choose it again.');
    await expect(importer.getByTestId('records.import.row.3')).toContainText('Severity: Choose one of the options.');
    // Only the refused rows are shown, to be corrected.
    await expect(importer.getByTestId('records.import.row.2')).toHaveCount(0);
    await expect(start).toBeDisabled();
    expect((await imported()).total).toBe(0);

    // Corrected and chosen again: every row is ready, and the import writes them all.
    await file.setInputFiles({ name: 'incidents.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('Sev 2: high')) });
    await expect(summary).toHaveText('Rows: 3. Refused: 0.');
    await expect(start).toHaveText('Import records: 3');
    await start.click();
    await expect(importer.getByTestId('records.import.done')).toHaveText('Records imported: 3.');
    const made = await imported();
    expect(made.total).toBe(3);
    expect(made.records.map((r) => r.values.severity).sort()).toEqual(['sev2', 'sev3', 'sev4']);

    // The list behind shows them.
    await importer.getByTestId('records.import.close').click();
    await incidents.search.fill('Imported');
    await expect(incidents.rows).toHaveCount(3);
    await expect(incidents.rowTitled('Imported: VPN certificate renewal').locator('td[data-label="Severity"]')).toHaveText('Sev 2: high');
  } finally {
    for (const record of (await imported()).records) await deleteRecord(request, token, 'Incidents', record.name);
  }
});
