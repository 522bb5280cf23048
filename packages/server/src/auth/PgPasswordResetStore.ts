import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { passwordResetCodes } from '../db/schema.js';
import type { PasswordResetStore } from './PasswordResetStore.js';

export class PgPasswordResetStore implements PasswordResetStore {
  constructor(private readonly db: Db) {}

  async create(input: { userId: string; codeHash: string; createdAt: Date; expiresAt: Date }): Promise<void> {
    await this.db.insert(passwordResetCodes).values(input);
  }

  async consume(codeHash: string, now: Date): Promise<string | null> {
    const [row] = await this.db
      .update(passwordResetCodes)
      .set({ usedAt: now })
      .where(and(eq(passwordResetCodes.codeHash, codeHash), isNull(passwordResetCodes.usedAt), gt(passwordResetCodes.expiresAt, now)))
      .returning({ userId: passwordResetCodes.userId });
    return row?.userId ?? null;
  }

  async countIssuedSince(userId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(passwordResetCodes)
      .where(and(eq(passwordResetCodes.userId, userId), gt(passwordResetCodes.createdAt, since)));
    return row?.n ?? 0;
  }

  async invalidateAll(userId: string, now: Date): Promise<void> {
    await this.db
      .update(passwordResetCodes)
      .set({ usedAt: now })
      .where(and(eq(passwordResetCodes.userId, userId), isNull(passwordResetCodes.usedAt)));
  }
}
