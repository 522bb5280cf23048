import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { apiToken, savedSession, saveSettings } from '../helpers/api.js';
import { expectAccessible, type ScanOptions } from '../helpers/axe.js';
import { Ports, workerPort } from '../helpers/ports.js';
import { JourneyServer } from '../helpers/server.js';
import { UserFiles } from '../helpers/userFiles.js';
import { DashboardsObject } from '../pages/DashboardsObject.js';
import { Desktop } from '../pages/Desktop.js';
import { FilesAppObject } from '../pages/FilesAppObject.js';
import { GlobalSearchObject } from '../pages/GlobalSearchObject.js';
import { LoginPage } from '../pages/LoginPage.js';
import { NotificationCentreObject } from '../pages/NotificationCentreObject.js';
import { OverlaysObject } from '../pages/OverlaysObject.js';
import { RecordsObject } from '../pages/RecordsObject.js';
import { ForgotPasswordPage, ResetPasswordPage } from '../pages/RecoveryPages.js';

/**
 * The accessibility gate (docs/ACCESSIBILITY.md): every screen, window and
 * dialog kind is scanned with axe-core against WCAG 2.2 AA, in both themes,
 * and any serious or critical violation fails the run. A new screen, window
 * or dialog joins one of the lists below: one line, how to get there.
 *
 * The screens before sign-in are Vision's whatever the user chose later:
 * they are scanned with the system set to a light and to a dark colour
 * scheme. Signed in, each screen is scanned in Vision and in Nocturne, the
 * demo user's theme being switched through the settings API (the desktop
 * follows at once) and put back at the end.
 */

/** A screen to scan: how to reach it from a fresh page (before sign-in) or from the bare desktop (signed in). */
interface Screen<C> {
  name: string;
  open(context: C): Promise<unknown>;
  scan?: ScanOptions;
}

interface Visitor {
  page: Page;
  login: LoginPage;
}

interface SignedIn {
  page: Page;
  desktop: Desktop;
}

const PUBLIC_SCREENS: ReadonlyArray<Screen<Visitor>> = [
  { name: 'the login page with the announcement slider', open: ({ login }) => login.openWithSlides() },
  { name: "the login page with an announcement's details", open: async ({ login }) => (await login.openWithSlides(), await login.slider.readMore().click(), login.slider.details().waitFor()) },
  { name: 'the login page refusing empty fields', open: async ({ login }) => (await login.open(), await login.loginButton.click(), login.error.waitFor()) },
  { name: 'the forgot-password screen', open: async ({ page }) => (await page.goto('/#forgotpassword'), new ForgotPasswordPage(page).heading.waitFor()) },
  { name: 'the forgot-password screen asking for a username', open: async ({ page }) => (await page.goto('/#forgotpassword'), await new ForgotPasswordPage(page).send.click(), page.getByText('Please enter your Username').waitFor()) },
  { name: 'the reset-password screen', open: async ({ page }) => (await page.goto('/?resetpassword=a11y-never-issued'), new ResetPasswordPage(page).submit.waitFor()) },
  { name: 'the reset-password screen refusing a short password', open: async ({ page }) => (await page.goto('/?resetpassword=a11y-never-issued'), await new ResetPasswordPage(page).enter('Ab1!'), page.getByRole('alert').waitFor()) },
  { name: 'the reset-password screen with an expired link', open: async ({ page }) => (await page.goto('/?resetpassword=a11y-never-issued'), await new ResetPasswordPage(page).enter('Valid#Pass1'), page.getByText('The password reset link has expired', { exact: false }).waitFor()) },
  { name: 'the reset-password screen with an appicon that cannot be loaded', open: async ({ page }) => (await page.goto('/?resetpassword=a11y-never-issued&appicon=/no-such-icon.png'), expect(page.locator('.atr-brand__logo')).toHaveAttribute('src', '/logo.svg')) },
  { name: 'the privacy-policy page', open: async ({ page }) => (await page.goto('/privacy-policy'), page.getByTestId('privacy.content').or(page.getByTestId('privacy.empty')).waitFor()) },
  { name: 'the about page', open: async ({ page }) => (await page.goto('/about'), page.getByTestId('about.page').waitFor()) },
];

