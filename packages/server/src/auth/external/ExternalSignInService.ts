import { hasUnstorableText, rolesFromClaims, type ExternalRoles, type LoginResult } from '@atrium/shared';
import type { JWTPayload } from 'jose';
import { findAccount } from '../../accounts/findAccount.js';
import type { Log } from '../../logger.js';
import type { Stores } from '../../stores.js';
import { createUser } from '../../users/createUser.js';
import type { UserRecord } from '../../users/UserStore.js';
import type { AuthService, SignInOrigin } from '../AuthService.js';
import { SUBJECT_CLAIMS, type ExternalAuthConfig } from './externalConfig.js';
import type { ExternalTokenVerifier } from './ExternalTokenVerifier.js';
import { usernameSkeleton } from './lookAlike.js';

/** What an external sign-in came to. */
export type ExternalSignInOutcome =
  | { ok: true; result: LoginResult }
  /** The provider named is not the configured one (or external sign-in is off). */
  | { ok: false; reason: 'not-configured' }
  /** The provider's token was not accepted. */
  | { ok: false; reason: 'token' }
  /** The token is good but names nobody who may sign in here. */
  | { ok: false; reason: 'no-access' }
  /** The identity seems to be that of an existing user, but only an operator may link the two. */
  | { ok: false; reason: 'link-required' }
  /** The provider's keys could not be fetched. */
  | { ok: false; reason: 'unreachable' };

/** Who an identity is here, or why nobody. */
type Found = { ok: true; user: UserRecord } | { ok: false; reason: 'token' | 'no-access' | 'link-required' };

