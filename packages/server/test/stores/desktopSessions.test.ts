// @module-tag postgres
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { createTestStores, type TestStores } from '../helpers/testStores.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`DesktopSessionStore on ${databaseKind}`, () => {
  let s: TestStores;
  let ada: UserRecord;
  let bob: UserRecord;
  beforeAll(async () => {
    s = await createTestStores();
    ada = await s.stores.users.create({ username: `ada-${crypto.randomBytes(3).toString('hex')}` });
    bob = await s.stores.users.create({ username: `bob-${crypto.randomBytes(3).toString('hex')}` });
  });
  afterAll(() => s.close());

  const session = [{ name: 'Viewer', args: {}, windows: [{ id: 'Viewer-1', maximized: true, minimized: false, position: { left: -3.5, top: 0 }, dimension: { width: 800, height: 600 } }] }];

  it('has nothing for a user who never saved', async () => {
    expect(await s.stores.desktopSessions.find(ada.id)).toBeNull();
  });

  it('keeps one session per user, exactly as written', async () => {
    await s.stores.desktopSessions.save(ada.id, session);
    expect(await s.stores.desktopSessions.find(ada.id)).toEqual(session);
    expect(await s.stores.desktopSessions.find(bob.id)).toBeNull();
  });

  it('replaces the session on the next save', async () => {
    await s.stores.desktopSessions.save(ada.id, []);
    expect(await s.stores.desktopSessions.find(ada.id)).toEqual([]);
  });

  it('removes only the given user\'s session, and removing none is no error', async () => {
    await s.stores.desktopSessions.save(ada.id, session);
    await s.stores.desktopSessions.save(bob.id, session);
    await s.stores.desktopSessions.remove(ada.id);
    await s.stores.desktopSessions.remove(ada.id);
    expect(await s.stores.desktopSessions.find(ada.id)).toBeNull();
    expect(await s.stores.desktopSessions.find(bob.id)).toEqual(session);
  });
});
