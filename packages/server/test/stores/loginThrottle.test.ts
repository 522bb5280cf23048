/**
 * @module-tag postgres
 *
 * LoginThrottle over the real attempt store: the per-address slow-down
 * (which waits, never locks), the per-account lock, and attempts counted
 * whatever characters the username holds (docs/SECURITY.md, "Sign-in
 * throttling"). Waits are recorded, not slept.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_BASE_DELAY_MS, LoginThrottle, type ThrottleLimits } from '../../src/auth/LoginThrottle.js';
import { TestClock } from '../helpers/clock.js';
import { databaseKind } from '../helpers/testDatabase.js';
import { createTestStores, type TestStores } from '../helpers/testStores.js';

const LIMITS: ThrottleLimits = { maxFailuresAccount: 5, maxFailuresAddress: 4, window: 900, addressMaxDelay: 3000 };

describe(`sign-in throttle on ${databaseKind}`, () => {
  let s: TestStores;
  const clock = new TestClock();
  let waits: number[];
  let throttle: LoginThrottle;
  let lastAddress = 0;
  const freshAddress = () => `10.8.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;
  const stranger = () => `stranger-${crypto.randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    s = await createTestStores();
  });
  afterAll(() => s.close());

  function makeThrottle(limits: ThrottleLimits = LIMITS): LoginThrottle {
    waits = [];
    return new LoginThrottle(s.stores.loginAttempts, limits, clock.now, async (ms) => {
      waits.push(ms);
    });
  }

  /** One failed attempt as the sign-in makes it: check, then record. */
  async function fail(t: LoginThrottle, username: string, ip: string): Promise<boolean> {
    const locked = await t.isLocked(username, ip);
    await t.record(username, ip, false);
    return locked;
  }

  it('does not wait before an address has had its maximum failures, then waits longer with each further failure, up to the most configured', async () => {
    throttle = makeThrottle();
    const address = freshAddress();
    for (let i = 0; i < 12; i++) await fail(throttle, stranger(), address);
    const base = ADDRESS_BASE_DELAY_MS;
    expect(waits).toEqual([base, 2 * base, 4 * base, 3000, 3000, 3000, 3000, 3000]);
  });

  it('never locks an address: after many failures from it, an account with none is not locked', async () => {
    throttle = makeThrottle();
    const address = freshAddress();
    for (let i = 0; i < 20; i++) await fail(throttle, stranger(), address);
    waits = [];
    expect(await throttle.isLocked('someone-innocent', address)).toBe(false);
    expect(waits).toEqual([3000]);
  });

  it('waits for no other address, and no longer once the failures are older than the window', async () => {
    throttle = makeThrottle();
    const address = freshAddress();
    for (let i = 0; i < LIMITS.maxFailuresAddress; i++) await fail(throttle, stranger(), address);
    waits = [];
    await throttle.isLocked(stranger(), freshAddress());
    expect(waits).toEqual([]);
    await throttle.isLocked(stranger(), address);
    expect(waits).toEqual([ADDRESS_BASE_DELAY_MS]);
    clock.advanceSeconds(LIMITS.window + 1);
    waits = [];
    await throttle.isLocked(stranger(), address);
    expect(waits).toEqual([]);
  });

  it('does not wait at all when the longest wait is configured as 0', async () => {
    throttle = makeThrottle({ ...LIMITS, addressMaxDelay: 0 });
    const address = freshAddress();
    for (let i = 0; i < 10; i++) await fail(throttle, stranger(), address);
    expect(waits).toEqual([]);
  });

  it('locks an account after its maximum failures, from any addresses', async () => {
    throttle = makeThrottle();
    const username = stranger();
    for (let i = 0; i < LIMITS.maxFailuresAccount; i++) expect(await fail(throttle, username, freshAddress())).toBe(false);
    expect(await throttle.isLocked(username, freshAddress())).toBe(true);
  });

  it.each([
    ['a NUL', 'ab\u0000c'],
    ['a lone high surrogate', 'ab\ud800c'],
    ['a lone low surrogate', '\udfffabc'],
  ])('counts and locks attempts for a username with %s like any other', async (_what, username) => {
    throttle = makeThrottle();
    for (let i = 0; i < LIMITS.maxFailuresAccount; i++) expect(await fail(throttle, username, freshAddress())).toBe(false);
    expect(await throttle.isLocked(username, freshAddress())).toBe(true);
    await throttle.clear(username);
    expect(await throttle.isLocked(username, freshAddress())).toBe(false);
  });
});
