import type { DesktopTasks, TaskListQuery } from '@atrium/sdk';
import {
  maySnooze,
  NOTIFICATION_PAGE_SIZE,
  TASK_CHANGED_MESSAGE,
  type NotificationGroup,
  type NotificationResponse,
  type NotificationType,
  type RygCount,
  type RygStatus,
  type TaskChangedParams,
  type TaskItem,
} from '@atrium/shared';
import type { Clock } from '../env.js';
import { Observable } from '../Observable.js';
import type { Translate } from '../windows/WindowIdExistsError.js';

/** How long task changes are gathered before one refetch (several changes in a burst cost one call). */
export const TASK_REFRESH_DEBOUNCE = 150;

/** What the snooze dialog does: snooze a task, or for a snoozed one extend or end its snooze. */
export type SnoozeMode = 'snooze' | 'unsnooze' | 'extend';

/** The work dialog open on the desktop (the notification centre's, or one an application asked for). */
export type WorkDialog = { kind: 'comments'; taskId: string } | { kind: 'snooze'; taskId: string; mode: SnoozeMode | null };

export interface NotificationCentreState {
  /** Whether the side panel is open. */
  open: boolean;
  type: NotificationType;
  /** The colour filter, or null for all colours. */
  filter: RygStatus | null;
  /** Tasks skipped: the page shown is skip / 5 + 1. */
  skip: number;
  loading: boolean;
  /** The last fetch failed: the view shows nothing more than what it had (no empty-list text either). */
  failed: boolean;
  /** The page's tasks, per application. */
  groups: readonly NotificationGroup[];
  /** The whole view's counts by colour, whatever the filter. */
  ryg_count: RygCount;
  /** Tasks in the view with the filter (for paging). */
  total: number;
  /** Tasks in My Priorities: the clipboard's badge. */
  badge: number;
  dialog: WorkDialog | null;
}

/** What the model needs of the socket. */
export interface TaskSocket {
  /** Its params parsed by the socket with the shared contract. */
  on(name: typeof TASK_CHANGED_MESSAGE, listener: (params: TaskChangedParams) => void): () => void;
  /** Told when task changes may have been missed (a reconnect, or the server says so). */
  onMissed(listener: () => void): () => void;
}

/** The task calls the model makes. */
export type TaskCalls = Pick<DesktopTasks, 'list' | 'get'>;

export interface NotificationCentreOptions {
  /** The task calls (loaded with the first: createDesktop fetches the client when the badge is first counted). */
  client: () => Promise<TaskCalls>;
  clock: Clock;
  /** The desktop's socket (TASK_CHANGED_MESSAGE), or null without one. */
  socket: TaskSocket | null;
  /** Shows the new-assignment notification. */
  notify(options: { titleKey: string; message: string; icon?: string; sound: boolean }): void;
  translate: Translate;
  /** The signed-in user's id. */
  userId(): string | null;
  /** The title and icon of an application package, when the user has it. */
  app(name: string): { title: string; icon: string | null } | null;
}

const ZERO: RygCount = { red: 0, yellow: 0, green: 0, blue: 0 };
const sum = (c: RygCount) => c.red + c.yellow + c.green + c.blue;

/**
 * The notification centre (docs/behaviour/work.md#notification-centre): the
 * clipboard's badge (tasks in My Priorities), the side panel's view, colour
 * filter and page, and the work dialogs. Opening the panel, changing the
 * view, the filter or the page refetch; so does every task change the
 * desktop socket brings (gathered for TASK_REFRESH_DEBOUNCE), which also
 * refreshes the badge while the panel is closed. A new assignment by
 * someone else shows a notification with the application's icon and the
 * message sound. A failed fetch only ends the loading state (what was shown
 * stays); an empty or missing answer clears the list and the counts.
 */
export class NotificationCentreModel extends Observable<NotificationCentreState> {
  readonly #o: NotificationCentreOptions;
  readonly #listeners = new Set<(change: TaskChangedParams) => void>();
  readonly #resyncListeners = new Set<() => void>();
  readonly #cleanups: Array<() => void> = [];
  #timer: unknown = null;
  #request = 0;
  #badgeRequest = 0;
  #started = false;

  constructor(options: NotificationCentreOptions) {
    super({ open: false, type: 'assignments', filter: null, skip: 0, loading: false, failed: false, groups: [], ryg_count: ZERO, total: 0, badge: 0, dialog: null });
    this.#o = options;
  }

