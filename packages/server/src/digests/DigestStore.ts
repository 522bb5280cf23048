import type { CatalogueTitles } from '@atrium/shared';
/** A user whose digest is due: the hour they chose has come and no digest of theirs was considered today. */
export interface DueUser {
  userId: string;
  email: string | null;
  name: string;
  /** Their 'locale' setting, as stored (checked by the service). */
  locale: unknown;
  /** The last time a digest of theirs was considered; null before the first. */
  lastRunAt: Date | null;
}

/** Where a time zone's day is at a round: its hour now, and the moment its day began. */
export interface DueSlot {
  timeZone: string;
  hour: number;
  dayStart: Date;
}

/** An application's name in the catalogue: its title, and its translations by locale. */
export interface DigestAppTitle {
  title: string;
  titles: CatalogueTitles;
}

/** An open task of a digest. */
export interface DigestTask {
  assigneeId: string;
  name: string;
  appName: string;
  appTitle: DigestAppTitle;
  endDate: Date | null;
  /** How many open tasks the assignee has in all (the digest lists the first few). */
  total: number;
}

/** A followed record changed by others since a user's last digest. */
export interface DigestChange {
  userId: string;
  accountId: string;
  appName: string;
  appTitle: DigestAppTitle;
  entity: string;
  name: string;
  title: string;
  ownerId: string | null;
  data: Record<string, unknown>;
  deletedAt: Date | null;
  /** How many changes others made, and who made the newest. */
  changes: number;
  lastBy: string;
}

/** The reads of the daily digests and the days they were considered (docs/behaviour/workflows.md#digests); set-based, a batch of users per statement. */
export interface DigestStore {
  /** The time zones users chose their digest's hour in ('UTC' for an hour chosen without one). */
  digestZones(): Promise<string[]>;
  /**
   * Up to `limit` users (ordered by id, after `afterId`) with a 'digest.hour'
   * whose time zone is one of the slots', whose hour is at most that slot's
   * `hour` and whose last digest was considered before its `dayStart`.
   */
  dueUsers(slots: readonly DueSlot[], afterId: string | null, limit: number): Promise<DueUser[]>;
  /**
   * The open tasks assigned to the users and not snoozed at `now`, soonest
   * end first, at most `perUser` each; the items of followed records are
   * left out (the digest lists those records' changes).
   */
  openTasks(userIds: readonly string[], now: Date, perUser: number): Promise<DigestTask[]>;
  /**
   * The records each user follows that others changed since the user's
   * last digest (else since `fallbackSince`) and since they follow it,
   * newest first, at most `perUser` each.
   */
  followedChanges(userIds: readonly string[], fallbackSince: Date, perUser: number): Promise<DigestChange[]>;
  /** The users' digests were considered at `at`; `sent` are those who were sent one. */
  markConsidered(userIds: readonly string[], sent: readonly string[], at: Date): Promise<void>;
}
