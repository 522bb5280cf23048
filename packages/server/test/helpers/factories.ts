/** Test data, created through the stores like the operator tools do. */
import crypto from 'node:crypto';
import type { LoginResult } from '@atrium/shared';
import type { FastifyInstance } from 'fastify';
import type { PasswordHasher } from '../../src/auth/PasswordHasher.js';
import type { Stores } from '../../src/stores.js';
import type { NewUser, UserRecord } from '../../src/users/UserStore.js';

/** A password that satisfies every rule. */
export const GOOD_PASSWORD = 'Correct#Horse9';

export async function makeAccount(stores: Stores, name = `Org ${crypto.randomBytes(3).toString('hex')}`) {
  return stores.accounts.create({ name });
}

/** A user with GOOD_PASSWORD (or the given one), member of the given accounts, the first active. */
export async function makeUser(
  stores: Stores,
  hasher: PasswordHasher,
  options: Partial<NewUser> & { password?: string; accounts?: string[] } = {},
): Promise<UserRecord> {
  const { password = GOOD_PASSWORD, accounts = [], ...fields } = options;
  const user = await stores.users.create({
    username: `user-${crypto.randomBytes(4).toString('hex')}`,
    firstname: 'Test',
    lastname: 'User',
    email: 'test.user@example.test',
    ...fields,
    passwordHash: await hasher.hash(password),
  });
  for (const id of accounts) await stores.accounts.addMember(id, user.id);
  if (accounts[0]) return (await stores.users.update(user.id, { activeAccountId: accounts[0] }))!;
  return user;
}

/** Signs in through POST {wrapper}/auth and returns the login result. */
export async function signIn(app: FastifyInstance, wrapperPrefix: string, username: string, password = GOOD_PASSWORD, ip = '10.0.0.1'): Promise<LoginResult> {
  const res = await app.inject({ method: 'POST', url: `${wrapperPrefix}/auth`, payload: { username, password }, remoteAddress: ip });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: LoginResult }>().data;
}