/** The developer menu's entry for each dialog kind, and the kind it opens. */
const DIALOGS: ReadonlyArray<[entry: string, kind: string]> = [
  ['alertInfo', 'alert'],
  ['alertError', 'alert'],
  ['confirmYesNo', 'confirm'],
  ['prompt', 'prompt'],
  ['progress', 'progress'],
  ['choice', 'choice'],
  ['color', 'color'],
  ['font', 'font'],
  ['fileOpen', 'file'],
  ['fileSave', 'file'],
  ['fileOpenServer', 'file'],
  ['fileSaveServer', 'file'],
  ['defaultApplication', 'defaultApplication'],
];

/**
 * Opens a dialog kind from the developer menu; a file dialog once its folder has been listed, the screen the user works
 * in. (Its list while loading holds its loading note, role=status, which axe-core refuses inside a busy listbox: a scan
 * quick enough to run before the listing came caught it.)
 */
async function openSettledDialog(desktop: Desktop, entry: string, kind: string): Promise<void> {
  const dialog = await desktop.openDialog(entry, kind);
  if (kind === 'file') await dialog.view.locator('[data-testid="dialog.file.list"][aria-busy="false"]').waitFor();
}

/** The sections of the Preferences application. */
const PREFERENCES_SECTIONS = ['appearance', 'panels', 'widgets', 'language', 'notifications', 'absence', 'general'];

