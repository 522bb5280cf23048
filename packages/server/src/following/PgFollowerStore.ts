import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { recordComments, recordFollowers, recordHistory, records, tasks } from '../db/schema.js';
import type { FollowedRecord, FollowerStore, FollowReason } from './FollowerStore.js';

export class PgFollowerStore implements FollowerStore {
  constructor(private readonly db: Db) {}

  async follow(recordId: string, userIds: readonly string[], reason: FollowReason, at: Date): Promise<void> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return;
    await this.db
      .insert(recordFollowers)
      .values(unique.map((userId) => ({ recordId, userId, reason, since: at })))
      .onConflictDoNothing();
  }

  async unfollow(recordId: string, userId: string): Promise<boolean> {
    const gone = await this.db
      .delete(recordFollowers)
      .where(and(eq(recordFollowers.recordId, recordId), eq(recordFollowers.userId, userId)))
      .returning({ userId: recordFollowers.userId });
    return gone.length > 0;
  }

  async isFollowing(recordId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .select({ userId: recordFollowers.userId })
      .from(recordFollowers)
      .where(and(eq(recordFollowers.recordId, recordId), eq(recordFollowers.userId, userId)));
    return rows.length > 0;
  }

  async followersOf(scope: { accountId: string; appId: string }, names: readonly string[], except: string): Promise<FollowedRecord[]> {
    if (names.length === 0) return [];
    return this.db
      .select({
        recordId: records.id,
        entity: records.entity,
        name: records.name,
        title: records.title,
        ownerId: records.ownerId,
        data: records.data,
        deletedAt: records.deletedAt,
        follower: recordFollowers.userId,
      })
      .from(records)
      .innerJoin(recordFollowers, eq(recordFollowers.recordId, records.id))
      .where(
        and(
          eq(records.accountId, scope.accountId),
          eq(records.appId, scope.appId),
          inArray(records.name, [...names]),
          ne(recordFollowers.userId, except),
          // Whose open work is on the record has it in their notification centre already (docs/behaviour/workflows.md#following).
          sql`not exists (select 1 from ${tasks} t where t.record_id = ${records.id} and t.assignee_id = ${recordFollowers.userId} and t.status = 'open' and t.kind in ('work', 'approval', 'escalation'))`,
        ),
      );
  }

  async lastEntry(recordId: string): Promise<{ comment: boolean; mentions: string[] }> {
    const [comment] = await this.db
      .select({ at: recordComments.createdAt, mentions: recordComments.mentions })
      .from(recordComments)
      .where(eq(recordComments.recordId, recordId))
      .orderBy(desc(recordComments.createdAt))
      .limit(1);
    if (!comment) return { comment: false, mentions: [] };
    const [change] = await this.db.select({ at: recordHistory.at }).from(recordHistory).where(eq(recordHistory.recordId, recordId)).orderBy(desc(recordHistory.at)).limit(1);
    return change && change.at.getTime() > comment.at.getTime() ? { comment: false, mentions: [] } : { comment: true, mentions: comment.mentions };
  }
}