  /** Listens to the socket and counts the badge (the desktop's start, once the socket connects). */
  start(): void {
    if (this.#started) return;
    this.#started = true;
    const socket = this.#o.socket;
    if (socket) {
      this.#cleanups.push(
        socket.on(TASK_CHANGED_MESSAGE, (params) => this.#changed(params)),
        // Tasks may have changed unheard of (the connection was lost, or the server's own link to the others): the badge,
        // the open panel and the applications' lists are fetched again.
        socket.onMissed(() => this.#resynced()),
      );
    }
    void this.refresh();
  }

  /** Calls `listener` with each task change the socket brings; returns the unsubscribe function. */
  onTaskChange(listener: (change: TaskChangedParams) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** Calls `listener` when task changes may have been missed (the socket is back after a drop); returns the unsubscribe function. */
  onResync(listener: () => void): () => void {
    this.#resyncListeners.add(listener);
    return () => void this.#resyncListeners.delete(listener);
  }

  /** Whether the user may snooze this task now (shared maySnooze: its assignee, a GREEN task not yet due). */
  maySnooze(task: TaskItem): boolean {
    return maySnooze(task, this.#o.userId(), this.#o.clock.now());
  }

  toggle(): void {
    if (this.getState().open) this.close();
    else this.open();
  }

  /** Opens the side panel on its first page and refetches. */
  open(): void {
    this.#set({ open: true, skip: 0 });
    void this.refresh();
  }

  close(): void {
    if (!this.getState().open) return;
    this.#request++;
    this.#set({ open: false, loading: false });
  }

  /** Shows another view (first page, same colour filter) and refetches. */
  setType(type: NotificationType): void {
    this.#set({ type, skip: 0 });
    void this.refresh();
  }

  /** Filters by a colour; choosing the colour already chosen removes the filter. Refetches from the first page. */
  toggleFilter(colour: RygStatus): void {
    this.#set({ filter: this.getState().filter === colour ? null : colour, skip: 0 });
    void this.refresh();
  }

  /** Shows the page starting at `skip` (a multiple of the page size). */
  setSkip(skip: number): void {
    const next = Math.max(0, Math.floor(skip / NOTIFICATION_PAGE_SIZE) * NOTIFICATION_PAGE_SIZE);
    this.#set({ skip: next });
    void this.refresh();
  }

  /** Opens the comments dialog of a task. */
  showComments(taskId: string): void {
    this.#set({ dialog: { kind: 'comments', taskId } });
  }

  /** Opens the snooze dialog of a task (its mode from the task when not given). */
  showSnooze(taskId: string, mode: SnoozeMode | null = null): void {
    this.#set({ dialog: { kind: 'snooze', taskId, mode } });
  }

  closeDialog(): void {
    if (this.getState().dialog) this.#set({ dialog: null });
  }

  /** Fetches what is shown: the open panel's page (and the badge), or the badge alone. */
  async refresh(): Promise<void> {
    const state = this.getState();
    if (!state.open) {
      await this.#refreshBadge();
      return;
    }
    const request = ++this.#request;
    if (state.type !== 'assignments') void this.#refreshBadge();
    this.#set({ loading: true });
    const query: TaskListQuery = { type: state.type, take: NOTIFICATION_PAGE_SIZE, skip: state.skip, ryg_status: state.filter };
    let answer: NotificationResponse | null;
    try {
      answer = await (await this.#o.client()).list(query);
    } catch (error) {
      if (request !== this.#request) return;
      // Nothing else is shown: the list stays as it was (docs/behaviour/work.md#notification-centre).
      console.warn('The notifications could not be loaded.', error);
      this.#set({ loading: false, failed: true });
      return;
    }
    if (request !== this.#request) return;
    const groups = Array.isArray(answer?.data) ? answer.data.filter((g) => g && Array.isArray(g.data)) : [];
    const ryg = answer?.ryg_count ? { ...ZERO, ...answer.ryg_count } : ZERO;
    const total = typeof answer?.total === 'number' ? answer.total : groups.reduce((n, g) => n + g.data.length, 0);
    // A page emptied by a change (its last task snoozed, say) moves back to the last page there is.
    if (groups.length === 0 && state.skip > 0 && total > 0) {
      this.#set({ skip: Math.floor((total - 1) / NOTIFICATION_PAGE_SIZE) * NOTIFICATION_PAGE_SIZE });
      return this.refresh();
    }
    const badge = state.type === 'assignments' ? { badge: sum(ryg) } : {};
    this.#set({ loading: false, failed: false, groups, ryg_count: ryg, total: groups.length ? total : 0, ...badge });
  }

  dispose(): void {
    this.#request++;
    this.#badgeRequest++;
    this.#o.clock.clearTimeout(this.#timer);
    for (const cleanup of this.#cleanups.splice(0)) cleanup();
    this.#listeners.clear();
    this.#resyncListeners.clear();
    this.clearListeners();
  }

  async #refreshBadge(): Promise<void> {
    const request = ++this.#badgeRequest;
    try {
      const answer = await (await this.#o.client()).list({ type: 'assignments', take: 0, skip: 0 });
      if (request === this.#badgeRequest) this.#set({ badge: answer?.ryg_count ? sum({ ...ZERO, ...answer.ryg_count }) : 0 });
    } catch {
      // The badge keeps its count until the next change or reconnection brings a new one.
    }
  }

  #changed(known: TaskChangedParams): void {
    for (const listener of [...this.#listeners]) listener(known);
    this.#schedule();
    const me = this.#o.userId();
    if (known.reason === 'assigned' && me && known.by.id !== me) void this.#announce(known, me);
  }

  #resynced(): void {
    for (const listener of [...this.#resyncListeners]) listener();
    this.#schedule();
  }

  /** A task assigned to this user by someone else: a notification naming it and its application. */
  async #announce(change: TaskChangedParams, me: string): Promise<void> {
    try {
      const task = await (await this.#o.client()).get(change.taskId);
      if (task.assignee.id !== me) return;
      const app = this.#o.app(task.appName);
      const message = this.#o.translate('notifications.taskAssigned.message', { task: task.task_name, app: app?.title ?? task.appName, by: change.by.name });
      this.#o.notify({ titleKey: 'notifications.taskAssigned.title', message, ...(app?.icon ? { icon: app.icon } : {}), sound: true });
    } catch (error) {
      console.warn('The new task could not be read.', error);
    }
  }

  #schedule(): void {
    this.#o.clock.clearTimeout(this.#timer);
    this.#timer = this.#o.clock.setTimeout(() => {
      this.#timer = null;
      void this.refresh();
    }, TASK_REFRESH_DEBOUNCE);
  }

  #set(changes: Partial<NotificationCentreState>): void {
    this.setState({ ...this.getState(), ...changes });
  }
}