const DESKTOP_SCREENS: ReadonlyArray<Screen<SignedIn>> = [
  { name: 'the desktop', open: async () => undefined },
  { name: 'a test window', open: ({ desktop }) => desktop.openTestWindow() },
  { name: 'a loading window', open: async ({ desktop }) => (await desktop.developer('openLoading'), desktop.page.getByTestId('window.loading').waitFor()) },
  { name: 'the window menu', open: async ({ desktop, page }) => (await desktop.openTestWindow(), await page.keyboard.press('Alt+Space'), page.getByTestId('window.menu').waitFor()) },
  { name: 'a window moved from the keyboard', open: async ({ desktop, page }) => (await desktop.openTestWindow(), await page.keyboard.press('Alt+Shift+F7'), expect(page.getByTestId('desktop.keyboardMode')).not.toBeEmpty()) },
  ...PREFERENCES_SECTIONS.map((section) => ({
    name: `the Preferences application, ${section} section`,
    open: async ({ desktop }: SignedIn) => {
      await desktop.openPreferences();
      const preferences = desktop.appWindows('Preferences');
      await preferences.getByTestId(`preferences.tab.${section}`).click();
      await preferences.getByTestId(`preferences.section.${section}`).waitFor();
    },
  })),
  { name: 'the Viewer application', open: async ({ desktop, page }) => (await page.goto('/?app=Handbook'), desktop.appWindows('Viewer').getByTestId('viewer').waitFor()) },
  { name: 'a registered application (Hello)', open: async ({ desktop, page }) => (await page.goto('/?app=Hello'), desktop.appWindows('Hello').getByText('Hello, Dana Demo!').waitFor()) },
  { name: 'the Files application', open: async ({ desktop, page }) => (await page.goto('/?app=Files'), desktop.appWindows('Files').getByTestId('files.item').first().waitFor()) },
  {
    name: "the Files application's item menu",
    open: async ({ desktop, page }) => (await page.goto('/?app=Files'), await desktop.appWindows('Files').getByTestId('files.item').first().click({ button: 'right' }), desktop.appWindows('Files').getByRole('menu').waitFor()),
  },
  {
    name: 'the properties of a folder in Files',
    open: async ({ desktop, page }) => (await page.goto('/?app=Files'), await desktop.appWindows('Files').getByTestId('files.item').first().click(), await desktop.appWindows('Files').getByTestId('files.tool.properties').click(), desktop.appWindows('Files').getByTestId('files.properties.items').waitFor()),
  },
  ...DIALOGS.map(([entry, kind]) => ({ name: `the ${entry} dialog`, open: ({ desktop }: SignedIn) => openSettledDialog(desktop, entry, kind) })),
  { name: 'the question before overwriting a file', open: async ({ desktop }) => (await (await desktop.openDialog('fileSave', 'file')).button('OK').click(), desktop.dialog('confirm').view.waitFor()) },
  { name: 'the launch-error alert with its details shown', open: async ({ desktop, page }) => (await page.goto('/?app=Outdated'), await desktop.dialog('alert').button('Details').click(), desktop.dialog('alert').control('dialog.alert.details').waitFor()) },
  { name: 'the alert refusing an application', open: async ({ desktop, page }) => (await page.goto('/?app=Campaigns'), desktop.dialog('alert').view.waitFor()) },
  {
    name: 'the logout question over a window',
    open: async ({ desktop, page }) => (await desktop.openTestWindow(), await page.keyboard.press('Alt+Shift+P'), await page.keyboard.type('Log out'), await page.keyboard.press('Enter'), desktop.dialog('confirm').view.waitFor()),
  },
  { name: 'the Viewer without a page', open: async ({ desktop, page }) => (await page.goto('/?app=Viewer'), desktop.appWindows('Viewer').getByTestId('viewer.empty').waitFor()) },
  { name: 'the Text Editor with a modified document', open: async ({ desktop, page }) => (await page.goto('/?app=TextEditor'), await desktop.appWindows('TextEditor').getByTestId('textEditor.text').fill('A line of text'), desktop.appWindows('TextEditor').getByTestId('textEditor.modified').waitFor()) },
  {
    name: 'the Text Editor asking about unsaved changes',
    open: async ({ desktop, page }) => (await page.goto('/?app=TextEditor'), await desktop.appWindows('TextEditor').getByTestId('textEditor.text').fill('Unsaved'), await desktop.appWindows('TextEditor').getByTestId('window.close').click(), desktop.dialog('confirm').view.waitFor()),
  },
  {
    name: 'the Text Editor after a reload, its file deleted since',
    open: async ({ desktop, page }) => {
      const token = await apiToken(page.request, 'demo');
      const files = new UserFiles(page.request, token);
      await files.write('home:/a11y-gone.md', '# Gone soon', 'text/markdown');
      await page.goto('/?app=TextEditor&file=home:/a11y-gone.md');
      await expect(desktop.appWindows('TextEditor').getByTestId('textEditor.text')).toHaveValue('# Gone soon');
      await expect.poll(async () => (await savedSession(page.request, token)).map((app) => app.name)).toContain('TextEditor');
      await files.remove('home:/a11y-gone.md');
      await page.reload();
      await desktop.waitUntilStarted();
      await desktop.appWindows('TextEditor').getByTestId('textEditor.reopen').waitFor();
    },
  },
  { name: 'Preview without a file', open: async ({ desktop, page }) => (await page.goto('/?app=Preview'), desktop.appWindows('Preview').locator('[data-testid="preview.stage"][data-status="empty"]').waitFor()) },
  { name: 'Preview of a missing file', open: async ({ desktop, page }) => (await page.goto('/?app=Preview&file=home:/a11y-missing.png'), desktop.appWindows('Preview').getByTestId('preview.error').waitFor()) },
  { name: 'the Dashboards application', open: async ({ desktop, page }) => (await page.goto('/?app=Dashboards'), desktop.appWindows('Dashboards').locator('[data-testid="list"]:not([data-status="loading"])').waitFor()) },
  { name: 'the Priorities application', open: async ({ desktop, page }) => (await page.goto('/?app=Priorities'), desktop.appWindows('Priorities').getByTestId('priorities.task').first().waitFor()) },
  {
    name: 'Priorities opened at a task it cannot find, on My Snoozed Items',
    open: async ({ desktop, page }) => {
      await page.goto('/?app=Priorities&taskId=00000000-0000-4000-8000-000000000000');
      const priorities = desktop.appWindows('Priorities');
      await priorities.locator('[data-testid="priorities.highlight"][data-status="missing"]').waitFor();
      await priorities.getByRole('tab', { name: 'My Snoozed Items' }).click();
      await priorities.getByTestId('priorities.task').first().waitFor();
    },
  },
  {
    name: 'the profile card',
    open: async ({ page }) => {
      await page.getByTestId('panel.profile').click();
      await page.getByTestId('profileMenu.profileCard').click();
      await page.getByTestId('profileCard.name').waitFor();
    },
  },
  { name: "the notification centre's side panel", open: ({ page }) => new NotificationCentreObject(page).open() },
  {
    name: 'the snooze dialog of a GREEN task',
    open: async ({ page }) => {
      const centre = new NotificationCentreObject(page);
      await centre.open();
      await centre.filter('Green');
      await centre.tasks.first().getByRole('button', { name: 'Snooze' }).click();
      await page.getByRole('dialog', { name: 'Snooze' }).getByLabel('Snooze until').waitFor();
    },
  },
  {
    name: 'the comments dialog of a task',
    open: async ({ page }) => {
      const centre = new NotificationCentreObject(page);
      await centre.open();
      await centre.filter(null);
      await (await centre.find('Call back Fabrikam about the supplier contract')).getByRole('button', { name: /^Comments/ }).click();
      await centre.commentsDialog.getByTestId('work.comment').first().waitFor();
    },
  },
  { name: 'the open application menu', open: async ({ page }) => (await page.getByTestId('panel.menu').click(), page.getByRole('dialog', { name: 'Applications' }).waitFor()) },
  {
    name: "a window-list entry's context menu",
    open: async ({ desktop, page }) => (await desktop.openTestWindow(), await page.getByTestId('panel.windows.activate').first().click({ button: 'right' }), page.getByTestId('contextMenu.windowList').waitFor()),
  },
  { name: 'the tray with an icon and its badge', open: async ({ desktop, page }) => (await desktop.developer('trayIcon'), page.getByTestId('panel.tray').waitFor()) },
  { name: 'the open profile menu', open: async ({ page }) => (await page.getByRole('button', { name: /^Profile menu of / }).click(), page.getByTestId('profileMenu').waitFor()) },
  {
    name: 'the account panel (Switch Account)',
    open: async ({ page }) => (await page.getByRole('button', { name: /^Profile menu of / }).click(), await page.getByTestId('profileMenu.switchAccount').click(), page.getByTestId('accountPanel').waitFor()),
  },
  { name: 'the keyboard-shortcut guide', open: async ({ page }) => (await page.keyboard.press('Alt+Shift+K'), page.getByTestId('shortcuts').waitFor()) },
  { name: 'the command palette, filtered', open: async ({ page }) => (await page.keyboard.press('Alt+Shift+P'), await page.getByRole('combobox', { name: 'Command palette' }).fill('panel'), page.getByRole('option').first().waitFor()) },
  {
    name: 'the filesystem search with results',
    open: async ({ page }) => (await page.keyboard.press('F3'), await page.getByRole('combobox', { name: 'File name' }).fill('e'), await page.keyboard.press('Enter'), page.getByTestId('fileSearch.results').getByRole('option').first().waitFor()),
  },
  {
    name: 'the global search panel with its Recent list and a refusal',
    open: async ({ page }) => {
      const search = new GlobalSearchObject(page);
      await search.search('a11y budget');
      await search.open();
      await search.input.press('Enter');
      await search.message.filter({ hasText: 'Please enter something to search!' }).waitFor();
    },
  },
  { name: 'the GlobalSearch application with results', open: async ({ page }) => new GlobalSearchObject(page).search('budget') },
  { name: 'the desktop context menu', open: async ({ page }) => (await new OverlaysObject(page).openDesktopMenu(), page.getByTestId('contextMenu.desktop').waitFor()) },
  {
    name: 'the panel context menu with Panel Position open',
    open: async ({ page }) => (await new OverlaysObject(page).openPanelMenu(page.getByTestId('panel.top')), await page.keyboard.press('ArrowRight'), page.getByRole('menuitemradio', { name: 'Bottom' }).waitFor()),
  },
];

