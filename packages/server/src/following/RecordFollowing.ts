import { DEFAULT_LOCALE, type Locale } from '@atrium/shared';
import { RECORD_FOLLOW_TEXTS } from '@atrium/shared/apps';
import type { Log } from '../logger.js';
import type { RecordChange } from '../records/RecordService.js';
import { fillRecordText } from '../records/recordText.js';
import type { Stores } from '../stores.js';
import type { Following } from '../workflows/ports.js';
import type { FollowerStore, FollowReason } from './FollowerStore.js';
import { ReaderCallers, titleFor, type ReaderDeps } from './recordReaders.js';

/** The item a change of a followed record gives one follower. */
export interface FollowItem {
  accountId: string;
  app: string;
  name: string;
  assignee: string;
  by: { id: string; name: string };
  record: string;
  recordId: string;
}

export interface RecordFollowingDeps extends ReaderDeps {
  store: FollowerStore;
  stores: ReaderDeps['stores'] & Pick<Stores, 'declarations'>;
  /** Gives (or renames) the follower's one open item of the record (TaskService.notifyFollower). */
  notify(item: FollowItem): Promise<unknown>;
  /** The user's interface language (their setting). */
  localeOf(userId: string): Promise<Locale>;
  log: Pick<Log, 'warn'>;
  now?: () => Date;
}

/**
 * Who follows which record, and what following gives
 * (docs/behaviour/workflows.md#following): each change of a followed
 * record, made by someone else, is one open item in each follower's
 * notification centre who may still read the record.
 */
export class RecordFollowing implements Following {
  private readonly now: () => Date;
  /** The tellings under way. */
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: RecordFollowingDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  follow(recordId: string, userIds: string[], reason: FollowReason): Promise<void> {
    return this.deps.store.follow(recordId, userIds, reason, this.now());
  }

  async unfollow(recordId: string, userId: string): Promise<void> {
    await this.deps.store.unfollow(recordId, userId);
  }

  isFollowing(recordId: string, userId: string): Promise<boolean> {
    return this.deps.store.isFollowing(recordId, userId);
  }

  /**
   * A change of records (RecordService.onChange): made through this
   * server only, so that each change is told once whatever the number of
   * servers. Failures are logged: the write itself has succeeded.
   */
  recordsChanged(change: RecordChange): void {
    if (change.origin !== 'here') return;
    const telling = this.tell(change)
      .catch((err: unknown) => this.deps.log.warn({ err }, 'the followers of changed records were not told'))
      .finally(() => this.pending.delete(telling));
    this.pending.add(telling);
  }

  /** Resolves once every change heard so far has been told. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Tells each follower of the changed records (but the one who changed them) who may read them. Resolves when all are told. */
  async tell(change: RecordChange): Promise<void> {
    const app = await this.deps.stores.declarations.installed(change.accountId, change.app);
    if (!app) return;
    const rows = await this.deps.store.followersOf({ accountId: change.accountId, appId: app.appId }, change.names, change.by.id);
    if (rows.length === 0) return;
    const readers = new ReaderCallers(this.deps);
    const now = this.now();
    const last = new Map<string, { comment: boolean; mentions: string[] }>();
    for (const row of rows) {
      if (!last.has(row.recordId)) last.set(row.recordId, await this.deps.store.lastEntry(row.recordId));
      const entry = last.get(row.recordId)!;
      // A comment's mentions have their own item (docs/behaviour/records.md#comments).
      if (entry.comment && entry.mentions.includes(row.follower)) continue;
      const reading = await readers.reading(row.follower, { accountId: change.accountId, name: app.name, declaration: app.declaration }, row, now);
      if (!reading) continue;
      const texts = RECORD_FOLLOW_TEXTS[await this.localeOf(row.follower)];
      const text = entry.comment ? texts.commented : texts.changed;
      const record = titleFor(app.declaration, row, reading.hiddenFields);
      const name = fillRecordText(text, { name: row.name, record, user: change.by.name });
      await this.deps.notify({ accountId: change.accountId, app: app.name, name, assignee: row.follower, by: change.by, record: row.name, recordId: row.recordId });
    }
  }

  private async localeOf(userId: string): Promise<Locale> {
    return (await this.deps.localeOf(userId).catch(() => DEFAULT_LOCALE)) ?? DEFAULT_LOCALE;
  }
}
