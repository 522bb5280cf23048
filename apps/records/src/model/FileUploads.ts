import { Model } from '@atrium/app-kit';
import type { RecordDetail } from '@atrium/shared/apps';
import { failureOf, type RecordsApi, type RecordsFailure } from './RecordsApi.js';

/** One file going up to a record's file field, or failed. */
export interface FileUpload {
  key: number;
  field: string;
  name: string;
  loaded: number;
  total: number;
  status: 'sending' | 'failed';
  failure: RecordsFailure | null;
}

export interface FileUploadsHost {
  api: Pick<RecordsApi, 'upload'>;
  /** The record's answer once a file is added to its field. */
  done(detail: RecordDetail, field: string): void;
}

/**
 * The uploads of a record's form (docs/behaviour/records.md#attachments):
 * each file sent at once to its field, its progress shown, cancelled on
 * request (nothing is kept), a refusal kept on its line until dismissed.
 */
export class FileUploads extends Model<{ uploads: readonly FileUpload[] }> {
  #next = 0;
  readonly #aborts = new Map<number, AbortController>();

  constructor(
    private readonly host: FileUploadsHost,
    private readonly app: string,
  ) {
    super({ uploads: [] });
  }

  /** Sends a file to a record's field; resolves once it is added (true) or failed or cancelled (false). */
  async send(record: string, field: string, file: File): Promise<boolean> {
    const key = ++this.#next;
    const abort = new AbortController();
    this.#aborts.set(key, abort);
    this.#set([...this.getState().uploads, { key, field, name: file.name, loaded: 0, total: file.size, status: 'sending', failure: null }]);
    try {
      const detail = await this.host.api.upload(this.app, record, field, file, {
        signal: abort.signal,
        onProgress: ({ loaded, total }) => this.#change(key, { loaded: Math.min(loaded, total || loaded), total: total || file.size }),
      });
      this.#set(this.getState().uploads.filter((u) => u.key !== key));
      this.host.done(detail, field);
      return true;
    } catch (error) {
      if (abort.signal.aborted) this.#set(this.getState().uploads.filter((u) => u.key !== key));
      else this.#change(key, { status: 'failed', failure: failureOf(error) });
      return false;
    } finally {
      this.#aborts.delete(key);
    }
  }

  /** Stops an upload in progress: nothing is kept. */
  cancel(key: number): void {
    this.#aborts.get(key)?.abort();
  }

  /** Forgets a failed upload's line. */
  dismiss(key: number): void {
    this.#set(this.getState().uploads.filter((u) => u.key !== key || u.status === 'sending'));
  }

  /** Stops every upload (the form closes). */
  dispose(): void {
    for (const abort of this.#aborts.values()) abort.abort();
    this.clearListeners();
  }

  #change(key: number, patch: Partial<FileUpload>): void {
    this.#set(this.getState().uploads.map((u) => (u.key === key ? { ...u, ...patch } : u)));
  }

  #set(uploads: FileUpload[]): void {
    this.setState({ uploads });
  }
}
