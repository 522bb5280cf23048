import { hasUnstorableText, rolesFromClaims, type ExternalRoles, type LoginResult } from '@atrium/shared';
import type { JWTPayload } from 'jose';
import { findAccount } from '../../accounts/findAccount.js';
import type { Log } from '../../logger.js';
import type { Stores } from '../../stores.js';
import { createUser } from '../../users/createUser.js';
import type { UserRecord } from '../../users/UserStore.js';
import type { AuthService, SignInOrigin } from '../AuthService.js';
import type { ExternalAuthConfig } from './externalConfig.js';
import type { ExternalTokenVerifier } from './ExternalTokenVerifier.js';

/** What an external sign-in came to. */
export type ExternalSignInOutcome =
  | { ok: true; result: LoginResult }
  /** The provider named is not the configured one (or external sign-in is off). */
  | { ok: false; reason: 'not-configured' }
  /** The provider's token was not accepted. */
  | { ok: false; reason: 'token' }
  /** The token is good but names nobody who may sign in here. */
  | { ok: false; reason: 'no-access' }
  /** The provider's keys could not be fetched. */
  | { ok: false; reason: 'unreachable' };

/** Longest username, as the operator's command line allows. */
const USERNAME_MAX = 254;
/** Longest name part or e-mail address taken from a token. */
const FIELD_MAX = 254;

/**
 * Sign-in through Keycloak or Okta (docs/behaviour/external-sign-in.md#server):
 * the provider's access token is verified, the user it names is found by
 * username (or e-mail address), created in the configured organisation when
 * unknown and provisioning is on, and a session is opened exactly as the
 * built-in form opens one, remembering the token's roles.
 */
export class ExternalSignInService {
  constructor(
    private readonly config: ExternalAuthConfig | null,
    private readonly verifier: ExternalTokenVerifier | null,
    private readonly deps: { auth: AuthService; stores: Stores; log: Log },
  ) {}

  /** Whether sign-in through this provider is configured (AUTH_TYPE). */
  handles(provider: string): boolean {
    return this.config !== null && this.verifier !== null && provider === this.config.type;
  }

  async signIn(provider: string, accessToken: string, origin: SignInOrigin): Promise<ExternalSignInOutcome> {
    const { config, verifier } = this;
    if (!config || !verifier || !this.handles(provider)) return { ok: false, reason: 'not-configured' };
    const log = this.deps.log;
    const verified = await verifier.verify(accessToken);
    if (!verified.ok) {
      if (verified.outcome === 'unreachable') {
        log.warn({ event: 'external.unreachable', provider, reason: verified.reason }, 'identity provider unreachable');
        return { ok: false, reason: 'unreachable' };
      }
      log.info({ event: 'external.refused', provider, ip: origin.ip, reason: verified.reason }, 'identity provider token refused');
      return { ok: false, reason: 'token' };
    }
    const claims = verified.claims;
    const named = Object.hasOwn(claims, config.userClaim) ? claims[config.userClaim] : undefined;
    if (typeof named !== 'string' || !named.trim() || named.trim().length > USERNAME_MAX || /\s/.test(named.trim()) || hasUnstorableText(named)) {
      log.info({ event: 'external.refused', provider, ip: origin.ip, reason: `claim ${config.userClaim} missing or not a username` }, 'identity provider token refused');
      return { ok: false, reason: 'token' };
    }
    const username = named.trim().toLowerCase();
    const user = await this.findOrProvision(username, claims);
    if (!user || user.disabled) {
      log.info({ event: 'external.no-access', provider, username, disabled: user?.disabled ?? false }, 'external sign-in: no account here');
      return { ok: false, reason: 'no-access' };
    }
    const result = await this.deps.auth.signInExternal(user, origin, { provider: config.type, roles: storableRoles(rolesFromClaims(claims)) });
    return result ? { ok: true, result } : { ok: false, reason: 'no-access' };
  }

  /** The user a claim names: by username, else (an address) by e-mail; created when unknown and provisioning is on. */
  private async findOrProvision(username: string, claims: JWTPayload): Promise<UserRecord | null> {
    const { users } = this.deps.stores;
    const known = (await users.findByUsername(username)) ?? (username.includes('@') ? await users.findByEmail(username) : null);
    if (known) return known;
    const provisionAccount = this.config?.provisionAccount;
    if (!provisionAccount) return null;
    const org = await findAccount(this.deps.stores.accounts, provisionAccount);
    if (!org) {
      this.deps.log.warn({ event: 'external.provision-account-missing', account: provisionAccount }, 'AUTH_PROVISION_ACCOUNT names no organisation: unknown users are refused');
      return null;
    }
    const email = field(claims.email);
    try {
      const user = await createUser(
        this.deps.stores,
        {
          username,
          passwordHash: null,
          firstname: field(claims.given_name) ?? '',
          lastname: field(claims.family_name) ?? '',
          email: email?.includes('@') ? email : null,
          externalProvider: this.config!.type,
        },
        [org],
      );
      this.deps.log.info({ event: 'external.provisioned', userId: user.id, username, accountId: org.id }, 'user created by external sign-in');
      return user;
    } catch (e) {
      // Two first sign-ins of the same person at once: the other one created the user.
      const created = await users.findByUsername(username);
      if (created) return created;
      throw e;
    }
  }
}

/** A text claim fit to store, or null. */
function field(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text && text.length <= FIELD_MAX && !hasUnstorableText(text) ? text : null;
}

/** The roles without any name the database could not store. */
function storableRoles(roles: ExternalRoles): ExternalRoles {
  const keep = (names: string[]) => names.filter((name) => !hasUnstorableText(name));
  const resource = Object.create(null) as Record<string, string[]>;
  for (const [client, names] of Object.entries(roles.resource)) {
    const kept = keep(names);
    if (!hasUnstorableText(client) && kept.length > 0) resource[client] = kept;
  }
  return { realm: keep(roles.realm), resource };
}
