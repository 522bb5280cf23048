import { Model } from '@atrium/app-kit';
import type { DesktopSearch } from '@atrium/sdk';
import {
  SEARCH_FILTERS,
  SEARCH_PAGE_SIZE,
  searchTextProblem,
  type AppResult,
  type AttachmentResult,
  type CommentResult,
  type GlobalSearchArgs,
  isRecordAttachment,
  isRecordComment,
  type RecordResult,
  type SearchFilter,
  type SearchResponse,
  type SearchResult,
  type SearchTextProblem,
  type UserResult,
} from '@atrium/shared';

/** The results of one kind: how many match, those loaded so far, and a page being fetched or refused. */
export interface ResultGroup<T extends SearchResult = SearchResult> {
  count: number;
  /** More match than the server counts: `count` is a lower bound (shown as '1,000+'). */
  capped: boolean;
  items: readonly T[];
  loadingMore: boolean;
  /** Why the last 'more' failed (the view says it and offers the button again). */
  moreError: unknown;
}

export interface ResultGroups {
  apps: ResultGroup<AppResult>;
  users: ResultGroup<UserResult>;
  attachments: ResultGroup<AttachmentResult>;
  comments: ResultGroup<CommentResult>;
  records: ResultGroup<RecordResult>;
}

/** What the application shows: before a search, a search under way, its results, a refused text or a failure. */
export type SearchStatus = 'idle' | 'loading' | 'ready' | 'invalid' | 'error';

export interface SearchResultsState {
  /** The text in the search field. */
  text: string;
  /** The text of the results shown (or being fetched). */
  searched: string;
  /** The tab shown: one kind, or '' for all of them. */
  tab: SearchFilter | '';
  status: SearchStatus;
  /** Why the text was refused (status 'invalid'). */
  problem: SearchTextProblem | null;
  /** Why the search failed (status 'error'). */
  error: unknown;
  groups: ResultGroups;
  /** Why the last result could not be opened, until the next action. */
  openError: unknown;
}

/** What opening a result asks of the desktop (Desktop's launch, showProfileCard, openFile and tasks.showComments). */
export interface ResultOpeners {
  /** Launches an application; a declared one with `{record}` opens that record (in Records). */
  launch(app: string, args?: Readonly<Record<string, unknown>>): Promise<void>;
  showProfileCard(userId: string, at: { x: number; y: number }): void;
  openFile(path: string): Promise<void>;
  showComments(taskId: string): void;
}

export interface SearchResultsHost extends ResultOpeners {
  search: Pick<DesktopSearch, 'query' | 'remember'>;
}

const emptyGroup = <T extends SearchResult>(): ResultGroup<T> => ({ count: 0, capped: false, items: [], loadingMore: false, moreError: null });

/** Whether the server stopped counting a kind's matches (docs/behaviour/search.md#many-matches). */
const cappedOf = (answer: object) => (answer as { countCapped?: unknown }).countCapped === true;
const emptyGroups = (): ResultGroups => ({ apps: emptyGroup(), users: emptyGroup(), attachments: emptyGroup(), comments: emptyGroup(), records: emptyGroup() });

function groupsOf(response: SearchResponse): ResultGroups {
  const group = <T extends SearchResult>(answer: { count: number; items: T[] }): ResultGroup<T> => ({ count: answer.count, capped: cappedOf(answer), items: answer.items, loadingMore: false, moreError: null });
  return {
    apps: group(response.apps),
    users: group(response.users),
    attachments: group(response.attachments),
    comments: group(response.comments),
    // A server without records' search answers without them.
    records: group(response.records ?? { count: 0, items: [] }),
  };
}

/** A filter of the launch arguments: one of the kinds, anything else none. */
export function filterOf(value: unknown): SearchFilter | '' {
  return (SEARCH_FILTERS as readonly unknown[]).includes(value) ? (value as SearchFilter) : '';
}

/**
 * The GlobalSearch application's state and rules (docs/behaviour/search.md#globalsearch-application).
 * A search asks the server for every kind at once (their counts label the
 * tabs, their first pages fill them); the tab shown is the launch's
 * selectedFilter, or all. 'more' fetches the next page of one kind. A text
 * that is empty or only special characters is refused before anything is
 * sent. Only the latest search lands. Opening a result asks the desktop.
 */
export class SearchResultsModel extends Model<SearchResultsState> {
  readonly #host: SearchResultsHost;
  /** Counts searches, so that only the latest one lands. */
  #serial = 0;

  constructor(host: SearchResultsHost) {
    super({ text: '', searched: '', tab: '', status: 'idle', problem: null, error: null, groups: emptyGroups(), openError: null });
    this.#host = host;
  }

