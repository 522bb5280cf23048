import { retryAfterOf } from '@atrium/sdk';
import { VFS_PATTERN_MAX_LENGTH } from '@atrium/shared';
import type { Clock } from '../env.js';
import { Observable } from '../Observable.js';
import type { FileEntry, FileSystem } from './FileSystem.js';

/** How long the overlay stays after it has lost focus (docs/behaviour/files.md#search-overlay). */
export const FILE_SEARCH_BLUR_DELAY = 300;
/** The longest text the overlay searches for: the pattern's limit less the two wildcards around it. */
export const FILE_SEARCH_TEXT_MAX_LENGTH = VFS_PATTERN_MAX_LENGTH - 2;

/**
 * What the message line says: nothing yet, a search under way, how many
 * were found (none is its own message), or why the search or opening failed
 * (the failure itself, for the view to put in the user's language).
 */
export type FileSearchMessage =
  | { kind: 'hint' }
  | { kind: 'searching' }
  | { kind: 'results'; count: number }
  | { kind: 'none'; text: string }
  | { kind: 'error'; error: unknown };

export interface FileSearchState {
  text: string;
  message: FileSearchMessage;
  results: readonly FileEntry[];
  /** Index of the selected result, or -1 for none (Enter then searches). */
  selected: number;
}

export interface FileSearchOptions {
  files: FileSystem;
  clock: Clock;
  /** Opens a file in the application of its type (desktop.openFile). */
  openFile(file: FileEntry): Promise<void>;
  /** Opens a folder in the Files application when there is one; false when nothing can show it. */
  openDirectory(path: string): Promise<boolean>;
  /** Hides the overlay (the desktop's overlay state). */
  hide(): void;
}

const INITIAL: FileSearchState = { text: '', message: { kind: 'hint' }, results: [], selected: -1 };

/**
 * The filesystem search overlay (docs/behaviour/files.md#search-overlay): a
 * text box, a message line and a result list. Arrow keys move through the
 * results; Enter opens the selected one (a file in the application of its
 * type, a folder in Files) or, with none selected, searches every mounted,
 * searchable filesystem for the text wrapped in wildcards ('*text*'); Escape
 * clears the text and results, or hides the overlay when there is nothing
 * to clear; losing focus hides it 300 ms later unless focus comes back.
 * Hiding keeps the text and results for the next time it opens (with none
 * of them selected).
 */
export class FileSearchModel extends Observable<FileSearchState> {
  readonly #options: FileSearchOptions;
  #blurTimer: unknown = null;
  /** Counts searches, so that only the latest one lands. */
  #searches = 0;

  constructor(options: FileSearchOptions) {
    super(INITIAL);
    this.#options = options;
  }

  setText(text: string): void {
    const value = String(text).slice(0, FILE_SEARCH_TEXT_MAX_LENGTH);
    const state = this.getState();
    if (value !== state.text) this.setState({ ...state, text: value, selected: -1 });
  }

  /** ArrowDown (+1) and ArrowUp (-1): through the results; up from the first one goes back to none. */
  move(delta: 1 | -1): void {
    const state = this.getState();
    if (state.results.length === 0) return;
    const selected = Math.max(-1, Math.min(state.results.length - 1, state.selected + delta));
    if (selected !== state.selected) this.setState({ ...state, selected });
  }

  /** Selects a result by its index (a pointer on it), or none (-1). */
  select(index: number): void {
    const state = this.getState();
    const selected = index >= 0 && index < state.results.length ? index : -1;
    if (selected !== state.selected) this.setState({ ...state, selected });
  }

  /** Enter: opens the selected result, or searches for the text. */
  async enter(): Promise<void> {
    const { results, selected } = this.getState();
    const entry = results[selected];
    if (entry) await this.open(entry);
    else await this.search();
  }

