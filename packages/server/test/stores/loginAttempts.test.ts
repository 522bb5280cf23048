// @module-tag postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { createTestStores, type TestStores } from '../helpers/testStores.js';
import { databaseKind } from '../helpers/testDatabase.js';

const MINUTE = 60_000;

describe(`LoginAttemptStore on ${databaseKind}`, () => {
  let s: TestStores;
  beforeAll(async () => {
    s = await createTestStores();
  });
  afterAll(() => s.close());

  const t0 = new Date('2030-01-01T12:00:00Z');
  const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE);
  const unique = (prefix: string) => `${prefix}-${crypto.randomBytes(4).toString('hex')}`;

  it('counts the failures of a username since a time, ignoring successes and other usernames', async () => {
    const username = unique('user');
    const attempts = s.stores.loginAttempts;
    await attempts.record({ username, ip: '10.0.0.1', success: false, at: at(0) });
    await attempts.record({ username, ip: '10.0.0.2', success: false, at: at(5) });
    await attempts.record({ username, ip: '10.0.0.3', success: false, at: at(10) });
    await attempts.record({ username, ip: '10.0.0.3', success: true, at: at(11) });
    await attempts.record({ username: unique('other'), ip: '10.0.0.3', success: false, at: at(12) });
    expect(await attempts.countFailures({ username }, at(-1))).toBe(3);
    expect(await attempts.countFailures({ username }, at(4))).toBe(2);
    expect(await attempts.countFailures({ username }, at(10))).toBe(0);
  });

  it('counts the failures of a client address across usernames', async () => {
    const ip = `10.9.${crypto.randomInt(255)}.${crypto.randomInt(255)}`;
    const attempts = s.stores.loginAttempts;
    for (let i = 0; i < 3; i++) await attempts.record({ username: unique('spray'), ip, success: false, at: at(i) });
    await attempts.record({ username: unique('spray'), ip, success: true, at: at(3) });
    expect(await attempts.countFailures({ ip }, at(-1))).toBe(3);
    expect(await attempts.countFailures({ ip: '192.0.2.1' }, at(-1))).toBe(0);
  });

  it("clears the failures of one username only", async () => {
    const username = unique('clear');
    const other = unique('keep');
    const attempts = s.stores.loginAttempts;
    await attempts.record({ username, ip: '10.7.0.1', success: false, at: at(0) });
    await attempts.record({ username: other, ip: '10.7.0.1', success: false, at: at(0) });
    await attempts.clearFailures(username);
    expect(await attempts.countFailures({ username }, at(-1))).toBe(0);
    expect(await attempts.countFailures({ username: other }, at(-1))).toBe(1);
    expect(await attempts.countFailures({ ip: '10.7.0.1' }, at(-1))).toBe(1);
  });

  it('purges attempts older than a time', async () => {
    const username = unique('purge');
    const attempts = s.stores.loginAttempts;
    await attempts.record({ username, ip: '10.8.0.1', success: false, at: at(-60 * 24 * 365) });
    await attempts.record({ username, ip: '10.8.0.1', success: false, at: at(0) });
    expect(await attempts.purge(at(-60 * 24 * 364))).toBe(1);
    expect(await attempts.countFailures({ username }, at(-60 * 24 * 400))).toBe(1);
  });
});
