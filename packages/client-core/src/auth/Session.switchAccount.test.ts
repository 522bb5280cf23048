import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecureStorage } from '../storage/SecureStorage.js';
import { StorageKeys } from '../storage/StorageKeys.js';
import { startSignedIn } from '../testing/fixtures.js';
import { makeProfile } from '../testing/fixtures.js';

const twoAccounts = () =>
  makeProfile({
    accounts: [
      { accountId: 'acc-1', name: 'Acme' },
      { accountId: 'acc-2', name: 'Globex' },
    ],
  });

describe('Session switch account', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stores the new token, refetches the profile of the new account and reloads the page', async () => {
    const { env, server, session } = await startSignedIn();
    server.profile = twoAccounts();
    const reload = vi.spyOn(env.location, 'reload');
    expect(await session.switchAccount('acc-2')).toBe(true);
    expect(env.calls('POST', '/api/v1/user/switchaccount').map((r) => r.json())).toEqual([{ accountId: 'acc-2' }]);
    expect(session.accessToken()).toBe(server.jwt);
    expect(await new SecureStorage(env).get(StorageKeys.authToken)).toBe(server.jwt);
    expect(session.getState()).toMatchObject({ status: 'signed-in', profile: { accountId: 'acc-2', active_account: { name: 'Globex' } } });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('only logs the errors of a refused switch: the user stays signed in to the same account, no reload', async () => {
    const { env, server, session } = await startSignedIn();
    server.profile = twoAccounts();
    const before = session.accessToken();
    const reload = vi.spyOn(env.location, 'reload');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await session.switchAccount('acc-9')).toBe(false);
    expect(session.accessToken()).toBe(before);
    expect(session.getState()).toMatchObject({ status: 'signed-in' });
    expect(reload).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('Switch account failed.', expect.anything());
  });
});
