/**
 * What the workflow engine asks of the other parts of the server
 * (docs/behaviour/workflows.md).
 */

/**
 * Who follows a record (docs/behaviour/workflows.md#following): the engine
 * makes the people a state assigns follow the record; the records make its
 * creator, its commenters and the people a comment mentions follow it.
 * Following again keeps the first reason.
 */
export interface Following {
  follow(recordId: string, userIds: string[], reason: 'created' | 'commented' | 'assigned' | 'mentioned' | 'manual'): Promise<void>;
}
