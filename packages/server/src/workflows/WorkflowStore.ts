/** A record's stay in a state (table workflow_entries). */
export interface WorkflowEntry {
  id: string;
  recordId: string;
  state: string;
  enteredAt: Date;
  enteredBy: string | null;
  /** The transition that brought the record here (null: its first state). */
  transition: string | null;
  dueAt: Date | null;
  /** How many approvals move the record on (null: the state asks for none). */
  approvalsNeeded: number | null;
  leftAt: Date | null;
  leftBy: string | null;
}

/** One approver's decision in an entry (table workflow_decisions). */
export interface WorkflowDecision {
  entryId: string;
  userId: string;
  decision: 'approve' | 'reject';
  transition: string;
  comment: string | null;
  /** The absent approver the user decided for, as their delegate. */
  onBehalfOf: string | null;
  at: Date;
}

/** Where round robin keeps its turn: per organisation, application, entity, state and role. */
export interface TurnKey {
  accountId: string;
  appId: string;
  entity: string;
  state: string;
  role: string;
}

/**
 * Persistence of workflows (docs/behaviour/workflows.md#the-engine): the
 * entries of records in states, the approvers' decisions, the turns of
 * round robin, and what the assignee rules read of people. SQL only.
 */
export interface WorkflowStore {
  /** The record's open entry (a record has at most one), locked until the transaction ends when `lock`. */
  openEntry(recordId: string, lock?: boolean): Promise<WorkflowEntry | null>;
  /** Adds entries (open ones: `leftAt` null); a second open entry of a record fails on the unique index. */
  insertEntries(entries: readonly WorkflowEntry[]): Promise<void>;
  /** Closes an entry still open; false when it was left already. */
  leaveEntry(id: string, at: Date, by: string | null): Promise<boolean>;
  /** The decisions of an entry, oldest first. */
  decisions(entryId: string): Promise<WorkflowDecision[]>;
  /** Adds a decision; false when the user decided in that entry already. */
  addDecision(decision: WorkflowDecision): Promise<boolean>;
  /** The enabled members of the organisation holding a role of an application, by id. */
  roleHolders(accountId: string, appId: string, role: string): Promise<string[]>;
  /** Each user's manager (enabled, a member of the organisation), for those who have one. */
  managers(accountId: string, userIds: readonly string[]): Promise<Map<string, string>>;
  /** Each user's count of open workflow tasks (work and approvals) in the organisation. */
  openWorkCounts(accountId: string, userIds: readonly string[]): Promise<Map<string, number>>;
  /** The last user given a turn (round robin), locked until the transaction ends; null before the first. */
  lastTurn(key: TurnKey): Promise<string | null>;
  setTurn(key: TurnKey, userId: string): Promise<void>;
}
