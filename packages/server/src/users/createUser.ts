import type { AccountRecord } from '../accounts/AccountStore.js';
import type { NewExternalIdentity } from '../auth/external/ExternalIdentityStore.js';
import type { Stores } from '../stores.js';
import type { NewUser, UserRecord } from './UserStore.js';

/**
 * Creates a user as a member of the given organisations, the first one
 * active, all in one transaction: a failure leaves no half-made user. The
 * operator's `user create` and external sign-in's provisioning both create
 * users here (docs/behaviour/external-sign-in.md#provisioning); what else a
 * new user sees (the organisations' default applications) follows from
 * membership (docs/behaviour/applications.md#visibility). With `identity`,
 * the new user is linked to that identity provider identity in the same
 * transaction (docs/behaviour/external-sign-in.md#links); when the identity
 * is linked already, nothing is created and this throws.
 */
export async function createUser(
  stores: Stores,
  input: NewUser,
  organisations: readonly AccountRecord[] = [],
  identity?: Omit<NewExternalIdentity, 'userId'>,
): Promise<UserRecord> {
  return stores.transaction(async (tx) => {
    const user = await tx.users.create(input);
    if (identity) {
      const linked = await tx.identities.link({ ...identity, userId: user.id });
      if (linked.outcome !== 'linked') throw new IdentityAlreadyLinked();
    }
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

/** The identity a new user was to be linked to signs in to another user already. */
export class IdentityAlreadyLinked extends Error {
  override name = 'IdentityAlreadyLinked';
  constructor() {
    super('the identity is linked to another user already');
  }
}
