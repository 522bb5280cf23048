import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { apiToken } from '../helpers/api.js';
import { expectFocusIn, tabThrough, tabTo } from '../helpers/focus.js';
import { readRecord, updateRecord } from '../helpers/records.js';
import { DashboardsObject } from '../pages/DashboardsObject.js';
import { Desktop } from '../pages/Desktop.js';
import { LoginPage } from '../pages/LoginPage.js';
import { NotificationCentreObject } from '../pages/NotificationCentreObject.js';
import { OverlaysObject } from '../pages/OverlaysObject.js';
import { RecordsObject } from '../pages/RecordsObject.js';
import { ForgotPasswordPage } from '../pages/RecoveryPages.js';
import type { WindowObject } from '../pages/WindowObject.js';

/**
 * A whole session with the keyboard alone (docs/KEYBOARD.md,
 * docs/ACCESSIBILITY.md): only page.keyboard, never the mouse, a click or a
 * programmatic focus. At every step focus is on something the user can see,
 * with a focus indicator, inside the area the step left it in. Every new
 * screen, window or dialog kind joins this journey.
 */

/** One dialog kind: the developer-menu entry that opens it, the keys that answer it, and the result the desktop shows. */
interface DialogAnswer {
  entry: string;
  kind: string;
  answer(page: Page): Promise<void>;
  result: string | RegExp;
}

const press = (...keys: string[]) => async (page: Page) => {
  for (const key of keys) await page.keyboard.press(key);
};

