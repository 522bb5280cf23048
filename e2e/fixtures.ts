import { test as base, expect } from '@playwright/test';

/**
 * The test fixture every journey uses: it fails the test on any console
 * error or uncaught page error, so a broken page cannot pass. Chromium's own
 * "Failed to load resource" lines are not the page's errors: a 401 for a
 * wrong password is an expected answer, and journeys assert on what the
 * user sees instead.
 */
export const test = base.extend<{ consoleErrors: string[]; expectedConsoleErrors: RegExp[] }>({
  /** Console errors a journey provokes on purpose (the browser's own lines when the server is stopped). */
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        if (message.type() !== 'error' || text.startsWith('Failed to load resource')) return;
        if (!expectedConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
