import type { FileSystem } from '@atrium/sdk';
import { basenameVfsPath, joinVfsPath } from '@atrium/shared';
import { Model } from '@atrium/app-kit';
import { keepBothName } from './names.js';
import { isAbort, nameProblem, problemOf, type Problem } from './problems.js';

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
  controller: AbortController;
}

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

  constructor(host: UploadHost) {
    super({ items: [] });
    this.#host = host;
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
    try {
      const entry = await files.writefile(joinVfsPath(job.item.directory, name), job.data, {
        overwrite,
        signal: job.controller.signal,
        onProgress: ({ loaded, total }) => {
          if (job.item.status === 'uploading') this.#set(job, { loaded, total: total || job.item.total });
        },
      });
      this.#set(job, { status: 'done', name: basenameVfsPath(entry.path) || name, loaded: job.item.total, total: job.item.total });
    } catch (error) {
      if (isAbort(error) || job.controller.signal.aborted) this.#set(job, { status: 'cancelled' });
      else this.#set(job, { status: 'failed', problem: problemOf(error) });
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
