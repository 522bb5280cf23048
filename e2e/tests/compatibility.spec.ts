import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../fixtures.js';
import { Desktop } from '../pages/Desktop.js';
import { LoginPage } from '../pages/LoginPage.js';
import { Ports, workerPort } from '../helpers/ports.js';
import { JourneyServer } from '../helpers/server.js';

/**
 * The one-base-address deployment of docs/COMPATIBILITY.md, in a real
 * browser: a server with both base addresses at /api and CORS_ORIGINS
 * listing a front end served from another origin. Atrium's own client works
 * there as anywhere; the other origin's page calls it the way the EOS front
 * end does (FormData, JSON as text/plain, a bearer with credentials, a plain
 * <img> for announcement media), and Chromium's own cross-origin checks
 * decide what it may read. A third origin, not listed, reads nothing.
 */
test.describe('one base address, and a front end of another origin', () => {
  let server: JourneyServer;
  let pages: http.Server;
  let listedOrigin = '';
  let otherOrigin = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // The front end's pages: an empty document is enough, the journey's script plays the front end.
    pages = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html lang="en"><title>Front end</title><main></main></html>'));
    const pagesPort = workerPort(Ports.oneBasePages);
    await new Promise<void>((resolve) => pages.listen(pagesPort, '127.0.0.1', resolve));
    listedOrigin = `http://127.0.0.1:${pagesPort}`;
    // Another origin for the same pages: the host differs.
    otherOrigin = `http://localhost:${pagesPort}`;
    server = new JourneyServer(fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-e2e-onebase-')), workerPort(Ports.oneBase), {
      API_PREFIX: '/api',
      WRAPPER_PREFIX: '/api',
      CORS_ORIGINS: listedOrigin,
    });
    await server.start({ registerPackages: true });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await new Promise((resolve) => pages?.close(resolve));
  });

  test("Atrium's own client shows the announcements, signs in and comes back signed in with both bases at /api", async ({ page }) => {
    const login = new LoginPage(page);
    await login.open(`${server.url}/`);
    await login.slider.active().waitFor();
    // The active slide's picture really arrived.
    const picture = login.slider.active().locator('img').first();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const desktop = new Desktop(page);
    await login.signIn('liam', 'Demo@1234');
    await desktop.waitUntilStarted();
    await desktop.acceptPrivacyPolicy();
    await page.reload();
    await desktop.waitUntilStarted();
    await expect(desktop.surface).toBeVisible();
  });

  test('a page of the listed origin signs in, stays signed in, calls the API and shows announcement media the way the EOS front end does', async ({ page }) => {
    await page.goto(`${listedOrigin}/`);
    const wrapper = `${server.url}/api/`;
    const seen = await page.evaluate(async (W) => {
      const form = (fields: Record<string, string>) => {
        const data = new FormData();
        for (const [k, v] of Object.entries(fields)) data.append(k, v);
        return data;
      };
      /** Its synchronous XMLHttpRequest with a FormData body, no header. */
      const syncForm = (action: string, fields: Record<string, string>) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', W + action, false);
        xhr.send(form(fields));
        return { status: xhr.status, body: JSON.parse(xhr.responseText) };
      };
      /** Its REST client: a bearer and credentials on every call; a JSON content type on GET and PUT, none on POST. */
      const rest = async (method: 'GET' | 'POST' | 'PUT', action: string, jwt: string | undefined, params?: unknown) => {
        const headers: Record<string, string> = { Authorization: `Bearer ${jwt}` };
        if (method !== 'POST') headers['Content-Type'] = 'application/json';
        const response = await fetch(W + action, { method, headers, credentials: 'include', ...(params === undefined ? {} : { body: JSON.stringify(params) }) });
        return { status: response.status, body: await response.json() };
      };

      const signIn = await fetch(W + 'auth', { method: 'POST', body: form({ username: 'olivia', password: 'Demo@1234' }), credentials: 'include' }).then((r) => r.json());
      const { jwt, refresh_token } = signIn.data;
      const valid = syncForm('validatetoken', { jwt });
      const refreshed = syncForm('refreshtoken', { jwt, refresh_token });
      const me = await rest('GET', 'user/me', refreshed.body.data.jwt);
      // The profile: synchronous, a JSON content type and a bearer, no credentials.
      const xhr = new XMLHttpRequest();
      xhr.open('GET', W + 'user/me/a+p+acc+bapp+ap', false);
      xhr.setRequestHeader('content-type', 'application/json');
      xhr.setRequestHeader('Authorization', `Bearer ${refreshed.body.data.jwt}`);
      xhr.send();
      const profile = JSON.parse(xhr.responseText);
      const logged = await rest('POST', 'logger', refreshed.body.data.jwt, { level: 'info', message: 'front end of another origin' });
      const hasLoggedIn = await rest('GET', 'user/me/hasLoggedIn', refreshed.body.data.jwt);
      const announcements = await rest('GET', `homescreen/announcement/${location.host}`, undefined);
      const withMedia = (announcements.body.data as Array<{ media: string | null; media_type: string }>).find((a) => a.media && a.media_type === 'image');
      const img = document.createElement('img');
      img.alt = '';
      img.src = `${W}resource/${withMedia?.media}`;
      document.querySelector('main')!.append(img);
      await img.decode();
      return {
        signedIn: signIn.status,
        valid: valid.body,
        refreshed: refreshed.body.status,
        rotated: refreshed.body.data.refresh_token !== refresh_token,
        me: me.body.data.username,
        profile: { status: profile.status, username: profile.data.username, accounts: profile.data.accounts.length },
        logged: logged.body.status,
        hasLoggedIn: hasLoggedIn.body.status,
        announcements: announcements.body.data.length,
        mediaWidth: img.naturalWidth,
      };
    }, wrapper);
    expect(seen).toEqual({
      signedIn: 'success',
      valid: { status: 'success', message: 'Token Valid' },
      refreshed: 'success',
      rotated: true,
      me: 'olivia',
      profile: { status: 'success', username: 'olivia', accounts: expect.any(Number) },
      logged: 'success',
      hasLoggedIn: 'success',
      announcements: expect.any(Number),
      mediaWidth: expect.any(Number),
    });
    expect(seen.announcements).toBeGreaterThan(0);
    expect(seen.mediaWidth).toBeGreaterThan(0);
  });

  test.describe('from an origin not listed', () => {
    // Chromium reports each blocked answer on the console: that is the point of this journey.
    test.use({ expectedConsoleErrors: [/blocked by CORS policy/] });

    test('a page of an origin not listed cannot read any answer', async ({ page }) => {
      await page.goto(`${otherOrigin}/`);
      const outcome = await page.evaluate(async (W) => {
        const attempt = async (run: () => Promise<Response>) => run().then((r) => `read ${r.status}`, (e: Error) => e.name);
        const data = new FormData();
        data.append('username', 'olivia');
        data.append('password', 'Demo@1234');
        return {
          signIn: await attempt(() => fetch(W + 'auth', { method: 'POST', body: data, credentials: 'include' })),
          announcements: await attempt(() => fetch(W + 'homescreen/announcement/x', { headers: { Authorization: 'Bearer undefined' }, credentials: 'include' })),
        };
      }, `${server.url}/api/`);
      expect(outcome).toEqual({ signIn: 'TypeError', announcements: 'TypeError' });
    });
  });
});