/** Leave Requests in Records, opened at its list (the demo user's own requests). */
async function leaveRequests(page: Page): Promise<RecordsObject> {
  await page.goto('/?app=LeaveRequests');
  const records = new RecordsObject(page, 'Leave Requests');
  await records.settled();
  return records;
}

/**
 * A record's form opens in a window of its own over the application's: the title bar of the window behind is partly
 * covered, and a pointer reaches its buttons only once that window comes forward (and nothing covers them).
 */
const BEHIND: ScanOptions = { exclude: ['[data-testid="window"][data-focused="false"] [data-testid="window.header"]'] };

/** The views of Records (apps/records), over the demo's Leave Requests: each declared application shows in them. */
const RECORDS_SCREENS: ReadonlyArray<Screen<SignedIn>> = [
  { name: 'the Records list', open: async ({ page }) => (await leaveRequests(page)).rows.first().waitFor() },
  {
    name: 'a new record in Records, saved without its required values',
    open: async ({ page }) => {
      const records = await leaveRequests(page);
      await records.newButton.click();
      const form = records.form('New Leave request');
      await form.save.click();
      await form.problem('title').waitFor();
      await form.problems.waitFor();
    },
    scan: BEHIND,
  },
  {
    name: "a record's form with its timeline",
    open: async ({ page }) => {
      const records = await leaveRequests(page);
      const title = (await records.rows.first().getAttribute('aria-label'))!.replace(/^Open /, '');
      await records.rows.first().dblclick();
      const form = records.form(title);
      await form.timelineButton.click();
      await form.entries.first().waitFor();
    },
    scan: BEHIND,
  },
  {
    // Dana sits on the risk board: the plan waits for two of its three members.
    name: "a record's workflow with its approvers and diagram, and a step's dialog asking for a comment",
    open: async ({ page }) => {
      await page.goto('/?app=RiskRegister');
      const records = new RecordsObject(page, 'Risk Register');
      await records.settled();
      const title = 'Internet link of the main site has no backup line';
      await records.search.fill(title);
      await records.rowTitled(title).dblclick();
      const form = records.form(title);
      await form.approvers.first().waitFor();
      await form.diagram.waitFor();
      await form.transition('Send the plan back').click();
      await form.stepDialog.comment.waitFor();
    },
    scan: BEHIND,
  },
  { name: 'the Records board', open: async ({ page }) => (await (await leaveRequests(page)).mode('board').click(), new RecordsObject(page, 'Leave Requests').board.getByTestId('records.board.card').first().waitFor()) },
  { name: 'the Records calendar', open: async ({ page }) => (await (await leaveRequests(page)).mode('calendar').click(), new RecordsObject(page, 'Leave Requests').calendar.getByTestId('records.calendar.grid').or(page.getByTestId('records.calendar.agenda')).waitFor()) },
];

