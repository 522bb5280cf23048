import { APP_CATEGORIES } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../../src/demo/seedDemoData.js';
import { signIn } from '../helpers/factories.js';
import { bearer } from '../helpers/http.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`demo data on ${databaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.services.stores, t.hasher, t.app.log);
  });
  afterAll(() => t.close());

  it('writes nothing when the database already has users', async () => {
    const before = await t.services.stores.users.count();
    expect(await seedDemoData(t.services.stores, t.hasher, t.app.log)).toBe(false);
    expect(await t.services.stores.users.count()).toBe(before);
  });

  it('has two organisations and a demo user who belongs to both, so Switch Account shows', async () => {
    expect(await t.services.stores.accounts.list()).toHaveLength(2);
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, 'demo', DEMO_PASSWORD);
    const profile = (await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me/a+p+acc+ap+t`, headers: bearer(jwt) })).json();
    expect(profile.data.accounts).toHaveLength(2);
    expect(profile.data.name).toBe('Dana Demo');
  });

  it('lets every demo user sign in with the documented password', async () => {
    for (const user of await t.services.stores.users.list()) {
      await expect(signIn(t.app, t.config.wrapperPrefix, user.username, DEMO_PASSWORD, '10.9.0.1')).resolves.toMatchObject({ username: user.username });
    }
  });

  it('has applications in all seven categories', async () => {
    const categories = new Set((await t.services.stores.apps.list()).map((a) => a.category));
    expect([...categories].sort()).toEqual([...APP_CATEGORIES].sort());
  });

  it('shows image, video and fallback announcements on the login page of localhost, with their media served', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/homescreen/announcement/localhost` });
    const list: Array<{ media: string; media_type: string; fallback: boolean }> = res.json().data;
    expect(list.some((a) => a.media_type === 'image' && !a.fallback)).toBe(true);
    expect(list.some((a) => a.media_type === 'video')).toBe(true);
    expect(list.some((a) => a.fallback)).toBe(true);
    for (const a of list) {
      const media = await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/resources/${a.media}` });
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toMatch(a.media_type === 'video' ? /^video\// : /^image\//);
      expect(media.rawPayload.length).toBeGreaterThan(1000);
    }
  });
});
