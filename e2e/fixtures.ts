import { test as base, expect, type APIRequestContext } from '@playwright/test';

/** The demo users whose saved desktop session each journey starts without. */
const DEMO_USERS = ['demo', 'olivia', 'liam', 'sofia'];
/** Access tokens of the demo users on the main server, kept between journeys of a worker. */
const tokens = new Map<string, string>();

async function demoToken(request: APIRequestContext, username: string): Promise<string | null> {
  const response = await request.post('/api/wrapper/auth', { form: { username, password: 'Demo@1234' } });
  // A journey changed this user's password: their session is that journey's business.
  if (!response.ok()) return null;
  return ((await response.json()) as { data: { jwt: string } }).data.jwt;
}

/** Forgets a demo user's saved desktop session on the main server. */
async function clearSavedSession(request: APIRequestContext, username: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const token = tokens.get(username) ?? (await demoToken(request, username));
    if (!token) return;
    tokens.set(username, token);
    const response = await request.post('/api/v1/user/me/removesession', { data: {}, headers: { authorization: `Bearer ${token}` } });
    if (response.ok()) return;
    tokens.delete(username);
  }
}

/**
 * The test fixture every journey uses: it fails the test on any console
 * error or uncaught page error, so a broken page cannot pass. Chromium's own
 * "Failed to load resource" lines are not the page's errors: a 401 for a
 * wrong password is an expected answer, and journeys assert on what the
 * user sees instead.
 */
export const test = base.extend<{ consoleErrors: string[]; expectedConsoleErrors: RegExp[]; freshDesktops: void }>({
  /**
   * Desktops remember the applications a user had open (docs/behaviour/desktop.md#session-save-and-restore):
   * each journey starts with the demo users' saved sessions empty, so what one journey opened does not
   * come back in the next.
   */
  freshDesktops: [
    async ({ request }, use) => {
      for (const username of DEMO_USERS) await clearSavedSession(request, username);
      await use();
    },
    { auto: true },
  ],
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
