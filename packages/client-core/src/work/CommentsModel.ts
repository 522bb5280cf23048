import type { DesktopTasks } from '@atrium/sdk';
import { TASK_COMMENT_MAX_LENGTH, type TaskChangedParams, type TaskComment, type TaskItem } from '@atrium/shared';
import { Observable } from '../Observable.js';
import { problemOf, type WorkProblem } from './SnoozeModel.js';

export interface CommentsState {
  status: 'loading' | 'ready' | 'failed';
  task: TaskItem | null;
  /** Oldest first. */
  comments: readonly TaskComment[];
  /** The comment being written. */
  text: string;
  sending: boolean;
  problem: WorkProblem | null;
}

/**
 * The comments dialog (docs/behaviour/work.md#comments): a task's comments,
 * oldest first, kept live (a comment another user adds appears while the
 * dialog is open; after a dropped connection they are read again), and a new comment of at most TASK_COMMENT_MAX_LENGTH
 * characters. Comments are text: the views never render them as HTML.
 */
export class CommentsModel extends Observable<CommentsState> {
  readonly #client: Pick<DesktopTasks, 'get' | 'comments' | 'addComment'>;
  readonly #taskId: string;
  readonly #stops: Array<() => void>;
  #request = 0;

  constructor(options: {
    client: Pick<DesktopTasks, 'get' | 'comments' | 'addComment'>;
    taskId: string;
    onTaskChange: (listener: (change: TaskChangedParams) => void) => () => void;
    /** Told when changes may have been missed (the desktop's connection came back). */
    onResync?: (listener: () => void) => () => void;
  }) {
    super({ status: 'loading', task: null, comments: [], text: '', sending: false, problem: null });
    this.#client = options.client;
    this.#taskId = options.taskId;
    this.#stops = [
      options.onTaskChange((change) => {
        if (change.taskId === this.#taskId && change.reason === 'commented') void this.#reload();
      }),
      options.onResync?.(() => void this.#reload()) ?? (() => undefined),
    ];
  }

  async load(): Promise<void> {
    try {
      const [task, comments] = await Promise.all([this.#client.get(this.#taskId), this.#client.comments(this.#taskId)]);
      this.#set({ status: 'ready', task, comments });
    } catch (error) {
      this.#set({ status: 'failed', problem: problemOf(error) });
    }
  }

  /** The text being written, cut at the limit. */
  setText(text: string): void {
    this.#set({ text: text.slice(0, TASK_COMMENT_MAX_LENGTH), problem: null });
  }

  /** Characters left before the limit. */
  remaining(): number {
    return TASK_COMMENT_MAX_LENGTH - this.getState().text.length;
  }

  canSend(): boolean {
    const { status, text, sending } = this.getState();
    return status === 'ready' && !sending && text.trim().length > 0 && text.length <= TASK_COMMENT_MAX_LENGTH;
  }

  /** Adds the comment; true when the server took it (the text is then cleared). */
  async send(): Promise<boolean> {
    if (!this.canSend()) return false;
    const text = this.getState().text.trim();
    this.#set({ sending: true, problem: null });
    try {
      const comment = await this.#client.addComment(this.#taskId, text);
      const comments = this.getState().comments;
      this.#set({ sending: false, text: '', comments: comments.some((c) => c.id === comment.id) ? comments : [...comments, comment] });
      return true;
    } catch (error) {
      this.#set({ sending: false, problem: problemOf(error) });
      return false;
    }
  }

  dispose(): void {
    this.#request++;
    for (const stop of this.#stops) stop();
    this.clearListeners();
  }

  async #reload(): Promise<void> {
    const request = ++this.#request;
    try {
      const comments = await this.#client.comments(this.#taskId);
      if (request === this.#request) this.#set({ comments });
    } catch (error) {
      console.warn('The comments could not be refreshed.', error);
    }
  }

  #set(changes: Partial<CommentsState>): void {
    this.setState({ ...this.getState(), ...changes });
  }
}
