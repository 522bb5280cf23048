import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { externalIdentities, users } from '../../db/schema.js';
import type { ExternalIdentityListing, ExternalIdentityRecord, ExternalIdentityStore, LinkOutcome, NewExternalIdentity } from './ExternalIdentityStore.js';

const record = (row: typeof externalIdentities.$inferSelect): ExternalIdentityRecord => row as ExternalIdentityRecord;

export class PgExternalIdentityStore implements ExternalIdentityStore {
  constructor(private readonly db: Db) {}

  async find(issuer: string, subject: string): Promise<ExternalIdentityRecord | null> {
    const [row] = await this.db
      .select()
      .from(externalIdentities)
      .where(and(eq(externalIdentities.issuer, issuer), eq(externalIdentities.subject, subject)))
      .limit(1);
    return row ? record(row) : null;
  }

  async findForUser(userId: string, issuer?: string): Promise<ExternalIdentityRecord[]> {
    const rows = await this.db
      .select()
      .from(externalIdentities)
      .where(issuer === undefined ? eq(externalIdentities.userId, userId) : and(eq(externalIdentities.userId, userId), eq(externalIdentities.issuer, issuer)))
      .orderBy(asc(externalIdentities.issuer));
    return rows.map(record);
  }

  async link(input: NewExternalIdentity): Promise<LinkOutcome> {
    // ON CONFLICT DO NOTHING: a refusal leaves an enclosing transaction usable.
    const [inserted] = await this.db.insert(externalIdentities).values(input).onConflictDoNothing().returning();
    if (inserted) return { outcome: 'linked', link: record(inserted) };
    const existing = await this.find(input.issuer, input.subject);
    if (existing) return { outcome: existing.userId === input.userId ? 'unchanged' : 'identity-taken', link: existing };
    const [other] = await this.findForUser(input.userId, input.issuer);
    if (other) return { outcome: 'user-taken', link: other };
    // The conflicting link went away in between: try once more.
    const [again] = await this.db.insert(externalIdentities).values(input).onConflictDoNothing().returning();
    if (again) return { outcome: 'linked', link: record(again) };
    throw new Error('external identity link conflicts with a link that cannot be found');
  }

  async unlink(userId: string, issuer?: string): Promise<number> {
    const rows = await this.db
      .delete(externalIdentities)
      .where(issuer === undefined ? eq(externalIdentities.userId, userId) : and(eq(externalIdentities.userId, userId), eq(externalIdentities.issuer, issuer)))
      .returning({ subject: externalIdentities.subject });
    return rows.length;
  }

  async list(): Promise<ExternalIdentityListing[]> {
    const rows = await this.db
      .select({ link: externalIdentities, username: users.username })
      .from(externalIdentities)
      .innerJoin(users, eq(users.id, externalIdentities.userId))
      .orderBy(asc(users.username), asc(externalIdentities.issuer));
    return rows.map(({ link, username }) => ({ ...record(link), username }));
  }
}
