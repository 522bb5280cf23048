import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { LoginPage } from '../pages/LoginPage.js';

/** The font files the page fetches from now on, by name without the build's hash ('lato-latin-400-normal'). */
function fontsFetched(page: Page): string[] {
  const fonts: string[] = [];
  page.on('response', (response) => {
    const file = new URL(response.url()).pathname.split('/').pop() ?? '';
    if (/\.woff2?$/.test(file)) fonts.push(file.replace(/-[\w-]{8}\.woff2?$/, ''));
  });
  return fonts;
}

/** Waits until the page has fetched what it shows: its fonts, and no request for a moment. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
}

test.describe('bytes on the wire (docs/PERFORMANCE.md)', () => {
  test('an English login page fetches only the Latin font files of the weights it shows', async ({ page }) => {
    const fonts = fontsFetched(page);
    await new LoginPage(page).open();
    await settled(page);
    expect(fonts.length).toBeGreaterThan(0);
    // Two typefaces in at most two weights each; no Latin Extended or Vietnamese file for the language list's names.
    expect(fonts.length).toBeLessThanOrEqual(4);
    for (const font of fonts) expect(font).toMatch(/^(lato|roboto)-latin-\d00-normal$/);
  });

  test('a Vietnamese login page also fetches the files with the Vietnamese letters', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await settled(page);
    const fonts = fontsFetched(page);
    await page.getByRole('combobox').selectOption('vi_VN');
    await expect(login.title).not.toContainText('Welcome');
    await settled(page);
    expect(fonts.some((font) => /-(vietnamese|latin-ext)-/.test(font))).toBe(true);
  });

  test('scripts and styles arrive compressed and are kept for a year; the page itself is always revalidated', async ({ page }) => {
    const answers: { path: string; type: string; headers: Record<string, string> }[] = [];
    page.on('response', (response) => answers.push({ path: new URL(response.url()).pathname, type: response.request().resourceType(), headers: response.headers() }));
    await new LoginPage(page).open();
    await settled(page);
    const document = answers.find((a) => a.type === 'document');
    expect(document?.headers['cache-control']).toBe('no-cache');
    const assets = answers.filter((a) => /^\/assets\/.+\.(js|css)$/.test(a.path));
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset.headers['content-encoding'], asset.path).toBe('br');
      expect(asset.headers['cache-control'], asset.path).toBe('public, max-age=31536000, immutable');
    }
    const config = answers.find((a) => a.path === '/client-config');
    expect(config?.headers['cache-control']).toBe('no-cache');
  });
});
