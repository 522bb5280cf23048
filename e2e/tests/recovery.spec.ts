import { PASSWORD_RULE_MESSAGES } from '@atrium/shared';
import { expect, test } from '../fixtures.js';
import { waitForResetLink } from '../helpers/outbox.js';
import { LoginPage } from '../pages/LoginPage.js';
import { ForgotPasswordPage, ResetPasswordPage } from '../pages/RecoveryPages.js';
import { SignedInPage } from '../pages/SignedInPage.js';

test.describe('password recovery', () => {
  test('asks for a username, then answers neutrally and returns to the origin', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.forgotLink.click();
    const forgot = new ForgotPasswordPage(page);
    await expect(forgot.heading).toBeVisible();
    await expect(page.getByText("Don't worry. It happens to the best of us.")).toBeVisible();
    await forgot.send.click();
    await expect(forgot.message('Please enter your Username')).toBeVisible();
    await forgot.username.fill('nobody-by-this-name');
    await forgot.send.click();
    await expect(forgot.message('If account exists, an email will be sent with further instructions')).toBeVisible();
    await expect(login.username).toBeVisible({ timeout: 10_000 });
  });

  test('Go Back returns to the login form', async ({ page }) => {
    await page.goto('/#forgotpassword');
    const forgot = new ForgotPasswordPage(page);
    await forgot.goBack.click();
    await expect(new LoginPage(page).username).toBeVisible();
  });

  test('resets a password from the mailed link, checking each rule in order, then signs in with it', async ({ page, atrium }) => {
    const started = Date.now();
    await page.goto('/#forgotpassword');
    const forgot = new ForgotPasswordPage(page);
    await forgot.username.fill('liam');
    await forgot.send.click();
    await expect(forgot.message('If account exists, an email will be sent with further instructions')).toBeVisible();

    const link = await waitForResetLink(atrium.dataDir, 'liam.chen@northwind.example', started);
    await page.goto(link);
    const reset = new ResetPasswordPage(page);
    const attempts: Array<[string, string, string]> = [
      ['Ab1!', 'Ab1!', PASSWORD_RULE_MESSAGES.length],
      ['Abcdefgh!', 'Abcdefgh!', PASSWORD_RULE_MESSAGES.digit],
      ['ABCDEFG1!', 'ABCDEFG1!', PASSWORD_RULE_MESSAGES.lowercase],
      ['abcdefg1!', 'abcdefg1!', PASSWORD_RULE_MESSAGES.uppercase],
      ['Abcdefg12', 'Abcdefg12', PASSWORD_RULE_MESSAGES.special],
      ['Abcdefg1!', 'Abcdefg1?', PASSWORD_RULE_MESSAGES.mismatch],
    ];
    for (const [password, confirmation, message] of attempts) {
      await reset.enter(password, confirmation);
      await expect(reset.message(message)).toBeVisible();
    }
    await reset.enter('Liam#Chen2026');
    await expect(reset.message('Password Reset Successfully')).toBeVisible();

    const login = new LoginPage(page);
    await expect(login.username).toBeVisible({ timeout: 10_000 });
    await login.signIn('liam', 'Liam#Chen2026');
    const signedIn = new SignedInPage(page);
    await signedIn.ready();
    await expect(signedIn.profileButton('Liam Chen')).toBeVisible();

    // Liam's demo password back, through the same calls, for the journeys after this one on this server.
    const again = Date.now();
    expect((await page.request.post('/api/wrapper/user/me/forgotpassword', { form: { username: 'liam' } })).ok()).toBe(true);
    const code = new URL(await waitForResetLink(atrium.dataDir, 'liam.chen@northwind.example', again)).searchParams.get('resetpassword')!;
    const back = await page.request.post('/api/wrapper/user/me/resetpassword', { form: { password_reset_code: code, new_password: 'Demo@1234', confirm_password: 'Demo@1234' } });
    expect(((await back.json()) as { status: string }).status).toBe('success');
    expect((await page.request.post('/api/wrapper/auth', { form: { username: 'liam', password: 'Demo@1234' } })).ok()).toBe(true);
  });

  test('says the link has expired for a used or unknown code', async ({ page }) => {
    await page.goto('/?resetpassword=this-code-was-never-issued');
    const reset = new ResetPasswordPage(page);
    await reset.enter('Valid#Pass1');
    await expect(reset.message('The password reset link has expired, please try resetting again.')).toBeVisible();
  });
});
