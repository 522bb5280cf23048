// @module-tag postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { createTestStores, type TestStores } from '../helpers/testStores.js';
import { databaseKind } from '../helpers/testDatabase.js';

describe(`AccountStore on ${databaseKind}`, () => {
  let s: TestStores;
  beforeAll(async () => {
    s = await createTestStores();
  });
  afterAll(() => s.close());

  const newUser = () => s.stores.users.create({ username: `u-${crypto.randomBytes(4).toString('hex')}` });

  it('creates an account with lower-case hosts and finds it by id and by name', async () => {
    const account = await s.stores.accounts.create({ name: 'Acme', hosts: ['Portal.Acme.example'], theme: 'Vision' });
    expect(account.hosts).toEqual(['portal.acme.example']);
    expect(account.isDefault).toBe(false);
    expect(await s.stores.accounts.findById(account.id)).toEqual(account);
    expect((await s.stores.accounts.findByName('Acme'))?.id).toBe(account.id);
    expect(await s.stores.accounts.findById(crypto.randomUUID())).toBeNull();
  });

  it('updates fields and lower-cases new hosts', async () => {
    const account = await s.stores.accounts.create({ name: 'To update' });
    const updated = await s.stores.accounts.update(account.id, { footerText: '© Us', hosts: ['A.Example'] });
    expect(updated).toMatchObject({ footerText: '© Us', hosts: ['a.example'], name: 'To update' });
    expect(await s.stores.accounts.update(crypto.randomUUID(), { name: 'x' })).toBeNull();
  });

  it('tracks membership: add (idempotent), isMember, listForUser in joining order, remove', async () => {
    const user = await newUser();
    const first = await s.stores.accounts.create({ name: 'Zeta first' });
    const second = await s.stores.accounts.create({ name: 'Alpha second' });
    const other = await s.stores.accounts.create({ name: 'Not joined' });
    await s.stores.accounts.addMember(first.id, user.id);
    // Joined at a later moment: the embedded database's clock counts milliseconds, and joins within one are ordered by name.
    await new Promise((resolve) => setTimeout(resolve, 2));
    await s.stores.accounts.addMember(second.id, user.id);
    await s.stores.accounts.addMember(first.id, user.id);
    expect((await s.stores.accounts.listForUser(user.id)).map((a) => a.id)).toEqual([first.id, second.id]);
    expect(await s.stores.accounts.isMember(user.id, first.id)).toBe(true);
    expect(await s.stores.accounts.isMember(user.id, other.id)).toBe(false);
    await s.stores.accounts.removeMember(first.id, user.id);
    expect(await s.stores.accounts.isMember(user.id, first.id)).toBe(false);
    expect((await s.stores.accounts.listForUser(user.id)).map((a) => a.id)).toEqual([second.id]);
  });

  it('tells whether two users share at least one account', async () => {
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    const shared = await s.stores.accounts.create({ name: 'Shared' });
    const alone = await s.stores.accounts.create({ name: 'Alone' });
    await s.stores.accounts.addMember(shared.id, a.id);
    await s.stores.accounts.addMember(shared.id, b.id);
    await s.stores.accounts.addMember(alone.id, c.id);
    expect(await s.stores.accounts.shareAnAccount(a.id, b.id)).toBe(true);
    expect(await s.stores.accounts.shareAnAccount(b.id, a.id)).toBe(true);
    expect(await s.stores.accounts.shareAnAccount(a.id, c.id)).toBe(false);
  });
});

/**
 * Waits until the clock has moved to another millisecond: the embedded
 * database's clock counts milliseconds, so accounts created within one would
 * be equally old, and which is "the oldest" would be a coin toss.
 */
async function nextMillisecond(): Promise<void> {
  const now = Date.now();
  while (Date.now() === now) await new Promise((resolve) => setImmediate(resolve));
}

describe(`AccountStore.findForHost on ${databaseKind}`, () => {
  // A database of its own: which account is the oldest or the default depends on every account in it.
  let s: TestStores;
  beforeAll(async () => {
    s = await createTestStores();
  });
  afterAll(() => s.close());

  it('answers null when there is no account at all', async () => {
    expect(await s.stores.accounts.findForHost('anything.example')).toBeNull();
  });

  it('picks the account serving the host, with or without a port and whatever the case, else the default, else the oldest', async () => {
    const oldest = await s.stores.accounts.create({ name: 'Oldest' });
    await nextMillisecond();
    const hosted = await s.stores.accounts.create({ name: 'Hosted', hosts: ['portal.example.com', 'dev.example.com:8443'] });
    await nextMillisecond();
    expect((await s.stores.accounts.findForHost('unknown.example'))?.id).toBe(oldest.id);

    const fallback = await s.stores.accounts.create({ name: 'Default', isDefault: true });
    expect((await s.stores.accounts.findForHost('unknown.example'))?.id).toBe(fallback.id);
    expect((await s.stores.accounts.findForHost('portal.example.com'))?.id).toBe(hosted.id);
    expect((await s.stores.accounts.findForHost('portal.example.com:3000'))?.id).toBe(hosted.id);
    expect((await s.stores.accounts.findForHost('PORTAL.Example.COM'))?.id).toBe(hosted.id);
    expect((await s.stores.accounts.findForHost('dev.example.com:8443'))?.id).toBe(hosted.id);
    expect((await s.stores.accounts.findForHost('sub.portal.example.com'))?.id).toBe(fallback.id);
    expect((await s.stores.accounts.list()).map((a) => a.id)).toEqual([oldest.id, hosted.id, fallback.id]);
  });
});
