import type { FileSystem } from '@atrium/sdk';
import { basenameVfsPath, joinVfsPath } from '@atrium/shared';
import { Model } from '@atrium/app-kit';
import { keepBothName } from './names.js';
import { appProblem, isAbort, nameProblem, problemOf, type Problem } from './problems.js';

export type UploadStatus = 'waiting' | 'asking' | 'uploading' | 'done' | 'failed' | 'cancelled' | 'skipped';

/** One file going up: where to, how far, and how it ended. */
export interface UploadItem {
  readonly id: number;
  /** The name it is stored under (changed by Keep both). */
  readonly name: string;
  /** The folder it goes into ('home:/Documents'). */
  readonly directory: string;
  readonly loaded: number;
  readonly total: number;
  readonly status: UploadStatus;
  readonly problem: Problem | null;
}

/** The answer to 'a file of that name exists': replace it, keep both (the new one numbered), or skip the new one. */
export type OverwriteChoice = 'replace' | 'keepBoth' | 'skip';

export interface UploadHost {
  readonly files: FileSystem;
  /** Asks the user what to do with a file whose name is taken in the folder. */
  askOverwrite(name: string, directory: string): Promise<OverwriteChoice>;
}

interface Job {
  item: UploadItem;
  data: Blob;
  /** The user's cancel (and the window's closing). */
  controller: AbortController;
}

export interface UploadQueueOptions {
  /**
   * How long a running upload may go without a sign of life (a progress
   * event or the answer) before it is stopped as stalled, in milliseconds
   * (docs/behaviour/files.md#uploads-in-files).
   */
  stallAfterMs?: number;
}

/** A running upload with no progress and no answer for this long is stopped, and offered again. */
export const UPLOAD_STALL_MS = 60_000;

export interface UploadQueueState {
  items: readonly UploadItem[];
}

const FINISHED: ReadonlySet<UploadStatus> = new Set(['done', 'failed', 'cancelled', 'skipped']);

/** Whether an upload has ended (done, failed, cancelled or skipped). */
export function isFinished(item: UploadItem): boolean {
  return FINISHED.has(item.status);
}

/**
 * Uploads files one after another, each with its progress (bytes of the
 * total), a cancel that aborts it through writefile's signal, its own
 * failure (the server's text), and the overwrite question when the name is
 * taken. Finished items stay listed until cleared.
 */
export class UploadQueue extends Model<UploadQueueState> {
  readonly #host: UploadHost;
  readonly #jobs: Job[] = [];
  #nextId = 1;
  #running: Promise<void> | null = null;
  #disposed = false;
  readonly #stallAfterMs: number;

  constructor(host: UploadHost, options: UploadQueueOptions = {}) {
    super({ items: [] });
    this.#host = host;
    this.#stallAfterMs = options.stallAfterMs ?? UPLOAD_STALL_MS;
  }

