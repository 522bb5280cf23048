import crypto from 'node:crypto';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { users } from '../db/schema.js';
import { normalizeUsername, type NewUser, type UserPatch, type UserRecord, type UserStore } from './UserStore.js';

export class PgUserStore implements UserStore {
  constructor(private readonly db: Db) {}

  async create(input: NewUser): Promise<UserRecord> {
    const [row] = await this.db
      .insert(users)
      .values({ ...input, id: crypto.randomUUID(), username: normalizeUsername(input.username) })
      .returning();
    return row!;
  }

  async findById(id: string): Promise<UserRecord | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  async findByUsername(username: string): Promise<UserRecord | null> {
    const [row] = await this.db.select().from(users).where(eq(users.username, normalizeUsername(username))).limit(1);
    return row ?? null;
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    // Served by users_email_lower_idx; two rows read to tell one owner from several.
    const rows = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
      .limit(2);
    return rows.length === 1 ? rows[0]! : null;
  }

  async hasEmail(email: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
      .limit(1);
    return rows.length > 0;
  }

  async listUsernames(): Promise<string[]> {
    const rows = await this.db.select({ username: users.username }).from(users);
    return rows.map((row) => row.username);
  }

  list(): Promise<UserRecord[]> {
    return this.db.select().from(users).orderBy(asc(users.username));
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users);
    return row?.n ?? 0;
  }

  async update(id: string, patch: UserPatch): Promise<UserRecord | null> {
    const [row] = await this.db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  }

  async mergePreferences(id: string, preferences: Record<string, string>): Promise<UserRecord | null> {
    const [row] = await this.db
      .update(users)
      .set({ preferences: sql`${users.preferences} || ${JSON.stringify(preferences)}::jsonb`, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  }
}
