import type { AccessTokenClaims, ExternalProvider, ExternalRoles, LoginResult } from '@atrium/shared';
import type { Log } from '../logger.js';
import type { AccountStore } from '../accounts/AccountStore.js';
import type { UserRecord, UserStore } from '../users/UserStore.js';
import { normalizeUsername } from '../users/UserStore.js';
import type { LoginThrottle } from './LoginThrottle.js';
import type { PasswordHasher } from './PasswordHasher.js';
import type { OpenSession, SessionCache } from './SessionCache.js';
import type { RevokeReason, SessionStore } from './SessionStore.js';
import { TokenService } from './TokenService.js';

export interface SessionLifetimes {
  /** Idle lifetime of a refresh token, in seconds. */
  refreshTokenTtl: number;
  /** Absolute lifetime of a session, in seconds. */
  sessionMaxAge: number;
  /** Seconds after a refresh token's first use within which a refresh with it answers the same new pair; 0: never. */
  refreshTokenGrace: number;
}

/** Who is calling, once a bearer token has been accepted. */
export interface AuthContext {
  user: UserRecord;
  claims: AccessTokenClaims;
  /**
   * The realm and resource roles of the identity provider's token the
   * session was opened with (docs/behaviour/external-sign-in.md#roles): ask
   * them with the shared hasRealmRole / hasResourceRole. Null for a session
   * of the built-in form.
   */
  roles: ExternalRoles | null;
}

/** Where a sign-in comes from, for the session record and the log. */
export interface SignInOrigin {
  ip: string;
  userAgent?: string;
}

/** Outcome of checking a bearer token for an API call. */
export type Authentication =
  | { ok: true; auth: AuthContext }
  /** 'token': expired or bad token, the client refreshes; 'session': revoked or ended, the client logs out. */
  | { ok: false; reason: 'missing' | 'token' | 'session' };

/** Answer of POST /validatetoken. */
export type TokenValidity = 'valid' | 'expired' | 'invalid' | 'session-expired';

/**
 * Sign-in, token refresh with rotation and reuse detection, logout, and the
 * checks behind every authenticated call.
 */
export class AuthService {
  constructor(
    private readonly users: UserStore,
    private readonly accounts: AccountStore,
    private readonly sessions: SessionStore,
    private readonly tokens: TokenService,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly lifetimes: SessionLifetimes,
    private readonly log: Log,
    /** Open sessions remembered for a few seconds; the stores' events keep it current. */
    private readonly sessionCache: SessionCache,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Checks credentials and opens a session. Unknown users, wrong passwords,
   * disabled users and throttled attempts all return null, in comparable time.
   */
  async login(input: { username: string; password: string; ip: string; userAgent?: string }): Promise<LoginResult | null> {
    const username = normalizeUsername(input.username);
    const [locked, user] = await Promise.all([this.throttle.isLocked(username, input.ip), this.users.findByUsername(username)]);
    const matches =
      user?.passwordHash && !user.disabled
        ? await this.hasher.verify(user.passwordHash, input.password)
        : await this.hasher.verifyNothing(input.password);
    const success = Boolean(user && matches && !locked);
    await this.throttle.record(username, input.ip, success);
    if (!user || !success) {
      this.log.info({ event: 'login.rejected', locked, ip: input.ip }, 'sign-in rejected');
      return null;
    }
    return this.openSession(user, input, null);
  }

  /**
   * Opens a session for a user an identity provider has vouched for
   * (docs/behaviour/external-sign-in.md#server): the same session, token
   * pair and bookkeeping as a sign-in with the form, without the password
   * throttle (no password was tried), remembering the provider and the
   * roles its token carried. Null when the user is disabled.
   */
  async signInExternal(user: UserRecord, origin: SignInOrigin, external: { provider: ExternalProvider; roles: ExternalRoles }): Promise<LoginResult | null> {
    if (user.disabled) return null;
    return this.openSession(user, origin, external);
  }

  /**
   * Exchanges a refresh token (and the access token it belongs with) for a
   * new pair (docs/SECURITY.md, "Sessions"). The new pair is derived from
   * the token presented: every refresh with it within `refreshTokenGrace`
   * seconds of its first use (a user's tabs refreshing at once) gets the
   * very same pair; a use after that revokes its whole family. The session
   * and account checks apply to every caller. Returns null on any failure:
   * the client then logs out.
   */
  async refresh(input: { jwt: string; refreshToken: string }): Promise<LoginResult | null> {
    const check = await this.tokens.check(input.jwt);
    if (check.status === 'invalid') return null;
    const now = this.now();
    const successor = this.tokens.successorOf(input.refreshToken);
    const consumed = await this.sessions.consumeRefreshToken(TokenService.hash(input.refreshToken), now, {
      tokenHash: TokenService.hash(successor.token),
      expiresAt: new Date(now.getTime() + this.lifetimes.refreshTokenTtl * 1000),
    });
    if (consumed.outcome === 'invalid') return null;
    if (consumed.outcome === 'reused' && !this.withinGrace(consumed.usedAt, now)) {
      await this.sessions.revokeSession(consumed.sessionId, 'reuse');
      this.log.warn({ event: 'refresh.reuse', sessionId: consumed.sessionId }, 'refresh token reused: session revoked');
      return null;
    }
    if (consumed.sessionId !== check.claims.sid) {
      await this.sessions.revokeSession(consumed.sessionId, 'reuse');
      this.log.warn({ event: 'refresh.mismatch', sessionId: consumed.sessionId }, 'refresh token presented with another session: revoked');
      return null;
    }
    const active = await this.activeSession(check.claims);
    if (!active) return null;
    if (consumed.outcome === 'reused') this.log.info({ event: 'refresh.grace', sessionId: consumed.sessionId }, 'refresh token used again within the grace window: same pair');
    await this.sessions.touch(check.claims.sid, now);
    const user = await this.ensureActiveAccount(active.user);
    // Issued at the token's first use with an id derived from it: byte for byte the pair of every caller.
    const jwt = await this.tokens.issueAccessToken(
      { sub: user.id, sid: check.claims.sid, acc: user.activeAccountId ?? '', username: user.username },
      { issuedAt: consumed.usedAt, jti: successor.jti },
    );
    return { jwt, refresh_token: successor.token, username: user.username };
  }

  /** Whether a refresh token first used at `usedAt` may still answer its pair at `now`. */
  private withinGrace(usedAt: Date, now: Date): boolean {
    const grace = this.lifetimes.refreshTokenGrace * 1000;
    return grace > 0 && now.getTime() - usedAt.getTime() <= grace;
  }

  /** The answer of POST /validatetoken. */
  async validate(jwt: string): Promise<TokenValidity> {
    const check = await this.tokens.check(jwt);
    if (check.status !== 'valid') return check.status;
    return (await this.activeSession(check.claims)) ? 'valid' : 'session-expired';
  }

  /** Checks the Authorization header of an API call. */
  async authenticate(header: string | undefined): Promise<Authentication> {
    const match = header ? /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header) : null;
    if (!match?.[1]) return { ok: false, reason: 'missing' };
    return this.authenticateToken(match[1]);
  }

