import type { APIRequestContext, Page } from '@playwright/test';
import { DEFAULT_SETTINGS } from '@atrium/shared';
import { expect, test } from '../fixtures.js';
import { apiToken, saveSettings } from '../helpers/api.js';
import { Desktop } from '../pages/Desktop.js';
import { LoginPage } from '../pages/LoginPage.js';
import { PanelObject } from '../pages/PanelObject.js';

/**
 * The panel's profile menu, account switching, the logout button and My
 * Home (docs/behaviour/desktop.md#profile-menu, #switch-account,
 * #logout-button, #my-home-button). Dana (demo) belongs to Northwind
 * Trading and Contoso Health; Olivia to Northwind only.
 */

/** The demo user's organisations and the active one, as the server has them. */
async function organisations(request: APIRequestContext): Promise<{ token: string; active: string; ids: Record<string, string> }> {
  const token = await apiToken(request, 'demo');
  const response = await request.get('/api/v1/user/me/a+p+acc+ap+t', { headers: { authorization: `Bearer ${token}` } });
  const profile = ((await response.json()) as { data: { accountId: string; accounts: Array<{ accountId: string; name: string }> } }).data;
  return { token, active: profile.accountId, ids: Object.fromEntries(profile.accounts.map((a) => [a.name, a.accountId])) };
}

/** Puts the demo user back in Northwind Trading (whatever a failed journey left). */
async function backToNorthwind(request: APIRequestContext): Promise<void> {
  const { token, active, ids } = await organisations(request);
  const northwind = ids['Northwind Trading'];
  if (!northwind || active === northwind) return;
  await request.post('/api/v1/user/switchaccount', { data: { accountId: northwind }, headers: { authorization: `Bearer ${token}` } });
}

const menu = (page: Page) => page.getByTestId('profileMenu');
const accountPanel = (page: Page) => page.getByRole('menu', { name: 'Accounts' });
const footer = (page: Page) => page.getByTestId('desktop.footer');

/** The declared applications of the demo the application menu lists, in its order. */
async function declaredAppsInMenu(page: Page): Promise<string[]> {
  const panel = new PanelObject(page);
  await panel.openAppMenu();
  const items = await panel.appMenuItems();
  await page.keyboard.press('Escape');
  const declared = ['Audit Management', 'Customer Relations', 'Incident Tracker', 'Leave Requests', 'Meeting Actions', 'Risk Register', 'Team Calendar'];
  return items.filter((item) => declared.includes(item));
}

