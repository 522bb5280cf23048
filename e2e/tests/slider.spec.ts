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
    // The slider holds still while the pointer is over it.
    await page.mouse.move(0, 0);
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

  test('a labelled pause button stops the automatic advance, and Play (by keyboard) restarts it', async ({ page }) => {
    await page.clock.install();
    const login = new LoginPage(page);
    await login.openWithSlides();
    const pause = page.getByRole('button', { name: 'Pause announcements' });
    await pause.click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(35_000);
    await expect(login.slider.active()).toHaveAttribute('data-index', '0');
    const play = page.getByRole('button', { name: 'Play announcements' });
    await play.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Pause announcements' })).toBeFocused();
    // Focus inside the slider holds it; once focus leaves, it runs again.
    await page.getByLabel('Username', { exact: true }).focus();
    await page.clock.runFor(10_500);
    await expect(login.slider.active()).toHaveAttribute('data-index', '1');
  });

  test('holds still while the pointer is over it', async ({ page }) => {
    await page.clock.install();
    const login = new LoginPage(page);
    await login.openWithSlides();
    await login.slider.active().hover();
    await page.clock.runFor(25_000);
    await expect(login.slider.active()).toHaveAttribute('data-index', '0');
    await page.mouse.move(0, 0);
    await page.clock.runFor(10_500);
    await expect(login.slider.active()).toHaveAttribute('data-index', '1');
  });

  test('does not move by itself when the user prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    const login = new LoginPage(page);
    await login.openWithSlides();
    await expect(page.getByRole('button', { name: 'Play announcements' })).toBeVisible();
    await page.clock.runFor(35_000);
    await expect(login.slider.active()).toHaveAttribute('data-index', '0');
    // No fading either: the slide shown changes at once.
    await login.slider.next().click();
    await expect(login.slider.active()).toHaveCSS('opacity', '1');
    expect(await login.slider.active().evaluate((el) => getComputedStyle(el).transitionDuration)).toMatch(/^0s|^1e-05s|^0\.001s/);
  });

  test('the dots are targets of at least 24 by 24 pixels that still show 10 pixel dots', async ({ page }) => {
    const login = new LoginPage(page);
    await login.openWithSlides();
    const dots = page.getByTestId('slider.dot');
    for (const dot of await dots.all()) {
      const box = (await dot.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(24);
      expect(box.height).toBeGreaterThanOrEqual(24);
    }
    const drawn = await dots.nth(1).evaluate((el) => {
      const style = getComputedStyle(el, '::before');
      return { width: style.width, height: style.height };
    });
    expect(drawn).toEqual({ width: '10px', height: '10px' });
  });

  test("loads only the visible announcement's media at first", async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (/\/resources\//.test(request.url()) && ['image', 'media'].includes(request.resourceType())) requested.push(request.url());
    });
    await page.clock.install();
    const login = new LoginPage(page);
    await login.openWithSlides();
    await page.waitForLoadState('networkidle');
    expect(new Set(requested).size).toBe(1);
    await page.mouse.move(0, 0);
    // Shortly before the advance, the next slide's media is asked for.
    await page.clock.runFor(10_500);
    await expect(login.slider.active()).toHaveAttribute('data-index', '1');
    await expect.poll(() => new Set(requested).size).toBe(2);
  });
});
