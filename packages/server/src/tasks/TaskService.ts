import crypto from 'node:crypto';
import {
  canSnooze,
  isValidSnoozeDate,
  rygStatus,
  TASK_COMMENTS_MAX,
  TASK_NAME_MAX_LENGTH,
  type CommentResult,
  type CreateTaskBody,
  type NotificationGroup,
  type NotificationQuery,
  type NotificationResponse,
  type RygStatus,
  type TaskChangeReason,
  type TaskComment,
  type TaskItem,
  type TaskKind,
  type TaskPerson,
  type UpdateTaskBody,
} from '@atrium/shared';
import type { AccountStore } from '../accounts/AccountStore.js';
import type { AppStore } from '../apps/AppStore.js';
import { displayName } from '../users/displayName.js';
import type { UserStore } from '../users/UserStore.js';
import { NotificationAnswers } from './NotificationAnswers.js';
import { TaskError } from './TaskError.js';
import type { NewTask, OperatorTaskQuery, TaskCommentRow, TaskPatch, TaskRecord, TaskRow, TaskStore } from './TaskStore.js';

/** Who calls: a signed-in user and the organisation they act in (null when they belong to none). */
export interface TaskCaller {
  userId: string;
  /** Shown as `by` in the change messages. */
  name: string;
  accountId: string | null;
}

/** A change of a task, for the live updates: who should hear of it. */
export interface TaskChange {
  reason: TaskChangeReason;
  task: TaskRecord;
  by: TaskPerson;
  /** The user assigned before, when the change reassigned the task. */
  previousAssignee: string | null;
  /** Made through this server, or through another one (heard of on the event bus: docs/DEPLOYMENT.md). */
  origin: 'here' | 'elsewhere';
  /**
   * Who should hear of it: the assignee, the followers, a previous assignee
   * and the actor, each once. A query, run by whoever sends the update (and
   * tried again there when it fails).
   */
  audience(): Promise<string[]>;
}

export interface TaskServiceDeps {
  store: TaskStore;
  users: UserStore;
  accounts: AccountStore;
  apps: AppStore;
  /** The applications visibility rule (docs/behaviour/applications.md#visibility) for a user and an application name. */
  canSeeApp(userId: string, appName: string): Promise<boolean>;
  /** TASK_YELLOW_WINDOW, in milliseconds. */
  yellowWindowMs: number;
  now?: () => Date;
  /** Remembered answers of the notification centre (default: for a second). */
  answers?: NotificationAnswers;
}

/** What an operator's command line gives to create a task (no visibility check of the application). */
export interface OperatorTask {
  accountId: string;
  app: string;
  name: string;
  /** Username or id of a member of the organisation. */
  assignee: string;
  /** Username or id of a member who created it (and follows it); none when the operator did. */
  creator: string | null;
  endDate: Date | null;
  followers: readonly string[];
}

/** The viewer of an operator's answers: a user id nobody has, so `following` is false. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Work items (docs/behaviour/work.md): every rule of who sees, changes,
 * snoozes and comments on a task, the notification views and their counts,
 * and the search of comments. A user only ever sees the tasks of their
 * active organisation that are assigned to them or that they follow; any
 * other task answers 'Task not found', exactly as one that does not exist.
 */
export class TaskService {
  private readonly listeners = new Set<(change: TaskChange) => void>();
  private readonly now: () => Date;
  private readonly answers: NotificationAnswers;

  constructor(private readonly deps: TaskServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.answers = deps.answers ?? new NotificationAnswers(undefined, () => this.now().getTime());
  }

  get yellowWindowMs(): number {
    return this.deps.yellowWindowMs;
  }