/** Olivia's "Incident overview" (the demo's), open in the Dashboards application with every widget's figures in. */
async function incidentOverview(page: Page): Promise<DashboardsObject> {
  const dashboards = new DashboardsObject(page);
  await dashboards.open();
  await dashboards.openDashboard('Incident overview');
  return dashboards;
}

/** The screens of the Dashboards application past its list (docs/behaviour/dashboards.md), as Olivia, who owns the dashboard. */
const DASHBOARDS_SCREENS: ReadonlyArray<Screen<SignedIn>> = [
  { name: 'an open dashboard', open: ({ page }) => incidentOverview(page) },
  {
    name: 'a widget drilled down, its data shown as a table, and the chips of a cross-filter',
    open: async ({ page }) => {
      const dashboards = await incidentOverview(page);
      const donut = dashboards.widget('services');
      await donut.openData();
      await donut.rows.first().click();
      await dashboards.chips.waitFor();
      const byService = dashboards.widget('byService');
      await byService.openData();
      await byService.rows.first().click();
      await byService.breadcrumb.waitFor();
      await dashboards.settled();
    },
  },
  {
    name: 'a widget drilled three levels down to its incidents',
    open: async ({ page }) => {
      const byService = (await incidentOverview(page)).widget('byService');
      await byService.openData();
      await byService.rows.first().click();
      await byService.rows.first().click();
      await expect.poll(() => byService.levels()).toHaveLength(3);
      await byService.settled();
    },
  },
  {
    name: 'the dashboard editor with a widget’s form',
    open: async ({ page }) => {
      const dashboards = await incidentOverview(page);
      await dashboards.edit.click();
      await dashboards.editor.getByTestId('dashboards.editor.select').first().click();
      await dashboards.editor.getByTestId('dashboards.editor.widgetForm').waitFor();
    },
  },
];

/** The viewport of a narrow phone. */
const NARROW = { width: 320, height: 640 };

/** A theme (or colour scheme) a screen is scanned in, and how to put the page in it. */
interface Look {
  name: string;
  apply(): Promise<void>;
}

/** The document's colour scheme, as the theme in use sets it. */
const colorScheme = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);

/**
 * Opens each screen in turn and scans it in every look, starting with the
 * look the page is already in (so each screen costs one switch). Every
 * screen is scanned even when one fails.
 */
