import type { DesktopTasks } from '@atrium/sdk';
import { canSnooze, isValidSnoozeDate, type TaskItem } from '@atrium/shared';
import type { Clock } from '../env.js';
import { Observable } from '../Observable.js';
import type { SnoozeMode } from './NotificationCentreModel.js';
import { TaskError } from './TaskClient.js';

/** A refusal to show: the i18n key of its code when the catalogue has one, else the server's own text. */
export interface WorkProblem {
  /** `tasks.<key>` of TaskMessages, or null for another failure. */
  code: string | null;
  message: string;
}

export interface SnoozeState {
  status: 'loading' | 'ready' | 'failed' | 'saving' | 'done';
  task: TaskItem | null;
  mode: SnoozeMode;
  /** The chosen date (ms), or null before one is chosen. */
  until: number | null;
  /** The earliest and latest date the picker offers (ms): after now (and after the current snooze for an extension), no later than the end date. */
  min: number;
  max: number | null;
  /** Whether the task may be snoozed or its snooze extended now (GREEN, end date not passed). */
  allowed: boolean;
  problem: WorkProblem | null;
}

const HOUR = 3_600_000;

/** The problem of a failed call. */
export function problemOf(error: unknown): WorkProblem {
  if (error instanceof TaskError) return { code: error.code, message: error.message };
  return { code: null, message: error instanceof Error ? error.message : String(error) };
}

/**
 * The snooze dialog (docs/behaviour/work.md#snooze): loads the task, then
 * snoozes it until a chosen date, extends its snooze to a later one, or
 * ends it. The dates offered follow the shared rule (isValidSnoozeDate);
 * a task that is not GREEN, or whose end date has passed, cannot be snoozed
 * (canSnooze); what the server refuses is shown with its text.
 */
export class SnoozeModel extends Observable<SnoozeState> {
  readonly #client: Pick<DesktopTasks, 'get' | 'snooze' | 'extend' | 'unsnooze'>;
  readonly #clock: Pick<Clock, 'now'>;
  readonly #taskId: string;
  readonly #asked: SnoozeMode | null;

  constructor(options: { client: Pick<DesktopTasks, 'get' | 'snooze' | 'extend' | 'unsnooze'>; clock: Pick<Clock, 'now'>; taskId: string; mode?: SnoozeMode | null }) {
    super({ status: 'loading', task: null, mode: options.mode ?? 'snooze', until: null, min: options.clock.now(), max: null, allowed: false, problem: null });
    this.#client = options.client;
    this.#clock = options.clock;
    this.#taskId = options.taskId;
    this.#asked = options.mode ?? null;
  }

  async load(): Promise<void> {
    try {
      const task = await this.#client.get(this.#taskId);
      const now = this.#clock.now();
      const snoozed = task.snoozed_till !== null && Date.parse(task.snoozed_till) > now;
      const mode = this.#asked ?? (snoozed ? 'extend' : 'snooze');
      this.#set({ status: 'ready', task, ...this.#bounds(task, mode) });
    } catch (error) {
      this.#set({ status: 'failed', problem: problemOf(error) });
    }
  }

  /** Snooze, extend or unsnooze (a task that is not snoozed can only be snoozed). */
  setMode(mode: SnoozeMode): void {
    const { task } = this.getState();
    if (task) this.#set({ ...this.#bounds(task, mode), problem: null });
  }

  setUntil(until: number | null): void {
    this.#set({ until: until === null || Number.isNaN(until) ? null : until, problem: null });
  }

  /** Whether Save may be pressed: unsnoozing always; otherwise an allowed task and a valid date. */
  canSave(): boolean {
    const { status, task, mode, until, allowed } = this.getState();
    if (status !== 'ready' || !task) return false;
    if (mode === 'unsnooze') return true;
    if (!allowed || until === null || task.end_date === null) return false;
    return isValidSnoozeDate(until, task.end_date, this.#clock.now(), mode === 'extend' && task.snoozed_till ? Date.parse(task.snoozed_till) : null);
  }

  /** Sends the change; true when the server took it. */
  async save(): Promise<boolean> {
    const { task, mode, until } = this.getState();
    if (!task || !this.canSave()) return false;
    this.#set({ status: 'saving', problem: null });
    try {
      const next =
        mode === 'unsnooze' ? await this.#client.unsnooze(task.uuid) : mode === 'extend' ? await this.#client.extend(task.uuid, new Date(until!)) : await this.#client.snooze(task.uuid, new Date(until!));
      this.#set({ status: 'done', task: next });
      return true;
    } catch (error) {
      this.#set({ status: 'ready', problem: problemOf(error) });
      return false;
    }
  }

  dispose(): void {
    this.clearListeners();
  }

  #bounds(task: TaskItem, mode: SnoozeMode): Partial<SnoozeState> {
    const now = this.#clock.now();
    const current = task.snoozed_till ? Date.parse(task.snoozed_till) : null;
    const end = task.end_date ? Date.parse(task.end_date) : null;
    const min = mode === 'extend' && current !== null ? Math.max(now, current) : now;
    // A first choice one day on (one hour past the current snooze for an extension), never past the end date.
    const proposal = end === null ? null : Math.min(end, min + (mode === 'extend' ? HOUR : 24 * HOUR));
    return { mode, min, max: end, allowed: canSnooze(task, now), until: mode === 'unsnooze' ? null : proposal };
  }

  #set(changes: Partial<SnoozeState>): void {
    this.setState({ ...this.getState(), ...changes });
  }
}
