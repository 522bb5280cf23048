import crypto from 'node:crypto';
import { asc, eq, max } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { announcements } from '../db/schema.js';
import type { AnnouncementRecord, AnnouncementStore, NewAnnouncement } from './AnnouncementStore.js';

export class PgAnnouncementStore implements AnnouncementStore {
  constructor(private readonly db: Db) {}

  async create(input: NewAnnouncement): Promise<AnnouncementRecord> {
    let position = input.position;
    if (position === undefined) {
      const [row] = await this.db.select({ last: max(announcements.position) }).from(announcements).where(eq(announcements.accountId, input.accountId));
      position = (row?.last ?? -1) + 1;
    }
    const [row] = await this.db.insert(announcements).values({ ...input, position, id: crypto.randomUUID() }).returning();
    return row!;
  }

  listForAccount(accountId: string): Promise<AnnouncementRecord[]> {
    return this.db
      .select()
      .from(announcements)
      .where(eq(announcements.accountId, accountId))
      .orderBy(asc(announcements.position), asc(announcements.createdAt));
  }
}
