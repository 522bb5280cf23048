import {
  canSnooze,
  isValidSnoozeDate,
  RYG_STATUSES,
  rygStatus,
  TASK_CHANGED_MESSAGE,
  TaskMessages,
  type NotificationGroup,
  type RygCount,
  type TaskChangeReason,
  type TaskComment,
  type TaskItem,
  type TaskMessageKey,
  type TaskPerson,
} from '@atrium/shared';
import { jsonResponse, type FakeEnvironment, type RecordedRequest } from './FakeEnvironment.js';

/** A task as the fake server keeps it: the item plus who follows it. */
export interface FakeTask {
  uuid: string;
  appName: string;
  appUuid: string;
  task_name: string;
  end_date: string | null;
  snoozed_till: string | null;
  status: 'open' | 'done';
  assignee: TaskPerson;
  creator: TaskPerson;
  /** The record of a declared application the task is about. */
  record: string | null;
  kind: TaskItem['kind'];
  delegated_from: TaskPerson | null;
  followers: string[];
  comments: TaskComment[];
}

const ID = /^\/api\/v1\/tasks\/([^/]+)(?:\/(complete|snooze|extend|unsnooze|comments))?$/;

/**
 * The server's work-item calls (docs/API.md, "Work items") scripted on a
 * fake environment: the notification views (GET, and POST with the colour
 * filter), a task, snooze/extend/unsnooze with the shared rules, comments,
 * with the server's error envelopes. Colours follow the environment's
 * clock. `fail` makes the notification calls answer 500; `emptyAnswer`
 * makes them answer a success without data. Changes push
 * TASK_CHANGED_MESSAGE to the environment's connected sockets (`notify`).
 */
export class FakeTaskServer {
  readonly tasks: FakeTask[] = [];
  /** The signed-in user (FakeAuthServer's profile by default). */
  me: TaskPerson = { id: '8a5c7a2e-0f6a-4d5e-9a0b-1c2d3e4f5a6b', name: 'Ada Lovelace' };
  fail = false;
  emptyAnswer = false;
  #next = 1;

