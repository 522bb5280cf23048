// @module-tag postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { createTestStores, type TestStores } from '../helpers/testStores.js';
import { databaseKind } from '../helpers/testDatabase.js';

/** Waits until the wall clock has moved past a time, so that a later timestamp must be larger. */
async function clockPast(time: Date): Promise<void> {
  while (Date.now() <= time.getTime()) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe(`UserStore on ${databaseKind}`, () => {
  let s: TestStores;
  beforeAll(async () => {
    s = await createTestStores();
  });
  afterAll(() => s.close());

  const unique = (prefix: string) => `${prefix}-${crypto.randomBytes(4).toString('hex')}`;

  it('creates a user with the documented defaults and finds it by id', async () => {
    const user = await s.stores.users.create({ username: unique('plain') });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user).toMatchObject({
      disabled: false,
      preferences: { Greetingmessage: 'true' },
      searchHistory: '',
      clearedBrowserCache: 0,
      hasLoggedIn: 0,
      passwordHash: null,
      activeAccountId: null,
    });
    expect(await s.stores.users.findById(user.id)).toEqual(user);
  });

  it('stores the username lower-case and finds it whatever the case', async () => {
    const name = unique('MiXeD');
    const user = await s.stores.users.create({ username: `  ${name} ` });
    expect(user.username).toBe(name.toLowerCase());
    expect((await s.stores.users.findByUsername(name.toUpperCase()))?.id).toBe(user.id);
    expect((await s.stores.users.findByUsername(name.toLowerCase()))?.id).toBe(user.id);
  });

  it('rejects a second user whose username differs only in case', async () => {
    const name = unique('alice');
    await s.stores.users.create({ username: name });
    await expect(s.stores.users.create({ username: name.toUpperCase() })).rejects.toThrow();
    await expect(s.stores.users.create({ username: name })).rejects.toThrow();
  });

  it('applies a patch and bumps updatedAt', async () => {
    const user = await s.stores.users.create({ username: unique('patch') });
    const first = (await s.stores.users.update(user.id, { firstname: 'Grace' }))!;
    expect(first.firstname).toBe('Grace');
    await clockPast(first.updatedAt);
    const second = (await s.stores.users.update(user.id, { searchHistory: 'a,b', clearedBrowserCache: 1 }))!;
    expect(second).toMatchObject({ firstname: 'Grace', searchHistory: 'a,b', clearedBrowserCache: 1 });
    expect(second.updatedAt.getTime()).toBeGreaterThan(first.updatedAt.getTime());
    expect(second.createdAt).toEqual(user.createdAt);
    expect(await s.stores.users.findById(user.id)).toEqual(second);
  });

  it('answers null for unknown users', async () => {
    const id = crypto.randomUUID();
    expect(await s.stores.users.findById(id)).toBeNull();
    expect(await s.stores.users.findByUsername(unique('ghost'))).toBeNull();
    expect(await s.stores.users.update(id, { firstname: 'x' })).toBeNull();
  });

  it('lists users by username and counts them', async () => {
    const names = [unique('zz-list'), unique('aa-list'), unique('mm-list')];
    for (const username of names) await s.stores.users.create({ username });
    const listed = (await s.stores.users.list()).map((u) => u.username);
    expect(listed).toEqual([...listed].sort());
    for (const name of names) expect(listed).toContain(name);
    expect(await s.stores.users.count()).toBe(listed.length);
  });
});