async function scanAll<C extends { page: Page }>(context: C, screens: ReadonlyArray<Screen<C>>, looks: readonly Look[], reset: () => Promise<unknown>): Promise<void> {
  for (const [index, screen] of screens.entries()) {
    await test.step(screen.name, async () => {
      await reset();
      await screen.open(context);
      for (const look of index % 2 === 0 ? looks : [...looks].reverse()) {
        await look.apply();
        await expectAccessible(context.page, `${screen.name} (${look.name})`, screen.scan);
      }
    });
  }
}

/** Vision and Nocturne, put on the signed-in page through the user's theme setting (the open desktop follows at once). */
function themeLooks(page: Page, request: APIRequestContext, token: string): Look[] {
  const theme = (name: string, scheme: string, value: string | null): Look => ({
    name,
    apply: async () => {
      if ((await colorScheme(page)) === scheme) return;
      await saveSettings(request, token, { 'desktop.theme': value });
      await expect.poll(() => colorScheme(page), { intervals: [50] }).toBe(scheme);
    },
  });
  return [theme('Vision', 'light', null), theme('Nocturne', 'dark', 'Nocturne')];
}

/**
 * Signs `username` in and scans each screen of an application in Vision and
 * Nocturne (the user's theme setting, put back after), then again at 320 px.
 */
async function scanInThemesAndNarrow(page: Page, request: APIRequestContext, username: string, screens: ReadonlyArray<Screen<{ page: Page; desktop: Desktop }>>): Promise<void> {
  const desktop = new Desktop(page);
  await desktop.signIn(username);
  const token = await apiToken(request, username);
  const looks = themeLooks(page, request, token);
  const reset = async () => {
    await page.keyboard.press('Escape');
    await desktop.closeAllWindows().catch(() => undefined);
  };
  try {
    await scanAll({ page, desktop }, screens, looks, reset);
    await page.setViewportSize(NARROW);
    await scanAll({ page, desktop }, screens.map((screen) => ({ ...screen, name: `${screen.name} at 320 px` })), looks, reset);
  } finally {
    await saveSettings(request, token, { 'desktop.theme': null });
  }
}

/**
 * The desktop's screens are scanned in even parts of at most 15, each a test of its own, so that both workers share
 * them (the whole list, one test, was the suite's longest journey by far). A new screen still joins DESKTOP_SCREENS.
 */
const DESKTOP_PART = Math.ceil(DESKTOP_SCREENS.length / Math.ceil(DESKTOP_SCREENS.length / 15));

/** Playwright's own helper scripts, refused in the Viewer's sandboxed frame while the scan runs: not the page's errors. */
// One pattern: Playwright reads a second element of an option's array as the option's settings. The launch-error alert's failure is logged as an error with its id.
test.use({ expectedConsoleErrors: [/^(Blocked script execution in '[^']*\/resources\/|Launch error [2-9A-Z]{4}-[2-9A-Z]{4}: )/] });

