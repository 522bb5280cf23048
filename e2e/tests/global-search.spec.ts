import type { Request } from '@playwright/test';
import { catalogues } from '@atrium/shared';
import { expect, test } from '../fixtures.js';
import { Desktop } from '../pages/Desktop.js';
import { GlobalSearchObject } from '../pages/GlobalSearchObject.js';

/**
 * The global search (docs/behaviour/search.md): the panel's magnifier, its
 * refusals before anything is sent, a search of each kind opening what it
 * found in the GlobalSearch application, and the Recent list kept on the
 * server, against the real server and its demo data.
 */

/** The search calls the page makes (GET search, POST updateusersearchitems). */
function searchCalls(page: Desktop['page']): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('/search') || pathname.endsWith('/user/updateusersearchitems')) calls.push(request);
  });
  return calls;
}

// Playwright's own helper scripts are refused in the Viewer's sandboxed frame: not the page's errors.
test.use({ expectedConsoleErrors: [/^Blocked script execution in '[^']*\/resources\//] });

test.describe('global search', () => {
  test('refuses an empty search and one of special characters with their texts, sending nothing; Escape gives the focus back to the magnifier', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    const search = new GlobalSearchObject(page);
    const calls = searchCalls(page);
    await search.open();
    await expect(search.panel.getByRole('heading', { name: 'What are you searching for?' })).toBeVisible();
    await expect(search.magnifier).toHaveAttribute('aria-expanded', 'true');

    await search.input.press('Enter');
    await expect(search.message).toHaveText('Please enter something to search!');
    await expect(search.message).toHaveAttribute('aria-live', 'assertive');
    await search.input.fill('%&*!?');
    await search.input.press('Enter');
    await expect(search.message).toHaveText('The use of special characters is not allowed!');
    await expect(search.panel).toBeVisible();
    await expect(search.app).toHaveCount(0);
    expect(calls.map((r) => r.url())).toEqual([]);

    await search.input.press('Escape');
    await expect(search.panel).toBeHidden();
    await expect(search.magnifier).toBeFocused();
    await expect(search.magnifier).toHaveAttribute('aria-expanded', 'false');
  });

  test('Tab past the last control of the panel, or Shift+Tab before its first, closes it back to the magnifier: focus never drops to the page', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    const search = new GlobalSearchObject(page);
    await search.open();
    await expect(search.input).toBeFocused();
    // Forwards through every control of the panel, which stays open while focus is in it.
    const controls = await search.panel.locator('button:visible, input:visible').count();
    let tabs = 0;
    while ((await search.panel.count()) > 0 && tabs <= controls + 1) {
      await page.keyboard.press('Tab');
      tabs++;
      if ((await search.panel.count()) > 0) await expect(search.panel.locator(':focus')).toHaveCount(1);
    }
    await expect(search.panel).toBeHidden();
    await expect(search.magnifier).toBeFocused();
    await expect(search.magnifier).toHaveAttribute('aria-expanded', 'false');

    // Backwards: from the panel's first control, out to the magnifier too.
    await search.open();
    await expect(search.input).toBeFocused();
    for (let i = 0; i < 3 && (await search.panel.count()) > 0; i++) await page.keyboard.press('Shift+Tab');
    await expect(search.panel).toBeHidden();
    await expect(search.magnifier).toBeFocused();
  });

  test('the search field shows its whole placeholder, in every language', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    const search = new GlobalSearchObject(page);
    await search.open();
    await expect(search.input).toHaveAttribute('placeholder', 'Apps, people, files, comments');
    // Each language's text measured in the field's own font against the room the field gives it.
    const placeholders = Object.values(catalogues).map((catalogue) => catalogue.globalSearch.placeholder);
    const overflow = await search.input.evaluate((input: HTMLInputElement, texts: string[]) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return texts.filter((text) => context.measureText(text).width > room);
    }, placeholders);
    expect(overflow).toEqual([]);
  });

  test('an application found opens: the search opens GlobalSearch on the Apps tab, closes the panel, and the result launches the application', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    const search = new GlobalSearchObject(page);
    await search.search('handbook', 'Apps');
    await expect(search.panel).toBeHidden();
    await expect(search.tab('Apps')).toHaveAttribute('aria-selected', 'true');
    await expect(search.app.getByRole('searchbox', { name: 'Search text' })).toHaveValue('handbook');
    const handbook = search.result('Company Handbook');
    await expect(handbook.locator('mark')).toHaveText(['Handbook']);
    await handbook.click();
    await expect(desktop.appWindows('Viewer').getByTestId('viewer')).toBeVisible();
  });

  test("a person found opens their profile card", async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    const search = new GlobalSearchObject(page);
    await search.search('Olivia', 'Users');
    await expect(search.tab('Users')).toHaveAttribute('aria-selected', 'true');
    await search.result('Olivia Hart').click();
    await expect(page.getByTestId('profileCard.name')).toHaveText('Olivia Hart');
  });

  test('a file found opens in the application of its type', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    const search = new GlobalSearchObject(page);
    await search.search('warehouse', 'Attachments');
    const notes = search.result('Meeting notes.txt');
    await expect(notes).toContainText('Text matches');
    await expect(notes.locator('mark').first()).toHaveText(/warehouse/i);
    // From the keyboard: the first result takes the focus, the arrows move to it, Enter opens it.
    await search.results.first().focus();
    const index = await search.results.evaluateAll((all, name) => all.findIndex((el) => el.textContent?.includes(name as string)), 'Meeting notes.txt');
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
    await expect(notes).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(desktop.appWindows('TextEditor').getByTestId('textEditor.text')).toHaveValue(/Weekly operations meeting/);
  });

  test("a comment found opens its task's comments", async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    const search = new GlobalSearchObject(page);
    await search.search('budget', 'Comments');
    await expect(search.tab('Comments')).toHaveAttribute('aria-selected', 'true');
    const comment = search.result('Two findings are closed');
    await expect(comment.locator('mark')).toHaveText(['budget']);
    await comment.click();
    const dialog = page.getByTestId('work.commentsDialog');
    await expect(dialog.getByTestId('work.comment.text').filter({ hasText: 'the third needs a new budget approval' })).toBeVisible();
  });

  test('the Recent list keeps a search after a reload, newest first, and a click on it fills the search bar', async ({ page }) => {
    const desktop = new Desktop(page);
    await desktop.signIn();
    const search = new GlobalSearchObject(page);
    const term = `supplier ${Date.now() % 100000}`;
    await search.search(term);
    await expect(search.app.getByTestId('globalSearchApp.empty').or(search.results.first())).toBeVisible();
    await page.reload();
    await desktop.waitUntilStarted();
    await search.open();
    await expect(search.recent.first()).toHaveText(term);
    await search.recent.first().click();
    await expect(search.input).toHaveValue(term);
    await expect(search.input).toBeFocused();
  });
});
