import { retryAfterOf, type DesktopSearch, type SearchFilter, type SearchResponse } from '@atrium/sdk';
import { addToSearchHistory, SEARCH_TEXT_MESSAGES, searchHistoryEntries, searchTextProblem, type Envelope, type SearchTextProblem } from '@atrium/shared';
import { Observable } from '../Observable.js';
import type { RequestMethod } from '../packages/DesktopHooks.js';

/** A search refused before anything was sent: the text is empty or only special characters. */
export class SearchTextError extends Error {
  /** 'search.empty' or 'search.special', the codes the server refuses such a text with. */
  readonly code: `search.${SearchTextProblem}`;
  readonly problem: SearchTextProblem;

  constructor(problem: SearchTextProblem) {
    super(SEARCH_TEXT_MESSAGES[problem]);
    this.name = 'SearchTextError';
    this.problem = problem;
    this.code = `search.${problem}`;
  }
}

export interface SearchServiceOptions {
  /** A signed API request (the envelope as the server sent it). */
  request<T>(method: RequestMethod, path: string, body?: unknown): Promise<T>;
  /** The stored history of the signed-in user's profile (comma-separated, newest first). */
  storedHistory(): string;
  /** The clock's time in milliseconds (the desktop's clock; Date.now by default). */
  now?(): number;
}

/** The recent searches, newest first. */
export interface SearchHistoryState {
  history: readonly string[];
}

/**
 * The desktop's global search over the server (docs/behaviour/search.md):
 * GET search for results, and the user's recent searches, read from the
 * profile's search_history and saved with POST user/updateusersearchitems.
 * It is the SDK's Desktop.search and what the search panel submits through.
 * A text just searched goes first in the recent list at once (the shared
 * addToSearchHistory rule); the server's answer then replaces the list, and
 * a failed save keeps the local one.
 */
export class SearchService extends Observable<SearchHistoryState> implements DesktopSearch {
  readonly #options: SearchServiceOptions;
  /** The history once a search has changed it here; until then the profile's. */
  #history: string | null = null;
  /** When the server last said searches may be sent again (ms), after refusing one as too many. */
  #retryAt = 0;

  constructor(options: SearchServiceOptions) {
    super({ history: searchHistoryEntries(options.storedHistory()) });
    this.#options = options;
  }

  /** Results of every kind, or of one (filter), paged by take and skip; a text the panel refuses is refused here too, before anything is sent. */
  async query(text: string, options: { filter?: SearchFilter | ''; take?: number; skip?: number } = {}): Promise<SearchResponse> {
    const problem = searchTextProblem(text);
    if (problem) throw new SearchTextError(problem);
    const query: Record<string, unknown> = { q: text.trim() };
    if (options.filter) query.filter = options.filter;
    if (options.take !== undefined) query.take = options.take;
    if (options.skip !== undefined) query.skip = options.skip;
    try {
      return unwrap(await this.#options.request<Envelope<SearchResponse>>('get', 'search', query));
    } catch (error) {
      const seconds = retryAfterOf(error);
      if (seconds !== null) this.#retryAt = Math.max(this.#retryAt, this.#now() + seconds * 1000);
      throw error;
    }
  }

  /**
   * Whole seconds until a search may be sent again, when the server refused
   * one as too many (docs/behaviour/search.md#too-many-searches); 0 when
   * nothing holds searches back.
   */
  retryIn(): number {
    return Math.max(0, Math.ceil((this.#retryAt - this.#now()) / 1000));
  }

  history(): readonly string[] {
    // The profile may have been loaded (or reloaded) since: its history stands until a search here changes it.
    if (this.#history === null) this.#sync(this.#options.storedHistory());
    return this.getState().history;
  }

  /** Puts a text first in the recent searches at once and saves them; rejects when the save fails (the local list is kept). */
  async remember(text: string): Promise<void> {
    const stored = this.#history ?? this.#options.storedHistory();
    this.#history = addToSearchHistory(stored, text);
    this.#sync(this.#history);
    const answer = unwrap(await this.#options.request<Envelope<{ search_history: string }>>('post', 'user/updateusersearchitems', { search_history: text }));
    if (typeof answer?.search_history === 'string') {
      this.#history = answer.search_history;
      this.#sync(answer.search_history);
    }
  }

  dispose(): void {
    this.clearListeners();
  }

  #now(): number {
    return this.#options.now?.() ?? Date.now();
  }

  #sync(stored: string): void {
    const history = searchHistoryEntries(stored);
    const current = this.getState().history;
    if (history.length !== current.length || history.some((entry, i) => entry !== current[i])) this.setState({ history });
  }
}

/** The data of a success envelope; an error envelope (not expected with a 2xx answer) rejects with its text. */
function unwrap<T>(answer: Envelope<T>): T {
  if (answer?.status === 'success') return answer.data;
  throw new Error(answer?.message ?? 'The server sent no search answer');
}
