import { expect, test } from '../fixtures.js';
import { StartPageObject } from '../pages/StartPage.js';

test.describe('served web client', () => {
  test('loads the page with the product version from the server', async ({ page, request }) => {
    const config = await (await request.get('/client-config')).json();
    const start = new StartPageObject(page);
    await start.open();
    await expect(start.title).toHaveText('Welcome to Atrium');
    await expect(start.version).toHaveText(`Version ${config.version}`);
  });

  test('serves the same page for client-side addresses such as the reset link', async ({ page }) => {
    const start = new StartPageObject(page);
    await start.open('/?resetpassword=abc#forgotpassword');
    await expect(start.title).toBeVisible();
    await start.open('/privacy-policy');
    await expect(start.title).toBeVisible();
  });

  test('shows the page in the browser language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Willkommen bei Atrium');
    await context.close();
  });

  test('answers the demo user sign-in through the served API', async ({ request }) => {
    const response = await request.post('/api/wrapper/auth', { form: { username: 'demo', password: 'Demo@1234' } });
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.data.username).toBe('demo');
    const profile = await request.get('/api/v1/user/me/a+p+acc+ap+t', { headers: { authorization: `Bearer ${body.data.jwt}` } });
    expect((await profile.json()).data.accounts).toHaveLength(2);
  });
});