const DIALOG_ANSWERS: readonly DialogAnswer[] = [
  { entry: 'alertInfo', kind: 'alert', answer: press('Enter'), result: 'alert: close' },
  { entry: 'alertError', kind: 'alert', answer: press('Enter'), result: 'alert: close' },
  { entry: 'confirmYesNo', kind: 'confirm', answer: press('Enter'), result: 'confirm: yes' },
  { entry: 'confirmOkCancel', kind: 'confirm', answer: press('Escape'), result: 'confirm: cancel' },
  { entry: 'prompt', kind: 'prompt', answer: async (page) => (await page.keyboard.type('Minutes'), page.keyboard.press('Enter')), result: 'prompt: ok "Minutes"' },
  { entry: 'progress', kind: 'progress', answer: press('Escape'), result: /^progress: cancel -?\d+$/ },
  { entry: 'choice', kind: 'choice', answer: press('ArrowDown', 'Enter'), result: 'choice: ok "monthly"' },
  { entry: 'color', kind: 'color', answer: press('ArrowRight', 'Enter'), result: 'color: ok {"r":48,"g":111,"b":222,"hex":"#306fde"}' },
  { entry: 'font', kind: 'font', answer: press('Enter'), result: /^font: ok \{"name":/ },
  { entry: 'fileOpen', kind: 'file', answer: press('ArrowDown', 'ArrowDown', 'Enter'), result: /^file: ok \{.*"path":"home:\/Documents\/budget\.csv"/ },
  { entry: 'fileSave', kind: 'file', answer: press('Enter', 'Enter'), result: /^file: ok \{.*"path":"home:\/Documents\/report\.txt"/ },
  { entry: 'defaultApplication', kind: 'defaultApplication', answer: press('ArrowDown', 'Tab', 'Space', 'Enter'), result: /^defaultApplication: ok \{"value":"[a-z]+","checked":true\}$/ },
];

test('a keyboard user visits the recovery screen, signs in, launches an application, moves and resizes its window, answers every dialog kind, closes the window, goes through Priorities and signs out', async ({ page }) => {
  test.setTimeout(120_000);
  const login = new LoginPage(page);
  const desktop = new Desktop(page);
  await login.open();
  const card = page.getByTestId('login.card');

  await test.step('to the recovery screen and back', async () => {
    // The page opens with the focus in the card; only the language picker comes before it (the announcements after it).
    await expect(login.username).toBeFocused();
    await tabTo(page, page.getByTestId('login.language'), { backwards: true, max: 1 });
    await tabTo(page, login.username, { max: 1 });
    await tabTo(page, login.forgotLink, { max: 3 });
    await page.keyboard.press('Enter');
    const forgot = new ForgotPasswordPage(page);
    await expect(forgot.username).toBeFocused();
    await expectFocusIn(page, page.getByTestId('forgot.card'), 'in the recovery card');
    await tabTo(page, forgot.goBack, { max: 3 });
    await page.keyboard.press('Enter');
    await expect(login.username).toBeFocused();
  });

  await test.step('sign in: type, Tab to the password, type, Enter', async () => {
    await page.keyboard.type('demo');
    await tabTo(page, login.password, { max: 1 });
    await expectFocusIn(page, card, 'in the sign-in card');
    await page.keyboard.type('Demo@1234');
    await page.keyboard.press('Enter');
    await desktop.waitUntilStarted();
    // A first sign-in asks for the privacy policy: tick and continue with the keyboard.
    const privacy = desktop.privacyDialog();
    if ((await desktop.surface.getAttribute('data-privacy-policy')) === 'open') {
      await privacy.waitFor();
      await expectFocusIn(page, privacy, 'in the privacy-policy dialog');
      await tabTo(page, privacy.getByRole('checkbox'), { max: 10 });
      await page.keyboard.press('Space');
      await tabTo(page, privacy.getByRole('button', { name: 'Continue' }), { max: 10 });
      await page.keyboard.press('Enter');
      await expect(privacy).toHaveCount(0);
    }
    await expectFocusIn(page, desktop.surface, 'on the desktop after signing in');
  });

  let preferences!: WindowObject;
  await test.step('launch Preferences from the profile menu', async () => {
    await tabTo(page, desktop.profileButton);
    await page.keyboard.press('Enter');
    await pressUntilFocused(page, 'ArrowDown', page.getByRole('menuitem', { name: 'Edit Preferences' }));
    await page.keyboard.press('Enter');
    await desktop.appWindows('Preferences').waitFor();
    preferences = await desktop.windowTitled('Preferences');
    await expectFocusIn(page, preferences.frame, 'in the Preferences window');
    // Its sections are tabs (the arrow keys move between them); Tab visits every control of each, and each shows the focus.
    const selectedTab = preferences.frame.getByRole('tab', { selected: true });
    await tabTo(page, selectedTab);
    for (const section of ['appearance', 'panels', 'widgets', 'language', 'notifications', 'absence', 'general']) {
      await expect(selectedTab).toHaveAttribute('data-testid', `preferences.tab.${section}`);
      expect(await tabThrough(page, preferences.frame.getByRole('tabpanel')), `controls of the ${section} section`).toBeGreaterThan(0);
      await tabTo(page, selectedTab, { backwards: true, max: 40 });
      await page.keyboard.press('ArrowDown');
    }
    await expect(selectedTab).toHaveAttribute('data-testid', 'preferences.tab.appearance');
    await expectFocusIn(page, preferences.frame, 'on the sections of Preferences');
  });

  await test.step('move and resize the window with the keyboard', async () => {
    const before = await preferences.box();
    await page.keyboard.press('Alt+Shift+F7');
    await expect(page.getByTestId('desktop.keyboardMode')).toContainText('Preferences');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('desktop.keyboardMode')).toHaveText('');
    const moved = await preferences.box();
    expect([moved.left - before.left, moved.top - before.top]).toEqual([10, 10]);
    await expectFocusIn(page, preferences.frame, 'in the window after moving it');

    await page.keyboard.press('Alt+Shift+F8');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    const resized = await preferences.box();
    expect([resized.width - moved.width, resized.height - moved.height]).toEqual([-10, -10]);
    await expectFocusIn(page, preferences.frame, 'in the window after resizing it');
  });

  await test.step('open and answer every dialog kind from the developer menu', async () => {
    for (const dialog of DIALOG_ANSWERS) {
      await test.step(dialog.entry, async () => {
        await tabTo(page, desktop.developerButton, { max: 40 });
        await page.keyboard.press('Enter');
        const menu = page.getByTestId('devtools.menu');
        await expectFocusIn(page, menu, 'in the developer menu');
        const item = page.getByTestId(`devtools.${dialog.entry}`);
        for (let i = 0; i < 20 && !(await item.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
        await expect(item).toBeFocused();
        await page.keyboard.press('Enter');
        const view = desktop.dialog(dialog.kind);
        await view.view.waitFor();
        await expectFocusIn(page, view.window, `in the ${dialog.entry} dialog`);
        await dialog.answer(page);
        await expect(desktop.result).toHaveText(dialog.result);
        await expect(desktop.dialog(dialog.kind).window).toHaveCount(0);
        await expectFocusIn(page, desktop.surface, `back on the desktop after the ${dialog.entry} dialog`);
      });
    }
  });

  await test.step('close the window', async () => {
    await tabTo(page, preferences.frame.getByRole('tab', { selected: true }), { max: 40 });
    await page.keyboard.press('Alt+Shift+KeyW');
    await expect(preferences.frame).toHaveCount(0);
    await expectFocusIn(page, desktop.surface, 'on the desktop after closing the last window');
  });

  await test.step('Priorities: its views, rows and actions, and the comments dialog it opens', async () => {
    await page.keyboard.press('Alt+a');
    await page.keyboard.type('Priorities');
    await page.keyboard.press('Enter');
    const window = desktop.appWindows('Priorities');
    const rows = window.getByTestId('priorities.task');
    await rows.first().waitFor();
    // Once the first page has arrived (nothing is being fetched any more), as a user would look before pressing keys.
    await expect(window.getByTestId('priorities')).toHaveAttribute('data-status', 'ready');
    await expect(window.getByTestId('priorities.list')).not.toHaveAttribute('data-busy');
    await expectFocusIn(page, window, 'in the Priorities window');
    // The views are tabs: the arrows move between them, and back.
    const selectedTab = window.getByRole('tab', { selected: true });
    await tabTo(page, selectedTab, { max: 10 });
    // Home first: the application opens at the view the user had last (an earlier journey may have left another one).
    await page.keyboard.press('Home');
    await expect(selectedTab).toHaveText('My Priorities');
    await page.keyboard.press('ArrowRight');
    await expect(selectedTab).toHaveText('My Follow Up');
    await page.keyboard.press('ArrowLeft');
    await expect(selectedTab).toHaveText('My Priorities');
    await rows.first().waitFor();
    // The rows: one Tab stop, the arrows between rows, → to the row's actions.
    await tabTo(page, rows.first(), { max: 20 });
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(rows.nth(1).getByRole('button', { name: 'Edit' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    const comments = rows.nth(1).getByRole('button', { name: 'Comments' });
    await expect(comments).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('work.commentsDialog');
    await dialog.waitFor();
    await expectFocusIn(page, dialog, 'in the comments dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(comments).toBeFocused();
    await page.keyboard.press('Alt+Shift+KeyW');
    await expect(window).toHaveCount(0);
    await expectFocusIn(page, desktop.surface, 'on the desktop after closing Priorities');
  });

  await test.step('the logout question: a modal of the desktop that Tab never leaves; No keeps the user signed in', async () => {
    await page.keyboard.press('Alt+Shift+P');
    await page.keyboard.type('Log out');
    await expect(page.getByRole('option', { name: /^Log out/ }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    const question = desktop.dialog('confirm');
    await expect(question.message).toHaveText('Would you like to logout?');
    await expect(question.window).toHaveAttribute('aria-modal', 'true');
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      await expectFocusIn(page, question.window, `in the logout question after Tab ${i + 1}`);
    }
    await page.keyboard.press('Shift+Tab');
    await expectFocusIn(page, question.window, 'in the logout question after Shift+Tab');
    await page.keyboard.press('Escape');
    await expect(question.window).toHaveCount(0);
    await expectFocusIn(page, desktop.surface, 'back on the desktop after the logout question');
  });

  await test.step('the launch error of an application the address asks for has the focus; Enter closes it', async () => {
    await page.goto('/?app=Campaigns');
    await desktop.waitUntilStarted();
    const alert = desktop.dialog('alert');
    await expect(alert.message).toHaveText("You don't have access to Campaigns App");
    await expectFocusIn(page, alert.window, 'in the launch error when it shows');
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      await expectFocusIn(page, alert.window, `in the launch error after Tab ${i + 1}`);
    }
    await pressUntilFocused(page, 'Tab', alert.button('Close'));
    await page.keyboard.press('Enter');
    await expect(alert.window).toHaveCount(0);
    await expectFocusIn(page, desktop.surface, 'back on the desktop after the launch error');
  });

  await test.step('sign out', async () => {
    await tabTo(page, desktop.profileButton, { max: 40 });
    await page.keyboard.press('Enter');
    await pressUntilFocused(page, 'ArrowDown', page.getByRole('menuitem', { name: 'Sign Out' }));
    await page.keyboard.press('Enter');
    await expect(login.username).toBeFocused();
    await expectFocusIn(page, card, 'in the sign-in card after signing out');
  });
});

test('a keyboard user opens Leave Requests from the application menu, moves in its list, opens a request, changes it, saves it with Ctrl+S, finds its commands in the palette, opens a new one with Alt+N and closes them', async ({ page, request }) => {
  const desktop = new Desktop(page);
  await desktop.signIn();
  await page.keyboard.press('Alt+a');
  await expect(page.getByRole('searchbox', { name: 'Search Applications' })).toBeFocused();
  await page.keyboard.type('Leave Requests');
  await page.keyboard.press('Enter');
  const records = new RecordsObject(page, 'Leave Requests');
  await records.settled();
  await expectFocusIn(page, records.window, 'in the Leave Requests window');

  // The rows: one Tab stop, the arrows between them, Enter opens one in a window of its own.
  await tabTo(page, records.rows.first(), { max: 30 });
  await expectFocusIn(page, records.list, 'on the first row');
  await page.keyboard.press('ArrowDown');
  const row = records.rows.nth(1);
  await expect(row).toBeFocused();
  const name = (await row.getAttribute('data-name'))!;
  const title = (await row.getAttribute('aria-label'))!.replace(/^Open /, '');
  const token = await apiToken(request, 'demo');
  const reason = (await readRecord(request, token, 'LeaveRequests', name))?.values.reason ?? null;
  await page.keyboard.press('Enter');
  const form = records.form(title);
  await form.root.waitFor();
  await expectFocusIn(page, form.window, 'in the record’s window');
  try {
    // To the reason, typed over; Ctrl+S saves.
    await tabTo(page, form.input('reason'), { max: 30 });
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Changed from the keyboard alone.');
    await page.keyboard.press('Control+S');
    await expect.poll(async () => (await readRecord(request, token, 'LeaveRequests', name))?.values.reason).toBe('Changed from the keyboard alone.');
    await expect(form.save).toHaveText('Save');
    await expectFocusIn(page, form.window, 'in the record’s window after saving');

    // The record window's keys are commands of the desktop: the palette offers them, with their keys, while it is focused.
    const overlays = new OverlaysObject(page);
    await page.keyboard.press('Alt+Shift+P');
    await overlays.paletteInput.fill('record');
    await expect(overlays.palette.getByTestId('palette.app.Records.save')).toHaveText(/Save record/);
    await expect(overlays.palette.getByTestId('palette.app.Records.save')).toHaveAttribute('aria-keyshortcuts', 'Ctrl+S');
    await expect(overlays.palette.getByTestId('palette.app.Records.new')).toHaveAttribute('aria-keyshortcuts', 'Alt+N');
    await page.keyboard.press('Escape');
    await expect(overlays.palette).toHaveCount(0);
    await expectFocusIn(page, form.window, 'in the record’s window after the palette');

    // Alt+N opens a new request's form, its status left to the approver (read-only at its default); closing it comes back here.
    await page.keyboard.press('Alt+KeyN');
    const draft = records.form('New Leave request');
    await draft.root.waitFor();
    await expectFocusIn(page, draft.window, 'in the new request’s window');
    await expect(draft.input('status')).toHaveValue('requested');
    await expect(draft.input('status')).toBeDisabled();
    await page.keyboard.press('Alt+Shift+KeyW');
    await expect(draft.window).toHaveCount(0);
    await expectFocusIn(page, form.window, 'in the record’s window after closing the new one');

    // Closing it (nothing left unsaved: no question) gives the keyboard back to the list's window.
    await page.keyboard.press('Alt+Shift+KeyW');
    await expect(form.window).toHaveCount(0);
    await expectFocusIn(page, records.window, 'in the Leave Requests window after closing the record');
    await page.keyboard.press('Alt+Shift+KeyW');
    await expect(records.window).toHaveCount(0);
    await expectFocusIn(page, desktop.surface, 'on the desktop after closing Leave Requests');
  } finally {
    await updateRecord(request, token, 'LeaveRequests', name, { reason });
  }
});

test('a keyboard user opens the work waiting for them from the notification centre at its record, reaches its workflow, opens a step that asks for a comment and cancels it with Escape, and follows the record and stops', async ({ page }) => {
  const desktop = new Desktop(page);
  await desktop.signIn();
  // The clipboard, Enter, Tab to the plan waiting for Dana's approval, Enter on its Edit: the risk opens at its form.
  const centre = new NotificationCentreObject(page);
  await tabTo(page, centre.clipboard, { max: 20 });
  await page.keyboard.press('Enter');
  await centre.settled();
  await expectFocusIn(page, centre.panel, 'in the notification centre');
  const title = 'Internet link of the main site has no backup line';
  await tabTo(page, centre.task(new RegExp(`· ${title}$`)).getByRole('button', { name: 'Edit' }), { max: 30 });
  await page.keyboard.press('Enter');
  const records = new RecordsObject(page, 'Risk Register');
  const form = records.form(title);
  await form.root.waitFor();
  await expectFocusIn(page, form.window, 'in the risk’s window');
  await expect(form.state).toHaveAttribute('data-state', 'planReview');

  // Its steps are buttons: Enter on one that asks for a comment opens its dialog at the comment; Escape leaves the record as it was.
  await tabTo(page, form.transition('Send the plan back'), { max: 40 });
  await page.keyboard.press('Enter');
  await expect(form.stepDialog.comment).toBeFocused();
  await page.keyboard.type('Not yet.');
  await page.keyboard.press('Escape');
  await expect(form.stepDialog.root).toHaveCount(0);
  await expect(form.transition('Send the plan back')).toBeFocused();
  await expect(form.state).toHaveAttribute('data-state', 'planReview');

  // Follow and stop following, by Space.
  await tabTo(page, form.follow, { max: 20 });
  const before = await form.follow.getAttribute('aria-pressed');
  await page.keyboard.press('Space');
  await expect(form.follow).not.toHaveAttribute('aria-pressed', before ?? '');
  await page.keyboard.press('Space');
  await expect(form.follow).toHaveAttribute('aria-pressed', before ?? '');
  await expectFocusIn(page, form.window, 'in the risk’s window after following it');
  await page.keyboard.press('Alt+Shift+KeyW');
  await expect(form.window).toHaveCount(0);
});

test('a keyboard user opens Dashboards from the application menu, opens a dashboard, reaches a chart’s elements through its data table, drills into one with Enter and rolls back up by the breadcrumb', async ({ page }) => {
  const desktop = new Desktop(page);
  await desktop.signIn('olivia');
  await page.keyboard.press('Alt+a');
  await expect(page.getByRole('searchbox', { name: 'Search Applications' })).toBeFocused();
  await page.keyboard.type('Dashboards');
  await page.keyboard.press('Enter');
  const dashboards = new DashboardsObject(page);
  await dashboards.list.locator(':scope[data-status="ready"]').waitFor();
  await expectFocusIn(page, dashboards.window, 'in the Dashboards window');

  // The list: a dashboard opens by its title's button.
  await tabTo(page, dashboards.list.getByRole('button', { name: 'Open Incident overview', exact: true }), { max: 20 });
  await page.keyboard.press('Enter');
  await dashboards.settled();
  await expectFocusIn(page, dashboards.window, 'in the dashboard');

  // A chart's elements are the rows of its data table: Show data, then the rows (one Tab stop each), Enter drills.
  const byService = dashboards.widget('byService');
  await tabTo(page, byService.showData, { max: 40 });
  await page.keyboard.press('Enter');
  await expect(byService.showData).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, byService.rows.first(), { max: 10 });
  await page.keyboard.press('ArrowDown');
  const row = byService.rows.nth(1);
  await expect(row).toBeFocused();
  const service = (await row.locator('td').first().textContent())!;
  await page.keyboard.press('Enter');
  await expect(byService.title).toHaveText(`Severities of ${service}`);
  await expect.poll(() => byService.levels()).toEqual(['Incidents by service', `Severities of ${service}`]);
  await expectFocusIn(page, byService.root, 'in the drilled widget');

  // The breadcrumb's first level rolls back up.
  await tabTo(page, byService.crumb('Incidents by service'), { max: 10 });
  await page.keyboard.press('Enter');
  await expect(byService.title).toHaveText('Incidents by service');
  await expect(byService.breadcrumb).toHaveCount(0);
  await expectFocusIn(page, byService.root, 'in the widget rolled up');
  await page.keyboard.press('Alt+Shift+KeyW');
  await expect(dashboards.window).toHaveCount(0);
});

/** Presses a key (at most 10 times) until the element has the focus. */
async function pressUntilFocused(page: Page, key: string, target: Locator): Promise<void> {
  for (let i = 0; i < 10; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

test.describe('a page zoomed to 400 % (320 x 256 CSS px)', () => {
  test.use({ viewport: { width: 320, height: 256 } });

  test('a keyboard user opens Files, goes through its entries down to the last, and runs a tool of its More actions menu', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    await page.keyboard.press('Alt+a');
    await expect(page.getByRole('searchbox', { name: 'Search Applications' })).toBeFocused();
    await page.keyboard.type('Files');
    await page.keyboard.press('Enter');
    const window = desktop.appWindows('Files');
    const rows = window.getByTestId('files.item');
    await rows.first().waitFor();
    await expectFocusIn(page, window, 'in the Files window');
    // The listing: one Tab stop, the arrows down to the last entry, each one scrolled into sight.
    await tabTo(page, window.getByTestId('files.listing'), { max: 20 });
    await page.keyboard.press('End');
    await expect(rows.last()).toHaveAttribute('aria-selected', 'true');
    await expect(rows.last()).toBeInViewport();
    await page.keyboard.press('Home');
    await expect(rows.first()).toBeInViewport();
    // The toolbar's More actions: the folder's properties, and back to the button.
    const more = window.getByRole('button', { name: 'More actions' });
    await tabTo(page, more, { max: 20 });
    await page.keyboard.press('Enter');
    const menu = window.getByRole('menu', { name: 'More actions' });
    await expectFocusIn(page, menu, 'in the More actions menu');
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: /^Properties/ })).toBeFocused();
    await page.keyboard.press('Enter');
    const properties = window.getByRole('dialog', { name: /^Properties of / });
    // Checked once the properties are in: they push the focused Close button down in so small a window.
    await expect(properties.getByTestId('files.properties.modified')).toBeVisible();
    await expectFocusIn(page, properties, 'in the properties');
    await page.keyboard.press('Escape');
    await expect(properties).toHaveCount(0);
    await page.keyboard.press('Alt+Shift+KeyW');
    await expect(window).toHaveCount(0);
  });
});
