import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { apiToken, saveSettings } from '../helpers/api.js';
import { Desktop } from '../pages/Desktop.js';

/**
 * Window titles and the catalogue follow the user's language
 * (docs/behaviour/windows.md#title, docs/behaviour/applications.md#catalogue-translations):
 * windows opened in one language show the next one's titles at once after a
 * switch in Preferences, in the window list as in the title bars, and the
 * application menu names the organisation's pages in it too. Liam's
 * language and theme are put back after each journey.
 */

// Playwright's own helper scripts are refused in the Viewer's sandboxed frame: not the page's errors.
test.use({ expectedConsoleErrors: [/^Blocked script execution in '[^']*\/resources\//] });

const USER = 'liam';

test.afterEach(async ({ request }) => {
  await saveSettings(request, await apiToken(request, USER), { locale: null, 'desktop.theme': null });
});

/** The titles the panel's window list shows, in order. */
const windowListTitles = (page: Page) => page.getByTestId('panel.windows').locator('.atr-windowlist__title').allTextContents();
/** The titles in the windows' title bars, in order. */
const titleBars = (page: Page) => page.getByTestId('window.title').allTextContents();

/** Launches an application from the panel's application menu by its name. */
async function launchFromMenu(page: Page, name: string): Promise<void> {
  await page.getByTestId('panel.menu').click();
  await page.getByTestId(`appMenu.app.${name}`).click();
  await expect(page.getByTestId('appMenu')).toHaveCount(0);
  await expect(page.locator(`[data-testid="window"][data-app="${name === 'Audits' ? 'Records' : name}"]`).first()).toBeVisible();
}

for (const theme of [null, 'Nocturne'] as const) {
  test(`windows opened in German show Chinese titles only after switching to Chinese in Preferences, and so does the application menu (${theme ?? 'default'} theme)`, async ({ page, request }) => {
    await saveSettings(request, await apiToken(request, USER), { locale: 'de_DE', ...(theme ? { 'desktop.theme': theme } : {}) });
    const desktop = new Desktop(page);
    await desktop.signIn(USER);

    await launchFromMenu(page, 'Files');
    await launchFromMenu(page, 'Priorities');
    await launchFromMenu(page, 'Audits');
    await launchFromMenu(page, 'Preferences');
    const german = ['Eigene Dateien – Dateien', 'Prioritäten', 'Auditverwaltung', 'Einstellungen'];
    await expect.poll(() => windowListTitles(page)).toEqual(german);
    expect((await titleBars(page)).slice().sort()).toEqual(german.slice().sort());

    const preferences = desktop.appWindows('Preferences');
    await preferences.getByTestId('preferences.tab.language').click();
    await preferences.getByTestId('preferences.language.zh_CN').check();

    const chinese = ['个人文件夹 – 文件', '优先事项', '审核管理', '偏好设置'];
    await expect.poll(() => windowListTitles(page)).toEqual(chinese);
    await expect.poll(async () => (await titleBars(page)).slice().sort()).toEqual(chinese.slice().sort());

    // The application menu: the organisation's pages and the built-in applications in Chinese, none left in English or German.
    await page.getByTestId('panel.menu').click();
    const menu = page.getByTestId('appMenu');
    const title = (name: string) => menu.getByTestId(`appMenu.app.${name}`);
    await expect(title('Audits')).toHaveText('审核管理');
    await expect(title('Chat')).toHaveText('聊天');
    await expect(title('Calendar')).toHaveText('日历');
    await expect(title('Mail')).toHaveText('邮件');
    await expect(title('Priorities')).toHaveText('优先事项');
    await expect(title('Files')).toHaveText('文件');
    await expect(menu.getByTestId('appMenu.category.quality management')).toContainText('质量');
    const texts = await menu.getByRole('menuitem').allTextContents();
    for (const english of ['Audit Management', 'Chat', 'Calendar', 'Mail', 'Auditverwaltung', 'Kalender', 'Prioritäten', 'Priorities']) expect(texts).not.toContain(english);
    await page.keyboard.press('Escape');
  });
}
