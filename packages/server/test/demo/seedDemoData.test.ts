import { APP_CATEGORIES, VIEWER_APP_TYPE } from '@atrium/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, announcements, appGrants, apps, blacklistedApps, memberships, resources, users } from '../../src/db/schema.js';
import { DEMO_PASSWORD, seedDemoData } from '../../src/demo/seedDemoData.js';
import type { Stores } from '../../src/stores.js';
import { signIn } from '../helpers/factories.js';
import { bearer } from '../helpers/http.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`demo data on ${databaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.services.stores, t.hasher, t.app.log, { apiPrefix: t.config.apiPrefix });
  });
  afterAll(() => t.close());

  it('writes nothing when the database already has users', async () => {
    const before = await t.services.stores.users.count();
    expect(await seedDemoData(t.services.stores, t.hasher, t.app.log, { apiPrefix: t.config.apiPrefix })).toBe(false);
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

  it("points the Handbook viewer app at the shipped handbook page, served sandboxed and without script", async () => {
    const handbook = (await t.services.stores.apps.findByName('Handbook'))!;
    expect(handbook).toMatchObject({ appType: VIEWER_APP_TYPE, isBaseApp: true, url: expect.stringMatching(new RegExp(`^${t.config.apiPrefix}/resources/[0-9a-f-]{36}$`)) });
    const page = await t.app.inject({ method: 'GET', url: handbook.url! });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain('sandbox');
    expect(page.body).toContain('<h1>Employee Handbook</h1>');
    expect(page.body).not.toMatch(/<script|\son[a-z]+=|javascript:/i);
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, 'demo', DEMO_PASSWORD, '10.9.0.2');
    const profile = (await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me/a+p+acc+ap+t`, headers: bearer(jwt) })).json();
    const entry = (profile.data.apps as Array<{ name: string; start_options: string }>).find((a) => a.name === 'Handbook')!;
    expect(JSON.parse(entry.start_options)).toMatchObject({ url: handbook.url });
  });
});

describe(`demo data interrupted part-way on ${databaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Rows of every table the demo data writes. */
  async function rows(): Promise<Record<string, number>> {
    const tables = { accounts, users, memberships, apps, appGrants, blacklistedApps, announcements, resources };
    const counted: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) {
      const [row] = await t.database.db.select({ n: count() }).from(table);
      counted[name] = row?.n ?? 0;
    }
    return counted;
  }

  /** The stores, except that inside a transaction the third announcement fails to be written, as if the server died there. */
  function failingPartWay(): Stores {
    const { stores } = t.services;
    return {
      ...stores,
      transaction: (work) =>
        stores.transaction((tx) => {
          let written = 0;
          const announcements = {
            ...tx.announcements,
            create: async (input: Parameters<Stores['announcements']['create']>[0]) => {
              if (++written === 3) throw new Error('the server stopped here');
              return tx.announcements.create(input);
            },
          };
          return work({ ...tx, announcements });
        }),
    };
  }

  it('leaves no demo data behind, and the next start writes all of it once', async () => {
    const empty = await rows();
    await expect(seedDemoData(failingPartWay(), t.hasher, t.app.log, { apiPrefix: t.config.apiPrefix })).rejects.toThrow('the server stopped here');
    expect(await rows()).toEqual(empty);

    expect(await seedDemoData(t.services.stores, t.hasher, t.app.log, { apiPrefix: t.config.apiPrefix })).toBe(true);
    const seeded = await rows();
    expect(seeded).toMatchObject({ accounts: 2, users: 4, memberships: 5, apps: 15, announcements: 5, blacklistedApps: 1 });
    // Logos, the handbook page and five announcement media.
    expect(seeded.resources).toBe(8);
    const { jwt } = await signIn(t.app, t.config.wrapperPrefix, 'demo', DEMO_PASSWORD);
    const profile = (await t.app.inject({ method: 'GET', url: `${t.config.apiPrefix}/user/me/a+p+acc+ap+t`, headers: bearer(jwt) })).json();
    expect(profile.data.accounts).toHaveLength(2);

    expect(await seedDemoData(t.services.stores, t.hasher, t.app.log, { apiPrefix: t.config.apiPrefix })).toBe(false);
    expect(await rows()).toEqual(seeded);
  });
});
