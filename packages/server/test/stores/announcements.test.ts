// @module-tag postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStores, type TestStores } from '../helpers/testStores.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`AnnouncementStore on ${databaseKind}`, () => {
  let s: TestStores;
  beforeAll(async () => {
    s = await createTestStores();
  });
  afterAll(() => s.close());

  it('appends announcements without a position after the last one, in creation order', async () => {
    const account = await s.stores.accounts.create({ name: 'Appending' });
    const names = ['one', 'two', 'three'];
    for (const name of names) await s.stores.announcements.create({ accountId: account.id, name });
    const listed = await s.stores.announcements.listForAccount(account.id);
    expect(listed.map((a) => a.name)).toEqual(names);
    expect(listed.map((a) => a.position)).toEqual([0, 1, 2]);
  });

  it('orders by explicit position, and appends after the highest one', async () => {
    const account = await s.stores.accounts.create({ name: 'Positioned' });
    await s.stores.announcements.create({ accountId: account.id, name: 'third', position: 7 });
    await s.stores.announcements.create({ accountId: account.id, name: 'first', position: 1 });
    await s.stores.announcements.create({ accountId: account.id, name: 'second', position: 4 });
    const appended = await s.stores.announcements.create({ accountId: account.id, name: 'last' });
    expect(appended.position).toBe(8);
    expect((await s.stores.announcements.listForAccount(account.id)).map((a) => a.name)).toEqual(['first', 'second', 'third', 'last']);
  });

  it('fills in the defaults and keeps each account to its own announcements', async () => {
    const mine = await s.stores.accounts.create({ name: 'Mine' });
    const theirs = await s.stores.accounts.create({ name: 'Theirs' });
    const created = await s.stores.announcements.create({ accountId: mine.id, name: 'hello' });
    await s.stores.announcements.create({ accountId: theirs.id, name: 'not mine' });
    expect(created).toMatchObject({ description: '', link: null, mediaResourceId: null, mediaType: 'image', fallback: false });
    expect((await s.stores.announcements.listForAccount(mine.id)).map((a) => a.id)).toEqual([created.id]);
  });
});
