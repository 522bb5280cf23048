import type { Caller } from '../access/Caller.js';
import type { Stores } from '../stores.js';
import { displayName } from '../users/displayName.js';
import type { UserRecord } from '../users/UserStore.js';

/**
 * A member of an organisation as the caller of what an operator does in
 * their name (the command line's import, the demo's dashboards): their
 * roles there as a request of theirs would carry them. Null when the user
 * is not a member of the organisation.
 */
export async function callerAsMember(stores: Pick<Stores, 'access'>, user: UserRecord, accountId: string): Promise<Caller | null> {
  const facts = await stores.access.callerFacts(user.id, accountId);
  if (!facts.organisation) return null;
  return { userId: user.id, name: displayName(user), sessionId: 'operator', organisation: facts.organisation, roles: facts.roles, manager: facts.manager, reports: facts.reports };
}

/** The catalogue grant of declared applications (no package of their own): whether the user was given the application of that name. */
export function grantedApps(stores: Pick<Stores, 'apps'>): (userId: string, appName: string) => Promise<boolean> {
  return async (userId, appName) => (await stores.apps.listGranted(userId)).some((a) => a.name === appName);
}
