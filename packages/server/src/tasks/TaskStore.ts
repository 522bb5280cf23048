import type { NotificationType, RygStatus, TaskKind, TaskSort, TaskState } from '@atrium/shared';

/** A task as stored (table tasks). */
export interface TaskRecord {
  id: string;
  accountId: string;
  appUuid: string;
  appName: string;
  name: string;
  assigneeId: string;
  /** null once the creator's user has been deleted. */
  creatorId: string | null;
  endDate: Date | null;
  status: TaskState;
  snoozedTill: Date | null;
  /** The record of a declared application the task is about (its name), which Edit opens; null for other tasks. */
  record: string | null;
  /** Work of a workflow: the record's row and the state entry that gave it (docs/behaviour/workflows.md); null otherwise. */
  recordId: string | null;
  entryId: string | null;
  /** What kind of item it is; null for a task made by hand or by the command line. */
  kind: TaskKind | null;
  /** The absent user whose work came to the assignee as their delegate. */
  delegatedFrom: string | null;
  /** When the task, still open, is also given to the assignee's manager; null once escalated or never. */
  escalateAt: Date | null;
  /** The task an escalation task escalates. */
  escalates: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The columns of a workflow's task, none of them for other tasks. */
type WorkflowColumns = 'record' | 'recordId' | 'entryId' | 'kind' | 'delegatedFrom' | 'escalateAt' | 'escalates';

export type NewTask = Omit<TaskRecord, 'status' | 'snoozedTill' | WorkflowColumns> & Partial<Pick<TaskRecord, WorkflowColumns>>;

export type TaskPatch = Partial<Pick<TaskRecord, 'name' | 'assigneeId' | 'endDate' | 'status' | 'snoozedTill' | 'updatedAt' | 'delegatedFrom' | 'escalateAt'>>;

/** A task with what its answers show beside it, as one user sees it. */
export interface TaskRow extends TaskRecord {
  assigneeName: string;
  creatorName: string;
  /** The delegating user's name, when `delegatedFrom` is set. */
  delegatedFromName: string | null;
  commentCount: number;
  /** Whether the viewing user follows the task. */
  following: boolean;
}

/** Who looks: a user acting in an organisation. */
export interface TaskViewer {
  userId: string;
  accountId: string;
}

/** One of the notification views (docs/behaviour/work.md#views), at a moment. */
export interface TaskView extends TaskViewer {
  type: NotificationType;
  /** The moment colours and snoozes are judged at. */
  now: Date;
  yellowWindowMs: number;
}

/** A page of a view: only tasks of one colour when `colour` is set. */
export interface TaskPageQuery extends TaskView {
  colour: RygStatus | null;
  sort: TaskSort;
  order: 'asc' | 'desc';
  take: number;
  skip: number;
}

/** The counts of a view: by colour (whatever the filter) and by application (with the filter). */
export interface TaskViewCounts {
  red: number;
  yellow: number;
  green: number;
  blue: number;
  /** Tasks of the view with the filter applied, per application uuid. */
  byApp: Map<string, number>;
}

/** A comment with its author's name. */
export interface TaskCommentRow {
  id: string;
  taskId: string;
  authorId: string | null;
  authorName: string;
  text: string;
  createdAt: Date;
}

/** A comment found by a search, with its task and a snippet whose matches are marked. */
export interface CommentMatch {
  id: string;
  taskId: string;
  taskName: string;
  appName: string;
  authorId: string | null;
  authorName: string;
  createdAt: Date;
  snippet: string;
}

/** A task listed for an operator (the command line). */
export interface OperatorTaskQuery {
  accountId?: string;
  assigneeId?: string;
  /** Done tasks too. */
  all: boolean;
  limit: number;
}

/** Persistence of tasks, their followers and comments; all SQL of the domain (docs/behaviour/work.md). */
export interface TaskStore {
  /** Writes a task and its followers (the creator among them, when given). */
  insert(task: NewTask, followers: readonly string[]): Promise<TaskRecord>;
  /** Writes many tasks without followers (a workflow's work: docs/behaviour/workflows.md), in a few statements. */
  insertMany(tasks: readonly NewTask[]): Promise<TaskRecord[]>;
  /** The open tasks of a workflow's state entry. */
  openOfEntry(entryId: string): Promise<TaskRecord[]>;
  /** Marks the open tasks of a state entry done (those of `assigneeId` only, when given); answers them. */
  closeOfEntry(entryId: string, at: Date, assigneeId?: string): Promise<TaskRecord[]>;
  /** The task with its answer fields as `viewerId` sees it, visible or not: the service judges. */
  findRow(id: string, viewerId: string): Promise<TaskRow | null>;
  /** Applies the patch; null when the task does not exist. */
  update(id: string, patch: TaskPatch): Promise<TaskRecord | null>;
  /** The users following a task. */
  followers(taskId: string): Promise<string[]>;
  /** The open task of a kind about a record that a user is assigned (the one item a followed record gives them: docs/behaviour/workflows.md#following). */
  openOfKind(recordId: string, assigneeId: string, kind: TaskKind): Promise<TaskRecord | null>;
  /** A page of a view, in the asked order (ties: name, then id). One statement. */
  page(query: TaskPageQuery): Promise<TaskRow[]>;
  /** The counts of a view, one aggregate statement. */
  counts(view: TaskView, colour: RygStatus | null): Promise<TaskViewCounts>;
  /** The newest `limit` comments of a task, oldest first. */
  comments(taskId: string, limit: number): Promise<TaskCommentRow[]>;
  addComment(comment: { id: string; taskId: string; authorId: string; text: string; createdAt: Date }): Promise<TaskCommentRow>;
  /**
   * Comments matching a full-text query, of the tasks the viewer sees (assigned to or followed by
   * them, in their organisation), best first; `count` is all of them. One statement.
   */
  searchComments(viewer: TaskViewer, text: string, take: number, skip: number): Promise<{ count: number; items: CommentMatch[] }>;
  /** Tasks for the command line, undated last. */
  listForOperator(query: OperatorTaskQuery): Promise<TaskRow[]>;
  /** Renews the planner's statistics of the tables (the embedded database has no autovacuum). */
  analyze(): Promise<void>;
}
