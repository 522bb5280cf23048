import { Model } from '@atrium/app-kit';
import type { AppSettings, RecordsChange } from '@atrium/sdk';
import { RECORD_PAGE_DEFAULT, recordsAfter, type EntityRights, type Entity, type RecordDto, type RecordExportQueryInput, type RecordFilter, type RecordQueryInput } from '@atrium/shared/apps';
import { columnChoices, defaultColumns, isCompleteFilter } from './fields.js';
import { failureOf, type RecordsApi, type RecordsFailure } from './RecordsApi.js';

/** Milliseconds the search box waits after the last key before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 250;

/** How the list is sorted: a column and a direction. */
export interface ListSort {
  field: string;
  direction: 'asc' | 'desc';
}

/** A list the user named and kept: its columns, filters and order. */
export interface SavedView {
  name: string;
  columns: string[];
  filters: RecordFilter[];
  sort: ListSort | null;
  /** Only the records waiting for the user (docs/behaviour/workflows.md#in-the-runtime); absent in views saved before it. */
  waitingForMe?: boolean;
}

/** Runs `run` after `ms`; the function returned cancels it. Injected so that tests move time themselves. */
export type Schedule = (run: () => void, ms: number) => () => void;

/** What a list needs of the desktop. */
export interface ListHost {
  api: Pick<RecordsApi, 'query' | 'exportCsv' | 'exportPath'>;
  /** Where saved views are kept (the app's settings). */
  settings: Pick<AppSettings, 'get' | 'set'>;
  schedule: Schedule;
  /** Hears that records changed (the desktop socket), or (null) that changes may have been missed; returns the unsubscribe. */
  onRecordsChanged?(listener: (change: RecordsChange | null) => void): () => void;
}

export interface ListState {
  /** loading: nothing to show yet; ready: `records` answer what is asked; failed: `failure` says why (refused: `records.forbidden`...). */
  status: 'loading' | 'ready' | 'failed';
  /** A request is under way; the rows shown are the previous ones. */
  busy: boolean;
  records: readonly RecordDto[];
  /** How many records match, as the server counted them: more than that when `capped` (docs/behaviour/records.md#lists). */
  total: number;
  capped: boolean;
  offset: number;
  pageSize: number;
  people: Readonly<Record<string, string>>;
  links: Readonly<Record<string, string>>;
  columns: readonly string[];
  sort: ListSort | null;
  filters: readonly RecordFilter[];
  /** What the search box holds (sent 250 ms after the last change). */
  search: string;
  failure: RecordsFailure | null;
  savedViews: readonly SavedView[];
  /** The saved view applied last, while nothing was changed since. */
  activeView: string | null;
  /** Deleted records are listed instead of live ones (to restore them; for roles that may delete). */
  deleted: boolean;
  /** Only the records with an open workflow task of the user's (an entity with a workflow: docs/behaviour/workflows.md#in-the-runtime). */
  waitingForMe: boolean;
}

/**
 * One entity's list (docs/behaviour/records.md#lists): a page of records
 * with the columns, order, filters and search the user chose, kept in step
 * with the server (a change of any of them asks again; a change of records
 * told over the desktop socket asks again for the same page). Saved views
 * are kept per user in the app's settings, per application and entity.
 */
export class ListModel extends Model<ListState> {
  readonly #host: ListHost;
  readonly #app: string;
  readonly #entityKey: string;
  readonly #entity: Entity;
  readonly #hidden: readonly string[];
  #request = 0;
  #cancelSearch: (() => void) | null = null;
  #sentSearch = '';
  readonly #stop: Array<() => void> = [];

