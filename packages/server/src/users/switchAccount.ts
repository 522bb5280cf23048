import type { AccountStore } from '../accounts/AccountStore.js';
import type { AuthContext, AuthService } from '../auth/AuthService.js';
import type { UserStore } from './UserStore.js';

export type SwitchAccountResult = { ok: true; jwt: string } | { ok: false; errors: string[] };

/**
 * Makes another of the user's organisations the active one and returns an
 * access token for the same session that names it.
 */
export async function switchAccount(
  deps: { users: UserStore; accounts: AccountStore; auth: AuthService },
  caller: AuthContext,
  accountId: string,
): Promise<SwitchAccountResult> {
  if (!(await deps.accounts.isMember(caller.user.id, accountId))) {
    return { ok: false, errors: ['You are not a member of this account'] };
  }
  const updated = await deps.users.update(caller.user.id, { activeAccountId: accountId });
  if (!updated) return { ok: false, errors: ['User not found'] };
  return { ok: true, jwt: await deps.auth.reissueAccessToken(updated, caller.claims.sid) };
}

/** The switchAccount command over its dependencies, as the user routes call it. */
export class AccountSwitcher {
  constructor(private readonly deps: { users: UserStore; accounts: AccountStore; auth: AuthService }) {}

  switch(caller: AuthContext, accountId: string): Promise<SwitchAccountResult> {
    return switchAccount(this.deps, caller, accountId);
  }
}
