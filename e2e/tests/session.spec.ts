import { Messages } from '@atrium/shared';
import { expect, test } from '../fixtures.js';
import { waitForResetLink } from '../helpers/outbox.js';
import { LoginPage } from '../pages/LoginPage.js';
import { SignedInPage } from '../pages/SignedInPage.js';

test.describe('session', () => {
  test('refreshes an expired access token without the user noticing', async ({ page, request, shortTokenServer }) => {
    const base = shortTokenServer.url;
    const login = new LoginPage(page);
    // The desktop may refresh on its own (a background call meeting the expired token) before the reload does: count every refresh.
    let refreshes = 0;
    page.on('response', (r) => {
      if (r.url().endsWith('/refreshtoken') && r.status() === 200) refreshes += 1;
    });
    await login.open(`${base}/`);
    const signedInAnswer = page.waitForResponse((r) => r.url().endsWith('/api/wrapper/auth') && r.status() === 200);
    await login.signIn('demo', 'Demo@1234');
    const { jwt } = ((await (await signedInAnswer).json()) as { data: { jwt: string } }).data;
    const signedIn = new SignedInPage(page);
    await signedIn.ready();
    await expect(signedIn.profileButton('Dana Demo')).toBeVisible();
    // Access tokens of this server live 3 s: once the server calls the stored one expired, a reload has to refresh it.
    await expect
      .poll(async () => ((await (await request.post(`${base}/api/wrapper/validatetoken`, { form: { jwt } })).json()) as { message?: string }).message, { timeout: 10_000 })
      .toBe(Messages.tokenExpired);
    await page.reload();
    await expect.poll(() => refreshes, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(signedIn.profileButton('Dana Demo')).toBeVisible();
    await expect(login.username).toHaveCount(0);
  });

  test('sends a user whose session was revoked back to the login page', async ({ page, request, atrium }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('olivia', 'Demo@1234');
    const signedIn = new SignedInPage(page);
    await signedIn.ready();
    await expect(signedIn.profileButton('Olivia Hart')).toBeVisible();

    // A password reset elsewhere ends every session of the user (to the same password: other journeys sign in as Olivia too).
    const started = Date.now();
    await request.post('/api/wrapper/user/me/forgotpassword', { form: { username: 'olivia' } });
    const link = await waitForResetLink(atrium.dataDir, 'olivia.hart@northwind.example', started);
    const code = new URL(link).searchParams.get('resetpassword')!;
    const reset = await request.post('/api/wrapper/user/me/resetpassword', {
      form: { password_reset_code: code, new_password: 'Demo@1234', confirm_password: 'Demo@1234' },
    });
    expect(reset.status()).toBe(200);

    await page.reload();
    await expect(login.username).toBeVisible({ timeout: 10_000 });
  });
});
