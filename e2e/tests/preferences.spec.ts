import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { Desktop } from '../pages/Desktop.js';

/** The page's colour scheme (the theme's), as the document has it. */
const colorScheme = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
/** The desktop surface's background image. */
const wallpaper = (page: Page) => page.getByTestId('desktop').evaluate((element) => getComputedStyle(element).backgroundImage);

/**
 * Preferences (docs/behaviour/settings.md): every
 * choice applies at once, is stored on the server for the user and comes
 * back after a reload. Sofia's settings are changed: no other journey
 * depends on them.
 */
test('Preferences changes the theme, the wallpaper and the language live, and they survive a reload', async ({ page }) => {
  const desktop = new Desktop(page);
  await desktop.signIn('sofia');
  await desktop.openPreferences();
  const preferences = desktop.appWindows('Preferences');
  await expect(preferences.getByTestId('preferences')).toBeVisible();
  expect(await colorScheme(page)).toBe('light');
  // It opens on Appearance tall enough to show the whole wallpaper choice without scrolling (a 1280 x 720 screen).
  const [choiceBottom, sectionBottom] = await preferences.evaluate((window) => [
    window.querySelector('[data-testid="preferences.wallpaper"]')!.getBoundingClientRect().bottom,
    window.querySelector('[data-testid="preferences"] [role="tabpanel"]')!.getBoundingClientRect().bottom,
  ]);
  expect(choiceBottom).toBeLessThanOrEqual(sectionBottom!);

  await preferences.getByTestId('preferences.theme.Nocturne').check();
  await expect.poll(() => colorScheme(page)).toBe('dark');
  await preferences.getByTestId('preferences.wallpaper.dunes').check();
  await expect.poll(() => wallpaper(page)).toContain('dunes');

  await preferences.getByTestId('preferences.tab.language').click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/settings') && r.request().method() === 'POST' && (r.request().postData() ?? '').includes('de_DE'));
  await preferences.getByTestId('preferences.language.de_DE').check();
  await expect(preferences.getByTestId('window.title')).toHaveText('Einstellungen');
  await expect(page.getByRole('button', { name: 'Profilmenü von Sofia Novak' })).toBeVisible();
  // The application's own texts (apps/preferences/src/texts.ts) follow the language too.
  await expect(preferences.getByTestId('preferences.tab.language')).toHaveText('Sprache');

  // Saved 100 ms after the change: the server has it before the reload.
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await desktop.waitUntilStarted();
  await expect.poll(() => colorScheme(page)).toBe('dark');
  await expect.poll(() => wallpaper(page)).toContain('dunes');
  await expect(page.getByRole('button', { name: 'Profilmenü von Sofia Novak' })).toBeVisible();

  // And in a browser that never saw them: they come from the server.
  const other = await page.context().browser()!.newPage();
  try {
    const elsewhere = new Desktop(other);
    await elsewhere.signIn('sofia');
    await expect.poll(() => colorScheme(other)).toBe('dark');
    await expect(other.getByRole('button', { name: 'Profilmenü von Sofia Novak' })).toBeVisible();
  } finally {
    await other.close();
  }
});
