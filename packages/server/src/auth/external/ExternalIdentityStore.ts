import type { InferSelectModel } from 'drizzle-orm';
import type { externalIdentities } from '../../db/schema.js';

/** How a link between an identity and a user was made (docs/behaviour/external-sign-in.md#links). */
export type LinkedBy = 'provisioning' | 'operator' | 'email';

/** A provider's identity linked to a user. */
export type ExternalIdentityRecord = Omit<InferSelectModel<typeof externalIdentities>, 'linkedBy'> & { linkedBy: LinkedBy };

/** A link with its user's name, as the command line lists them. */
export type ExternalIdentityListing = ExternalIdentityRecord & { username: string };

export interface NewExternalIdentity {
  issuer: string;
  subject: string;
  userId: string;
  linkedBy: LinkedBy;
}

/**
 * What linking came to: made, already there (this very link), or refused
 * because the identity signs in to another user, or the user already has
 * another identity of this issuer.
 */
export type LinkOutcome =
  | { outcome: 'linked'; link: ExternalIdentityRecord }
  | { outcome: 'unchanged'; link: ExternalIdentityRecord }
  /** `link` is the identity's link, to another user. */
  | { outcome: 'identity-taken'; link: ExternalIdentityRecord }
  /** `link` is the user's link, to another identity of the issuer. */
  | { outcome: 'user-taken'; link: ExternalIdentityRecord };

/** Persistence of the links between identity provider identities and users. */
export interface ExternalIdentityStore {
  /** The link of an identity: the user it signs in to. */
  find(issuer: string, subject: string): Promise<ExternalIdentityRecord | null>;
  /** The user's links, of one issuer or of all. */
  findForUser(userId: string, issuer?: string): Promise<ExternalIdentityRecord[]>;
  /**
   * Links an identity to a user unless the identity or the user (for that
   * issuer) is linked already; never replaces a link, and does not fail
   * inside a transaction when it refuses.
   */
  link(input: NewExternalIdentity): Promise<LinkOutcome>;
  /** Removes the user's links (of one issuer, or all); how many there were. */
  unlink(userId: string, issuer?: string): Promise<number>;
  /** Every link, by username then issuer. */
  list(): Promise<ExternalIdentityListing[]>;
}