  /** The launch's (or a new launch's) arguments: search their text, on the tab of their filter. */
  async show(args: Partial<GlobalSearchArgs> | Readonly<Record<string, unknown>>): Promise<void> {
    const value = typeof args.searchedValue === 'string' ? args.searchedValue : '';
    const tab = filterOf(args.selectedFilter);
    // Launched from the menu (no text): the field waits for one, and what is shown stays.
    if (value.trim() === '') {
      this.update({ tab });
      return;
    }
    this.update({ text: value, tab });
    await this.search(value);
  }

  setText(text: string): void {
    if (text !== this.getState().text) this.update({ text, problem: this.getState().status === 'invalid' ? null : this.getState().problem });
  }

  /** Shows one kind, or all (''); nothing is fetched (the counts and first pages are there). */
  selectTab(tab: SearchFilter | ''): void {
    if (tab !== this.getState().tab) this.update({ tab, openError: null });
  }

  /** The search field's Enter: searches its text and puts it first in the user's recent searches. */
  async submit(): Promise<void> {
    const text = this.getState().text;
    if (!searchTextProblem(text)) this.#host.search.remember(text.trim()).catch((error: unknown) => console.warn('The search history could not be saved.', error));
    await this.search(text);
  }

  /** Searches a text (every kind, the first page of each); refused before anything is sent when empty or only special characters. */
  async search(text: string): Promise<void> {
    const serial = ++this.#serial;
    const problem = searchTextProblem(text);
    if (problem) {
      this.update({ status: 'invalid', problem, error: null, openError: null });
      return;
    }
    const searched = text.trim();
    this.update({ searched, status: 'loading', problem: null, error: null, openError: null });
    try {
      const response = await this.#host.search.query(searched, { take: SEARCH_PAGE_SIZE });
      if (serial === this.#serial) this.update({ status: 'ready', groups: groupsOf(response) });
    } catch (error) {
      if (serial === this.#serial) this.update({ status: 'error', error, groups: emptyGroups() });
    }
  }

  /** The same search again (after a failure). */
  retry(): Promise<void> {
    return this.search(this.getState().searched || this.getState().text);
  }

  /** Fetches the next page of one kind and adds it to what is shown. */
  async more(kind: SearchFilter): Promise<void> {
    const { groups, searched, status } = this.getState();
    const group = groups[kind];
    if (status !== 'ready' || group.loadingMore || (group.items.length >= group.count && !group.capped)) return;
    const serial = this.#serial;
    this.#setGroup(kind, { ...group, loadingMore: true, moreError: null });
    try {
      const response = await this.#host.search.query(searched, { filter: kind, take: SEARCH_PAGE_SIZE, skip: group.items.length });
      if (serial !== this.#serial) return;
      const current = this.getState().groups[kind];
      const known = new Set(current.items.map(keyOf));
      const added = (response[kind].items as SearchResult[]).filter((item) => !known.has(keyOf(item)));
      // A page with nothing new is the end, whatever the count said (past a capped count).
      if (added.length === 0) this.#setGroup(kind, { ...current, count: current.items.length, capped: false, loadingMore: false, moreError: null });
      else this.#setGroup(kind, { count: response[kind].count, capped: cappedOf(response[kind]), items: [...current.items, ...added], loadingMore: false, moreError: null });
    } catch (error) {
      if (serial === this.#serial) this.#setGroup(kind, { ...this.getState().groups[kind], loadingMore: false, moreError: error });
    }
  }

  /**
   * Opens what a result names: an application is launched, a person's
   * profile card opens at `at`, a file opens in the application of its type,
   * a comment on a task opens its task's comments; a record, or a comment
   * or a file attached to one, launches its declared application with `{record}`.
   */
  async open(result: SearchResult, at: { x: number; y: number }): Promise<void> {
    if (this.getState().openError) this.update({ openError: null });
    try {
      switch (result.kind) {
        case 'apps':
          await this.#host.launch(result.name);
          break;
        case 'users':
          this.#host.showProfileCard(result.id, at);
          break;
        case 'attachments':
          if (isRecordAttachment(result)) await this.#host.launch(result.record.app, { record: result.record.name });
          else await this.#host.openFile(result.path);
          break;
        case 'comments':
          if (isRecordComment(result)) await this.#host.launch(result.record.app, { record: result.record.name });
          else this.#host.showComments(result.taskId);
          break;
        case 'records':
          await this.#host.launch(result.app, { record: result.name });
          break;
      }
    } catch (error) {
      this.update({ openError: error });
    }
  }

  dispose(): void {
    this.#serial += 1;
    this.clearListeners();
  }

  #setGroup(kind: SearchFilter, group: ResultGroup): void {
    this.update({ groups: { ...this.getState().groups, [kind]: group } });
  }
}

/** A result's identity within its kind. */
export function keyOf(result: SearchResult): string {
  switch (result.kind) {
    case 'apps':
      return `apps:${result.name}`;
    case 'users':
      return `users:${result.id}`;
    case 'attachments':
      return `attachments:${result.id}`;
    case 'comments':
      return `comments:${result.id}`;
    case 'records':
      return `records:${result.app}:${result.name}`;
  }
}
