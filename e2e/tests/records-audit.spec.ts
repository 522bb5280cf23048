import { expect, test } from '../fixtures.js';
import { apiToken } from '../helpers/api.js';
import { readRecord } from '../helpers/records.js';
import { Desktop } from '../pages/Desktop.js';
import { GlobalSearchObject } from '../pages/GlobalSearchObject.js';
import { RecordsObject } from '../pages/RecordsObject.js';

/**
 * An auditor adds a finding with its evidence (docs/behaviour/records.md,
 * "Attachments"): Liam opens an audit in Audit Management, adds a finding
 * to its child table, attaches a photo of it to the audit's Attachments
 * (its progress shown while it goes up) and saves; the timeline shows
 * both changes. Global search then finds the photo under Attachments,
 * naming the audit, and opening the result opens the audit.
 */
test('an auditor adds a finding with an attachment, found by the global search, which opens the audit', async ({ page, request }) => {
  const finding = 'Emergency exit sign unlit in hall C';
  const token = `x${Date.now().toString(36)}`;
  const filename = `Exit sign hall C ${token}.pdf`;

  const desktop = new Desktop(page);
  await desktop.signIn('liam', 'Demo@1234', '/?app=Audits');
  const audits = new RecordsObject(page, 'Audit Management');
  await audits.settled();
  const row = audits.rows.first();
  const name = (await row.getAttribute('data-name'))!;
  const audit = (await readRecord(request, await apiToken(request, 'liam'), 'Audits', name))!;
  await row.dblclick();
  const form = audits.form(audit.title);
  await expect(form.root).toBeVisible();

  // A finding: a new row of the Findings table.
  await form.root.getByRole('tab', { name: 'Findings' }).click();
  const findings = form.field('findings');
  const before = await findings.locator('tbody tr').filter({ has: page.locator('input') }).count();
  await findings.getByRole('button', { name: 'Add row' }).click();
  const added = findings.locator('tbody tr').filter({ has: page.locator('input') }).nth(before);
  // The columns: Finding, Grade, Process step, Due date, Closed.
  await added.locator('td').nth(0).locator('input').fill(finding);
  await added.locator('td').nth(1).locator('select').selectOption({ label: 'Minor nonconformity' });

  // Its evidence: the upload shows its progress while the server has not answered (held here until it was seen).
  await form.root.getByRole('tab', { name: 'Report and files' }).click();
  const attachments = form.field('attachments');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/records/Audits/record/*/files?field=attachments', async (route) => {
    await held;
    await route.continue();
  });
  await form.root.getByTestId('records.files.input.attachments').setInputFiles({ name: filename, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% Photo of the unlit exit sign, hall C\n%%EOF\n`) });
  const upload = attachments.getByTestId('records.files.upload');
  await expect(upload).toContainText(filename);
  await expect(upload.getByRole('progressbar', { name: new RegExp(filename.replace(/[.]/g, '\\.')) })).toBeVisible();
  await expect(upload.getByRole('button', { name: 'Cancel' })).toBeVisible();
  release();
  await expect(upload).toHaveCount(0);
  await expect(attachments.getByRole('button', { name: filename, exact: true })).toBeVisible();
  await page.unroute('**/api/v1/records/Audits/record/*/files?field=attachments');

  // The finding is saved with the file already in place; the timeline names both changes, by Liam.
  await form.save.click();
  await expect(form.failure).toHaveCount(0);
  await expect(form.problems).toHaveCount(0);
  await expect.poll(async () => JSON.stringify((await readRecord(request, await apiToken(request, 'liam'), 'Audits', name))?.values.findings)).toContain(finding);
  await form.timelineButton.click();
  await expect(form.entries.first()).toContainText(before === 0 ? 'Liam Chen set Findings to Rows: 1' : `Liam Chen changed Findings from Rows: ${before} to Rows: ${before + 1}`);
  await expect(form.entries.nth(1)).toContainText(/Liam Chen (set|changed) Attachments/);
  await expect(form.entries.nth(1)).toContainText(filename);

  // The file is found under Attachments, named by its audit; the form closed, the result opens the audit again.
  await form.window.getByTestId('window.close').click();
  await expect(form.window).toHaveCount(0);
  const search = new GlobalSearchObject(page);
  await search.search(`exit sign ${token}`, 'Attachments');
  const result = search.result(filename);
  await expect(result).toHaveCount(1);
  await expect(result).toContainText(`On Audit “${audit.title}” in Audit Management`);
  await result.click();
  const opened = audits.form(audit.title);
  await expect(opened.root).toBeVisible();
  await opened.root.getByRole('tab', { name: 'Report and files' }).click();
  await expect(opened.field('attachments').getByRole('button', { name: filename, exact: true })).toBeVisible();
});
