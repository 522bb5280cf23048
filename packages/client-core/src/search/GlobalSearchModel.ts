import type { LaunchRequest, SearchFilter } from '@atrium/sdk';
import { searchTextProblem, type GlobalSearchArgs, type SearchTextProblem } from '@atrium/shared';
import type { DesktopUi } from '../desktop/DesktopUi.js';
import { Observable } from '../Observable.js';
import type { SearchService } from './SearchService.js';

/** The package name of the application a search opens. */
export const GLOBAL_SEARCH_APP = 'GlobalSearch';

export interface GlobalSearchState {
  /** Whether the search bar and its panel are shown. */
  open: boolean;
  /** The text in the search bar. */
  text: string;
  /** The filter chip pressed (Apps, Users, Attachments, Comments, Records), or none. */
  filter: SearchFilter | null;
  /** Why the last submitted text was refused (shown until the text changes); null when nothing is wrong. */
  problem: SearchTextProblem | null;
  /**
   * Seconds to wait, when the last submit was held back because the server
   * had refused a search as too many (shown until the text changes); null
   * otherwise.
   */
  retryIn: number | null;
  /** The Recent list: earlier searches, newest first. */
  recent: readonly string[];
}

export interface GlobalSearchOptions {
  search: SearchService;
  /** The desktop's overlay state: the panel is one of its overlays, so opening it closes the others. */
  ui: DesktopUi;
  /** Launches an application (the package manager's launch rules). */
  launch(request: LaunchRequest): Promise<unknown>;
}

/**
 * The panel's global search (docs/behaviour/search.md#search-panel): the
 * magnifier opens a search bar and a panel with five filters and the Recent
 * list. A text is checked before anything is sent: empty, or made only of
 * special characters, it is refused with the panel's texts ('Please enter
 * something to search!', 'The use of special characters is not allowed!').
 * A valid one launches the GlobalSearch application with `searchedValue`
 * and `selectedFilter`, closes the panel and saves the search history
 * (first in Recent at once; a failed save keeps it and is logged). While
 * the server's refusal of a search as too many lasts, a submit says how
 * long to wait instead (docs/behaviour/search.md#too-many-searches).
 */
export class GlobalSearchModel extends Observable<GlobalSearchState> {
  readonly #options: GlobalSearchOptions;
  readonly #cleanups: Array<() => void> = [];

  constructor(options: GlobalSearchOptions) {
    super({ open: options.ui.getState().popup === 'globalSearch', text: '', filter: null, problem: null, retryIn: null, recent: options.search.getState().history });
    this.#options = options;
    this.#cleanups.push(
      options.ui.subscribe(() => this.#follow()),
      options.search.subscribe(() => this.#follow()),
    );
  }

  /** Opens the search bar and panel (closing the desktop's other overlays), with the Recent list as it is now. */
  open(): void {
    const recent = this.#options.search.history();
    this.#options.ui.openPopup('globalSearch');
    this.#follow(recent);
  }

  /** Closes the panel; its text and filter stay for the next time, a refusal does not. */
  close(): void {
    if (this.#options.ui.getState().popup === 'globalSearch') this.#options.ui.closePopup();
    const state = this.getState();
    if (state.problem || state.retryIn !== null) this.setState({ ...state, problem: null, retryIn: null });
  }

  /** The magnifier: opens the panel, or closes it when open. */
  toggle(): void {
    if (this.getState().open) this.close();
    else this.open();
  }

  setText(text: string): void {
    const state = this.getState();
    if (text !== state.text) this.setState({ ...state, text, problem: null, retryIn: null });
  }

  /** Presses a filter chip; pressing the one pressed releases it (no filter). */
  toggleFilter(filter: SearchFilter): void {
    const state = this.getState();
    this.setState({ ...state, filter: state.filter === filter ? null : filter });
  }

  /** A click on an entry of the Recent list: it fills the search bar. */
  pickRecent(entry: string): void {
    this.setText(entry);
  }

  /**
   * Searches the text in the bar: refused (false, with the problem shown,
   * nothing sent) when empty or only special characters, and held back
   * (false, with the seconds to wait) while the server's refusal of a search
   * as too many lasts; otherwise the GlobalSearch application opens with the
   * text and the filter, the panel closes and the text goes first in the
   * search history (true).
   */
  submit(): boolean {
    const state = this.getState();
    const problem = searchTextProblem(state.text);
    if (problem) {
      this.setState({ ...state, problem, retryIn: null });
      return false;
    }
    const wait = this.#options.search.retryIn();
    if (wait > 0) {
      this.setState({ ...state, problem: null, retryIn: wait });
      return false;
    }
    const searchedValue = state.text.trim();
    const args: GlobalSearchArgs = { searchedValue, selectedFilter: state.filter ?? '' };
    this.setState({ ...state, text: '', problem: null, retryIn: null });
    this.close();
    this.#options.search.remember(searchedValue).catch((error: unknown) => console.warn('The search history could not be saved; it is kept on this page.', error));
    // The package manager tells the user itself when the application cannot open (an alert).
    this.#options.launch({ app: GLOBAL_SEARCH_APP, args: { ...args } }).catch((error: unknown) => console.error('The global search could not be opened.', error));
    return true;
  }

  dispose(): void {
    for (const cleanup of this.#cleanups.splice(0)) cleanup();
    this.clearListeners();
  }

  #follow(recent: readonly string[] = this.#options.search.getState().history): void {
    const state = this.getState();
    const open = this.#options.ui.getState().popup === 'globalSearch';
    if (open !== state.open || recent !== state.recent) this.setState({ ...state, open, recent, problem: open ? state.problem : null, retryIn: open ? state.retryIn : null });
  }
}
