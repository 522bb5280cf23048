/**
 * Finding the entities a command names, with a clear CliError (exit 1)
 * when one does not exist.
 */
import type { AccountRecord } from '../accounts/AccountStore.js';
import { findAccount, looksLikeAccountId } from '../accounts/findAccount.js';
import type { AppRecord } from '../apps/AppStore.js';
import type { Stores } from '../stores.js';
import type { UserRecord } from '../users/UserStore.js';
import { CliError } from './args.js';

export async function findUser(stores: Stores, username: string): Promise<UserRecord> {
  const user = await stores.users.findByUsername(username);
  if (!user) throw new CliError(`No user named '${username}'.`);
  return user;
}

/** An organisation by id or, failing that, by exact name. */
export async function findOrg(stores: Stores, nameOrId: string): Promise<AccountRecord> {
  const org = await findAccount(stores.accounts, nameOrId);
  if (!org) throw new CliError(looksLikeAccountId(nameOrId) ? `No organisation with the id or name '${nameOrId}'.` : `No organisation named '${nameOrId}'.`);
  return org;
}

export async function findApp(stores: Stores, name: string): Promise<AppRecord> {
  const app = await stores.apps.findByName(name);
  if (!app) throw new CliError(`No application named '${name}'.`);
  return app;
}