test.describe('accessibility scan (WCAG 2.2 AA)', () => {
  // The scans are the suite's longest journeys and need nothing of each other (each signs in and puts back what it
  // changed, on its worker's server): both workers take them, rather than one worker the whole file.
  test.describe.configure({ mode: 'parallel' });
  // Each test visits a whole list of screens, each a step: the time of a journey for each.
  test('the screens before sign-in, in the light and the dark colour scheme', async ({ page }) => {
    test.setTimeout(PUBLIC_SCREENS.length * test.info().timeout);
    const looks = (['light', 'dark'] as const).map((scheme) => ({ name: `${scheme} colour scheme`, apply: () => page.emulateMedia({ colorScheme: scheme }) }));
    await scanAll({ page, login: new LoginPage(page) }, PUBLIC_SCREENS, looks, async () => undefined);
  });

  for (let start = 0; start < DESKTOP_SCREENS.length; start += DESKTOP_PART) {
    const part = DESKTOP_SCREENS.slice(start, start + DESKTOP_PART);
    test(`the desktop, every window and dialog kind, in Vision and Nocturne (screens ${start + 1} to ${start + part.length} of ${DESKTOP_SCREENS.length})`, async ({ page, request }) => {
      test.setTimeout(part.length * test.info().timeout);
      const desktop = new Desktop(page);
      await desktop.signIn();
      const token = await apiToken(request, 'demo');
      const reset = async () => {
        await page.keyboard.press('Escape');
        await desktop.closeAllWindows();
        await expect(page.getByTestId('profileCard')).toHaveCount(0);
      };
      try {
        await scanAll({ page, desktop }, part, themeLooks(page, request, token), reset);
      } finally {
        await saveSettings(request, token, { 'desktop.theme': null });
      }
    });
  }

  test('the views of Records (list, a form with its problems, a timeline, board, calendar), in Vision and Nocturne, and at phone width', async ({ page, request }) => {
    test.setTimeout(2 * RECORDS_SCREENS.length * test.info().timeout);
    await scanInThemesAndNarrow(page, request, 'demo', RECORDS_SCREENS);
  });

  test('the screens of Dashboards (a dashboard, drilled widgets, the editor), in Vision and Nocturne, and at phone width', async ({ page, request }) => {
    test.setTimeout(2 * DASHBOARDS_SCREENS.length * test.info().timeout);
    await scanInThemesAndNarrow(page, request, 'olivia', DASHBOARDS_SCREENS);
  });

  test('the privacy-policy dialog of a first sign-in, in Vision and Nocturne', async ({ page, request }) => {
    // A server of its own on a copy of the template's data (e2e/globalSetup.ts), where nobody has signed in yet: the demo
    // user has not agreed yet. (Seeding the demo data afresh instead took a minute or more of the scan's time.)
    test.setTimeout(180_000);
    const server = new JourneyServer(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-a11y-privacy-')), workerPort(Ports.a11yFirstSignIn));
    await server.start({ registerPackages: true });
    try {
      const login = new LoginPage(page);
      const desktop = new Desktop(page);
      await login.open(`${server.url}/`);
      await login.signIn('demo', 'Demo@1234');
      await desktop.waitUntilStarted();
      const dialog = desktop.privacyDialog();
      await dialog.waitFor();
      await expectAccessible(page, 'the privacy-policy dialog (Vision)');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog.getByRole('alert').waitFor();
      const auth = await request.post(`${server.url}/api/wrapper/auth`, { form: { username: 'demo', password: 'Demo@1234' } });
      const token = ((await auth.json()) as { data: { jwt: string } }).data.jwt;
      await request.post(`${server.url}/api/v1/settings`, { data: { 'desktop.theme': 'Nocturne' }, headers: { authorization: `Bearer ${token}` } });
      await expect.poll(() => colorScheme(page), { intervals: [50] }).toBe('dark');
      await expectAccessible(page, 'the privacy-policy dialog refusing an unticked box (Nocturne)');
    } finally {
      // The page leaves first: a desktop whose server is gone tries its socket again, an error on the page.
      await page.goto('about:blank');
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  test('Files at 400 % zoom (320 x 256 CSS px) with its More actions menu, in Vision and Nocturne', async ({ page, request }) => {
    await page.setViewportSize({ width: 320, height: 256 });
    const desktop = new Desktop(page);
    await desktop.signIn();
    const token = await apiToken(request, 'demo');
    const files = new FilesAppObject(page);
    try {
      for (const [theme, scheme] of [['Vision', 'light'], ['Nocturne', 'dark']] as const) {
        await saveSettings(request, token, { 'desktop.theme': theme });
        await expect.poll(() => colorScheme(page), { intervals: [50] }).toBe(scheme);
        if ((await files.window.count()) === 0) await files.openFromAppMenu();
        await expectAccessible(page, `Files at 400 % (${theme})`);
        await files.tool('more').click();
        await files.root.getByRole('menu', { name: 'More actions' }).waitFor();
        await expectAccessible(page, `the More actions menu of Files at 400 % (${theme})`);
        await page.keyboard.press('Escape');
      }
    } finally {
      await saveSettings(request, token, { 'desktop.theme': null });
    }
  });

  test('the login page and a dialog on a 320 px wide screen', async ({ page }) => {
    await page.setViewportSize(NARROW);
    const login = new LoginPage(page);
    await login.openWithSlides();
    await expectAccessible(page, 'the login page at 320 px');
    const desktop = new Desktop(page);
    await desktop.signIn();
    await desktop.openDialog('confirmYesNo', 'confirm');
    await expectAccessible(page, 'a confirm dialog at 320 px');
  });
});