/** Longest username, as the operator's command line allows. */
const USERNAME_MAX = 254;
/** Longest name part or e-mail address taken from a token. */
const FIELD_MAX = 254;
/** Longest subject kept (Keycloak's are UUIDs, Okta's 20 characters). */
const SUBJECT_MAX = 255;
/** Control, format and separator characters: never part of a username or a subject. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Z}]/u;

/**
 * Sign-in through Keycloak or Okta (docs/behaviour/external-sign-in.md#server):
 * the provider's access token is verified, and the user is the one its
 * identity (issuer and the provider's immutable user id) is linked to. An
 * identity not linked yet is linked by its verified e-mail address when the
 * operator allows it, or gets a new user when provisioning is on; a name in
 * the token never finds an existing user. A session is then opened exactly
 * as the built-in form opens one, remembering the token's roles.
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
    const subjectClaim = SUBJECT_CLAIMS[config.type];
    const subject = Object.hasOwn(claims, subjectClaim) ? claims[subjectClaim] : undefined;
    if (typeof subject !== 'string' || !subject || subject.length > SUBJECT_MAX || UNPRINTABLE.test(subject) || hasUnstorableText(subject)) {
      log.info({ event: 'external.refused', provider, ip: origin.ip, reason: `claim ${subjectClaim} (the user's id at the provider) missing or not an id` }, 'identity provider token refused');
      return { ok: false, reason: 'token' };
    }
    const found = await this.findUser(config, subject, claims, origin);
    if (!found.ok) return found;
    const result = await this.deps.auth.signInExternal(found.user, origin, { provider: config.type, roles: storableRoles(rolesFromClaims(claims)) });
    return result ? { ok: true, result } : { ok: false, reason: 'no-access' };
  }

  /** The user an identity signs in to: its link, else a link by e-mail, else a new user (docs/behaviour/external-sign-in.md#links). */
  private async findUser(config: ExternalAuthConfig, subject: string, claims: JWTPayload, origin: SignInOrigin): Promise<Found> {
    const { users, identities } = this.deps.stores;
    const context = { provider: config.type, subject, ip: origin.ip };
    const link = await identities.find(config.issuer, subject);
    if (link) {
      const user = await users.findById(link.userId);
      if (user && !user.disabled) return { ok: true, user };
      this.deps.log.info({ ...context, event: 'external.no-access', userId: link.userId, reason: 'the linked user is disabled' }, 'external sign-in: no account here');
      return { ok: false, reason: 'no-access' };
    }
    const byEmail = await this.linkByEmail(config, subject, claims, context);
    if (byEmail) return byEmail;
    if (config.provisionAccount) return this.provision(config, config.provisionAccount, subject, claims, context);
    this.deps.log.info({ ...context, event: 'external.no-access', reason: 'no user is linked to this identity' }, 'external sign-in: no account here');
    return { ok: false, reason: 'no-access' };
  }

  /**
   * Links the identity to the one user whose e-mail address the provider
   * says it has verified, when AUTH_LINK_BY_EMAIL allows it for that user;
   * null when the address finds nobody (or linking by e-mail is off).
   */
  private async linkByEmail(config: ExternalAuthConfig, subject: string, claims: JWTPayload, context: Record<string, unknown>): Promise<Found | null> {
    if (config.linkByEmail === 'off') return null;
    const email = verifiedEmail(claims);
    if (!email) return null;
    const { users, identities } = this.deps.stores;
    const user = await users.findByEmail(email);
    const refuse = (reason: Exclude<Found, { ok: true }>['reason'], why: string, userId?: string): Found => {
      this.deps.log.info({ ...context, event: reason === 'link-required' ? 'external.link-required' : 'external.no-access', userId, reason: why }, 'external sign-in: not linked by e-mail');
      return { ok: false, reason };
    };
    if (!user) return (await users.hasEmail(email)) ? refuse('link-required', 'several users have the verified e-mail address') : null;
    if (user.disabled) return refuse('no-access', 'the user with the verified e-mail address is disabled', user.id);
    if (user.passwordHash !== null && config.linkByEmail !== 'all') return refuse('link-required', 'the user with the verified e-mail address has a password (AUTH_LINK_BY_EMAIL=passwordless)', user.id);
    const linked = await identities.link({ issuer: config.issuer, subject, userId: user.id, linkedBy: 'email' });
    switch (linked.outcome) {
      case 'linked':
        this.deps.log.info({ ...context, event: 'external.linked', userId: user.id, by: 'email' }, 'identity linked to a user by its verified e-mail address');
        return { ok: true, user };
      case 'unchanged':
        return { ok: true, user };
      case 'identity-taken': {
        // Linked elsewhere a moment ago (by the operator): the link decides.
        const other = await users.findById(linked.link.userId);
        return other && !other.disabled ? { ok: true, user: other } : refuse('no-access', 'the linked user is disabled', linked.link.userId);
      }
      case 'user-taken':
        return refuse('link-required', 'the user with the verified e-mail address is linked to another identity of this provider', user.id);
    }
  }

  /**
   * A new user for an identity nobody is linked to, in the configured
   * organisation, linked to it. Never for a username that is an existing
   * user's, looks like one, or is an existing user's e-mail address, nor for
   * an identity whose verified address is an existing user's: that person
   * must be linked by an operator.
   */
  private async provision(config: ExternalAuthConfig, provisionAccount: string, subject: string, claims: JWTPayload, context: Record<string, unknown>): Promise<Found> {
    const { stores, log } = this.deps;
    const named = Object.hasOwn(claims, config.userClaim) ? claims[config.userClaim] : undefined;
    const text = typeof named === 'string' ? named.trim().normalize('NFKC') : '';
    if (!text || text.length > USERNAME_MAX || UNPRINTABLE.test(text) || hasUnstorableText(text)) {
      log.info({ ...context, event: 'external.refused', reason: `claim ${config.userClaim} missing or not a username` }, 'identity provider token refused');
      return { ok: false, reason: 'token' };
    }
    const username = text.toLowerCase();
    const org = await findAccount(stores.accounts, provisionAccount);
    if (!org) {
      log.warn({ event: 'external.provision-account-missing', account: provisionAccount }, 'AUTH_PROVISION_ACCOUNT names no organisation: unknown users are refused');
      return { ok: false, reason: 'no-access' };
    }
    const linkRequired = async (why: string): Promise<Found> => {
      // Two first sign-ins of the same person at once: the other one may have created the user (whose username is
      // taken now) and linked this identity to it meanwhile.
      const meanwhile = await this.linkedUser(config.issuer, subject);
      if (meanwhile) return { ok: true, user: meanwhile };
      log.info({ ...context, event: 'external.link-required', username, reason: why }, 'external sign-in: an operator must link this identity');
      return { ok: false, reason: 'link-required' };
    };
    const skeleton = usernameSkeleton(username);
    const taken = (await stores.users.listUsernames()).find((existing) => usernameSkeleton(existing) === skeleton);
    if (taken !== undefined) return linkRequired(taken === username ? 'a user has this username' : `the username looks like the existing '${taken}'`);
    if (username.includes('@') && (await stores.users.hasEmail(username))) return linkRequired("the username is an existing user's e-mail address");
    const email = verifiedEmail(claims);
    if (email && (await stores.users.hasEmail(email))) return linkRequired("the verified e-mail address is an existing user's");
    try {
      const user = await createUser(
        stores,
        {
          username,
          passwordHash: null,
          firstname: field(claims.given_name) ?? '',
          lastname: field(claims.family_name) ?? '',
          email,
          externalProvider: config.type,
        },
        [org],
        { issuer: config.issuer, subject, linkedBy: 'provisioning' },
      );
      log.info({ ...context, event: 'external.provisioned', userId: user.id, username, accountId: org.id }, 'user created by external sign-in');
      return { ok: true, user };
    } catch (e) {
      // Someone else took the username meanwhile (the same person too: linkRequired finds their link).
      if (await stores.users.findByUsername(username)) return linkRequired('a user has this username');
      const meanwhile = await this.linkedUser(config.issuer, subject);
      if (meanwhile) return { ok: true, user: meanwhile };
      throw e;
    }
  }

  /** The enabled user an identity is linked to now, or null. */
  private async linkedUser(issuer: string, subject: string): Promise<UserRecord | null> {
    const link = await this.deps.stores.identities.find(issuer, subject);
    const user = link ? await this.deps.stores.users.findById(link.userId) : null;
    return user && !user.disabled ? user : null;
  }
}

/** The token's e-mail address when the provider marks it verified (the boolean true), else null. */
function verifiedEmail(claims: JWTPayload): string | null {
  if (claims.email_verified !== true) return null;
  const email = field(claims.email);
  return email !== null && /^[^@\s]+@[^@\s]+$/.test(email) ? email : null;
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
