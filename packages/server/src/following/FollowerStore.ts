import type { Following } from '../workflows/ports.js';

/** Why a user follows a record (table record_followers). */
export type FollowReason = Parameters<Following['follow']>[2];

/** A changed record with one of its followers, as the notifications of a change read it. */
export interface FollowedRecord {
  recordId: string;
  entity: string;
  name: string;
  title: string;
  ownerId: string | null;
  data: Record<string, unknown>;
  deletedAt: Date | null;
  follower: string;
}

/** Persistence of who follows which record (docs/behaviour/workflows.md#following); all its SQL. */
export interface FollowerStore {
  /** Each user follows the record; a user who already follows it keeps their first reason. */
  follow(recordId: string, userIds: readonly string[], reason: FollowReason, at: Date): Promise<void>;
  /** Whether the user no longer follows it (false: they did not). */
  unfollow(recordId: string, userId: string): Promise<boolean>;
  isFollowing(recordId: string, userId: string): Promise<boolean>;
  /** The records of an application named, each with each of its followers other than `except` (deleted records too). */
  followersOf(scope: { accountId: string; appId: string }, names: readonly string[], except: string): Promise<FollowedRecord[]>;
  /** Whether the record's newest entry of its timeline is a comment (else a change of its fields), with the people that comment mentions. */
  lastEntry(recordId: string): Promise<{ comment: boolean; mentions: string[] }>;
}
