import { expect, test } from '../fixtures.js';
import { LoginPage } from '../pages/LoginPage.js';

test.describe('announcement slider', () => {
  test('moves with the arrows and wraps around at the ends', async ({ page }) => {
    const login = new LoginPage(page);
    const count = await login.openWithSlides();
    expect(count).toBeGreaterThan(1);
    await expect(login.slider.active()).toHaveAttribute('data-index', '0');
    await login.slider.next().click();
    await expect(login.slider.active()).toHaveAttribute('data-index', '1');
    await login.slider.previous().click();
    await login.slider.previous().click();
    await expect(login.slider.active()).toHaveAttribute('data-index', String(count - 1));
  });

  test('advances every 10 seconds, and not while the details panel is open', async ({ page }) => {
    await page.clock.install();
    const login = new LoginPage(page);
    await login.openWithSlides();
    await expect(login.slider.active()).toHaveAttribute('data-index', '0');
    await page.clock.runFor(10_500);
    await expect(login.slider.active()).toHaveAttribute('data-index', '1');
    await login.slider.previous().click();
    await login.slider.readMore().click();
    await expect(login.slider.details()).toBeVisible();
    await page.clock.runFor(25_000);
    await expect(login.slider.active()).toHaveAttribute('data-index', '0');
    await login.slider.close().click();
    await expect(login.slider.details()).toHaveCount(0);
    await page.clock.runFor(10_500);
    await expect(login.slider.active()).toHaveAttribute('data-index', '1');
  });

  test('READ MORE shows the name and description, VISIT LINK only when a link exists', async ({ page }) => {
    const login = new LoginPage(page);
    await login.openWithSlides();
    await login.slider.readMore().click();
    await expect(login.slider.details()).toContainText('Welcome to your new workspace');
    await expect(login.slider.visitLink()).toHaveCount(0);
    await login.slider.close().click();
    // The third demo announcement carries a link.
    await login.slider.next().click();
    await login.slider.next().click();
    await login.slider.readMore().click();
    await expect(login.slider.details()).toContainText('Security awareness training');
    await expect(login.slider.visitLink()).toHaveAttribute('href', 'https://example.com/security-training');
  });

  test('shows a fallback announcement without READ MORE or FULL SCREEN', async ({ page }) => {
    const login = new LoginPage(page);
    const count = await login.openWithSlides();
    await login.slider.previous().click();
    await expect(login.slider.active()).toHaveAttribute('data-index', String(count - 1));
    await expect(login.slider.active()).toContainText('Planned maintenance on Saturday');
    await expect(login.slider.readMore()).toHaveCount(0);
    await expect(login.slider.fullscreen()).toHaveCount(0);
  });

  test('goes full screen and back', async ({ page }) => {
    const login = new LoginPage(page);
    await login.openWithSlides();
    await login.slider.fullscreen().click();
    const box = await login.slider.active().boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.width).toBeGreaterThanOrEqual(viewport.width - 1);
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await login.slider.active().boundingBox())!.width).toBeLessThan(viewport.width);
  });

  test('changes slide with the mouse wheel', async ({ page }) => {
    const login = new LoginPage(page);
    await login.openWithSlides();
    await login.slider.active().hover();
    await page.mouse.wheel(0, 200);
    await expect(login.slider.active()).toHaveAttribute('data-index', '1');
  });
});
