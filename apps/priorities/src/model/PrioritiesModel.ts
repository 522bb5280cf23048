import type { AppSettings, DesktopTasks, LaunchRequest } from '@atrium/sdk';
import { NOTIFICATION_TYPES, RYG_STATUSES, TASK_SORTS, taskLaunchArgs, type NotificationResponse, type NotificationType, type RygCount, type RygStatus, type TaskItem, type TaskSort } from '@atrium/shared';
import { Model } from '@atrium/app-kit';
import { pageCount, pageTasks, PRIORITIES_PAGE_SIZE, queryFor, taskActions, viewOf, type ListSelection, type SortOrder } from './taskList.js';

/** What Priorities asks of the desktop. */
export interface PrioritiesHost {
  tasks: Pick<DesktopTasks, 'list' | 'get' | 'complete' | 'update' | 'onChange' | 'onResync' | 'showComments' | 'showSnooze'>;
  launch(request: LaunchRequest): Promise<void>;
  /** The signed-in user's id (assignee and creator are compared with it). */
  userId(): string;
  /** The time now, ms (the snooze rule reads it). */
  now(): number;
  /** Where the chosen view and order are kept (the app's settings). */
  preferences?: Pick<AppSettings, 'get' | 'set'>;
}

/** Why a call failed, for the user (a text key of `priorities.reason`) and for the details (the error's own text and code). */
export interface Problem {
  reason: 'unreachable' | 'taskNotFound' | 'taskNotEditable' | 'other';
  message: string;
  code: string | null;
}

/** A short message about the last action, read out by screen readers; `undo` reopens a completed task. */
export interface Notice {
  kind: 'completed' | 'reopened' | 'failed';
  taskId: string;
  name: string;
  problem?: Problem;
}

/** The task the application was opened at (args.taskId), shown above the list. */
export interface Highlight {
  id: string;
  status: 'loading' | 'ready' | 'missing';
  task: TaskItem | null;
}

export interface PrioritiesState extends ListSelection {
  /** loading: no answer yet for what is asked; ready: `tasks` are those asked for; failed: `problem` says why. */
  status: 'loading' | 'ready' | 'failed';
  /** A request is under way (the rows shown are still the previous ones). */
  busy: boolean;
  tasks: readonly TaskItem[];
  /** The view's tasks by colour, whatever the filter. */
  counts: RygCount;
  /** Tasks of the view with the filter (for the pages). */
  total: number;
  problem: Problem | null;
  highlight: Highlight | null;
  notice: Notice | null;
  /** Tasks whose completion is under way. */
  completing: readonly string[];
}

const NO_COUNTS: RygCount = { red: 0, yellow: 0, green: 0, blue: 0 };

/** The user-facing reason of a failed call (its code: `tasks.<key>`, `request.network`...). */
export function problemOf(error: unknown): Problem {
  const code = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : null;
  const message = error instanceof Error ? error.message : String(error);
  const reason: Problem['reason'] =
    code === 'request.network' || code === 'request.timeout' ? 'unreachable' : code === 'tasks.taskNotFound' ? 'taskNotFound' : code === 'tasks.taskNotEditable' ? 'taskNotEditable' : 'other';
  return { reason, message, code };
}

/** The colour counts of an answer; a missing or malformed answer counts nothing (the list and counts are cleared). */
function countsOf(response: NotificationResponse | null | undefined): RygCount {
  const c = response?.ryg_count;
  if (!c) return NO_COUNTS;
  return { red: c.red ?? 0, yellow: c.yellow ?? 0, green: c.green ?? 0, blue: c.blue ?? 0 };
}

const isView = (value: unknown): value is NotificationType => (NOTIFICATION_TYPES as readonly unknown[]).includes(value);
const isSort = (value: unknown): value is TaskSort => (TASK_SORTS as readonly unknown[]).includes(value);

/**
 * The Priorities application's state and rules (docs/behaviour/work.md#priorities-application):
 * one page of a view of the user's tasks, filtered by colour and sorted by
 * end date or status, fetched through the desktop's tasks; refreshed on
 * every change to a task the user sees, and when changes may have been
 * missed (the desktop's connection came back); the row actions (Edit, Comments,
 * Snooze, Complete) and the task it was opened at.
 */
export class PrioritiesModel extends Model<PrioritiesState> {
  readonly #host: PrioritiesHost;
  #request = 0;
  #inFlight: Promise<void> | null = null;
  /** The run whose answers count (a new selection starts another). */
  #current: object | null = null;
  #again = false;
  #stop: (() => void) | null = null;
  #stopResync: (() => void) | null = null;
  #disposed = false;

