import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { loginAttempts } from '../db/schema.js';
import type { LoginAttemptStore } from './LoginAttemptStore.js';

export class PgLoginAttemptStore implements LoginAttemptStore {
  constructor(private readonly db: Db) {}

  async record(attempt: { username: string; ip: string; success: boolean; at: Date }): Promise<void> {
    await this.db.insert(loginAttempts).values(attempt);
  }

  async countFailures(filter: { username: string } | { ip: string }, since: Date): Promise<number> {
    const who = 'username' in filter ? eq(loginAttempts.username, filter.username) : eq(loginAttempts.ip, filter.ip);
    const [row] = await this.db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(who, eq(loginAttempts.success, false), gt(loginAttempts.at, since)));
    return row?.n ?? 0;
  }

  async clearFailures(username: string): Promise<void> {
    await this.db.delete(loginAttempts).where(and(eq(loginAttempts.username, username), eq(loginAttempts.success, false)));
  }

  async purge(before: Date): Promise<number> {
    const rows = await this.db.delete(loginAttempts).where(lt(loginAttempts.at, before)).returning({ id: loginAttempts.id });
    return rows.length;
  }
}
