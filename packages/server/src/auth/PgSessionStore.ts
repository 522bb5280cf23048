import crypto from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { refreshTokens, sessions, users } from '../db/schema.js';
import type { UserRecord } from '../users/UserStore.js';
import type { ActiveSession, ConsumeResult, NewSession, RevokeReason, SessionRecord, SessionStore, SuccessorToken } from './SessionStore.js';

export class PgSessionStore implements SessionStore {
  /** Runs on every authenticated call: prepared once, so the database parses it once. */
  private readonly activeUserQuery;

  constructor(private readonly db: Db) {
    this.activeUserQuery = db
      .select({ user: users, expiresAt: sessions.expiresAt, roles: sessions.roles })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
          eq(users.disabled, false),
        ),
      )
      .limit(1)
      .prepare('session_active_user');
  }

  async createSession(input: NewSession): Promise<SessionRecord> {
    const [row] = await this.db
      .insert(sessions)
      .values({
        id: crypto.randomUUID(),
        userId: input.userId,
        expiresAt: input.expiresAt,
        userAgent: input.userAgent ?? null,
        ip: input.ip ?? null,
        provider: input.external?.provider ?? null,
        roles: input.external?.roles ?? null,
      })
      .returning();
    return row!;
  }

  async findSession(id: string): Promise<SessionRecord | null> {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
    return row ?? null;
  }

  async findActiveSession(sessionId: string, now: Date): Promise<ActiveSession | null> {
    const [row] = await this.activeUserQuery.execute({ sessionId, now });
    return row ?? null;
  }

  async findActiveUser(sessionId: string, now: Date): Promise<UserRecord | null> {
    return (await this.findActiveSession(sessionId, now))?.user ?? null;
  }

  async addRefreshToken(sessionId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt });
  }

  async consumeRefreshToken(tokenHash: string, now: Date, successor: SuccessorToken): Promise<ConsumeResult> {
    // One statement: the token is used up and its successor stored together, or neither (a refresh that fails
    // part-way leaves no used token without a successor, and parallel refreshes store it once).
    const result = (await this.db.execute(sql`with consumed as (
        update ${refreshTokens} set used_at = ${now.toISOString()}::timestamptz
        where token_hash = ${tokenHash} and used_at is null and expires_at > ${now.toISOString()}::timestamptz
        returning session_id
      ), successor as (
        insert into ${refreshTokens} (token_hash, session_id, expires_at)
        select ${successor.tokenHash}, session_id, ${successor.expiresAt.toISOString()}::timestamptz from consumed
        on conflict (token_hash) do nothing
      )
      select session_id from consumed`)) as unknown as { rows: Array<{ session_id: string }> };
    const consumed = result.rows[0];
    if (consumed) return { outcome: 'consumed', sessionId: consumed.session_id, usedAt: now };
    const [existing] = await this.db
      .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    if (existing?.usedAt) return { outcome: 'reused', sessionId: existing.sessionId, usedAt: existing.usedAt };
    return { outcome: 'invalid' };
  }

  async findRefreshTokenSession(tokenHash: string): Promise<string | null> {
    const [row] = await this.db.select({ sessionId: refreshTokens.sessionId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
    return row?.sessionId ?? null;
  }

  async touch(sessionId: string, now: Date): Promise<void> {
    await this.db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
  }

  async revokeSession(sessionId: string, reason: RevokeReason): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async revokeAllForUser(userId: string, reason: RevokeReason): Promise<number> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length;
  }

  async purge(before: Date): Promise<number> {
    const rows = await this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, before), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before))))
      .returning({ id: sessions.id });
    return rows.length;
  }
}