  /** Queues files for a folder and starts uploading; returns the new items' ids. */
  add(files: readonly Blob[], directory: string): number[] {
    const ids: number[] = [];
    for (const data of files) {
      const name = (data as File).name ?? 'upload';
      const item: UploadItem = { id: this.#nextId++, name, directory, loaded: 0, total: data.size, status: 'waiting', problem: null };
      this.#jobs.push({ item, data, controller: new AbortController() });
      ids.push(item.id);
    }
    this.#publish();
    if (!this.#running) this.#running = this.#run().finally(() => (this.#running = null));
    return ids;
  }

  /** Cancels a waiting or running upload (a running one is aborted: nothing is stored). */
  cancel(id: number): void {
    const job = this.#jobs.find((j) => j.item.id === id);
    if (!job || isFinished(job.item)) return;
    job.controller.abort();
    if (job.item.status === 'waiting') this.#set(job, { status: 'cancelled' });
  }

  /** Sends a failed upload again, from the start (the name is checked again: the failed one may have arrived). */
  retry(id: number): void {
    const job = this.#jobs.find((j) => j.item.id === id);
    if (!job || job.item.status !== 'failed' || this.#disposed) return;
    job.controller = new AbortController();
    this.#set(job, { status: 'waiting', loaded: 0, problem: null });
    if (!this.#running) this.#running = this.#run().finally(() => (this.#running = null));
  }

  /** Takes the finished uploads off the list. */
  clearFinished(): void {
    for (let i = this.#jobs.length - 1; i >= 0; i--) if (isFinished((this.#jobs[i] as Job).item)) this.#jobs.splice(i, 1);
    this.#publish();
  }

  /** Resolves when nothing is waiting or running. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Aborts everything (the window closes). */
  dispose(): void {
    this.#disposed = true;
    for (const job of this.#jobs) job.controller.abort();
    this.clearListeners();
  }

  async #run(): Promise<void> {
    for (let job = this.#nextWaiting(); job && !this.#disposed; job = this.#nextWaiting()) await this.#upload(job);
  }

  #nextWaiting(): Job | undefined {
    return this.#jobs.find((j) => j.item.status === 'waiting');
  }

  async #upload(job: Job): Promise<void> {
    const { files } = this.#host;
    const invalid = nameProblem(job.item.name);
    if (invalid) return this.#set(job, { status: 'failed', problem: invalid });
    let name = job.item.name;
    let overwrite = false;
    // If the check fails, the upload proceeds and the server decides (as saving does: docs/behaviour/dialogs.md#overwrite-prompt).
    const taken = await files.exists(joinVfsPath(job.item.directory, name)).catch(() => false);
    if (taken) {
      this.#set(job, { status: 'asking' });
      const choice = await this.#host.askOverwrite(name, job.item.directory);
      if (job.controller.signal.aborted) return this.#set(job, { status: 'cancelled' });
      if (choice === 'skip') return this.#set(job, { status: 'skipped' });
      if (choice === 'replace') overwrite = true;
      else {
        const names = await files.readdir(job.item.directory, { showHiddenFiles: true }).then(
          (entries) => new Set(entries.map((e) => e.filename)),
          () => new Set([name]),
        );
        name = keepBothName(name, names);
      }
    }
    if (job.controller.signal.aborted) return this.#set(job, { status: 'cancelled' });
    this.#set(job, { status: 'uploading', name });
    // This attempt stops on the user's cancel, or when it shows no sign of life for too long.
    const attempt = new AbortController();
    const cancel = () => attempt.abort();
    job.controller.signal.addEventListener('abort', cancel);
    let stalled = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        stalled = true;
        attempt.abort();
      }, this.#stallAfterMs);
    };
    watch();
    try {
      const entry = await files.writefile(joinVfsPath(job.item.directory, name), job.data, {
        overwrite,
        signal: attempt.signal,
        onProgress: ({ loaded, total }) => {
          watch();
          if (job.item.status === 'uploading') this.#set(job, { loaded, total: total || job.item.total });
        },
      });
      this.#set(job, { status: 'done', name: basenameVfsPath(entry.path) || name, loaded: job.item.total, total: job.item.total });
    } catch (error) {
      if (job.controller.signal.aborted) this.#set(job, { status: 'cancelled' });
      else if (stalled) this.#set(job, { status: 'failed', problem: stalledProblem(this.#stallAfterMs) });
      else if (isAbort(error)) this.#set(job, { status: 'cancelled' });
      else this.#set(job, { status: 'failed', problem: problemOf(error) });
    } finally {
      clearTimeout(watchdog);
      job.controller.signal.removeEventListener('abort', cancel);
    }
  }

  #set(job: Job, changes: Partial<UploadItem>): void {
    job.item = { ...job.item, ...changes };
    this.#publish();
  }

  #publish(): void {
    if (!this.#disposed) this.setState({ items: this.#jobs.map((j) => j.item) });
  }
}

/** The failure of an upload stopped for showing no sign of life. */
function stalledProblem(ms: number): Problem {
  const seconds = String(Math.round(ms / 1000));
  return appProblem('files.error.stalled', `The upload made no progress for ${seconds} s and was stopped. Check your connection, then retry.`, { seconds });
}
