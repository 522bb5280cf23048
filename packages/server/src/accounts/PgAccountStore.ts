import crypto from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.js';
import { accounts, memberships } from '../db/schema.js';
import type { AccountRecord, AccountStore, NewAccount } from './AccountStore.js';

export class PgAccountStore implements AccountStore {
  constructor(private readonly db: Db) {}

  async create(input: NewAccount): Promise<AccountRecord> {
    const hosts = (input.hosts ?? []).map((h) => h.toLowerCase());
    const [row] = await this.db.insert(accounts).values({ ...input, hosts, id: crypto.randomUUID() }).returning();
    return row!;
  }

  async findById(id: string): Promise<AccountRecord | null> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    return row ?? null;
  }

  async findByName(name: string): Promise<AccountRecord | null> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.name, name)).orderBy(asc(accounts.createdAt)).limit(1);
    return row ?? null;
  }

  async findForHost(host: string): Promise<AccountRecord | null> {
    const full = host.toLowerCase();
    const bare = full.replace(/:\d+$/, '');
    const [row] = await this.db
      .select()
      .from(accounts)
      .orderBy(
        desc(sql`(${full} = any(${accounts.hosts}) or ${bare} = any(${accounts.hosts}))`),
        desc(accounts.isDefault),
        // Equally old (created within one millisecond): the first by name, as the list orders them.
        asc(accounts.createdAt),
        asc(accounts.name),
      )
      .limit(1);
    return row ?? null;
  }

  list(): Promise<AccountRecord[]> {
    return this.db.select().from(accounts).orderBy(asc(accounts.createdAt), asc(accounts.name));
  }

  async update(id: string, patch: Partial<NewAccount>): Promise<AccountRecord | null> {
    const values = patch.hosts ? { ...patch, hosts: patch.hosts.map((h) => h.toLowerCase()) } : patch;
    const [row] = await this.db.update(accounts).set(values).where(eq(accounts.id, id)).returning();
    return row ?? null;
  }

  async addMember(accountId: string, userId: string): Promise<void> {
    await this.db.insert(memberships).values({ accountId, userId }).onConflictDoNothing();
  }

  async removeMember(accountId: string, userId: string): Promise<void> {
    await this.db.delete(memberships).where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  }

  async listForUser(userId: string): Promise<AccountRecord[]> {
    const rows = await this.db
      .select({ account: accounts })
      .from(memberships)
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .where(eq(memberships.userId, userId))
      .orderBy(asc(memberships.createdAt), asc(accounts.name));
    return rows.map((r) => r.account);
  }

  async isMember(userId: string, accountId: string): Promise<boolean> {
    const rows = await this.db
      .select({ one: sql`1` })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId)))
      .limit(1);
    return rows.length > 0;
  }

  async shareAnAccount(userId: string, otherUserId: string): Promise<boolean> {
    const other = alias(memberships, 'other');
    const rows = await this.db
      .select({ one: sql`1` })
      .from(memberships)
      .innerJoin(other, eq(other.accountId, memberships.accountId))
      .where(and(eq(memberships.userId, userId), eq(other.userId, otherUserId)))
      .limit(1);
    return rows.length > 0;
  }
}
