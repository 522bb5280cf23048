import type { AccountRecord, AccountStore } from './AccountStore.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An organisation named the way an operator names one (the command line's
 * `--org`, AUTH_PROVISION_ACCOUNT): by id or, failing that, by exact name.
 */
export async function findAccount(accounts: AccountStore, nameOrId: string): Promise<AccountRecord | null> {
  return (UUID.test(nameOrId) ? await accounts.findById(nameOrId.toLowerCase()) : null) ?? (await accounts.findByName(nameOrId));
}

/** Whether a text has the form of an organisation id. */
export function looksLikeAccountId(text: string): boolean {
  return UUID.test(text);
}
