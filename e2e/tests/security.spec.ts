import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';
import { Desktop } from '../pages/Desktop.js';

/**
 * The Content-Security-Policy of the pages (docs/SECURITY.md): Chromium
 * enforces it, and what the product really does (sign-in, the desktop,
 * Preferences with its wallpapers, the Viewer's frame, the websocket) never
 * violates it.
 */

/** Collects every policy violation the page reports, from its first script on. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}

test.describe('content security policy', () => {
  test.describe('enforced', () => {
    // Chromium reports every violation as a console error, which fails any other journey.
    test.use({ expectedConsoleErrors: [/^Executing inline script violates the following Content Security Policy directive 'script-src 'self''/] });

    test('the page comes with the policy, and Chromium refuses inline script under it', async ({ page }) => {
      const violations = await recordViolations(page);
      const response = await page.goto('/');
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
      // As an injected script would: appended by script already running in the page.
      const ran = await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__inlineRan = true';
        document.body.append(script);
        return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
      });
      expect(ran).toBe(false);
      await expect.poll(violations).toEqual([expect.stringMatching(/^script-src-elem inline$/)]);
    });
  });

  test.describe('respected', () => {
    // Playwright's own helper scripts, not the page's, are refused in the sandboxed frame while the journey reads it.
    test.use({ expectedConsoleErrors: [/^Blocked script execution in '[^']*\/resources\//] });

    test('signing in, the desktop, Preferences, the Viewer and the socket raise no violation', async ({ page }) => {
      const violations = await recordViolations(page);
      const desktop = new Desktop(page);
      await desktop.signIn();
      await page.goto('/?app=Handbook');
      const viewer = desktop.appWindows('Viewer');
      await expect(viewer.getByTestId('window.title')).toHaveText('Company Handbook');
      await expect(page.frameLocator('[data-testid="viewer.frame"]').getByRole('heading', { level: 1 })).toContainText('Handbook');
      await desktop.openPreferences();
      const preferences = desktop.appWindows('Preferences');
      await expect(preferences.getByTestId('preferences')).toBeVisible();
      await preferences.getByTestId('preferences.wallpaper.dunes').check();
      await expect.poll(() => page.getByTestId('desktop').evaluate((element) => getComputedStyle(element).backgroundImage)).toContain('dunes');
      expect(await violations()).toEqual([]);
    });
  });
});