  constructor(readonly env: FakeEnvironment) {
    const list = (r: RecordedRequest) => this.#list(r);
    env.route('GET', '/api/v1/user/getusernotifications', list);
    env.route('POST', '/api/v1/user/getusernotifications', list);
    env.route('GET', ID, (r) => this.#call(r));
    env.route('POST', ID, (r) => this.#call(r));
  }

  /** Adds a task (assigned to `me` unless said otherwise; end date in hours from now, null for none). */
  add(task: Partial<Omit<FakeTask, 'end_date'>> & { name: string; app?: string; dueInHours?: number | null; snoozedForHours?: number }): FakeTask {
    const now = this.env.clock.now();
    const n = this.#next++;
    const hours = task.dueInHours === undefined ? 96 : task.dueInHours;
    const app = task.app ?? task.appName ?? 'Helpdesk';
    const made: FakeTask = {
      uuid: task.uuid ?? `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      appName: app,
      appUuid: task.appUuid ?? `app-${app}`,
      task_name: task.name,
      end_date: hours === null ? null : new Date(now + hours * 3_600_000).toISOString(),
      snoozed_till: task.snoozedForHours ? new Date(now + task.snoozedForHours * 3_600_000).toISOString() : (task.snoozed_till ?? null),
      status: task.status ?? 'open',
      assignee: task.assignee ?? this.me,
      creator: task.creator ?? { id: 'creator-1', name: 'Grace Hopper' },
      record: task.record ?? null,
      kind: task.kind ?? null,
      delegated_from: task.delegated_from ?? null,
      followers: task.followers ?? [],
      comments: task.comments ?? [],
    };
    this.tasks.push(made);
    return made;
  }

  /** The item as the server answers it, for `me`. */
  item(task: FakeTask): TaskItem {
    const { followers: _followers, comments, ...rest } = task;
    return {
      ...rest,
      rygStatus: rygStatus(task.end_date, this.env.clock.now()),
      comment_count: comments.length,
      following: task.followers.includes(this.me.id) || task.creator.id === this.me.id,
      updated_at: new Date(this.env.clock.now()).toISOString(),
    };
  }

  /** Pushes a change of a task to every connected desktop socket. */
  notify(task: FakeTask, reason: TaskChangeReason, by: TaskPerson = this.me): void {
    this.env.socketServer.broadcast(TASK_CHANGED_MESSAGE, { reason, taskId: task.uuid, task_name: task.task_name, appName: task.appName, by });
  }

  #snoozed(task: FakeTask): boolean {
    return task.snoozed_till !== null && Date.parse(task.snoozed_till) > this.env.clock.now();
  }

  #view(type: string): FakeTask[] {
    const me = this.me.id;
    return this.tasks.filter((t) => {
      if (t.status !== 'open') return false;
      if (type === 'followups') return t.assignee.id !== me && (t.followers.includes(me) || t.creator.id === me);
      if (type === 'snoozed') return t.assignee.id === me && this.#snoozed(t);
      return t.assignee.id === me && !this.#snoozed(t);
    });
  }

  #list(r: RecordedRequest): Response {
    if (this.fail) return jsonResponse(500, { status: 'error', message: 'Internal Server Error' });
    if (this.emptyAnswer) return jsonResponse(200, { status: 'success' });
    const now = this.env.clock.now();
    const type = r.query.get('type') ?? 'assignments';
    const take = Number(r.query.get('take') ?? 5);
    const skip = Number(r.query.get('skip') ?? 0);
    const filter = r.method === 'POST' ? ((r.json() as { ryg_status?: string | null })?.ryg_status ?? null) : r.query.get('ryg_status');
    const view = this.#view(type).sort((a, b) => (a.end_date === null ? 1 : 0) - (b.end_date === null ? 1 : 0) || (a.end_date ?? '').localeCompare(b.end_date ?? '') || a.task_name.localeCompare(b.task_name));
    const ryg_count: RygCount = { red: 0, yellow: 0, green: 0, blue: 0 };
    for (const t of view) ryg_count[rygStatus(t.end_date, now).toLowerCase() as keyof RygCount] += 1;
    const filtered = filter && (RYG_STATUSES as readonly string[]).includes(filter) ? view.filter((t) => rygStatus(t.end_date, now) === filter) : view;
    const groups: NotificationGroup[] = [];
    for (const t of filtered.slice(skip, skip + take)) {
      let group = groups.find((g) => g.appName === t.appName);
      if (!group) groups.push((group = { appUuid: t.appUuid, appName: t.appName, count: filtered.filter((f) => f.appName === t.appName).length, data: [] }));
      group.data.push(this.item(t));
    }
    return jsonResponse(200, { status: 'success', data: { data: groups, ryg_count, id: this.me.id, total: filtered.length } });
  }

  #call(r: RecordedRequest): Response {
    const [, id, action] = ID.exec(r.path) ?? [];
    const task = this.tasks.find((t) => t.uuid === id && (t.assignee.id === this.me.id || t.creator.id === this.me.id || t.followers.includes(this.me.id)));
    if (!task) return refuse(404, 'taskNotFound');
    const now = this.env.clock.now();
    const body = (r.method === 'POST' ? r.json() : undefined) as { snoozed_till?: string; text?: string } | undefined;
    const until = Date.parse(body?.snoozed_till ?? '');
    const green = () => canSnooze({ rygStatus: rygStatus(task.end_date, now), end_date: task.end_date }, now);
    switch (`${r.method} ${action ?? ''}`) {
      case 'GET ':
        return ok(200, this.item(task));
      case 'GET comments':
        return ok(200, task.comments);
      case 'POST comments': {
        const text = (body?.text ?? '').trim();
        if (!text || text.length > 2000) return jsonResponse(400, { status: 'error', message: 'Bad Request', code: 'request.invalid' });
        const comment: TaskComment = { id: `c${this.#next++}`, taskId: task.uuid, author: this.me, text, created_at: new Date(now).toISOString() };
        task.comments.push(comment);
        this.notify(task, 'commented');
        return ok(201, comment);
      }
      case 'POST snooze':
        if (!green()) return refuse(409, 'snoozeNotAllowed');
        if (this.#snoozed(task)) return refuse(409, 'alreadySnoozed');
        if (!isValidSnoozeDate(until, task.end_date!, now)) return refuse(400, 'snoozeDate');
        task.snoozed_till = new Date(until).toISOString();
        this.notify(task, 'snoozed');
        return ok(200, this.item(task));
      case 'POST extend':
        if (!this.#snoozed(task)) return refuse(409, 'notSnoozed');
        if (!green()) return refuse(409, 'snoozeNotAllowed');
        if (!isValidSnoozeDate(until, task.end_date!, now, Date.parse(task.snoozed_till!))) return refuse(400, 'extendDate');
        task.snoozed_till = new Date(until).toISOString();
        this.notify(task, 'snoozed');
        return ok(200, this.item(task));
      case 'POST unsnooze':
        if (!this.#snoozed(task)) return refuse(409, 'notSnoozed');
        task.snoozed_till = null;
        this.notify(task, 'unsnoozed');
        return ok(200, this.item(task));
      case 'POST complete':
        task.status = 'done';
        this.notify(task, 'completed');
        return ok(200, this.item(task));
      default:
        return jsonResponse(404, { status: 'error', message: 'Not Found' });
    }
  }
}

function ok(status: number, data: unknown): Response {
  return jsonResponse(status, { status: 'success', data });
}

function refuse(status: number, key: TaskMessageKey): Response {
  return jsonResponse(status, { status: 'error', message: TaskMessages[key], code: `tasks.${key}` });
}