  constructor(host: ListHost, app: string, entityKey: string, entity: Entity, rights: EntityRights) {
    const view = entity.views.list;
    const hidden = rights.hiddenFields;
    super({
      status: 'loading',
      busy: false,
      records: [],
      total: 0,
      capped: false,
      offset: 0,
      pageSize: view?.pageSize ?? RECORD_PAGE_DEFAULT,
      people: {},
      links: {},
      columns: defaultColumns(entity, hidden),
      sort: view?.sort ? { field: view.sort.field, direction: view.sort.direction } : null,
      filters: [],
      search: '',
      failure: null,
      savedViews: [],
      activeView: null,
      deleted: false,
      waitingForMe: false,
    });
    this.#host = host;
    this.#app = app;
    this.#entityKey = entityKey;
    this.#entity = entity;
    this.#hidden = hidden;
    this.update({ savedViews: this.#readSaved() });
    if (host.onRecordsChanged) {
      this.#stop.push(host.onRecordsChanged((change) => (change === null || (change.app === app && change.entity === entityKey)) && void this.refresh()));
    }
  }

  /** The settings key of this list's saved views. */
  get settingsKey(): string {
    return `views.${this.#app}.${this.#entityKey}`;
  }

  /** Every column the user may choose from. */
  get columnChoices(): string[] {
    return columnChoices(this.#entity, this.#hidden);
  }

  /** The fields offered as quick filters (the view's, and a workflow's state field first), those the user sees. */
  get quickFilters(): string[] {
    const state = this.#entity.workflow?.field;
    const declared = this.#entity.views.list?.filters ?? [];
    const keys = state !== undefined && !declared.includes(state) ? [state, ...declared] : declared;
    return keys.filter((key) => !this.#hidden.includes(key));
  }

  /** Whether the list offers "Waiting for me": its entity declares a workflow. */
  get offersWaitingForMe(): boolean {
    return this.#entity.workflow !== undefined;
  }

  /** The query of what is shown now (filters only when complete). */
  query(): RecordQueryInput {
    const s = this.getState();
    const query: RecordQueryInput = { filters: s.filters.filter(isCompleteFilter), offset: s.offset, limit: s.pageSize };
    if (this.#sentSearch.trim() !== '') query.search = this.#sentSearch.trim();
    if (s.sort) query.sort = s.sort;
    if (s.deleted) query.deleted = true;
    if (s.waitingForMe && this.offersWaitingForMe) query.waitingForMe = true;
    return query;
  }

  /** Asks for the page as it is chosen now; a later answer replaces an earlier one, never the other way round. */
  async refresh(): Promise<void> {
    const id = ++this.#request;
    this.update({ busy: true });
    try {
      const page = await this.#host.api.query(this.#app, this.#entityKey, this.query());
      if (id !== this.#request) return;
      // A page past the end (records deleted meanwhile): the last page instead.
      if (page.records.length === 0 && page.total > 0 && page.offset >= page.total) {
        this.update({ offset: Math.max(0, Math.floor((page.total - 1) / this.getState().pageSize) * this.getState().pageSize) });
        return this.refresh();
      }
      this.update({ status: 'ready', busy: false, records: page.records, total: page.total, capped: page.capped, offset: page.offset, people: page.people, links: page.links, failure: null });
    } catch (error) {
      if (id !== this.#request) return;
      this.update({ status: 'failed', busy: false, failure: failureOf(error) });
    }
  }

  /** Sorts by a column: a new column ascending, the same one the other way. */
  sortBy(field: string): void {
    const { sort } = this.getState();
    const direction = sort?.field === field && sort.direction === 'asc' ? 'desc' : 'asc';
    this.update({ sort: { field, direction }, offset: 0, activeView: null });
    void this.refresh();
  }

  /** Lists the deleted records instead of the live ones, or the live ones again. */
  showDeleted(deleted: boolean): void {
    if (deleted === this.getState().deleted) return;
    this.update({ deleted, offset: 0 });
    void this.refresh();
  }

  /** Lists only the records waiting for the user (an open workflow task of theirs), or all again. */
  showWaitingForMe(waiting: boolean): void {
    if (waiting === this.getState().waitingForMe || !this.offersWaitingForMe) return;
    this.update({ waitingForMe: waiting, offset: 0, activeView: null });
    void this.refresh();
  }

  /** Types in the search box: the list asks again 250 ms after the last change. */
  setSearch(text: string): void {
    this.update({ search: text });
    this.#cancelSearch?.();
    this.#cancelSearch = this.#host.schedule(() => {
      this.#cancelSearch = null;
      if (text.trim() === this.#sentSearch.trim()) return;
      this.#sentSearch = text;
      this.update({ offset: 0 });
      void this.refresh();
    }, SEARCH_DEBOUNCE_MS);
  }

  /** Replaces the filters; incomplete ones are kept for the user to finish but not sent. */
  setFilters(filters: readonly RecordFilter[]): void {
    const before = JSON.stringify(this.getState().filters.filter(isCompleteFilter));
    this.update({ filters, activeView: null });
    if (JSON.stringify(filters.filter(isCompleteFilter)) === before) return;
    this.update({ offset: 0 });
    void this.refresh();
  }

  /** Sets (or with undefined removes) the quick filter of a field: equal to a value. */
  setQuickFilter(field: string, value: RecordFilter['value'] | undefined): void {
    const rest = this.getState().filters.filter((f) => f.field !== field);
    this.setFilters(value === undefined || value === '' ? rest : [...rest, { field, op: 'eq', value }]);
  }

  setColumns(columns: readonly string[]): void {
    const allowed = this.columnChoices;
    this.update({ columns: columns.filter((c) => allowed.includes(c)), activeView: null });
  }

  /** Shows or hides one column (the last one stays). */
  toggleColumn(column: string): void {
    const { columns } = this.getState();
    if (columns.includes(column)) {
      if (columns.length > 1) this.setColumns(columns.filter((c) => c !== column));
    } else {
      const order = this.columnChoices;
      this.setColumns([...columns, column].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    }
  }

  /** Pages: the previous and next exist when there are records before and after (always after a page of a capped count). */
  get hasPrevious(): boolean {
    return this.getState().offset > 0;
  }

  get hasNext(): boolean {
    const s = this.getState();
    return recordsAfter(s, s.offset + s.pageSize);
  }

  previousPage(): void {
    if (!this.hasPrevious) return;
    const s = this.getState();
    this.update({ offset: Math.max(0, s.offset - s.pageSize) });
    void this.refresh();
  }

  nextPage(): void {
    if (!this.hasNext) return;
    const s = this.getState();
    this.update({ offset: s.offset + s.pageSize });
    void this.refresh();
  }

  /** The first and last record shown (counted from 1) and the total: "1–50 of 2,134", or with `capped` "1–50 of 10,000+". */
  range(): { from: number; to: number; total: number; capped: boolean } {
    const s = this.getState();
    if (s.records.length === 0) return { from: 0, to: 0, total: s.total, capped: s.capped };
    return { from: s.offset + 1, to: s.offset + s.records.length, total: s.total, capped: s.capped };
  }

  /** The names of the records shown, in order (a form opened from the list goes to the next and previous of these). */
  names(): string[] {
    return this.getState().records.map((r) => r.name);
  }

  /** Keeps the columns, filters and order under a name (one of the same name is replaced). */
  saveView(name: string): void {
    const trimmed = name.trim();
    if (trimmed === '') return;
    const s = this.getState();
    const view: SavedView = { name: trimmed, columns: [...s.columns], filters: s.filters.filter(isCompleteFilter), sort: s.sort, ...(s.waitingForMe ? { waitingForMe: true } : {}) };
    const views = [...s.savedViews.filter((v) => v.name !== trimmed), view];
    this.#host.settings.set(this.settingsKey, views);
    this.update({ savedViews: views, activeView: trimmed });
  }

  /** Shows a saved view (its columns, filters and order, from the first page). */
  applyView(name: string): void {
    const view = this.getState().savedViews.find((v) => v.name === name);
    if (!view) return;
    const allowed = this.columnChoices;
    const columns = view.columns.filter((c) => allowed.includes(c));
    this.update({ columns: columns.length > 0 ? columns : defaultColumns(this.#entity, this.#hidden), filters: view.filters, sort: view.sort, waitingForMe: view.waitingForMe === true, offset: 0, activeView: name });
    void this.refresh();
  }

  deleteView(name: string): void {
    const views = this.getState().savedViews.filter((v) => v.name !== name);
    this.#host.settings.set(this.settingsKey, views);
    this.update({ savedViews: views, activeView: this.getState().activeView === name ? null : this.getState().activeView });
  }

  /** The address of the current list as CSV (every page, with the filters, search, order and columns shown). */
  exportPath(): string {
    return this.#host.api.exportPath(this.#app, this.#entityKey, this.#exportQuery());
  }

  /** The current list as CSV text (every page, with the filters, search, order and columns shown). */
  exportCsv(): Promise<string> {
    return this.#host.api.exportCsv(this.#app, this.#entityKey, this.#exportQuery());
  }

  /** The list's query without its page, and its columns that are fields (the server writes the record's name first). */
  #exportQuery(): RecordExportQueryInput {
    const { offset: _offset, limit: _limit, ...query } = this.query();
    const columns = this.getState().columns.filter((key) => Object.hasOwn(this.#entity.fields, key));
    return columns.length > 0 ? { ...query, columns } : query;
  }

  dispose(): void {
    this.#cancelSearch?.();
    for (const stop of this.#stop.splice(0)) stop();
    this.#request++;
    this.clearListeners();
  }

  #readSaved(): SavedView[] {
    const stored = this.#host.settings.get<unknown>(this.settingsKey);
    if (!Array.isArray(stored)) return [];
    return stored.filter(
      (v): v is SavedView => typeof v === 'object' && v !== null && typeof (v as SavedView).name === 'string' && Array.isArray((v as SavedView).columns) && Array.isArray((v as SavedView).filters),
    );
  }
}
