import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../fixtures.js';
import { Ports, workerPort } from '../helpers/ports.js';
import { JourneyServer } from '../helpers/server.js';
import { Desktop } from '../pages/Desktop.js';
import { LoginPage } from '../pages/LoginPage.js';
import { SignedInPage } from '../pages/SignedInPage.js';

/**
 * After sign-in (docs/behaviour/desktop.md#after-sign-in), on a server of
 * its own with fresh demo data, so that the demo user really signs in for
 * the first time: the organisation's privacy policy is asked once, and the
 * greeting comes after a sign-in with the form (not after a reload), unless
 * the user's Greetingmessage preference turns it off.
 */
const server = new JourneyServer(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-first-')), workerPort(Ports.firstSignIn));

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await server.start({ registerPackages: true });
});

test.afterAll(async () => {
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
});

test.describe.configure({ mode: 'serial' });

test('the privacy policy is asked on the first sign-in only, and must be ticked', async ({ page }) => {
  const login = new LoginPage(page);
  const desktop = new Desktop(page);
  await login.open(`${server.url}/`);
  await login.signIn('demo', 'Demo@1234');
  await desktop.waitUntilStarted();
  const dialog = desktop.privacyDialog();
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleName('Privacy policy of Northwind Trading');
  await expect(dialog.getByRole('heading', { name: 'Privacy policy', exact: true })).toBeVisible();

  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('You need to agree with our T&C')).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByRole('checkbox', { name: 'I have read and agree to the privacy policy' }).check();
  const accepted = page.waitForResponse((r) => r.url().endsWith('/user/me/updateLoggedIn') && r.ok());
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await accepted;
  await expect(dialog).toHaveCount(0);

  // Not again: neither after a reload nor after signing in again.
  await page.reload();
  await desktop.waitUntilStarted();
  await expect(desktop.privacyDialog()).toHaveCount(0);
  await new SignedInPage(page).signOut('Dana Demo');
  await login.signIn('demo', 'Demo@1234');
  await desktop.waitUntilStarted();
  await expect(desktop.privacyDialog()).toHaveCount(0);
});

test('a user who has accepted before is not asked', async ({ page }) => {
  const desktop = new Desktop(page);
  const login = new LoginPage(page);
  await login.open(`${server.url}/`);
  await login.signIn('liam', 'Demo@1234');
  await desktop.waitUntilStarted();
  await expect(desktop.privacyDialog()).toHaveCount(0);
});

test('the greeting comes after signing in with the form, not after a reload, and not when the user turned it off', async ({ page, request }) => {
  const desktop = new Desktop(page);
  const login = new LoginPage(page);
  const greeting = page.getByTestId('notification.title').filter({ hasText: /^Good (Morning|Afternoon|Evening), Olivia Hart$/ });
  await login.open(`${server.url}/`);
  await login.signIn('olivia', 'Demo@1234');
  await desktop.waitUntilStarted();
  await expect(greeting).toBeVisible();

  await page.reload();
  await desktop.waitUntilStarted();
  // The greeting is shown before the desktop counts as started: none now means none at all.
  await expect(greeting).toHaveCount(0);

  // Greetingmessage 'false': no greeting after the next sign-in.
  const auth = await request.post(`${server.url}/api/wrapper/auth`, { form: { username: 'olivia', password: 'Demo@1234' } });
  const jwt = ((await auth.json()) as { data: { jwt: string } }).data.jwt;
  const me = await request.get(`${server.url}/api/v1/user/me`, { headers: { authorization: `Bearer ${jwt}` } });
  const id = ((await me.json()) as { data: { id: string } }).data.id;
  const off = await request.put(`${server.url}/api/v1/user/${id}`, { data: { preferences: { Greetingmessage: 'false' } }, headers: { authorization: `Bearer ${jwt}` } });
  expect(off.ok()).toBe(true);
  await new SignedInPage(page).signOut('Olivia Hart');
  await login.signIn('olivia', 'Demo@1234');
  await desktop.waitUntilStarted();
  await expect(greeting).toHaveCount(0);
});