  constructor(host: PrioritiesHost, options: { pageSize?: number } = {}) {
    const view = host.preferences?.get('view');
    const sort = host.preferences?.get('sort');
    const order = host.preferences?.get('order');
    super({
      view: isView(view) ? view : 'assignments',
      filter: null,
      sort: isSort(sort) ? sort : 'end_date',
      order: order === 'desc' ? 'desc' : 'asc',
      page: 0,
      pageSize: options.pageSize ?? PRIORITIES_PAGE_SIZE,
      status: 'loading',
      busy: false,
      tasks: [],
      counts: NO_COUNTS,
      total: 0,
      problem: null,
      highlight: null,
      notice: null,
      completing: [],
    });
    this.#host = host;
  }

  /** Loads the first page and follows changes to the user's tasks. */
  start(): Promise<void> {
    this.#stop ??= this.#host.tasks.onChange((change) => {
      void this.refresh();
      const highlight = this.getState().highlight;
      if (highlight && highlight.id === change.taskId) void this.#fetchHighlight(highlight.id);
    });
    // Changes missed while the desktop's connection was down: the page and the task it was opened at are fetched again.
    this.#stopResync ??= this.#host.tasks.onResync(() => {
      void this.refresh();
      const highlight = this.getState().highlight;
      if (highlight) void this.#fetchHighlight(highlight.id);
    });
    return this.refresh();
  }

  dispose(): void {
    this.#disposed = true;
    this.#stop?.();
    this.#stop = null;
    this.#stopResync?.();
    this.#stopResync = null;
    this.clearListeners();
  }

  // ---- What is shown ----

  setView(view: NotificationType): Promise<void> {
    if (view === this.getState().view) return Promise.resolve();
    this.#host.preferences?.set('view', view);
    return this.#select({ view, page: 0 });
  }

  /** Shows only tasks of a colour; the same colour again, or null, shows all. */
  setFilter(filter: RygStatus | null): Promise<void> {
    const next = filter === this.getState().filter ? null : filter;
    if (next !== null && !RYG_STATUSES.includes(next)) return Promise.resolve();
    return this.#select({ filter: next, page: 0 });
  }

  /** Sorts by end date or status; the current column again turns the order round. */
  setSort(sort: TaskSort, order?: SortOrder): Promise<void> {
    const state = this.getState();
    const nextOrder = order ?? (sort === state.sort ? (state.order === 'asc' ? 'desc' : 'asc') : 'asc');
    if (sort === state.sort && nextOrder === state.order) return Promise.resolve();
    this.#host.preferences?.set('sort', sort);
    this.#host.preferences?.set('order', nextOrder);
    return this.#select({ sort, order: nextOrder, page: 0 });
  }

  /** Goes to a page (0-based), kept within the pages there are. */
  goToPage(page: number): Promise<void> {
    const { total, pageSize } = this.getState();
    const last = pageCount(total, pageSize) - 1;
    const next = Math.min(Math.max(0, Math.floor(page)), last);
    if (next === this.getState().page) return Promise.resolve();
    return this.#select({ page: next });
  }

  /** Asks the server again for what is shown (also after a failure: Retry). */
  refresh(): Promise<void> {
    // A request is under way: one more once it has answered (a change may have come after it was sent).
    if (this.#inFlight) {
      this.#again = true;
      return this.#inFlight;
    }
    return this.#run();
  }

  /** Sends the request of what is asked now, then again while more was asked meanwhile. */
  #run(): Promise<void> {
    const token = {};
    this.#current = token;
    const run = (async () => {
      do {
        this.#again = false;
        await this.#load();
      } while (this.#again && !this.#disposed && this.#current === token);
      if (this.#current === token) {
        this.#current = null;
        this.#inFlight = null;
      }
    })();
    if (this.#current === token) this.#inFlight = run;
    return run;
  }

  #select(changes: Partial<ListSelection>): Promise<void> {
    this.update({ ...changes, notice: null });
    // Asked at once; the answer to what was asked before is dropped (#load compares the request).
    this.#again = false;
    return this.#run();
  }

  async #load(): Promise<void> {
    const id = ++this.#request;
    const state = this.getState();
    this.update({ busy: true, ...(state.status === 'failed' ? { status: 'loading' as const, problem: null } : {}) });
    let response: NotificationResponse;
    try {
      response = await this.#host.tasks.list(queryFor(state));
    } catch (error) {
      if (id !== this.#request || this.#disposed) return;
      this.update({ status: 'failed', busy: false, problem: problemOf(error), tasks: [], counts: NO_COUNTS, total: 0 });
      return;
    }
    if (id !== this.#request || this.#disposed) return;
    const asked = this.getState();
    const tasks = response && Array.isArray(response.data) ? pageTasks(response, asked.sort, asked.order) : [];
    const total = typeof response?.total === 'number' ? response.total : tasks.length;
    // A page past the end (its last tasks completed): the last page there is.
    if (tasks.length === 0 && total > 0 && asked.page > 0) {
      this.update({ page: pageCount(total, asked.pageSize) - 1, total });
      this.#again = true;
      return;
    }
    this.update({ status: 'ready', busy: false, problem: null, tasks, counts: countsOf(response), total });
  }

  // ---- The task it was opened at ----

  /**
   * Shows a task (from a search result, a link or the notification centre):
   * fetched on its own, shown above the list, and the list turned to its
   * view; `show: 'comments'` opens its comments too.
   */
  async open(taskId: string, show?: string): Promise<void> {
    this.update({ highlight: { id: taskId, status: 'loading', task: null } });
    if (show === 'comments') this.#host.tasks.showComments(taskId);
    const task = await this.#fetchHighlight(taskId);
    if (!task || task.status !== 'open') return;
    const view = viewOf(task, this.#host.userId(), this.#host.now());
    if (view !== this.getState().view) await this.#select({ view, page: 0, filter: null });
  }

  /** Stops showing the task it was opened at. */
  closeHighlight(): void {
    this.update({ highlight: null });
  }

  async #fetchHighlight(taskId: string): Promise<TaskItem | null> {
    try {
      const task = await this.#host.tasks.get(taskId);
      if (this.getState().highlight?.id === taskId) this.update({ highlight: { id: taskId, status: 'ready', task } });
      return task;
    } catch {
      if (this.getState().highlight?.id === taskId) this.update({ highlight: { id: taskId, status: 'missing', task: null } });
      return null;
    }
  }

  // ---- The actions of a row ----

  /** The time now (the host's clock). */
  now(): number {
    return this.#host.now();
  }

  /** The actions a task's row offers now. */
  actions(task: TaskItem) {
    return taskActions(task, this.getState().view, this.#host.userId(), this.#host.now());
  }

  /** Opens the owning application at the task (a declared application at the record the task is about). */
  edit(task: TaskItem): Promise<void> {
    return this.#host.launch({ app: task.appName, args: taskLaunchArgs(task) });
  }

  comments(task: TaskItem): void {
    this.#host.tasks.showComments(task.uuid);
  }

  /** Opens the desktop's snooze dialog (snooze, or unsnooze and extend); nothing when the action is greyed. */
  snooze(task: TaskItem): boolean {
    if (!this.actions(task).snooze.enabled) return false;
    this.#host.tasks.showSnooze(task.uuid);
    return true;
  }

  /** Completes a task (its creator or assignee); the list follows. */
  async complete(task: TaskItem): Promise<boolean> {
    if (!this.actions(task).complete || this.getState().completing.includes(task.uuid)) return false;
    this.update({ completing: [...this.getState().completing, task.uuid], notice: null });
    try {
      const done = await this.#host.tasks.complete(task.uuid);
      this.#setHighlightTask(done);
      this.update({ notice: { kind: 'completed', taskId: task.uuid, name: task.task_name } });
      return true;
    } catch (error) {
      this.update({ notice: { kind: 'failed', taskId: task.uuid, name: task.task_name, problem: problemOf(error) } });
      return false;
    } finally {
      this.update({ completing: this.getState().completing.filter((id) => id !== task.uuid) });
      await this.refresh();
    }
  }

  /** Opens a completed task again (Undo). */
  async reopen(taskId: string, name: string): Promise<void> {
    try {
      const open = await this.#host.tasks.update(taskId, { status: 'open' });
      this.#setHighlightTask(open);
      this.update({ notice: { kind: 'reopened', taskId, name } });
    } catch (error) {
      this.update({ notice: { kind: 'failed', taskId, name, problem: problemOf(error) } });
    }
    await this.refresh();
  }

  dismissNotice(): void {
    this.update({ notice: null });
  }

  #setHighlightTask(task: TaskItem): void {
    const highlight = this.getState().highlight;
    if (highlight?.id === task.uuid) this.update({ highlight: { ...highlight, status: 'ready', task } });
  }
}