  /** Checks an access token given otherwise than in a header (a websocket's first message). */
  async authenticateToken(token: string): Promise<Authentication> {
    const check = await this.tokens.check(token);
    if (check.status !== 'valid') return { ok: false, reason: 'token' };
    const open = await this.activeSession(check.claims);
    return open ? { ok: true, auth: { user: open.user, claims: check.claims, roles: open.roles } } : { ok: false, reason: 'session' };
  }

  /** Whether a user's session is still open and the user enabled (long-lived connections recheck this). */
  async isSessionOpen(sessionId: string, userId: string): Promise<boolean> {
    return (await this.openSessionOf(sessionId))?.user.id === userId;
  }

  /**
   * Ends a session, found by refresh token or by an access token (expired
   * ones included). Quietly does nothing when neither names a session.
   */
  async logout(input: { jwt?: string; refreshToken?: string }): Promise<void> {
    const sessionIds = new Set<string>();
    if (input.refreshToken) {
      const id = await this.sessions.findRefreshTokenSession(TokenService.hash(input.refreshToken));
      if (id) sessionIds.add(id);
    }
    if (input.jwt) {
      const check = await this.tokens.check(input.jwt);
      if (check.status !== 'invalid') sessionIds.add(check.claims.sid);
    }
    for (const id of sessionIds) await this.sessions.revokeSession(id, 'logout');
  }

  /** Ends every session of a user (password reset, disabling). */
  revokeAll(userId: string, reason: RevokeReason): Promise<number> {
    return this.sessions.revokeAllForUser(userId, reason);
  }

  /** A new access token for the same session, e.g. after switching account. */
  async reissueAccessToken(user: UserRecord, sessionId: string): Promise<string> {
    return this.tokens.issueAccessToken({ sub: user.id, sid: sessionId, acc: user.activeAccountId ?? '', username: user.username });
  }

  /** A token's session and its user, if that session is still open and the user enabled. */
  private async activeSession(claims: AccessTokenClaims): Promise<OpenSession | null> {
    const open = await this.openSessionOf(claims.sid);
    return open?.user.id === claims.sub ? open : null;
  }

  /** An open session's user and roles: from the cache when it knows, else from the database (and then cached). */
  private async openSessionOf(sessionId: string): Promise<OpenSession | null> {
    const cached = this.sessionCache.get(sessionId);
    if (cached) return cached;
    const snapshot = this.sessionCache.snapshot();
    const active = await this.sessions.findActiveSession(sessionId, this.now());
    if (!active) return null;
    this.sessionCache.set(sessionId, active, snapshot);
    return { user: active.user, roles: active.roles };
  }

  /** A new session and its token pair: every sign-in ends here, whatever proved who the user is. */
  private async openSession(user: UserRecord, origin: SignInOrigin, external: { provider: ExternalProvider; roles: ExternalRoles } | null): Promise<LoginResult> {
    const session = await this.sessions.createSession({
      userId: user.id,
      expiresAt: new Date(this.now().getTime() + this.lifetimes.sessionMaxAge * 1000),
      userAgent: origin.userAgent?.slice(0, 512) ?? null,
      ip: origin.ip,
      external,
    });
    this.log.info({ event: 'login.success', userId: user.id, sessionId: session.id, provider: external?.provider ?? 'builtin' }, 'signed in');
    return this.issuePair(user, session.id);
  }

  private async issuePair(user: UserRecord, sessionId: string): Promise<LoginResult> {
    const active = await this.ensureActiveAccount(user);
    const refreshToken = TokenService.newOpaqueToken();
    const refreshExpiry = new Date(this.now().getTime() + this.lifetimes.refreshTokenTtl * 1000);
    await this.sessions.addRefreshToken(sessionId, TokenService.hash(refreshToken), refreshExpiry);
    const jwt = await this.reissueAccessToken(active, sessionId);
    return { jwt, refresh_token: refreshToken, username: user.username };
  }

  /** Gives a user without an active account their first account, so that the profile has one. */
  private async ensureActiveAccount(user: UserRecord): Promise<UserRecord> {
    if (user.activeAccountId) return user;
    const [first] = await this.accounts.listForUser(user.id);
    if (!first) return user;
    return (await this.users.update(user.id, { activeAccountId: first.id })) ?? user;
  }
}
