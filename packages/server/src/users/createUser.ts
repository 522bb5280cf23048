import type { AccountRecord } from '../accounts/AccountStore.js';
import type { Stores } from '../stores.js';
import type { NewUser, UserRecord } from './UserStore.js';

/**
 * Creates a user as a member of the given organisations, the first one
 * active, all in one transaction: a failure leaves no half-made user. The
 * operator's `user create` and external sign-in's provisioning both create
 * users here (docs/behaviour/external-sign-in.md#provisioning); what else a
 * new user sees (the organisations' default applications) follows from
 * membership (docs/behaviour/applications.md#visibility).
 */
export async function createUser(stores: Stores, input: NewUser, organisations: readonly AccountRecord[] = []): Promise<UserRecord> {
  return stores.transaction(async (tx) => {
    const user = await tx.users.create(input);
    const joined = new Set<string>();
    for (const org of organisations) {
      if (joined.has(org.id)) continue;
      joined.add(org.id);
      await tx.accounts.addMember(org.id, user.id);
    }
    const [first] = organisations;
    if (!first) return user;
    return (await tx.users.update(user.id, { activeAccountId: first.id })) ?? user;
  });
}
