import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { tasks, users } from '../db/schema.js';
import type { DueEscalation, EscalationStore } from './EscalationStore.js';

/** The conditions of the partial index tasks_escalate_idx, which the job reads through. */
const escalating = () => and(isNotNull(tasks.escalateAt), eq(tasks.status, 'open'));

export class PgEscalationStore implements EscalationStore {
  constructor(private readonly db: Db) {}

  async due(now: Date, limit: number): Promise<DueEscalation[]> {
    const rows = await this.db
      .select({ task: getTableColumns(tasks), managerId: users.managerId })
      .from(tasks)
      .innerJoin(users, eq(users.id, tasks.assigneeId))
      .where(and(escalating(), lte(tasks.escalateAt, now)))
      .orderBy(asc(tasks.escalateAt), asc(tasks.id))
      .limit(limit);
    return rows;
  }

  async claim(taskId: string): Promise<boolean> {
    const cleared = await this.db
      .update(tasks)
      .set({ escalateAt: null })
      .where(and(eq(tasks.id, taskId), escalating()))
      .returning({ id: tasks.id });
    return cleared.length > 0;
  }
}
