// @module-tag postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { TokenService } from '../../src/auth/TokenService.js';
import type { UserRecord } from '../../src/users/UserStore.js';
import { createTestStores, type TestStores } from '../helpers/testStores.js';
import { databaseKind } from '../helpers/testDatabase.js';

const HOUR = 3600_000;

describe(`SessionStore on ${databaseKind}`, () => {
  let s: TestStores;
  let user: UserRecord;
  beforeAll(async () => {
    s = await createTestStores();
    user = await s.stores.users.create({ username: 'session-owner' });
  });
  afterAll(() => s.close());

  const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);
  const newHash = () => TokenService.hash(TokenService.newOpaqueToken());
  async function sessionWithToken(userId = user.id) {
    const session = await s.stores.sessions.createSession({ userId, expiresAt: inHours(24), userAgent: 'test', ip: '10.0.0.1' });
    const hash = newHash();
    await s.stores.sessions.addRefreshToken(session.id, hash, inHours(1));
    return { session, hash };
  }

  it('creates a session and finds it by id', async () => {
    const session = await s.stores.sessions.createSession({ userId: user.id, expiresAt: inHours(24), userAgent: 'agent', ip: '10.0.0.9' });
    expect(session).toMatchObject({ userId: user.id, userAgent: 'agent', ip: '10.0.0.9', revokedAt: null, revokedReason: null });
    expect(await s.stores.sessions.findSession(session.id)).toEqual(session);
    expect(await s.stores.sessions.findSession(crypto.randomUUID())).toBeNull();
  });

  it('finds the enabled user of an open session, and nobody for a revoked, ended or unknown session', async () => {
    const owner = await s.stores.users.create({ username: `active-${crypto.randomBytes(3).toString('hex')}` });
    const open = await s.stores.sessions.createSession({ userId: owner.id, expiresAt: inHours(1) });
    const revoked = await s.stores.sessions.createSession({ userId: owner.id, expiresAt: inHours(1) });
    await s.stores.sessions.revokeSession(revoked.id, 'logout');
    expect((await s.stores.sessions.findActiveUser(open.id, new Date()))?.id).toBe(owner.id);
    expect(await s.stores.sessions.findActiveUser(open.id, inHours(1))).toBeNull();
    expect(await s.stores.sessions.findActiveUser(revoked.id, new Date())).toBeNull();
    expect(await s.stores.sessions.findActiveUser(crypto.randomUUID(), new Date())).toBeNull();
    await s.stores.users.update(owner.id, { disabled: true });
    expect(await s.stores.sessions.findActiveUser(open.id, new Date())).toBeNull();
  });

  /** A successor to store with a consumed token. */
  const successor = () => ({ tokenHash: newHash(), expiresAt: inHours(1) });

  it("consumes a refresh token once, storing its successor, then reports reuse with the token's session and first use", async () => {
    const { session, hash } = await sessionWithToken();
    const next = successor();
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 123);
    expect(await s.stores.sessions.consumeRefreshToken(hash, at, next)).toEqual({ outcome: 'consumed', sessionId: session.id, usedAt: at });
    expect(await s.stores.sessions.findRefreshTokenSession(next.tokenHash)).toBe(session.id);
    const other = successor();
    expect(await s.stores.sessions.consumeRefreshToken(hash, new Date(at.getTime() + 5000), other)).toEqual({ outcome: 'reused', sessionId: session.id, usedAt: at });
    // A reuse stores nothing.
    expect(await s.stores.sessions.findRefreshTokenSession(other.tokenHash)).toBeNull();
    // The successor is a refresh token like any other.
    expect((await s.stores.sessions.consumeRefreshToken(next.tokenHash, new Date(), successor())).outcome).toBe('consumed');
  });

  it('reports unknown and expired refresh tokens as invalid, and stores no successor for them', async () => {
    const { hash } = await sessionWithToken();
    const next = successor();
    expect(await s.stores.sessions.consumeRefreshToken(newHash(), new Date(), next)).toEqual({ outcome: 'invalid' });
    expect(await s.stores.sessions.consumeRefreshToken(hash, inHours(2), next)).toEqual({ outcome: 'invalid' });
    expect(await s.stores.sessions.findRefreshTokenSession(next.tokenHash)).toBeNull();
    // Being expired did not use it up.
    expect((await s.stores.sessions.consumeRefreshToken(hash, new Date(), next)).outcome).toBe('consumed');
  });

  it('lets exactly one of ten concurrent consumes of the same token succeed, and stores its successor once', async () => {
    const { session, hash } = await sessionWithToken();
    const now = new Date();
    const next = successor();
    const results = await Promise.all(Array.from({ length: 10 }, () => s.stores.sessions.consumeRefreshToken(hash, now, next)));
    expect(results.filter((r) => r.outcome === 'consumed')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'reused')).toHaveLength(9);
    for (const r of results) expect(r).toMatchObject({ sessionId: session.id, usedAt: now });
    expect(await s.stores.sessions.findRefreshTokenSession(next.tokenHash)).toBe(session.id);
    expect((await s.stores.sessions.consumeRefreshToken(next.tokenHash, now, successor())).outcome).toBe('consumed');
  });

  it('lets exactly one consume succeed per token when different tokens are consumed concurrently', async () => {
    const pairs = await Promise.all(Array.from({ length: 5 }, () => sessionWithToken()));
    const now = new Date();
    const results = await Promise.all(
      pairs.flatMap(({ hash }) => {
        const next = successor();
        return [hash, hash].map((h) => s.stores.sessions.consumeRefreshToken(h, now, next));
      }),
    );
    expect(results.filter((r) => r.outcome === 'consumed')).toHaveLength(5);
  });

  it('finds the session of a refresh token without consuming it', async () => {
    const { session, hash } = await sessionWithToken();
    expect(await s.stores.sessions.findRefreshTokenSession(hash)).toBe(session.id);
    expect(await s.stores.sessions.findRefreshTokenSession(newHash())).toBeNull();
    expect((await s.stores.sessions.consumeRefreshToken(hash, new Date(), successor())).outcome).toBe('consumed');
  });

  it('records when a session was last used', async () => {
    const { session } = await sessionWithToken();
    const later = inHours(3);
    await s.stores.sessions.touch(session.id, later);
    expect((await s.stores.sessions.findSession(session.id))!.lastUsedAt).toEqual(later);
  });

  it('revokes one session with its reason, keeping the first reason', async () => {
    const { session } = await sessionWithToken();
    const { session: untouched } = await sessionWithToken();
    await s.stores.sessions.revokeSession(session.id, 'logout');
    await s.stores.sessions.revokeSession(session.id, 'reuse');
    const revoked = (await s.stores.sessions.findSession(session.id))!;
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    expect(revoked.revokedReason).toBe('logout');
    expect((await s.stores.sessions.findSession(untouched.id))!.revokedAt).toBeNull();
  });

  it("revokes every open session of a user and only those, counting them", async () => {
    const owner = await s.stores.users.create({ username: `revoke-all-${crypto.randomBytes(3).toString('hex')}` });
    const a = await sessionWithToken(owner.id);
    const b = await sessionWithToken(owner.id);
    const closed = await sessionWithToken(owner.id);
    const someoneElse = await sessionWithToken();
    await s.stores.sessions.revokeSession(closed.session.id, 'logout');
    expect(await s.stores.sessions.revokeAllForUser(owner.id, 'password-reset')).toBe(2);
    for (const { session } of [a, b]) expect((await s.stores.sessions.findSession(session.id))!.revokedReason).toBe('password-reset');
    expect((await s.stores.sessions.findSession(closed.session.id))!.revokedReason).toBe('logout');
    expect((await s.stores.sessions.findSession(someoneElse.session.id))!.revokedAt).toBeNull();
    expect(await s.stores.sessions.revokeAllForUser(owner.id, 'password-reset')).toBe(0);
  });

  it('purges sessions that ended before a time, with their refresh tokens', async () => {
    const owner = await s.stores.users.create({ username: `purge-${crypto.randomBytes(3).toString('hex')}` });
    const expired = await s.stores.sessions.createSession({ userId: owner.id, expiresAt: inHours(-2) });
    const expiredHash = newHash();
    await s.stores.sessions.addRefreshToken(expired.id, expiredHash, inHours(1));
    const revoked = await sessionWithToken(owner.id);
    await s.stores.sessions.revokeSession(revoked.session.id, 'logout');
    const open = await sessionWithToken(owner.id);

    // Only what ended before the cut-off goes: the session revoked just now stays.
    expect(await s.stores.sessions.purge(inHours(-1))).toBeGreaterThanOrEqual(1);
    expect(await s.stores.sessions.findSession(expired.id)).toBeNull();
    expect(await s.stores.sessions.findRefreshTokenSession(expiredHash)).toBeNull();
    expect(await s.stores.sessions.findSession(revoked.session.id)).not.toBeNull();

    await s.stores.sessions.purge(inHours(1));
    expect(await s.stores.sessions.findSession(revoked.session.id)).toBeNull();
    expect(await s.stores.sessions.findSession(open.session.id)).not.toBeNull();
  });
});
