import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { memberships, roles, tasks, users, workflowDecisions, workflowEntries, workflowTurns } from '../db/schema.js';
import type { TurnKey, WorkflowDecision, WorkflowEntry, WorkflowStore } from './WorkflowStore.js';

/** Rows written in one statement (well below the database's limit on parameters). */
const BATCH = 500;

const turnOf = (key: TurnKey) =>
  and(eq(workflowTurns.accountId, key.accountId), eq(workflowTurns.appId, key.appId), eq(workflowTurns.entity, key.entity), eq(workflowTurns.state, key.state), eq(workflowTurns.role, key.role));

export class PgWorkflowStore implements WorkflowStore {
  constructor(private readonly db: Db) {}

  async openEntry(recordId: string, lock = false): Promise<WorkflowEntry | null> {
    const query = this.db.select().from(workflowEntries).where(and(eq(workflowEntries.recordId, recordId), isNull(workflowEntries.leftAt)));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  }

  async insertEntries(entries: readonly WorkflowEntry[]): Promise<void> {
    for (let i = 0; i < entries.length; i += BATCH) await this.db.insert(workflowEntries).values(entries.slice(i, i + BATCH));
  }

  async leaveEntry(id: string, at: Date, by: string | null): Promise<boolean> {
    const rows = await this.db
      .update(workflowEntries)
      .set({ leftAt: at, leftBy: by })
      .where(and(eq(workflowEntries.id, id), isNull(workflowEntries.leftAt)))
      .returning({ id: workflowEntries.id });
    return rows.length > 0;
  }

  async decisions(entryId: string): Promise<WorkflowDecision[]> {
    const rows = await this.db.select().from(workflowDecisions).where(eq(workflowDecisions.entryId, entryId)).orderBy(asc(workflowDecisions.at), asc(workflowDecisions.userId));
    return rows.map((r) => ({ ...r, decision: r.decision === 'reject' ? 'reject' : 'approve' }));
  }

  async addDecision(decision: WorkflowDecision): Promise<boolean> {
    const rows = await this.db.insert(workflowDecisions).values(decision).onConflictDoNothing().returning({ userId: workflowDecisions.userId });
    return rows.length > 0;
  }

  async roleHolders(accountId: string, appId: string, role: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ id: users.id })
      .from(roles)
      .innerJoin(users, eq(users.id, roles.userId))
      .innerJoin(memberships, and(eq(memberships.userId, roles.userId), eq(memberships.accountId, roles.accountId)))
      .where(and(eq(roles.accountId, accountId), eq(roles.appId, appId), eq(roles.role, role), eq(users.disabled, false)))
      .orderBy(asc(users.id));
    return rows.map((r) => r.id);
  }

  async managers(accountId: string, userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db.execute(sql`select u.id, u.manager_id from ${users} u
      join ${users} m on m.id = u.manager_id and m.disabled = false
      join ${memberships} ms on ms.user_id = m.id and ms.account_id = ${accountId}
      where u.id in (${sql.join([...new Set(userIds)].map((id) => sql`${id}`), sql`, `)})`);
    const list = (rows as unknown as { rows: Array<{ id: string; manager_id: string }> }).rows;
    return new Map(list.map((r) => [String(r.id), String(r.manager_id)]));
  }

  async openWorkCounts(accountId: string, userIds: readonly string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: tasks.assigneeId, n: sql<number>`count(*)::int` })
      .from(tasks)
      .where(and(eq(tasks.accountId, accountId), inArray(tasks.assigneeId, [...new Set(userIds)]), eq(tasks.status, 'open'), inArray(tasks.kind, ['work', 'approval'])))
      .groupBy(tasks.assigneeId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  async lastTurn(key: TurnKey): Promise<string | null> {
    // The row exists before it is read, so that two entries at once take their turns one after the other.
    await this.db.insert(workflowTurns).values({ ...key, lastUserId: null }).onConflictDoNothing();
    const [row] = await this.db.select({ last: workflowTurns.lastUserId }).from(workflowTurns).where(turnOf(key)).for('update');
    return row?.last ?? null;
  }

  async setTurn(key: TurnKey, userId: string): Promise<void> {
    await this.db.update(workflowTurns).set({ lastUserId: userId }).where(turnOf(key));
  }
}
