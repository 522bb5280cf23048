import type { ExternalProvider, ExternalRoles } from '@atrium/shared';
import type { InferSelectModel } from 'drizzle-orm';
import type { sessions } from '../db/schema.js';
import type { UserRecord } from '../users/UserStore.js';

/** A sign-in session, i.e. one refresh-token family. */
export type SessionRecord = InferSelectModel<typeof sessions>;

export type RevokeReason = 'logout' | 'reuse' | 'password-reset' | 'disabled' | 'operator';

/** An open session and its user, as the check behind every authenticated call reads them. */
export interface ActiveSession {
  user: UserRecord;
  /** The session's absolute end. */
  expiresAt: Date;
  /** The roles of an external sign-in's token (docs/behaviour/external-sign-in.md#roles); null for the built-in form. */
  roles: ExternalRoles | null;
}

/** What a new session is opened with. */
export interface NewSession {
  userId: string;
  expiresAt: Date;
  userAgent?: string | null;
  ip?: string | null;
  /** Set for a session opened through an identity provider, with the roles its token carried. */
  external?: { provider: ExternalProvider; roles: ExternalRoles } | null;
}

/** What consuming a refresh token found. */
export type ConsumeResult =
  /** Used now (`usedAt`), and its successor stored. */
  | { outcome: 'consumed'; sessionId: string; usedAt: Date }
  /** The token was already used, at `usedAt`: a parallel refresh or a replay. Its session is named so that it can be revoked. */
  | { outcome: 'reused'; sessionId: string; usedAt: Date }
  /** Unknown or expired token. */
  | { outcome: 'invalid' };

/** The refresh token that follows a consumed one: its hash and its expiry. */
export interface SuccessorToken {
  tokenHash: string;
  expiresAt: Date;
}

/** Persistence of sessions and their refresh tokens (stored as hashes only). */
export interface SessionStore {
  createSession(input: NewSession): Promise<SessionRecord>;
  findSession(id: string): Promise<SessionRecord | null>;
  /**
   * A session that is open at `now` (not revoked, not past its end) and
   * whose user is enabled, with that user; null otherwise. One query: it
   * backs every authenticated call the SessionCache cannot answer.
   */
  findActiveSession(sessionId: string, now: Date): Promise<ActiveSession | null>;
  /** The user of findActiveSession. */
  findActiveUser(sessionId: string, now: Date): Promise<UserRecord | null>;
  addRefreshToken(sessionId: string, tokenHash: string, expiresAt: Date): Promise<void>;
  /**
   * Marks a refresh token used and stores its successor in the same
   * statement, atomically: of concurrent calls with the same token exactly
   * one gets 'consumed', and the successor is stored exactly when the token
   * is used up (never twice, never without it).
   */
  consumeRefreshToken(tokenHash: string, now: Date, successor: SuccessorToken): Promise<ConsumeResult>;
  /** Looks a token up without consuming it. */
  findRefreshTokenSession(tokenHash: string): Promise<string | null>;
  touch(sessionId: string, now: Date): Promise<void>;
  revokeSession(sessionId: string, reason: RevokeReason): Promise<void>;
  revokeAllForUser(userId: string, reason: RevokeReason): Promise<number>;
  /** Deletes sessions ended or expired before the given time. */
  purge(before: Date): Promise<number>;
}
