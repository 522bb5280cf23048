/**
 * What the workflow engine (docs/behaviour/workflows.md) asks of other
 * domains, each implemented there and given to the workflow service when it
 * is built.
 */

/**
 * Who does the work of users who are away (docs/behaviour/workflows.md#delegation):
 * for each user in turn, the user themselves (`delegatedFrom` null) or, when
 * they are absent at `at`, the present delegate their absence names
 * (`delegatedFrom` the absent user). Answers one entry per user given, in order.
 */
export interface Delegation {
  substitute(accountId: string, userIds: string[], at: Date): Promise<Array<{ userId: string; delegatedFrom: string | null }>>;
}

/**
 * Who follows a record (docs/behaviour/workflows.md#following): the engine
 * makes the people a state assigns follow the record; the records make its
 * creator, its commenters and the people a comment mentions follow it.
 * Following again keeps the first reason.
 */
export interface Following {
  follow(recordId: string, userIds: string[], reason: 'created' | 'commented' | 'assigned' | 'mentioned' | 'manual'): Promise<void>;
}
