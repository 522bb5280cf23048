// @module-tag postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../src/auth/TokenService.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { createTestStores, type TestStores } from '../helpers/testStores.js';
import { databaseKind } from '../helpers/testDatabase.js';

const MINUTE = 60_000;

describe(`PasswordResetStore on ${databaseKind}`, () => {
  let s: TestStores;
  let user: UserRecord;
  beforeAll(async () => {
    s = await createTestStores();
    user = await s.stores.users.create({ username: 'forgetful' });
  });
  afterAll(() => s.close());

  const now = () => new Date();
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
  const newHash = () => TokenService.hash(TokenService.newOpaqueToken());

  it('consumes a code once, returning its user', async () => {
    const codeHash = newHash();
    await s.stores.passwordResets.create({ userId: user.id, codeHash, createdAt: now(), expiresAt: inMinutes(10) });
    expect(await s.stores.passwordResets.consume(codeHash, now())).toBe(user.id);
    expect(await s.stores.passwordResets.consume(codeHash, now())).toBeNull();
  });

  it('refuses a code at or after its expiry, and an unknown code', async () => {
    const codeHash = newHash();
    const expiresAt = inMinutes(10);
    await s.stores.passwordResets.create({ userId: user.id, codeHash, createdAt: now(), expiresAt });
    expect(await s.stores.passwordResets.consume(codeHash, expiresAt)).toBeNull();
    expect(await s.stores.passwordResets.consume(codeHash, inMinutes(11))).toBeNull();
    expect(await s.stores.passwordResets.consume(newHash(), now())).toBeNull();
    expect(await s.stores.passwordResets.consume(codeHash, new Date(expiresAt.getTime() - 1000))).toBe(user.id);
  });

  it('lets only one of concurrent consumes of a code succeed', async () => {
    const codeHash = newHash();
    await s.stores.passwordResets.create({ userId: user.id, codeHash, createdAt: now(), expiresAt: inMinutes(10) });
    const results = await Promise.all(Array.from({ length: 5 }, () => s.stores.passwordResets.consume(codeHash, now())));
    expect(results.filter((r) => r === user.id)).toHaveLength(1);
  });

  it('counts the codes issued to a user since a time', async () => {
    const other = await s.stores.users.create({ username: 'counted' });
    const before = new Date(Date.now() - MINUTE);
    for (let i = 0; i < 3; i++) await s.stores.passwordResets.create({ userId: other.id, codeHash: newHash(), createdAt: now(), expiresAt: inMinutes(10) });
    expect(await s.stores.passwordResets.countIssuedSince(other.id, before)).toBe(3);
    expect(await s.stores.passwordResets.countIssuedSince(other.id, inMinutes(1))).toBe(0);
  });

  it("invalidates every unused code of a user and no one else's", async () => {
    const other = await s.stores.users.create({ username: 'bystander' });
    const mine = [newHash(), newHash()];
    const theirs = newHash();
    for (const codeHash of mine) await s.stores.passwordResets.create({ userId: user.id, codeHash, createdAt: now(), expiresAt: inMinutes(10) });
    await s.stores.passwordResets.create({ userId: other.id, codeHash: theirs, createdAt: now(), expiresAt: inMinutes(10) });
    await s.stores.passwordResets.invalidateAll(user.id, now());
    for (const codeHash of mine) expect(await s.stores.passwordResets.consume(codeHash, now())).toBeNull();
    expect(await s.stores.passwordResets.consume(theirs, now())).toBe(other.id);
  });
});