  /** Tells `listener` of every change; returns the unsubscription. */
  onChange(listener: (change: TaskChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** GET/POST /user/getusernotifications: a page of a view, grouped by application, with the colour counts. */
  async notifications(caller: TaskCaller, query: NotificationQuery): Promise<NotificationResponse> {
    const empty: NotificationResponse = { data: [], ryg_count: { red: 0, yellow: 0, green: 0, blue: 0 }, id: caller.userId, total: 0 };
    const accountId = caller.accountId;
    if (!accountId) return empty;
    return this.answers.answer(caller.userId, accountId, query, () => this.readNotifications({ userId: caller.userId, accountId }, query));
  }

  private async readNotifications(caller: { userId: string; accountId: string }, query: NotificationQuery): Promise<NotificationResponse> {
    const now = this.now();
    const view = { userId: caller.userId, accountId: caller.accountId, type: query.type, now, yellowWindowMs: this.deps.yellowWindowMs };
    const colour = query.ryg_status ?? null;
    const [rows, counts] = await Promise.all([
      this.deps.store.page({ ...view, colour, sort: query.sort ?? 'end_date', order: query.order ?? 'asc', take: query.take, skip: query.skip }),
      this.deps.store.counts(view, colour),
    ]);
    const groups = new Map<string, NotificationGroup>();
    for (const row of rows) {
      let group = groups.get(row.appUuid);
      if (!group) {
        group = { appUuid: row.appUuid, appName: row.appName, count: counts.byApp.get(row.appUuid) ?? 0, data: [] };
        groups.set(row.appUuid, group);
      }
      group.data.push(this.item(row, now));
    }
    const total = [...counts.byApp.values()].reduce((sum, n) => sum + n, 0);
    return { data: [...groups.values()], ryg_count: { red: counts.red, yellow: counts.yellow, green: counts.green, blue: counts.blue }, id: caller.userId, total };
  }

  /** GET /tasks/{id}. */
  async get(caller: TaskCaller, id: string): Promise<TaskItem> {
    return this.item(await this.visible(caller, id), this.now());
  }

  /** POST /tasks: in the caller's organisation, for an application the caller may see. */
  async create(caller: TaskCaller, body: CreateTaskBody): Promise<TaskItem> {
    const app = (await this.deps.canSeeApp(caller.userId, body.app)) ? await this.deps.apps.findByName(body.app) : null;
    if (!app) throw new TaskError('appNotAvailable');
    if (!caller.accountId) throw new TaskError('assigneeNotMember');
    const record = await this.insert({
      accountId: caller.accountId,
      app,
      name: body.name,
      assignee: body.assignee,
      creatorId: caller.userId,
      endDate: body.end_date ? new Date(body.end_date) : null,
      followers: body.followers ?? [],
    });
    this.publish('assigned', record, { id: caller.userId, name: caller.name });
    return this.item(await this.rowOf(record.id, caller.userId), this.now());
  }

  /** A task created by an operator (the command line): any application of the catalogue; as its creator sees it. */
  async createAsOperator(task: OperatorTask): Promise<TaskItem> {
    const app = await this.deps.apps.findByName(task.app);
    if (!app) throw new TaskError('appNotAvailable');
    const creatorId = task.creator === null ? null : await this.member(task.creator, task.accountId);
    const record = await this.insert({ ...task, app, creatorId });
    this.answers.forgetAll();
    return this.item(await this.rowOf(record.id, creatorId ?? NOBODY), this.now());
  }

  /**
   * A task the product itself gives a user (a mention on a record,
   * docs/behaviour/records.md#comments): nobody created or follows it, and
   * the assignee hears of it as an assignment made by `by`. `record` is
   * what Edit opens the application at (a KPI alert's dashboard,
   * docs/behaviour/dashboards.md#kpi-alerts). Answers the task's id.
   */
  async notify(task: { accountId: string; app: string; name: string; assignee: string; by: TaskPerson; record?: string | null }): Promise<string> {
    const app = await this.deps.apps.findByName(task.app);
    if (!app) throw new TaskError('appNotAvailable');
    const name = task.name.length > TASK_NAME_MAX_LENGTH ? `${task.name.slice(0, TASK_NAME_MAX_LENGTH - 1)}…` : task.name;
    const record = await this.insert({ accountId: task.accountId, app, name, assignee: task.assignee, creatorId: null, endDate: null, followers: [], record: task.record ?? null });
    this.publish('assigned', record, task.by);
    return record.id;
  }

  /**
   * A task the product writes as it is (an escalation, docs/behaviour/workflows.md#escalation;
   * its assignee is already known to belong to the organisation): written,
   * then its assignee hears of it as an assignment made by `by`.
   */
  async give(task: NewTask, by: TaskPerson): Promise<TaskRecord> {
    const record = await this.deps.store.insert(task, []);
    this.publish('assigned', record, by);
    return record;
  }

  /**
   * The one open item a followed record gives a follower
   * (docs/behaviour/workflows.md#following): a new change renames the open
   * item, and brings it back out of a snooze, instead of adding another.
   * Answers the task's id.
   */
  async notifyFollower(item: { accountId: string; app: string; name: string; assignee: string; by: TaskPerson; record: string; recordId: string }): Promise<string> {
    const name = item.name.length > TASK_NAME_MAX_LENGTH ? `${item.name.slice(0, TASK_NAME_MAX_LENGTH - 1)}…` : item.name;
    const open = await this.deps.store.openOfKind(item.recordId, item.assignee, 'follow');
    if (open) {
      const updated = await this.deps.store.update(open.id, { name, snoozedTill: null, updatedAt: this.now() });
      if (updated) this.publish('updated', updated, item.by);
      return open.id;
    }
    const app = await this.deps.apps.findByName(item.app);
    if (!app) throw new TaskError('appNotAvailable');
    const record = await this.insert({ ...item, app, name, creatorId: null, endDate: null, followers: [], kind: 'follow' });
    this.publish('assigned', record, item.by);
    return record.id;
  }

  /**
   * Tasks written by another domain in its own transaction (a workflow's
   * work: docs/behaviour/workflows.md), told to the live updates once
   * committed, as if made here by `by`.
   */
  announce(tasks: readonly TaskRecord[], reason: TaskChangeReason, by: TaskPerson): void {
    if (tasks.length === 0) return;
    for (const task of tasks) this.publish(reason, task, by);
  }

  /** Marks a task done for an operator (the command line); null when there is no such task. */
  async completeAsOperator(id: string): Promise<TaskItem | null> {
    const now = this.now();
    const done = await this.deps.store.update(id, { status: 'done', snoozedTill: null, updatedAt: now });
    this.answers.forgetAll();
    if (!done) return null;
    return this.item(await this.rowOf(id, NOBODY), now);
  }

  /** Tasks for an operator, with their colours at this moment. */
  async listForOperator(query: OperatorTaskQuery): Promise<TaskItem[]> {
    const now = this.now();
    return (await this.deps.store.listForOperator(query)).map((row) => this.item(row, now));
  }

  private async insert(
    task: Omit<OperatorTask, 'app' | 'creator'> & { app: { id: string; name: string }; creatorId: string | null; record?: string | null; recordId?: string | null; kind?: TaskKind | null },
  ): Promise<TaskRecord> {
    const assignee = await this.member(task.assignee, task.accountId);
    const followers: string[] = [];
    for (const follower of task.followers) followers.push(await this.member(follower, task.accountId));
    if (task.creatorId) followers.unshift(task.creatorId);
    const now = this.now();
    return this.deps.store.insert(
      {
        id: crypto.randomUUID(),
        accountId: task.accountId,
        appUuid: task.app.id,
        appName: task.app.name,
        name: task.name,
        assigneeId: assignee,
        creatorId: task.creatorId,
        endDate: task.endDate,
        record: task.record ?? null,
        recordId: task.recordId ?? null,
        kind: task.kind ?? null,
        createdAt: now,
        updatedAt: now,
      },
      // The assignee sees the task as theirs: following it as well would list it nowhere else.
      [...new Set(followers)].filter((id) => id !== assignee),
    );
  }

  /** PUT /tasks/{id}: the creator or the assignee changes the name, assignee, end date or status. */
  async update(caller: TaskCaller, id: string, body: UpdateTaskBody): Promise<TaskItem> {
    const task = await this.editable(caller, id);
    const patch: TaskPatch = {};
    let reason: TaskChangeReason = 'updated';
    if (body.name !== undefined) patch.name = body.name;
    if (body.end_date !== undefined) {
      patch.endDate = body.end_date === null ? null : new Date(body.end_date);
      // A task never sleeps past its end date.
      if (task.snoozedTill && (patch.endDate === null || task.snoozedTill > patch.endDate)) patch.snoozedTill = null;
    }
    let previous: string | null = null;
    if (body.assignee !== undefined) {
      const assignee = await this.member(body.assignee, task.accountId);
      if (assignee !== task.assigneeId) {
        previous = task.assigneeId;
        patch.assigneeId = assignee;
        // The snooze was the previous assignee's.
        patch.snoozedTill = null;
        reason = 'assigned';
      }
    }
    if (body.status !== undefined && body.status !== task.status) {
      patch.status = body.status;
      if (body.status === 'done') {
        patch.snoozedTill = null;
        if (reason === 'updated') reason = 'completed';
      }
    }
    return this.change(caller, task, patch, reason, previous);
  }

  /** POST /tasks/{id}/complete. */
  async complete(caller: TaskCaller, id: string): Promise<TaskItem> {
    const task = await this.editable(caller, id);
    if (task.status === 'done') return this.item(task, this.now());
    return this.change(caller, task, { status: 'done', snoozedTill: null }, 'completed');
  }

  /** POST /tasks/{id}/snooze: the assignee puts a GREEN task aside until a date no later than its end date. */
  async snooze(caller: TaskCaller, id: string, until: string): Promise<TaskItem> {
    const task = await this.ofAssignee(caller, id);
    const now = this.now();
    if (!this.snoozable(task, now)) throw new TaskError('snoozeNotAllowed');
    if (isSnoozed(task, now)) throw new TaskError('alreadySnoozed');
    const till = Date.parse(until);
    if (!isValidSnoozeDate(till, task.endDate!.toISOString(), now.getTime())) throw new TaskError('snoozeDate');
    return this.change(caller, task, { snoozedTill: new Date(till) }, 'snoozed');
  }

  /** POST /tasks/{id}/extend: a later date for a snoozed task, still no later than its end date. */
  async extend(caller: TaskCaller, id: string, until: string): Promise<TaskItem> {
    const task = await this.ofAssignee(caller, id);
    const now = this.now();
    if (!isSnoozed(task, now)) throw new TaskError('notSnoozed');
    if (!this.snoozable(task, now)) throw new TaskError('snoozeNotAllowed');
    const till = Date.parse(until);
    if (!isValidSnoozeDate(till, task.endDate!.toISOString(), now.getTime(), task.snoozedTill!.getTime())) throw new TaskError('extendDate');
    return this.change(caller, task, { snoozedTill: new Date(till) }, 'snoozed');
  }

  /** POST /tasks/{id}/unsnooze: the task is back in the assignee's priorities at once. */
  async unsnooze(caller: TaskCaller, id: string): Promise<TaskItem> {
    const task = await this.ofAssignee(caller, id);
    if (!isSnoozed(task, this.now())) throw new TaskError('notSnoozed');
    return this.change(caller, task, { snoozedTill: null }, 'unsnoozed');
  }

  /** GET /tasks/{id}/comments: the newest TASK_COMMENTS_MAX, oldest first. */
  async comments(caller: TaskCaller, id: string): Promise<TaskComment[]> {
    const task = await this.visible(caller, id);
    return (await this.deps.store.comments(task.id, TASK_COMMENTS_MAX)).map(commentOf);
  }

  /** POST /tasks/{id}/comments: anyone who sees the task; the text is kept as given (trimmed) and shown as text. */
  async addComment(caller: TaskCaller, id: string, text: string): Promise<TaskComment> {
    const task = await this.visible(caller, id);
    const comment = await this.deps.store.addComment({ id: crypto.randomUUID(), taskId: task.id, authorId: caller.userId, text, createdAt: this.now() });
    this.publish('commented', task, { id: caller.userId, name: caller.name });
    return commentOf(comment);
  }

  /**
   * Comments of the tasks the caller sees that contain every word of
   * `query` (each as a word's beginning), best first, with snippets whose
   * matches are marked (docs/API.md, "Search").
   */
  async searchComments(caller: { userId: string; accountId: string | null }, query: string, take: number, skip: number): Promise<{ count: number; items: CommentResult[] }> {
    if (!caller.accountId) return { count: 0, items: [] };
    const found = await this.deps.store.searchComments({ userId: caller.userId, accountId: caller.accountId }, query, take, skip);
    return {
      count: found.count,
      items: found.items.map((m) => ({
        kind: 'comments',
        id: m.id,
        taskId: m.taskId,
        task_name: m.taskName,
        appName: m.appName,
        author: { id: m.authorId ?? '', name: m.authorName },
        created_at: m.createdAt.toISOString(),
        snippet: m.snippet,
      })),
    };
  }

  /** The task as the caller sees it, or 'Task not found' when it does not exist or is not theirs to see. */
  private async visible(caller: TaskCaller, id: string): Promise<TaskRow> {
    const row = await this.deps.store.findRow(id, caller.userId);
    if (!row || !caller.accountId || row.accountId !== caller.accountId || (row.assigneeId !== caller.userId && !row.following)) {
      throw new TaskError('taskNotFound');
    }
    return row;
  }

  /** A task the caller sees and may change: its creator or its assignee. */
  private async editable(caller: TaskCaller, id: string): Promise<TaskRow> {
    const task = await this.visible(caller, id);
    if (task.assigneeId !== caller.userId && task.creatorId !== caller.userId) throw new TaskError('taskNotEditable');
    return task;
  }

  /** A task the caller sees and is assigned to (the snooze is the assignee's). */
  private async ofAssignee(caller: TaskCaller, id: string): Promise<TaskRow> {
    const task = await this.visible(caller, id);
    if (task.assigneeId !== caller.userId) throw new TaskError('snoozeNotAssignee');
    return task;
  }

  private snoozable(task: TaskRecord, now: Date): boolean {
    const end = task.endDate?.toISOString() ?? null;
    return task.status === 'open' && canSnooze({ rygStatus: rygStatus(end, now.getTime(), this.deps.yellowWindowMs), end_date: end }, now.getTime());
  }

  private async change(caller: TaskCaller, task: TaskRecord, patch: TaskPatch, reason: TaskChangeReason, previousAssignee: string | null = null): Promise<TaskItem> {
    const now = this.now();
    const updated = await this.deps.store.update(task.id, { ...patch, updatedAt: now });
    if (!updated) throw new TaskError('taskNotFound');
    this.publish(reason, updated, { id: caller.userId, name: caller.name }, previousAssignee);
    return this.item(await this.rowOf(task.id, caller.userId), now);
  }

  private async rowOf(id: string, viewerId: string): Promise<TaskRow> {
    const row = await this.deps.store.findRow(id, viewerId);
    if (!row) throw new TaskError('taskNotFound');
    return row;
  }

  /** A user named by id or username who belongs to the organisation, else 'The assignee is not a member'. */
  private async member(nameOrId: string, accountId: string): Promise<string> {
    const user = (UUID.test(nameOrId) ? await this.deps.users.findById(nameOrId.toLowerCase()) : null) ?? (await this.deps.users.findByUsername(nameOrId));
    if (!user || user.disabled || !(await this.deps.accounts.isMember(user.id, accountId))) throw new TaskError('assigneeNotMember');
    return user.id;
  }

  /**
   * A change made through another server, heard of on the event bus by its
   * ids: the remembered answers are forgotten and the live updates of this
   * server's sockets are sent, from the task as the database has it now (a
   * task gone since is only forgotten).
   */
  async changedElsewhere(change: { reason: TaskChangeReason; taskId: string; byId: string; previousAssignee: string | null }): Promise<void> {
    this.answers.forgetAll();
    const [task, actor] = await Promise.all([this.deps.store.findRow(change.taskId, change.byId), this.deps.users.findById(change.byId)]);
    if (!task) return;
    this.publish(change.reason, task, { id: change.byId, name: actor ? displayName(actor) : '' }, change.previousAssignee, 'elsewhere');
  }

  private publish(reason: TaskChangeReason, task: TaskRecord, by: TaskPerson, previousAssignee: string | null = null, origin: TaskChange['origin'] = 'here'): void {
    // Before anyone hears of it: whoever asks again after the live update reads the change.
    this.answers.forgetAll();
    const audience = async () => {
      const followers = await this.deps.store.followers(task.id);
      return [...new Set([task.assigneeId, ...followers, ...(previousAssignee ? [previousAssignee] : []), by.id])];
    };
    for (const listener of this.listeners) listener({ reason, task, by, previousAssignee, origin, audience });
  }

  /** The answer's form of a task at `now`. */
  private item(row: TaskRow, now: Date): TaskItem {
    const end = row.endDate?.toISOString() ?? null;
    return {
      uuid: row.id,
      appName: row.appName,
      appUuid: row.appUuid,
      task_name: row.name,
      rygStatus: rygStatus(end, now.getTime(), this.deps.yellowWindowMs) satisfies RygStatus,
      end_date: end,
      // Only a snooze still running: one that has run out is no longer shown.
      snoozed_till: isSnoozed(row, now) ? row.snoozedTill!.toISOString() : null,
      status: row.status,
      assignee: { id: row.assigneeId, name: row.assigneeName },
      creator: { id: row.creatorId ?? '', name: row.creatorName },
      comment_count: row.commentCount,
      following: row.following,
      record: row.record,
      kind: row.kind,
      delegated_from: row.delegatedFrom ? { id: row.delegatedFrom, name: row.delegatedFromName ?? '' } : null,
      updated_at: row.updatedAt.toISOString(),
    };
  }
}

/** Whether a task is snoozed at `now` (a snooze that has run out no longer counts). */
function isSnoozed(task: TaskRecord, now: Date): boolean {
  return task.snoozedTill !== null && task.snoozedTill.getTime() > now.getTime();
}

function commentOf(row: TaskCommentRow): TaskComment {
  return { id: row.id, taskId: row.taskId, author: { id: row.authorId ?? '', name: row.authorName }, text: row.text, created_at: row.createdAt.toISOString() };
}
