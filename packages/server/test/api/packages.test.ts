/**
 * @module-tag embedded-only
 *
 * The package manifest (docs/API.md#packages) with the visibility rule
 * (docs/behaviour/applications.md#visibility), and the files of
 * registered packages behind their signed addresses.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PackageManifestEntry } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRecord } from '../../src/apps/AppStore.js';
import { PackageRegistry } from '../../src/packages/PackageRegistry.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { TestClock } from '../helpers/clock.js';
import { makeAccount, makeUser, signIn } from '../helpers/factories.js';
import { bearer, expectClientErrorEnvelope } from '../helpers/http.js';
import { scratchPackagesDir } from '../helpers/packages.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`packages on ${databaseKind}`, () => {
  let t: TestApp;
  const clock = new TestClock();
  let packagesDir: string;
  let registry: PackageRegistry;
  let ada: UserRecord;
  let bob: UserRecord;
  let timesheetsApp: AppRecord;
  let crmApp: AppRecord;
  let adaJwt: string;
  let bobJwt: string;

  beforeAll(async () => {
    packagesDir = scratchPackagesDir();
    t = await createTestApp({ now: clock.now, rateLimits: { auth: 1000 }, env: { PACKAGES_DIR: packagesDir } });
    const { stores } = t.services;
    registry = new PackageRegistry(stores.packages, () => t.services.packages.builtins, packagesDir);
    for (const name of ['Timesheets', 'Aurora', 'Kiosk']) await registry.register(name);
    const account = await makeAccount(stores);
    ada = await makeUser(stores, t.hasher, { accounts: [account.id] });
    bob = await makeUser(stores, t.hasher, { accounts: [account.id] });
    timesheetsApp = await stores.apps.create({ name: 'Timesheets', title: 'Timesheets', category: 'employee center' });
    crmApp = await stores.apps.create({ name: 'CRM', title: 'Customer Relations', category: 'sales and marketing' });
    await stores.apps.grant(ada.id, timesheetsApp.id);
    await stores.apps.grant(ada.id, crmApp.id);
    adaJwt = (await signIn(t.app, t.config.wrapperPrefix, ada.username)).jwt;
    bobJwt = (await signIn(t.app, t.config.wrapperPrefix, bob.username)).jwt;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(packagesDir, { recursive: true, force: true });
  });

  async function manifest(jwt: string): Promise<PackageManifestEntry[]> {
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/packages/manifest`, headers: bearer(jwt) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: PackageManifestEntry[] }>().data;
  }

  const names = (entries: PackageManifestEntry[]) => entries.map((e) => e.name);
  const entry = (entries: PackageManifestEntry[], name: string) => entries.find((e) => e.name === name)!;

  describe('manifest', () => {
    it('needs a signed-in user', async () => {
      expectClientErrorEnvelope(await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/packages/manifest` }), 401);
    });

    it('lists built-in packages first, then the visible registered ones', async () => {
      expect(names(await manifest(adaJwt))).toEqual(['CRM', 'Preferences', 'Vision', 'Aurora', 'Kiosk', 'Timesheets']);
    });

    it('shows applications of the profile and of every organisation (defaultAppforOrgs 1), and every non-application package', async () => {
      // Bob has no grant: Preferences and Kiosk are everybody's, Vision and Aurora are themes.
      expect(names(await manifest(bobJwt))).toEqual(['Preferences', 'Vision', 'Aurora', 'Kiosk']);
    });

    it('marks built-in packages without a base and gives registered ones a signed base address', async () => {
      const entries = await manifest(adaJwt);
      expect(entry(entries, 'Preferences')).toMatchObject({ builtin: true, base: null, type: 'application', singleton: true, defaultAppforOrgs: 1 });
      const timesheets = entry(entries, 'Timesheets');
      expect(timesheets).toMatchObject({ builtin: false, type: 'application', files: ['style.css', 'main.js'], icon: 'icon.svg', defaultAppforOrgs: 0 });
      expect(timesheets.base).toMatch(new RegExp(`^/packages/\\d+\\.${ada.id}\\.[A-Za-z0-9_-]{43}/Timesheets/$`));
    });

    it('drops an application once its grant is revoked', async () => {
      await t.services.stores.apps.revoke(ada.id, crmApp.id);
      try {
        expect(names(await manifest(adaJwt))).not.toContain('CRM');
      } finally {
        await t.services.stores.apps.grant(ada.id, crmApp.id);
      }
    });

    it('hides a disabled package from everybody, and shows it again once enabled', async () => {
      await registry.setEnabled('Aurora', false);
      try {
        expect(names(await manifest(adaJwt))).not.toContain('Aurora');
        expect(names(await manifest(bobJwt))).not.toContain('Aurora');
      } finally {
        await registry.setEnabled('Aurora', true);
      }
      expect(names(await manifest(bobJwt))).toContain('Aurora');
    });
  });

  describe('files of registered packages', () => {
    async function baseOf(jwt: string, name: string): Promise<string> {
      return entry(await manifest(jwt), name).base!;
    }
    const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

    it('serves a file with its content type, private caching and nosniff', async () => {
      const base = await baseOf(adaJwt, 'Timesheets');
      const js = await get(`${base}main.js`);
      expect(js.statusCode).toBe(200);
      expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(js.headers['cache-control']).toBe('private, no-cache');
      expect(js.headers['x-content-type-options']).toBe('nosniff');
      expect(js.body).toBe(fs.readFileSync(path.join(packagesDir, 'Timesheets/main.js'), 'utf8'));
      for (const [file, type] of [
        ['style.css', 'text/css; charset=utf-8'],
        ['icon.svg', 'image/svg+xml'],
        ['assets/data.json', 'application/json; charset=utf-8'],
        ['assets/logo.png', 'image/png'],
      ]) {
        expect((await get(`${base}${file}`)).headers['content-type'], file).toBe(type);
      }
    });

    it('answers 304 to a matching entity tag, after the same checks', async () => {
      const base = await baseOf(adaJwt, 'Timesheets');
      const first = await get(`${base}main.js`);
      const again = await get(`${base}main.js`, { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
    });

    it('serves every user their own address of a package they see', async () => {
      const base = await baseOf(bobJwt, 'Kiosk');
      expect((await get(`${base}main.js`)).statusCode).toBe(200);
    });

    it('refuses a token of another user, of another package, forged, or a package the user cannot see', async () => {
      const adaBase = await baseOf(adaJwt, 'Timesheets');
      const [, , token] = adaBase.split('/');
      // Ada's token for Timesheets names Timesheets only.
      expectClientErrorEnvelope(await get(`/packages/${token}/Kiosk/main.js`), 404);
      // Bob's token for Kiosk does not open Timesheets.
      const bobToken = (await baseOf(bobJwt, 'Kiosk')).split('/')[2]!;
      expectClientErrorEnvelope(await get(`/packages/${bobToken}/Timesheets/main.js`), 404);
      // A token made for Bob with Ada's signature part.
      const [expiry, , mac] = token!.split('.');
      expectClientErrorEnvelope(await get(`/packages/${expiry}.${bob.id}.${mac}/Timesheets/main.js`), 404);
      expectClientErrorEnvelope(await get(`/packages/garbage/Timesheets/main.js`), 404);
      expectClientErrorEnvelope(await get(`/packages/${expiry}.${ada.id}.${'A'.repeat(43)}/Timesheets/main.js`), 404);
    });

    it('refuses paths that leave the package folder, plain or encoded, and missing or hidden files', async () => {
      const base = await baseOf(adaJwt, 'Timesheets');
      fs.writeFileSync(path.join(packagesDir, 'secret.txt'), 'outside');
      fs.writeFileSync(path.join(packagesDir, 'Timesheets/.env'), 'SECRET=1');
      for (const file of [
        '../secret.txt',
        '..%2fsecret.txt',
        '%2e%2e/secret.txt',
        '%2e%2e%2fsecret.txt',
        'assets/../../secret.txt',
        'assets%2f..%2f..%2fsecret.txt',
        '..%5csecret.txt',
        '.env',
        'missing.js',
        'assets',
        'main.js%00.png',
        '',
      ]) {
        const res = await get(`${base}${file}`);
        expect(res.statusCode, file).toBe(404);
        expect(res.body, file).not.toContain('outside');
      }
    });

    it('refuses a symbolic link that points outside the package folder, and follows one inside', async () => {
      const base = await baseOf(adaJwt, 'Timesheets');
      fs.writeFileSync(path.join(packagesDir, 'outside.js'), 'outside');
      fs.symlinkSync(path.join(packagesDir, 'outside.js'), path.join(packagesDir, 'Timesheets/escape.js'));
      fs.symlinkSync(packagesDir, path.join(packagesDir, 'Timesheets/up'));
      fs.symlinkSync(path.join(packagesDir, 'Timesheets/main.js'), path.join(packagesDir, 'Timesheets/alias.js'));
      expect((await get(`${base}escape.js`)).statusCode).toBe(404);
      expect((await get(`${base}up/outside.js`)).statusCode).toBe(404);
      expect((await get(`${base}alias.js`)).statusCode).toBe(200);
    });

    it('stops serving once the application is revoked, the package disabled or unregistered', async () => {
      const base = await baseOf(adaJwt, 'Timesheets');
      await t.services.stores.apps.revoke(ada.id, timesheetsApp.id);
      expectClientErrorEnvelope(await get(`${base}main.js`), 404);
      await t.services.stores.apps.grant(ada.id, timesheetsApp.id);
      expect((await get(`${base}main.js`)).statusCode).toBe(200);

      await registry.setEnabled('Timesheets', false);
      expectClientErrorEnvelope(await get(`${base}main.js`), 404);
      await registry.setEnabled('Timesheets', true);

      await registry.unregister('Timesheets');
      expectClientErrorEnvelope(await get(`${base}main.js`), 404);
      await registry.register('Timesheets');
      expect((await get(`${base}main.js`)).statusCode).toBe(200);
    });

    it('stops serving a disabled user', async () => {
      const base = await baseOf(bobJwt, 'Kiosk');
      await t.services.stores.users.update(bob.id, { disabled: true });
      try {
        expectClientErrorEnvelope(await get(`${base}main.js`), 404);
      } finally {
        await t.services.stores.users.update(bob.id, { disabled: false });
      }
    });

    it('keeps the token out of the logs', async () => {
      const base = await baseOf(adaJwt, 'Timesheets');
      const token = base.split('/')[2]!;
      await get(`${base}main.js`);
      await get(`${base}nothing-here.js`);
      expect(t.logs.filter((line) => line.includes(token))).toEqual([]);
    });

    it('refuses an address once it has expired (at least 12 hours after it was given)', async () => {
      const base = await baseOf(adaJwt, 'Timesheets');
      clock.advanceSeconds(11 * 3600);
      expect((await get(`${base}main.js`)).statusCode).toBe(200);
      clock.advanceSeconds(2 * 3600 + 1);
      expectClientErrorEnvelope(await get(`${base}main.js`), 404);
    });
  });
});
