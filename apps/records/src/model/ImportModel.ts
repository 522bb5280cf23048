import { Model } from '@atrium/app-kit';
import type { RecordImportResult } from '@atrium/shared/apps';
import { failureOf, type RecordsApi, type RecordsFailure } from './RecordsApi.js';

/** What an import needs of the desktop. */
export interface ImportHost {
  api: Pick<RecordsApi, 'importCsv'>;
  /** Told once records were made (the list shows them). */
  onImported?(names: readonly string[]): void;
}

export interface ImportState {
  /**
   * choose: no file yet; checking: the server checks every row (nothing
   * written); preview: each row with its problems; importing: the rows are
   * being made; done: `created` were made; failed: `failure` says why (a
   * file that is not CSV, no right...).
   */
  status: 'choose' | 'checking' | 'preview' | 'importing' | 'done' | 'failed';
  fileName: string | null;
  /** The server's check of the file (its preview), then its answer to the import. */
  result: RecordImportResult | null;
  created: readonly string[];
  failure: RecordsFailure | null;
}

const START: ImportState = { status: 'choose', fileName: null, result: null, created: [], failure: null };

/**
 * A CSV import of one entity's records (docs/behaviour/records.md#export-and-import):
 * a chosen file is first checked by the server, row by row, without
 * writing anything; its records are made only when no row is refused, all
 * in one go; a file chosen again (corrected) is checked again.
 */
export class ImportModel extends Model<ImportState> {
  #csv = '';
  #request = 0;

  constructor(
    private readonly host: ImportHost,
    readonly app: string,
    readonly entity: string,
  ) {
    super(START);
  }

  /** Rows of the file the server refused (0 before a preview). */
  get refused(): number {
    return this.getState().result?.refused ?? 0;
  }

  /** Whether "Import" may be pressed: a preview of rows, none of them refused. */
  get canImport(): boolean {
    const { status, result } = this.getState();
    return status === 'preview' && result !== null && result.refused === 0 && result.rows.length > 0;
  }

  /** Takes a chosen file's text and has the server check every row of it. */
  async choose(fileName: string, csv: string): Promise<void> {
    const request = ++this.#request;
    this.#csv = csv;
    this.update({ status: 'checking', fileName, result: null, created: [], failure: null });
    try {
      const result = await this.host.api.importCsv(this.app, this.entity, csv, true);
      if (request === this.#request) this.update({ status: 'preview', result });
    } catch (error) {
      if (request === this.#request) this.update({ status: 'failed', failure: failureOf(error) });
    }
  }

  /** Makes every row's record; a row refused meanwhile (a value taken since the preview) shows the new preview instead. */
  async importAll(): Promise<void> {
    if (!this.canImport) return;
    const request = ++this.#request;
    this.update({ status: 'importing', failure: null });
    try {
      const result = await this.host.api.importCsv(this.app, this.entity, this.#csv, false);
      if (request !== this.#request) return;
      if (result.refused > 0) {
        this.update({ status: 'preview', result });
        return;
      }
      this.update({ status: 'done', result, created: result.created });
      this.host.onImported?.(result.created);
    } catch (error) {
      if (request === this.#request) this.update({ status: 'failed', failure: failureOf(error) });
    }
  }

  /** Back to choosing a file. */
  reset(): void {
    this.#request++;
    this.#csv = '';
    this.setState(START);
  }
}