test.describe('the profile menu', () => {
  test.afterEach(async ({ request }) => backToNorthwind(request));

  test('shows the avatar, name and designation, and opens a menu of Show my profile card, Edit Preferences, Switch Account and Sign Out', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn('demo');
    const button = page.getByRole('button', { name: 'Profile menu of Dana Demo' });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).toContainText('DD');
    await expect(button).toContainText('Dana Demo');
    await expect(button).toContainText('Operations Analyst');

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu(page).getByTestId('profileMenu.header')).toContainText('Dana Demo');
    await expect(menu(page).getByTestId('profileMenu.header')).toContainText('Operations Analyst');
    await expect(menu(page).getByTestId('profileMenu.account')).toHaveText('Northwind Trading');
    // Her roles in the active organisation (docs/behaviour/roles.md#in-the-profile).
    await expect(menu(page).getByRole('list', { name: 'Roles' }).getByRole('listitem')).toHaveText(['on-call in Incident Tracker', 'responder in Incident Tracker', 'analyst in Operations Reports', 'risk-board in Risk Register']);
    await expect(page.getByRole('menu', { name: 'Profile menu of Dana Demo' }).getByRole('menuitem')).toHaveText(['Show my profile card', 'Edit Preferences', 'Switch Account', 'Sign Out']);

    // The keyboard: focus is on the first item, arrows move, Escape goes back to the button.
    await expect(page.getByRole('menuitem', { name: 'Show my profile card' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Edit Preferences' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(button).toBeFocused();

    // Enter opens it again; a click outside closes it.
    await page.keyboard.press('Enter');
    await expect(menu(page)).toBeVisible();
    await page.mouse.click(640, 500);
    await expect(menu(page)).toBeHidden();

    // The user's own profile card.
    await button.click();
    await page.getByRole('menuitem', { name: 'Show my profile card' }).click();
    const card = page.getByRole('dialog', { name: 'Dana Demo' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Operations Analyst');
    await page.keyboard.press('Escape');
    await expect(card).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('Edit Preferences opens the Preferences application', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn('demo');
    await desktop.profileButton.click();
    await page.getByRole('menuitem', { name: 'Edit Preferences' }).click();
    await expect(desktop.appWindows('Preferences')).toBeVisible();
    await expect(menu(page)).toBeHidden();
  });

  test('Sign Out returns to the login page at once, without asking', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn('demo');
    await desktop.profileButton.click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(new LoginPage(page).loginButton).toBeVisible();
    await page.reload();
    await expect(new LoginPage(page).loginButton).toBeVisible();
  });

  test('Switch Account is not offered to a user of one organisation', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn('olivia');
    await page.getByRole('button', { name: 'Profile menu of Olivia Hart' }).click();
    await expect(page.getByRole('menuitem', { name: 'Edit Preferences' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Switch Account' })).toHaveCount(0);
  });

  test('switching from Northwind Trading to Contoso Health changes the active organisation and the declared applications offered, and switching back works', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn('demo');
    await expect(footer(page)).toContainText('Northwind Trading. All rights reserved.');
    const atNorthwind = ['Team Calendar', 'Meeting Actions', 'Audit Management', 'Risk Register', 'Incident Tracker', 'Leave Requests', 'Customer Relations'];
    expect(await declaredAppsInMenu(page)).toEqual(atNorthwind);

    await desktop.profileButton.click();
    await page.getByRole('menuitem', { name: 'Switch Account' }).click();
    const panel = accountPanel(page);
    await expect(panel.getByRole('menuitemradio')).toHaveCount(2);
    await expect(panel.getByRole('menuitemradio', { name: 'Northwind Trading' })).toHaveAttribute('aria-checked', 'true');
    await expect(panel.getByRole('menuitemradio', { name: 'Northwind Trading' })).toBeFocused();
    await expect(panel.getByRole('menuitemradio', { name: 'Contoso Health' })).toHaveAttribute('aria-checked', 'false');
    // Each organisation's logo has loaded.
    for (const logo of await panel.locator('img').all()) await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // Escape goes back to the profile menu.
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeVisible();
    await page.getByRole('menuitem', { name: 'Switch Account' }).click();

    // Choosing Contoso Health: the page reloads into it.
    const reloaded = page.waitForEvent('framenavigated');
    await accountPanel(page).getByRole('menuitemradio', { name: 'Contoso Health' }).click();
    await reloaded;
    await desktop.waitUntilStarted();
    await expect(footer(page)).toContainText('Contoso Health. Internal use only.');
    await desktop.profileButton.click();
    await expect(menu(page).getByTestId('profileMenu.account')).toHaveText('Contoso Health');
    await expect(menu(page).getByRole('list', { name: 'Roles' }).getByRole('listitem')).toHaveText(['auditor in Audit Management', 'risk-board in Risk Register', 'risk-owner in Risk Register']);
    await page.keyboard.press('Escape');
    // Contoso runs two of the demo's declared applications; Northwind's others are not offered there.
    expect(await declaredAppsInMenu(page)).toEqual(['Audit Management', 'Risk Register']);
    await desktop.profileButton.click();
    await page.getByRole('menuitem', { name: 'Switch Account' }).click();
    await expect(accountPanel(page).getByRole('menuitemradio', { name: 'Contoso Health' })).toHaveAttribute('aria-checked', 'true');

    // And back, from the keyboard.
    const northwind = accountPanel(page).getByRole('menuitemradio', { name: 'Northwind Trading' });
    for (let i = 0; i < 3 && !(await northwind.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
    await expect(northwind).toBeFocused();
    const back = page.waitForEvent('framenavigated');
    await page.keyboard.press('Enter');
    await back;
    await desktop.waitUntilStarted();
    await expect(footer(page)).toContainText('Northwind Trading. All rights reserved.');
    await desktop.profileButton.click();
    await expect(menu(page).getByTestId('profileMenu.account')).toHaveText('Northwind Trading');
    await page.keyboard.press('Escape');
    expect(await declaredAppsInMenu(page)).toEqual(atNorthwind);
  });
});

test.describe('the logout button and My Home', () => {
  /** The demo user's panel, with the logout button and My Home added (put back to the default after each journey). */
  test.beforeEach(async ({ request }) => {
    const token = await apiToken(request, 'demo');
    const [panel] = DEFAULT_SETTINGS['desktop.panels'];
    await saveSettings(request, token, { 'desktop.panels': [{ ...panel, items: [...(panel?.items ?? []), { name: 'home' }, { name: 'logout' }] }] });
  });
  test.afterEach(async ({ request }) => {
    await saveSettings(request, await apiToken(request, 'demo'), { 'desktop.panels': DEFAULT_SETTINGS['desktop.panels'] });
  });

  test("the logout button asks 'Would you like to logout?': 'No, cancel' keeps the user signed in, 'Yes, logout' signs out", async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn('demo');
    const logout = page.getByTestId('panel.logout');
    await expect(logout).toHaveAccessibleName('Log out');

    await logout.click();
    const question = desktop.dialog('confirm');
    await expect(question.message).toHaveText('Would you like to logout?');
    await expect(question.view.getByRole('button')).toHaveText(['Yes, logout', 'No, cancel']);
    await question.button('No, cancel').click();
    await expect(question.view).toBeHidden();
    await page.reload();
    await desktop.waitUntilStarted();
    await expect(desktop.profileButton).toBeVisible();

    await page.getByTestId('panel.logout').click();
    await question.button('Yes, logout').click();
    await expect(new LoginPage(page).loginButton).toBeVisible();
  });

  test('My Home minimizes every window and is highlighted while none is open', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn('demo');
    const home = page.getByRole('button', { name: 'My Home' });
    await expect(home).toHaveAttribute('aria-pressed', 'true');

    const first = await desktop.openTestWindow();
    const second = await desktop.openTestWindow();
    await expect(home).toHaveAttribute('aria-pressed', 'false');
    await home.click();
    await expect(first.frame).toHaveAttribute('data-minimized', 'true');
    await expect(second.frame).toHaveAttribute('data-minimized', 'true');
    await expect(home).toHaveAttribute('aria-pressed', 'true');
  });
});