  /** Opens a result: a file in the application of its type, a folder in Files (if present); then the overlay hides. */
  async open(entry: FileEntry): Promise<void> {
    try {
      if (entry.isDirectory) {
        if (!(await this.#options.openDirectory(entry.path))) return;
      } else {
        await this.#options.openFile(entry);
      }
      this.hide();
    } catch (error) {
      this.setState({ ...this.getState(), message: { kind: 'error', error } });
    }
  }

  /** Searches every mounted, searchable filesystem for '*text*'; nothing for an empty text. */
  async search(): Promise<void> {
    const text = this.getState().text.trim();
    if (text === '') return;
    const search = ++this.#searches;
    this.setState({ ...this.getState(), message: { kind: 'searching' }, results: [], selected: -1 });
    const pattern = `*${text}*`;
    const { files } = this.#options;
    let message: FileSearchMessage;
    let results: FileEntry[] = [];
    try {
      const roots = (await files.mountpoints()).filter((m) => m.enabled && m.mounted && m.attributes.searchable).map((m) => m.root);
      const answers = await Promise.allSettled(roots.map((root) => files.search(root, pattern)));
      const failures = answers.filter((a): a is PromiseRejectedResult => a.status === 'rejected').map((a) => a.reason as unknown);
      results = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []));
      // Searched too much: when to try again is the message, beside what was found (docs/behaviour/files.md#search-overlay).
      const refused = failures.find((reason) => retryAfterOf(reason) !== null);
      // A filesystem that fails otherwise does not hide what the others found; when all fail, the failure is the message.
      if (refused !== undefined) message = { kind: 'error', error: refused };
      else if (results.length === 0 && failures.length > 0) message = { kind: 'error', error: failures[0] };
      else message = results.length === 0 ? { kind: 'none', text } : { kind: 'results', count: results.length };
    } catch (error) {
      message = { kind: 'error', error };
    }
    if (search !== this.#searches) return;
    this.setState({ ...this.getState(), message, results, selected: -1 });
  }

  /** Escape: clears the text and results, or hides when there is nothing to clear. */
  escape(): void {
    const state = this.getState();
    if (state.text !== '' || state.results.length > 0 || state.message.kind !== 'hint') {
      this.#searches++;
      this.setState(INITIAL);
    } else {
      this.hide();
    }
  }

  /** Focus left the overlay: it hides 300 ms later unless focus comes back. */
  blur(): void {
    this.#cancelBlur();
    const { clock } = this.#options;
    this.#blurTimer = clock.setTimeout(() => {
      this.#blurTimer = null;
      this.hide();
    }, FILE_SEARCH_BLUR_DELAY);
  }

  /** Focus is in the overlay (again). */
  focus(): void {
    this.#cancelBlur();
  }

  /** Hides the overlay; the text and results stay for the next time, nothing selected (Enter then searches again). */
  hide(): void {
    this.#cancelBlur();
    this.select(-1);
    this.#options.hide();
  }

  dispose(): void {
    this.#cancelBlur();
    this.#searches++;
    this.clearListeners();
  }

  #cancelBlur(): void {
    if (this.#blurTimer === null) return;
    this.#options.clock.clearTimeout(this.#blurTimer);
    this.#blurTimer = null;
  }
}

/** The Files application: folders found open in it (docs/behaviour/files.md#search-overlay). */
const FILES_APP = 'Files';

/**
 * The desktop's search model: files open in the application of their type,
 * folders in Files when the user has it, hiding closes the desktop's overlay.
 */
export function desktopFileSearch(desktop: {
  files: FileSystem;
  clock: Clock;
  openFile(file: FileEntry): Promise<void>;
  packages: { visible(type: 'application'): ReadonlyArray<{ name: string }>; launch(request: { app: string; args: Record<string, unknown> }): Promise<unknown> };
  ui: { getState(): { popup: string | null }; closePopup(): void };
}): FileSearchModel {
  const { packages, ui } = desktop;
  return new FileSearchModel({
    files: desktop.files,
    clock: desktop.clock,
    openFile: desktop.openFile,
    async openDirectory(path) {
      if (!packages.visible('application').some((entry) => entry.name === FILES_APP)) return false;
      await packages.launch({ app: FILES_APP, args: { path } });
      return true;
    },
    hide: () => {
      if (ui.getState().popup === 'fileSearch') ui.closePopup();
    },
  });
}
