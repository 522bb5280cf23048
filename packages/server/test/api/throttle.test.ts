/**
 * @module-tag embedded-only
 *
 * Sign-in throttling per account (a lock) and per client address (a
 * slow-down, never a lock), and the per-route HTTP rate limit. A lock must
 * look exactly like a wrong password.
 */
import { Messages } from '@atrium/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../helpers/clock.js';
import { GOOD_PASSWORD, makeAccount, makeUser } from '../helpers/factories.js';
import { expectClientErrorEnvelope } from '../helpers/http.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { databaseKind } from '../helpers/testDatabase.js';

const WRONG = 'Wrong#Password1';
const ADDRESS_LIMIT = 3;
/** Milliseconds: kept short, the waits themselves are checked in test/unit/loginThrottle.test.ts. */
const ADDRESS_MAX_DELAY = 150;

describe(`sign-in throttling on ${databaseKind}`, () => {
  let t: TestApp;
  const clock = new TestClock();
  let accountId: string;
  let maxAccount: number;
  let lastAddress = 0;
  /** A client address no other test has used. */
  const freshAddress = () => `10.2.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, rateLimits: { auth: 1000 }, env: { LOGIN_MAX_FAILURES_ADDRESS: String(ADDRESS_LIMIT), LOGIN_ADDRESS_MAX_DELAY: String(ADDRESS_MAX_DELAY) } });
    accountId = (await makeAccount(t.services.stores)).id;
    maxAccount = t.config.loginMaxFailuresAccount;
  });
  afterAll(() => t.close());

  const attempt = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: `${t.config.wrapperPrefix}/auth`, payload: { username, password }, remoteAddress });

  /** Fails `count` times for a username, each time from a new address so that no address lock forms. */
  async function failFromManyAddresses(username: string, count: number): Promise<LightMyRequestResponse[]> {
    const answers = [];
    for (let i = 0; i < count; i++) answers.push(await attempt(username, WRONG, freshAddress()));
    return answers;
  }

  function expectSameAnswer(res: LightMyRequestResponse, reference: LightMyRequestResponse) {
    expect(res.statusCode).toBe(reference.statusCode);
    expect(res.body).toBe(reference.body);
    expect(res.headers['content-type']).toBe(reference.headers['content-type']);
  }

  it('uses the default of five failures per account', () => {
    expect(maxAccount).toBe(5);
  });

  it('refuses even the correct password once the account has had the maximum failures, exactly like a wrong password', async () => {
    const user = await makeUser(t.services.stores, t.hasher, { accounts: [accountId] });
    const failures = await failFromManyAddresses(user.username, maxAccount);
    for (const res of failures) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 'error', message: Messages.loginIncorrect });
    }
    const locked = await attempt(user.username, GOOD_PASSWORD, freshAddress());
    expectSameAnswer(locked, failures[0]!);
  });

  it('still admits the correct password one failure short of the account limit', async () => {
    const user = await makeUser(t.services.stores, t.hasher, { accounts: [accountId] });
    await failFromManyAddresses(user.username, maxAccount - 1);
    const res = await attempt(user.username, GOOD_PASSWORD, freshAddress());
    expect(res.statusCode, res.body).toBe(200);
  });

  it('locks an account whatever the case of the username used in the failures', async () => {
    const user = await makeUser(t.services.stores, t.hasher, { accounts: [accountId] });
    for (let i = 0; i < maxAccount; i++) await attempt(i % 2 ? user.username.toUpperCase() : user.username, WRONG, freshAddress());
    expect((await attempt(user.username, GOOD_PASSWORD, freshAddress())).statusCode).toBe(401);
  });

  it('resets the failures of an account after a successful sign-in', async () => {
    const user = await makeUser(t.services.stores, t.hasher, { accounts: [accountId] });
    await failFromManyAddresses(user.username, maxAccount - 1);
    expect((await attempt(user.username, GOOD_PASSWORD, freshAddress())).statusCode).toBe(200);
    // Without the reset these would add up to more than the limit.
    await failFromManyAddresses(user.username, maxAccount - 1);
    const res = await attempt(user.username, GOOD_PASSWORD, freshAddress());
    expect(res.statusCode, res.body).toBe(200);
  });

  it('does not lock one account because of failures on another', async () => {
    const victim = await makeUser(t.services.stores, t.hasher, { accounts: [accountId] });
    const bystander = await makeUser(t.services.stores, t.hasher, { accounts: [accountId] });
    await failFromManyAddresses(victim.username, maxAccount);
    expect((await attempt(bystander.username, GOOD_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('slows down a client address past the maximum failures across different usernames, yet lets a correct password in', async () => {
    const user = await makeUser(t.services.stores, t.hasher, { accounts: [accountId] });
    const address = freshAddress();
    const failures = [];
    for (let i = 0; i < ADDRESS_LIMIT; i++) failures.push(await attempt(`stranger-${lastAddress}-${i}`, WRONG, address));
    const started = performance.now();
    const wrong = await attempt(`stranger-${lastAddress}-x`, WRONG, address);
    expect(performance.now() - started).toBeGreaterThanOrEqual(ADDRESS_MAX_DELAY - 5);
    expectSameAnswer(wrong, failures[0]!);
    const res = await attempt(user.username, GOOD_PASSWORD, address);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('never locks out the users of one address: many failures from it leave every account open to its correct password', async () => {
    const users = [await makeUser(t.services.stores, t.hasher, { accounts: [accountId] }), await makeUser(t.services.stores, t.hasher, { accounts: [accountId] })];
    const shared = freshAddress();
    for (let i = 0; i < ADDRESS_LIMIT * 3; i++) await attempt(`stranger-${lastAddress}-${i}`, WRONG, shared);
    for (const user of users) {
      const res = await attempt(user.username, GOOD_PASSWORD, shared);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('still locks an account tried from one address past its limit, whatever the address delay', async () => {
    const user = await makeUser(t.services.stores, t.hasher, { accounts: [accountId] });
    const address = freshAddress();
    for (let i = 0; i < maxAccount; i++) await attempt(user.username, WRONG, address);
    expect((await attempt(user.username, GOOD_PASSWORD, address)).statusCode).toBe(401);
    expect((await attempt(user.username, GOOD_PASSWORD, freshAddress())).statusCode).toBe(401);
  });

  it('unlocks an account once its failures are older than the window', async () => {
    const user = await makeUser(t.services.stores, t.hasher, { accounts: [accountId] });
    await failFromManyAddresses(user.username, maxAccount);
    expect((await attempt(user.username, GOOD_PASSWORD, freshAddress())).statusCode).toBe(401);
    clock.advanceSeconds(t.config.loginWindow - 60);
    expect((await attempt(user.username, GOOD_PASSWORD, freshAddress())).statusCode).toBe(401);
    clock.advanceSeconds(61);
    const res = await attempt(user.username, GOOD_PASSWORD, freshAddress());
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe(`per-route rate limit on ${databaseKind}`, () => {
  let t: TestApp;
  const LIMIT = 3;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { auth: LIMIT, recovery: LIMIT } });
  });
  afterAll(() => t.close());

  // Empty credentials are refused before any password hashing, which keeps these fast.
  const empty = { username: '', password: '' };

  it.each([
    ['POST {wrapper}/auth', (t: TestApp) => `${t.config.wrapperPrefix}/auth`, empty, '10.3.0.1'],
    ['POST /login', () => '/login', empty, '10.3.0.2'],
    ['POST {wrapper}/refreshtoken', (t: TestApp) => `${t.config.wrapperPrefix}/refreshtoken`, { jwt: 'x', refresh_token: 'y' }, '10.3.0.3'],
    ['POST {wrapper}/user/me/forgotpassword', (t: TestApp) => `${t.config.wrapperPrefix}/user/me/forgotpassword`, { username: '' }, '10.3.0.4'],
    ['POST {wrapper}/user/me/resetpassword', (t: TestApp) => `${t.config.wrapperPrefix}/user/me/resetpassword`, { password_reset_code: 'x', new_password: '', confirm_password: '' }, '10.3.0.5'],
  ])('answers %s with a 429 envelope past the limit, per client address', async (_route, url, payload, address) => {
    for (let i = 0; i < LIMIT; i++) {
      const res = await t.app.inject({ method: 'POST', url: url(t), payload, remoteAddress: address });
      expect(res.statusCode).not.toBe(429);
    }
    const limited = await t.app.inject({ method: 'POST', url: url(t), payload, remoteAddress: address });
    expectClientErrorEnvelope(limited, 429);
    expect(limited.json()).toMatchObject({ status: 'error', message: Messages.tooManyRequests });
    const other = await t.app.inject({ method: 'POST', url: url(t), payload, remoteAddress: '10.3.1.1' });
    expect(other.statusCode).not.toBe(429);
  });
});
