import type { TaskRecord } from '../tasks/TaskStore.js';

/** An open task due to escalate, with its assignee's manager (null: none). */
export interface DueEscalation {
  task: TaskRecord;
  managerId: string | null;
}

/** The reads and writes of the escalation job (docs/behaviour/workflows.md#escalation); all its SQL. */
export interface EscalationStore {
  /** Up to `limit` open tasks whose escalation time is at or before `now`, earliest first. */
  due(now: Date, limit: number): Promise<DueEscalation[]>;
  /**
   * Clears the task's escalation time if it is still set and the task still
   * open: true when this call cleared it (the task escalates once, whoever
   * else looks at it at the same moment).
   */
  claim(taskId: string): Promise<boolean>;
}
