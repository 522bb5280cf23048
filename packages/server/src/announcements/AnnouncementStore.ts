import type { InferSelectModel } from 'drizzle-orm';
import type { announcements } from '../db/schema.js';

export type AnnouncementRecord = InferSelectModel<typeof announcements>;

export interface NewAnnouncement {
  accountId: string;
  name: string;
  description?: string;
  link?: string | null;
  mediaResourceId?: string | null;
  mediaType?: 'image' | 'video';
  fallback?: boolean;
  /** Order on the slider; appended last when omitted. */
  position?: number;
}

/** Persistence of login-page announcements. */
export interface AnnouncementStore {
  create(input: NewAnnouncement): Promise<AnnouncementRecord>;
  /** Announcements of an account in slider order. */
  listForAccount(accountId: string): Promise<AnnouncementRecord[]>;
}
