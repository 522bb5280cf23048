import { expect, test } from '../fixtures.js';
import { apiToken } from '../helpers/api.js';
import { readRecord, transitionRecord } from '../helpers/records.js';
import { Desktop } from '../pages/Desktop.js';
import { RecordsObject } from '../pages/RecordsObject.js';

/**
 * The board of Records (docs/behaviour/records-views.md#board) over the
 * demo's Customer Relations leads, grouped by stage: a card moved with the
 * keyboard alone (Space picks it up, → carries it to the next stage, Space
 * drops it), each step said in the live region by the lead's name, the lead's stage changed on
 * the server, and the card still in its new column after a reload.
 */

test('a lead moved on the board with the keyboard changes stage, is announced, and stays there after a reload', async ({ page, request }) => {
  const desktop = new Desktop(page);
  await desktop.signIn('olivia', 'Demo@1234', '/?app=CRM');
  const crm = new RecordsObject(page, 'Customer Relations');
  await crm.settled();
  await crm.mode('board').click();
  await expect(crm.mode('board')).toHaveAttribute('aria-checked', 'true');
  const from = crm.boardColumn('new');
  const to = crm.boardColumn('qualified');
  const card = from.getByTestId('records.board.card').first();
  await expect(card).toBeVisible();
  const name = (await card.getAttribute('data-card'))!;
  // Columns load one by one: the count is read once the target column has answered.
  await expect(to).not.toHaveAttribute('aria-busy');
  const before = Number(await to.getByTestId('records.board.count').textContent());
  const token = await apiToken(request, 'olivia');
  try {
    await crm.card(name).focus();
    await page.keyboard.press('Space');
    await expect(crm.announcement).toHaveText(new RegExp(`^Picked up ${name} in New, position 1 of \\d+\\.$`));
    await page.keyboard.press('ArrowRight');
    await expect(crm.announcement).toHaveText(new RegExp(`^${name} is over Qualified, position \\d+ of ${before + 1}\\.$`));
    await page.keyboard.press('Space');
    await expect(crm.announcement).toHaveText(`Moved ${name} to Qualified`);
    await expect(to.locator(`[data-card="${name}"]`)).toBeVisible();
    await expect(crm.card(name)).not.toHaveAttribute('aria-busy');
    await expect(to.getByTestId('records.board.count')).toHaveText(String(before + 1));
    // The keyboard stays on the card it moved.
    await expect(crm.card(name)).toBeFocused();
    expect((await readRecord(request, token, 'CRM', name))?.values.stage).toBe('qualified');

    // A reload: the card is in its new column.
    await page.goto('/?app=CRM');
    await desktop.waitUntilStarted();
    await crm.settled();
    await crm.mode('board').click();
    await expect(to.locator(`[data-card="${name}"]`)).toBeVisible();
    await expect(from.locator(`[data-card="${name}"]`)).toHaveCount(0);
  } finally {
    // Back where the demo data had it: the stage is the workflow's, changed by a transition only.
    await transitionRecord(request, token, 'CRM', name, 'backToNew');
  }
});
