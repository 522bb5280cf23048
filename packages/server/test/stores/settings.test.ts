// @module-tag postgres
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/users/UserStore.js';
import { createTestStores, type TestStores } from '../helpers/testStores.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`SettingsStore on ${databaseKind}`, () => {
  let s: TestStores;
  let ada: UserRecord;
  let bob: UserRecord;
  beforeAll(async () => {
    s = await createTestStores();
    ada = await s.stores.users.create({ username: `ada-${crypto.randomBytes(3).toString('hex')}` });
    bob = await s.stores.users.create({ username: `bob-${crypto.randomBytes(3).toString('hex')}` });
  });
  afterAll(() => s.close());

  it('stores values of every JSON kind per user and key, exactly', async () => {
    const values = { 'desktop.font': 'Lato', 'desktop.lock': false, 'x.number': 12, 'x.string': 'true', 'x.null-text': 'null', 'app.Chat': { a: [1, { b: 'ü' }] } };
    await s.stores.settings.apply(ada.id, Object.entries(values).map(([key, value]) => ({ key, value })));
    expect(await s.stores.settings.list(ada.id)).toEqual(values);
    expect(await s.stores.settings.list(bob.id)).toEqual({});
  });

  it('replaces a value and deletes a key given null', async () => {
    await s.stores.settings.apply(ada.id, [
      { key: 'desktop.font', value: 'Roboto' },
      { key: 'desktop.lock', value: null },
    ]);
    const stored = await s.stores.settings.list(ada.id);
    expect(stored['desktop.font']).toBe('Roboto');
    expect(stored).not.toHaveProperty('desktop.lock');
  });

  it('writes all the changes or none', async () => {
    const before = await s.stores.settings.list(ada.id);
    // undefined is no JSON value: the second change fails inside the transaction.
    await expect(
      s.stores.settings.apply(ada.id, [
        { key: 'desktop.font', value: 'Lato' },
        { key: 'x.broken', value: undefined },
      ]),
    ).rejects.toThrow();
    expect(await s.stores.settings.list(ada.id)).toEqual(before);
  });
});
