import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { Desktop } from '../pages/Desktop.js';

/** Where DOM focus is: the focused element's test id and the wid of the window holding it ('-' for none). */
function focusPlace(page: Page): Promise<{ testid: string; wid: string; body: boolean; visible: boolean }> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return {
      testid: active?.dataset.testid ?? active?.tagName ?? '',
      wid: active?.closest('[data-testid="window"]')?.getAttribute('data-wid') ?? '-',
      body: !active || active === document.body,
      visible: !!active && active.matches(':focus-visible'),
    };
  });
}

async function expectFocusInside(page: Page, container: Locator): Promise<void> {
  expect(await container.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

test.describe('keyboard focus (docs/ACCESSIBILITY.md)', () => {
  let desktop: Desktop;
  test.beforeEach(async ({ page }) => {
    desktop = new Desktop(page);
    await desktop.signIn();
  });

  test('Tab and Shift+Tab stay inside a modal dialog, and Escape returns focus to what opened it', async ({ page }) => {
    await desktop.developer('fileSave');
    const save = desktop.dialog('file');
    await save.button('OK').focus();
    await page.keyboard.press('Enter');
    const question = desktop.dialog('confirm');
    await expect(question.window).toHaveAttribute('aria-modal', 'true');
    await expect(question.button('Yes')).toBeFocused();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      await expectFocusInside(page, question.window);
    }
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Shift+Tab');
      await expectFocusInside(page, question.window);
    }
    await page.keyboard.press('Escape');
    await expect(question.window).toHaveCount(0);
    // Back on the button that opened the question, in its parent dialog.
    await expect(save.button('OK')).toBeFocused();
  });

  test.describe('Enter presses the default button in every dialog kind', () => {
    const cases: Array<[string, string, string]> = [
      ['color', 'dialog.color.r', 'color: ok {"r":47,"g":111,"b":222,"hex":"#2f6fde"}'],
      ['font', 'dialog.font.style', 'font: ok {'],
      ['choice', 'dialog.choice.select', 'choice: ok "weekly"'],
      ['defaultApplication', 'dialog.defaultApplication.select', 'defaultApplication: ok {'],
      ['prompt', 'dialog.prompt.input', 'prompt: ok ""'],
    ];
    for (const [entry, control, result] of cases) {
      test(`${entry}: Enter on a field presses OK`, async ({ page }) => {
        await desktop.developer(entry);
        const dialog = desktop.dialog(entry);
        await dialog.control(control).focus();
        await page.keyboard.press('Enter');
        await expect(dialog.window).toHaveCount(0);
        await expect(desktop.result).toContainText(result);
      });
    }

    test('Enter on a button presses that button', async ({ page }) => {
      await desktop.developer('color');
      await desktop.dialog('color').button('Cancel').focus();
      await page.keyboard.press('Enter');
      await expect(desktop.result).toHaveText(/^color: cancel/);
    });
  });

  test('the profile card takes focus, keeps Tab inside, and Escape gives focus back to the profile button', async ({ page }) => {
    const avatar = page.getByTestId('panel.profile');
    const openCard = async (how: 'keyboard' | 'pointer') => {
      if (how === 'keyboard') {
        await avatar.focus();
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('profileMenu.profileCard')).toBeFocused();
        await page.keyboard.press('Enter');
      } else {
        await avatar.click();
        await page.getByTestId('profileMenu.profileCard').click();
      }
    };
    await openCard('keyboard');
    const card = page.getByTestId('profileCard');
    await expect(card).toBeVisible();
    await expect(page.getByTestId('profileCard.name')).toBeVisible();
    await expectFocusInside(page, card);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      await expectFocusInside(page, card);
    }
    await page.keyboard.press('Shift+Tab');
    await expectFocusInside(page, card);
    await page.keyboard.press('Escape');
    await expect(card).toHaveCount(0);
    await expect(avatar).toBeFocused();

    // Opened by a click too.
    await openCard('pointer');
    await expect(card).toBeVisible();
    await expectFocusInside(page, card);
    await page.keyboard.press('Escape');
    await expect(avatar).toBeFocused();
  });

  test('closing the last window leaves focus on the desktop, visible, never on the page body', async ({ page }) => {
    const w = await desktop.openTestWindow();
    await expect(w.frame).toHaveAttribute('data-focused', 'true');
    await w.closeButton.focus();
    await page.keyboard.press('Enter');
    await expect(w.frame).toHaveCount(0);
    const place = await focusPlace(page);
    expect(place.body).toBe(false);
    expect(place.testid).toBe('panel.profile');
    expect(place.visible).toBe(true);
  });

  test('closing a window hands focus to the next one in z-order', async ({ page }) => {
    const first = await desktop.openTestWindow();
    const second = await desktop.openTestWindow();
    await expect(second.frame).toHaveAttribute('data-focused', 'true');
    await page.keyboard.press('Alt+Shift+KeyW');
    await expect(second.frame).toHaveCount(0);
    await expect(first.frame).toHaveAttribute('data-focused', 'true');
    expect((await focusPlace(page)).wid).toBe(first.wid);
  });

  test('closing a dialog without a parent, with no window left, leaves focus on the desktop', async ({ page }) => {
    await desktop.developer('alertInfo');
    const alert = desktop.dialog('alert');
    await expect(alert.button('Close')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(alert.window).toHaveCount(0);
    await expect(desktop.result).toHaveText('alert: close');
    const place = await focusPlace(page);
    expect(place.body).toBe(false);
    expect(place.wid).toBe('-');
  });

  test("minimizing the focused window moves focus to its entry in the panel's window list, which brings it back", async ({ page }) => {
    const w = await desktop.openTestWindow();
    await page.keyboard.press('Alt+Shift+KeyM');
    await expect(w.frame).toHaveAttribute('data-minimized', 'true');
    const button = page.locator(`[data-window-entry="${w.wid}"]`);
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(w.frame).toHaveAttribute('data-minimized', 'false');
    expect((await focusPlace(page)).wid).toBe(w.wid);
  });
});
