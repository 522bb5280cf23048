/**
 * What the workflow engine asks of other domains (docs/behaviour/workflows.md):
 * each is an interface here, implemented where its rules live and wired in
 * `services.ts`. The defaults below do nothing and serve tests that do not
 * look at these parts.
 */

/** One assignee after delegation: the user the work goes to, and the absent user it came from (null: their own). */
export interface Substitute {
  userId: string;
  delegatedFrom: string | null;
}

/**
 * Absences (docs/behaviour/workflows.md#delegation): for each user given
 * work at `at`, the user who gets it, in the same order: themselves, or
 * their delegate when they are away then.
 */
export interface Delegation {
  substitute(accountId: string, userIds: string[], at: Date): Promise<Substitute[]>;
}

export type FollowReason = 'created' | 'commented' | 'assigned' | 'mentioned' | 'manual';

/** Following (docs/behaviour/workflows.md#following): these users follow the record from now on (kept when they already do). */
export interface Following {
  follow(recordId: string, userIds: string[], reason: FollowReason): Promise<void>;
}

/** Nobody is away: every user keeps their own work. */
export const noDelegation: Delegation = {
  substitute: async (_accountId, userIds) => userIds.map((userId) => ({ userId, delegatedFrom: null })),
};

/** Nobody follows anything. */
export const noFollowing: Following = {
  follow: async () => {},
};
