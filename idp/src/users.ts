import { createHash, timingSafeEqual } from 'node:crypto';

/** A person who can sign in at the local provider. */
export interface IdpUser {
  /** The login name, lower case (Keycloak's preferred_username, Okta's login). */
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Whether the provider has verified the e-mail address (the tokens' email_verified); true unless a test says otherwise. */
  emailVerified: boolean;
  /** Keycloak realm roles (realm_access.roles). */
  realmRoles: readonly string[];
  /** Keycloak client roles per client id (resource_access.{client}.roles). */
  clientRoles: Readonly<Record<string, readonly string[]>>;
}

/** The password of every built-in user: the same as Atrium's demo users'. */
export const DEMO_PASSWORD = 'Demo@1234';

/** Realm roles Keycloak gives every user of a realm. */
const DEFAULT_REALM_ROLES = ['default-roles-atrium', 'offline_access', 'uma_authorization'];

const user = (username: string, firstName: string, lastName: string, email: string, admin = false): IdpUser => ({
  username,
  password: DEMO_PASSWORD,
  firstName,
  lastName,
  email,
  emailVerified: true,
  realmRoles: [...DEFAULT_REALM_ROLES, 'atrium-user', ...(admin ? ['atrium-admin'] : [])],
  clientRoles: { atrium: admin ? ['desktop-user', 'desktop-admin'] : ['desktop-user'] },
});

/**
 * The built-in users: Atrium's demo users (names and e-mail addresses as in
 * its demo data) and `newcomer`, whom Atrium does not know, to try the
 * provisioning of unknown users (AUTH_PROVISION_ACCOUNT).
 */
export const DEMO_USERS: readonly IdpUser[] = [
  user('demo', 'Dana', 'Demo', 'dana.demo@northwind.example', true),
  user('olivia', 'Olivia', 'Hart', 'olivia.hart@northwind.example'),
  user('liam', 'Liam', 'Chen', 'liam.chen@northwind.example'),
  user('sofia', 'Sofia', 'Novak', 'sofia.novak@contoso.example'),
  user('newcomer', 'Nora', 'Newcomer', 'nora.newcomer@northwind.example'),
];

/** A user as a test may add one: anything left out is taken from a plain realm user. */
export type IdpUserInput = Pick<IdpUser, 'username'> & Partial<Omit<IdpUser, 'username'>>;

/** Completes a user given by a test or the command line. */
export function completeUser(input: IdpUserInput): IdpUser {
  const username = input.username.trim().toLowerCase();
  if (!/^[a-z0-9._@-]{1,100}$/.test(username)) throw new Error(`invalid username '${input.username}'`);
  const base = user(username, input.firstName ?? username, input.lastName ?? 'User', input.email ?? `${username}@example.test`);
  return {
    ...base,
    password: input.password ?? base.password,
    emailVerified: input.emailVerified ?? base.emailVerified,
    realmRoles: input.realmRoles ?? base.realmRoles,
    clientRoles: input.clientRoles ?? base.clientRoles,
  };
}

const digest = (kind: string, username: string) => createHash('sha256').update(`${kind}:${username}`).digest();

/** Keycloak's user id: a UUID, stable per username. It is the `sub` of Keycloak's tokens. */
export function keycloakUserId(username: string): string {
  const hex = digest('keycloak', username).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Okta's user id (00u…, 20 characters), stable per username: the id token's `sub`, the access token's `uid`. */
export function oktaUserId(username: string): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return `00u${[...digest('okta', username).subarray(0, 17)].map((byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/** The users of one provider, found by login name or by the provider's user id. */
export class UserDirectory {
  readonly #byName = new Map<string, IdpUser>();
  readonly #byId = new Map<string, IdpUser>();

  constructor(
    users: readonly IdpUser[],
    private readonly idOf: (username: string) => string,
  ) {
    for (const u of users) {
      this.#byName.set(u.username, u);
      this.#byId.set(idOf(u.username), u);
    }
  }

  /** The provider's id of a user (the accountId of oidc-provider). */
  id(user: IdpUser): string {
    return this.idOf(user.username);
  }

  usernames(): string[] {
    return [...this.#byName.keys()];
  }

  byId(id: string): IdpUser | undefined {
    return this.#byId.get(id);
  }

  byUsername(username: string): IdpUser | undefined {
    return this.#byName.get(username.trim().toLowerCase());
  }

  /** The user whose username and password these are, else undefined (compared in constant time). */
  authenticate(username: string, password: string): IdpUser | undefined {
    const found = this.byUsername(username);
    const expected = createHash('sha256').update(found?.password ?? '\0').digest();
    const given = createHash('sha256').update(password).digest();
    return timingSafeEqual(expected, given) && found && password.length > 0 ? found : undefined;
  }
}
