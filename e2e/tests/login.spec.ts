import { expect, test } from '../fixtures.js';
import { apiToken, saveSettings } from '../helpers/api.js';
import { Desktop } from '../pages/Desktop.js';
import { LoginPage } from '../pages/LoginPage.js';
import { SignedInPage } from '../pages/SignedInPage.js';

test.describe('login page', () => {
  test('shows the welcome title with the version stamp, the footer and the language widget', async ({ page, request }) => {
    const config = await (await request.get('/client-config')).json();
    const login = new LoginPage(page);
    await login.open();
    await expect(login.title).toContainText('Welcome to Atrium');
    await expect(page.getByText(`v${config.version}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'About Us' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', /privacy-policy$/);
    await expect(page.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
    await expect(login.forgotLink).toBeVisible();
  });

  test('signs the demo user in and shows their name', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('demo', 'Demo@1234');
    const signedIn = new SignedInPage(page);
    await signedIn.ready();
    await expect(signedIn.profileButton('Dana Demo')).toBeVisible();
  });

  test('says the fields cannot be empty without asking the server', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    let asked = false;
    page.on('request', (r) => {
      if (r.url().includes('/auth')) asked = true;
    });
    await login.signIn('demo', '');
    await expect(login.error).toHaveText('Username or password cannot be empty');
    expect(asked).toBe(false);
  });

  test('says the username or password is incorrect, and clears the message when a field is edited', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('sofia', 'not-her-password');
    await expect(login.error).toHaveText('The username or password you entered is incorrect');
    await login.password.press('a');
    await expect(login.error).toHaveCount(0);
  });

  test("says 'Login failed' when the server cannot be reached", async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    // The network fails, not the server: the request never leaves the browser.
    await page.route('**/api/wrapper/auth', (route) => route.abort('connectionrefused'));
    await login.signIn('demo', 'Demo@1234');
    await expect(login.error).toHaveText('Login failed');
  });

  test('keeps the session across a reload', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('demo', 'Demo@1234');
    const signedIn = new SignedInPage(page);
    await signedIn.ready();
    await expect(signedIn.profileButton('Dana Demo')).toBeVisible();
    await page.reload();
    await expect(signedIn.profileButton('Dana Demo')).toBeVisible();
    await expect(login.username).toHaveCount(0);
  });

  test('logs out back to the login page', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('demo', 'Demo@1234');
    const signedIn = new SignedInPage(page);
    await signedIn.ready();
    await signedIn.signOut('Dana Demo');
    await expect(login.username).toBeVisible({ timeout: 10_000 });
    await page.reload();
    await expect(login.username).toBeVisible();
  });

  test('switches the language and keeps the choice', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await page.getByRole('combobox').selectOption('de_DE');
    await expect(login.title).toContainText('Willkommen');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Willkommen');
    await page.getByRole('combobox').selectOption('en_EN');
  });

  test('a language chosen on the login page is the desktop\'s after signing in, over the one saved before, and is saved', async ({ page, request }) => {
    const token = await apiToken(request, 'liam');
    await saveSettings(request, token, { locale: 'en_EN' });
    try {
      const login = new LoginPage(page);
      await login.open();
      await page.getByRole('combobox').selectOption('de_DE');
      await expect(login.title).toContainText('Willkommen');
      await page.getByLabel('Benutzername', { exact: true }).fill('liam');
      await page.getByLabel('Passwort', { exact: true }).fill('Demo@1234');
      await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
      await new Desktop(page).waitUntilStarted();
      // The greeting and the desktop speak German, and German is what the user's settings now say.
      await expect(page.getByTestId('notification.title').first()).toHaveText(/^Guten (Morgen|Tag|Abend), /);
      await expect(page.getByRole('button', { name: /^Profilmenü von / })).toBeVisible();
      await expect.poll(async () => ((await (await request.get('/api/v1/settings', { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { values: { locale: string } } }).data.values.locale).toBe('de_DE');
    } finally {
      await saveSettings(request, token, { locale: null });
    }
  });

  test('keeps the app parameter for after sign-in and resets the address to the root', async ({ page }) => {
    await page.goto('/?app=Chat&room=general');
    await new LoginPage(page).username.waitFor();
    await expect(page).toHaveURL(/\/$/);
  });

  test('blocks browser back navigation away from the page', async ({ page }) => {
    await page.goto('about:blank');
    const login = new LoginPage(page);
    await login.open();
    const entry = () => page.evaluate(() => (window as unknown as { navigation: { currentEntry: { index: number } } }).navigation.currentEntry.index);
    const pinned = await entry();
    for (let i = 0; i < 2; i++) {
      await page.goBack();
      // The page puts its address back as the back arrives; a person's next press comes after that (on a busy machine a
      // second press sent at once would overtake it).
      await expect.poll(entry).toBe(pinned);
    }
    await expect(page).toHaveURL(/127\.0\.0\.1/);
    await expect(login.username).toBeVisible();
  });

  test('shows the privacy policy page', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { name: 'Privacy policy' })).toBeVisible();
  });
});
