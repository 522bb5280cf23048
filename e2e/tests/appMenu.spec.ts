import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '../fixtures.js';
import { Ports, workerPort } from '../helpers/ports.js';
import { JourneyServer } from '../helpers/server.js';
import { Desktop } from '../pages/Desktop.js';
import { PanelObject } from '../pages/PanelObject.js';

/**
 * The panel's application menu (docs/behaviour/desktop.md#application-menu):
 * the logo or Alt+A opens it; a search box filters the applications,
 * categories collapse, arrow keys move, Enter launches, Escape and a click
 * outside close it; an application granted without a package says why it
 * cannot open.
 */

// Playwright's own helper scripts are refused in the Viewer's sandboxed frame: not the page's errors.
test.use({ expectedConsoleErrors: [/^Blocked script execution in '[^']*\/resources\//] });

/** A demo user who has accepted the privacy policy already (the dialog is privacyPolicy.spec.ts's). */
const USER = 'olivia';

/** Her menu: the seven categories of the organisation's declared applications and pages and the built-in applications she is given, then the packages every user has. */
const DEMO_MENU = [
  'Collaboration',
  'Calendar',
  'Chat',
  'Mail',
  'Team Calendar',
  'Organization',
  'Meeting Actions',
  'People Directory',
  'Priorities',
  'Quality management',
  'Audit Management',
  'Information security management',
  'Risk Register',
  'Security Policies',
  'Operational intelligence',
  'Dashboards',
  'Global Search',
  'Incident Tracker',
  'Operations Reports',
  'Employee center',
  'Company Handbook',
  'Leave Requests',
  'Sales and marketing',
  'Customer Relations',
  'Other',
  'Broken',
  'Files',
  'Hello',
  'Outdated',
  'Preferences',
  'Preview',
  'Text Editor',
];

test.describe('the application menu', () => {
  test('Alt+A opens it on the search box; typing filters and hides empty categories; Enter launches the first match', async ({ page }) => {
    const desktop = new Desktop(page);
    const panel = new PanelObject(page);
    await desktop.signIn(USER);
    await expect(panel.menuButton).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Alt+a');
    await expect(panel.appSearch).toBeFocused();
    await expect(panel.appSearch).toHaveAttribute('placeholder', 'Search Applications');
    await expect(panel.menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(await panel.appMenuItems()).toEqual(DEMO_MENU);

    await page.keyboard.type('RE');
    // By title or name, whatever the case: "Directory" is the name of People Directory.
    await expect.poll(() => panel.appMenuItems()).toEqual([
      'Organization',
      'People Directory',
      'Information security management',
      'Risk Register',
      'Operational intelligence',
      'Operations Reports',
      'Employee center',
      'Leave Requests',
      'Sales and marketing',
      'Customer Relations',
      'Other',
      'Preferences',
      'Preview',
    ]);
    await page.keyboard.type('port');
    await expect.poll(() => panel.appMenuItems()).toEqual(['Operational intelligence', 'Operations Reports']);
    await page.keyboard.press('Enter');
    await expect(panel.appMenu).toHaveCount(0);
    const viewer = desktop.appWindows('Viewer');
    await expect(viewer.getByTestId('window.title')).toHaveText('Operations Reports');
    await expect(viewer).toHaveAttribute('data-focused', 'true');
    await expect(panel.windowEntry('Operations Reports')).toBeVisible();
  });

  test('nothing matching says so; Escape closes the menu and the logo button has the focus again', async ({ page }) => {
    const desktop = new Desktop(page);
    const panel = new PanelObject(page);
    await desktop.signIn(USER);
    await panel.openAppMenu();
    await panel.appSearch.fill('zz-no-such-app');
    await expect(panel.appMenu.getByRole('status')).toHaveText('No application matches your search.');
    await expect(panel.appMenu.getByRole('menuitem')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(panel.appMenu).toHaveCount(0);
    await expect(panel.menuButton).toBeFocused();
    // Opened again, the search is empty.
    await page.keyboard.press('Enter');
    await expect(panel.appSearch).toHaveValue('');
  });

  test('a click outside closes it; the logo toggles it', async ({ page }) => {
    const desktop = new Desktop(page);
    const panel = new PanelObject(page);
    await desktop.signIn(USER);
    await panel.openAppMenu();
    await page.getByTestId('desktop.area').click({ position: { x: 900, y: 400 } });
    await expect(panel.appMenu).toHaveCount(0);
    await panel.openAppMenu();
    await panel.menuButton.click();
    await expect(panel.appMenu).toHaveCount(0);
  });

  test('categories collapse and expand, and arrow keys move through what is shown', async ({ page }) => {
    const desktop = new Desktop(page);
    const panel = new PanelObject(page);
    await desktop.signIn(USER);
    await panel.openAppMenu();
    const collaboration = panel.category('Collaboration');
    await expect(collaboration).toHaveAttribute('aria-expanded', 'true');
    await collaboration.click();
    await expect(collaboration).toHaveAttribute('aria-expanded', 'false');
    await expect(panel.app('Chat')).toHaveCount(0);
    expect((await panel.appMenuItems()).slice(0, 3)).toEqual(['Collaboration', 'Organization', 'Meeting Actions']);

    // From the search box down to the first application shown, then through the items.
    await panel.appSearch.focus();
    await page.keyboard.press('ArrowDown');
    await expect(panel.app('Meeting Actions')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(panel.category('Organization')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(collaboration).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(collaboration).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(panel.app('Calendar')).toBeFocused();
    await page.keyboard.press('End');
    await expect(panel.app('Text Editor')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(collaboration).toBeFocused();
    // Typing from an item goes to the search box.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('he');
    await expect(panel.appSearch).toBeFocused();
    await expect(panel.appSearch).toHaveValue('he');
    await page.keyboard.press('ArrowDown');
    await expect(panel.app('Hello')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(desktop.appWindows('Hello').getByText('Hello, Olivia Hart!')).toBeVisible();
    await expect(panel.appMenu).toHaveCount(0);
  });

  test('on a phone it takes the whole width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const desktop = new Desktop(page);
    const panel = new PanelObject(page);
    await desktop.signIn(USER);
    await panel.openAppMenu();
    // Once it has slid in.
    await expect.poll(async () => (await panel.appMenu.boundingBox())?.x).toBe(0);
    expect((await panel.appMenu.boundingBox())?.width).toBe(390);
    await panel.app('Company Handbook').click();
    await expect(desktop.appWindows('Viewer').getByTestId('window.title')).toHaveText('Company Handbook');
  });
});

test.describe('an application granted without a package', () => {
  // A server of its own, whose operator grants Olivia 'Campaigns', an entry of the catalogue no package provides.
  let server: JourneyServer;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = new JourneyServer(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-appmenu-')), workerPort(Ports.appMenu));
    await server.start({ registerPackages: true });
    await server.stop();
    const repo = path.resolve(import.meta.dirname, '../..');
    await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(repo, 'packages/server/src/cli/main.ts'), 'app', 'grant', 'Campaigns', 'olivia'], {
      cwd: repo,
      env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'warn' },
    });
    await server.start({ registerPackages: false });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  test('is listed greyed in its category, says why when reached from the keyboard, and does not open', async ({ page }) => {
    const desktop = new Desktop(page);
    const panel = new PanelObject(page);
    await desktop.signIn('olivia', 'Demo@1234', `${server.url}/`);
    await panel.openAppMenu();
    await panel.appSearch.fill('campaign');
    const dashboards = panel.appNamed('Campaigns');
    await expect(dashboards).toHaveAccessibleName('Campaigns Not available');
    await expect(dashboards).toHaveAttribute('aria-disabled', 'true');
    await expect(dashboards).toHaveAccessibleDescription('Campaigns is granted to you but is not installed on this server. Ask your administrator to install it.');
    await expect(dashboards).toContainText('Ask your administrator to install it.');
    // Enter in the search box finds nothing it can open; from the keyboard the entry is reached and refuses to launch.
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expect(dashboards).toBeFocused();
    await page.keyboard.press('Enter');
    // A pointer too (forced: Playwright itself refuses to click what is aria-disabled).
    await dashboards.click({ force: true });
    await expect(panel.appMenu).toBeVisible();
    await expect(desktop.windows).toHaveCount(0);
    await expect(desktop.dialog('alert').view).toHaveCount(0);
  });
});
