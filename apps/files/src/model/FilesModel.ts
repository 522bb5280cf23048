import type { AppSettings, FileEntry, FileSystem, FileSystemChange, Mountpoint } from '@atrium/sdk';
import { basenameVfsPath, joinVfsPath, parentVfsPath } from '@atrium/shared';
import { actionStates, type ActionId, type ActionStates } from './actions.js';
import { Model } from '@atrium/app-kit';
import { keepBothName, renameSelection } from './names.js';
import { isRoot, isWithin, mountpointOf, normalisePath, samePath, visibleMountpoints } from './paths.js';
import { appProblem, nameProblem, problemOf, type Problem } from './problems.js';
import { clickItem, EMPTY_SELECTION, keepExisting, moveFocus, selectAll, type ClickMode, type Selection, type Step } from './selection.js';
import { DEFAULT_SORT, isSortOrder, sortListing, type SortKey, type SortOrder } from './sorting.js';
import { UploadQueue, type OverwriteChoice } from './UploadQueue.js';

export type ViewMode = 'list' | 'icons';

/** Items copied or cut, waiting for Paste. */
export interface Clipboard {
  mode: 'copy' | 'cut';
  paths: readonly string[];
}

/** The properties panel: an entry's name, path, type, size, times, and for a folder how many items it holds. */
export interface Properties {
  status: 'loading' | 'ready' | 'failed';
  path: string;
  entry: FileEntry | null;
  itemCount: number | null;
  problem: Problem | null;
}

export interface FilesState {
  /** The caller's mountpoints (the side bar shows visibleMountpoints of them). */
  mountpoints: readonly Mountpoint[];
  /** The folder shown ('home:/Documents'); null before the first one. */
  path: string | null;
  /** Listing the folder, listed, or failed (problem says why). */
  status: 'loading' | 'ready' | 'failed';
  problem: Problem | null;
  /** The folder's entries in the user's order. */
  entries: readonly FileEntry[];
  selection: Selection;
  sort: SortOrder;
  view: ViewMode;
  clipboard: Clipboard | null;
  /** Why the last action failed, until dismissed or the next one. */
  notice: Problem | null;
  properties: Properties | null;
}

/** What the model asks of the desktop: the filesystem, dialogs, opening and downloading files. */
export interface FilesHost {
  readonly files: FileSystem;
  /** Translates a text for a dialog (the desktop's t). */
  t(key: string, values?: Record<string, unknown>): string;
  /** Opens a file in the application handling its mime type. */
  openFile(entry: FileEntry): Promise<void>;
  /** A yes/no question; true for yes. A destructive one (a deletion) opens on No. */
  confirm(message: string, title: string, options?: { destructive?: boolean }): Promise<boolean>;
  /** A line of text (null when cancelled), starting from `value` with `selection` of it selected (all of it when absent). */
  prompt(message: string, title: string, value: string, selection?: [number, number]): Promise<string | null>;
  askOverwrite(name: string, directory: string): Promise<OverwriteChoice>;
  /** Saves the file at this address to the computer. */
  download(url: string, filename: string): void;
  /** The app's settings, where the view mode and the sort order are kept. */
  readonly preferences?: Pick<AppSettings, 'get' | 'set'>;
}

/**
 * The Files application's state and rules: which folder is shown and how
 * (navigation, listing, sort, view mode), the selection, the clipboard, the
 * actions on the selection (each enabled or greyed with a reason, see
 * actions.ts) and the uploads (UploadQueue). Views render it and call it;
 * every change of the filesystem in the folder shown refreshes it.
 */
export class FilesModel extends Model<FilesState> {
  readonly uploads: UploadQueue;
  readonly #host: FilesHost;
  readonly #unsubscribe: () => void;
  #request = 0;
  #disposed = false;

  constructor(host: FilesHost) {
    const view = host.preferences?.get('view');
    const sort = host.preferences?.get('sort');
    super({
      mountpoints: [],
      path: null,
      status: 'loading',
      problem: null,
      entries: [],
      selection: EMPTY_SELECTION,
      sort: isSortOrder(sort) ? sort : DEFAULT_SORT,
      view: view === 'icons' ? 'icons' : 'list',
      clipboard: null,
      notice: null,
      properties: null,
    });
    this.#host = host;
    this.uploads = new UploadQueue(host);
    this.#unsubscribe = host.files.subscribe((change) => this.#onChange(change));
  }

  /** Loads the mountpoints and shows `path` (a folder; a file's folder), else the home folder, else the first mountpoint. */
  async start(path?: string | null): Promise<void> {
    await this.#loadMountpoints();
    const mountpoints = visibleMountpoints(this.getState().mountpoints);
    const home = mountpoints.find((m) => m.name === 'home') ?? mountpoints[0];
    const target = path ?? home?.root ?? null;
    if (target === null) {
      this.update({ status: 'failed', problem: appProblem('files.error.noMountpoints', 'There is no filesystem to show') });
      return;
    }
    await this.navigate(target);
  }

  /** The mountpoint of the folder shown. */
  get mountpoint(): Mountpoint | null {
    return mountpointOf(this.getState().mountpoints, this.getState().path);
  }

  /** The entries selected, in display order. */
  get selectedEntries(): FileEntry[] {
    const { entries, selection } = this.getState();
    const selected = new Set(selection.selected);
    return entries.filter((e) => selected.has(e.path));
  }

  /** Every action with whether it can run now and, if not, why. */
  actions(): ActionStates {
    return actionStates(this.getState(), this.mountpoint, this.selectedEntries);
  }

  // ---- Navigation ----

  /** Shows a folder. */
  async navigate(path: string): Promise<void> {
    const at = normalisePath(path);
    const request = ++this.#request;
    this.update({ path: at, status: 'loading', problem: null, entries: [], selection: EMPTY_SELECTION, notice: null });
    await this.#list(request, at, EMPTY_SELECTION);
  }

  /** Lists the folder again, keeping the selection of entries still there (quiet: no loading state). */
  async refresh(): Promise<void> {
    const { path, selection } = this.getState();
    if (path === null) return;
    await this.#list(++this.#request, path, selection);
  }

  /** The folder above, unless the folder shown is a mountpoint's top. */
  async up(): Promise<void> {
    const { path } = this.getState();
    if (path !== null && !isRoot(path)) await this.navigate(parentVfsPath(path));
  }

  /** Double click or Enter: a folder is shown, a file opens in its application. */
  async open(path?: string): Promise<void> {
    const entry = path ? this.getState().entries.find((e) => e.path === path) : this.selectedEntries[0];
    if (!entry) return;
    if (entry.isDirectory) return this.navigate(entry.path);
    await this.#attempt(() => this.#host.openFile(entry));
  }

  async mount(name: string): Promise<void> {
    await this.#attempt(() => this.#host.files.mount(name));
    await this.#loadMountpoints();
    await this.refresh();
  }

  // ---- View ----

  setView(view: ViewMode): void {
    this.update({ view });
    this.#host.preferences?.set('view', view);
  }

  /** Sorts by a column; the column already sorted by turns around. */
  sortBy(key: SortKey): void {
    const { sort, entries } = this.getState();
    const next: SortOrder = { key, direction: sort.key === key && sort.direction === 'asc' ? 'desc' : 'asc' };
    this.update({ sort: next, entries: sortListing(entries, next) });
    this.#host.preferences?.set('sort', next);
  }

  // ---- Selection ----

  click(path: string, mode: ClickMode = 'replace'): void {
    this.update({ selection: clickItem(this.getState().selection, this.#order(), path, mode) });
  }

  moveFocus(step: Step, extend = false): void {
    this.update({ selection: moveFocus(this.getState().selection, this.#order(), step, extend) });
  }

  selectAll(): void {
    this.update({ selection: selectAll(this.#order(), this.getState().selection) });
  }

  clearSelection(): void {
    this.update({ selection: { ...EMPTY_SELECTION, focused: this.getState().selection.focused } });
  }

  // ---- Actions ----

  /** Runs an action if it is enabled now (the one entry of the toolbar, the menus and the keys). Upload needs the view's file picker. */
  async run(id: ActionId): Promise<void> {
    if (!this.actions()[id].enabled) return;
    switch (id) {
      case 'open':
        return this.open();
      case 'newFolder':
        return this.newFolder();
      case 'download':
        return this.download();
      case 'rename':
        return this.rename();
      case 'delete':
        return this.remove();
      case 'copy':
      case 'cut':
        return this.copyToClipboard(id);
      case 'paste':
        return this.paste();
      case 'properties':
        return this.showProperties();
      case 'upload':
        return;
    }
  }

  /** Asks a name and creates the folder. */
  async newFolder(): Promise<void> {
    const { path, entries } = this.getState();
    if (path === null) return;
    const t = this.#host.t;
    const suggested = keepBothName(t('files.newFolder.name'), new Set(entries.map((e) => e.filename)), true);
    const name = await this.#host.prompt(t('files.newFolder.message'), t('files.newFolder.title'), suggested);
    if (name === null) return;
    const problem = nameProblem(name);
    if (problem) return this.update({ notice: problem });
    const created = await this.#attempt(() => this.#host.files.mkdir(joinVfsPath(path, name)));
    if (created) await this.#refreshAndSelect([created.path]);
  }

  /** Asks a new name for the selected item and renames it. */
  async rename(): Promise<void> {
    const entry = this.selectedEntries[0];
    if (!entry) return;
    const t = this.#host.t;
    // The name without its extension is selected first: typing replaces it, the extension stays.
    const name = await this.#host.prompt(t('files.rename.message', { name: entry.filename }), t('files.rename.title'), entry.filename, renameSelection(entry.filename, entry.isDirectory));
    if (name === null || name === entry.filename) return;
    const problem = nameProblem(name);
    if (problem) return this.update({ notice: problem });
    const renamed = await this.#attempt(() => this.#host.files.rename(entry.path, joinVfsPath(parentVfsPath(entry.path), name), { overwrite: false }));
    if (renamed) await this.#refreshAndSelect([renamed.path]);
  }

  /** Asks, naming what goes, then deletes the selected items. */
  async remove(): Promise<void> {
    const selected = this.selectedEntries;
    if (selected.length === 0) return;
    const t = this.#host.t;
    const message =
      selected.length === 1
        ? t((selected[0] as FileEntry).isDirectory ? 'files.delete.folder' : 'files.delete.file', { name: (selected[0] as FileEntry).filename })
        : t('files.delete.many', { count: selected.length, names: selected.map((e) => e.filename).join(', ') });
    if (!(await this.#host.confirm(message, t('files.delete.title'), { destructive: true }))) return;
    for (const entry of selected) if ((await this.#attempt(() => this.#host.files.unlink(entry.path))) === undefined) break;
    await this.refresh();
  }

  /** Remembers the selected items for Paste (cut: they move). */
  copyToClipboard(mode: Clipboard['mode']): void {
    const paths = this.getState().selection.selected;
    if (paths.length > 0) this.update({ clipboard: { mode, paths: [...paths] } });
  }

  /** Copies or moves the clipboard's items into a folder (the one shown by default); a cut is pasted once. */
  async paste(target?: string): Promise<void> {
    const { clipboard, path } = this.getState();
    const into = target ?? path;
    if (!clipboard || into === null) return;
    await this.transfer(clipboard.paths, into, clipboard.mode === 'copy');
    if (clipboard.mode === 'cut') this.update({ clipboard: null });
  }

  /**
   * Moves (or copies) items into a folder: drag and drop, and Paste. A taken
   * name asks the overwrite question for a file and keeps both for a
   * folder; a copy into its own folder is numbered, a move into it does nothing.
   */
  async transfer(paths: readonly string[], into: string, copy: boolean): Promise<void> {
    const target = normalisePath(into);
    const block = this.#writeBlock(target);
    if (block) return this.update({ notice: block });
    const files = this.#host.files;
    const names = await files.readdir(target, { showHiddenFiles: true }).then(
      (entries) => new Map(entries.map((e) => [e.filename, e])),
      () => new Map<string, FileEntry>(),
    );
    const moved: string[] = [];
    for (const from of paths) {
      const name = basenameVfsPath(from);
      // Dropped where it already is, or onto itself: nothing to do.
      if ((samePath(parentVfsPath(from), target) && !copy) || samePath(from, target)) continue;
      if (isWithin(target, from)) {
        this.update({ notice: problemOf({ code: 'vfs.intoItself', params: { from }, message: `Cannot move or copy '${from}' into itself` }) });
        continue;
      }
      let finalName = name;
      let overwrite = false;
      const existing = names.get(name);
      if (existing) {
        const source = await files.stat(from).catch(() => null);
        const choice: OverwriteChoice = samePath(parentVfsPath(from), target) || existing.isDirectory || source?.isDirectory ? 'keepBoth' : await this.#host.askOverwrite(name, target);
        if (choice === 'skip') continue;
        if (choice === 'replace') overwrite = true;
        else finalName = keepBothName(name, new Set(names.keys()), source?.isDirectory ?? false);
      }
      const to = joinVfsPath(target, finalName);
      const done = await this.#attempt(() => (copy ? files.copy(from, to, { overwrite }) : files.rename(from, to, { overwrite })));
      if (done) {
        names.set(finalName, done);
        moved.push(done.path);
      }
    }
    if (samePath(target, this.getState().path)) await this.#refreshAndSelect(moved);
    else await this.refresh();
  }

  /** Uploads files from the computer into a folder (the one shown by default). */
  upload(files: readonly Blob[], into?: string): void {
    const target = into ?? this.getState().path;
    if (target === null || files.length === 0) return;
    const block = this.#writeBlock(target);
    if (block) return this.update({ notice: block });
    this.uploads.add(files, normalisePath(target));
  }

  /** Saves the selected files to the computer (folders cannot be downloaded). */
  async download(): Promise<void> {
    for (const entry of this.selectedEntries) {
      if (!entry.isFile) continue;
      const url = await this.#attempt(() => this.#host.files.url(entry.path, { download: true }));
      if (url) this.#host.download(url, entry.filename);
    }
  }

  /** Shows the properties of the selected item, or of the folder shown when nothing is selected. */
  async showProperties(path?: string): Promise<void> {
    const at = path ?? this.selectedEntries[0]?.path ?? this.getState().path;
    if (at === null) return;
    this.update({ properties: { status: 'loading', path: at, entry: null, itemCount: null, problem: null } });
    try {
      const entry = await this.#host.files.stat(at);
      const itemCount = entry.isDirectory ? (await this.#host.files.readdir(at, { showHiddenFiles: true })).length : null;
      if (this.getState().properties?.path === at) this.update({ properties: { status: 'ready', path: at, entry, itemCount, problem: null } });
    } catch (error) {
      if (this.getState().properties?.path === at) this.update({ properties: { status: 'failed', path: at, entry: null, itemCount: null, problem: problemOf(error) } });
    }
  }

  closeProperties(): void {
    this.update({ properties: null });
  }

  dismissNotice(): void {
    this.update({ notice: null });
  }

  dispose(): void {
    this.#disposed = true;
    this.#request++;
    this.#unsubscribe();
    this.uploads.dispose();
    this.clearListeners();
  }

  // ---- Inside ----

  #order(): string[] {
    return this.getState().entries.map((e) => e.path);
  }

  /** Why a folder cannot be written to, or null. */
  #writeBlock(path: string): Problem | null {
    const mountpoint = mountpointOf(this.getState().mountpoints, path);
    if (mountpoint?.attributes.readOnly) return problemOf({ code: 'vfs.readOnly', params: { name: mountpoint.name }, message: `Filesystem '${mountpoint.name}' is read-only` });
    return null;
  }

  async #list(request: number, path: string, selection: Selection): Promise<void> {
    try {
      const entries = sortListing(await this.#host.files.readdir(path), this.getState().sort);
      if (request !== this.#request || this.#disposed) return;
      this.update({ status: 'ready', problem: null, entries, selection: keepExisting(selection, entries.map((e) => e.path)) });
    } catch (error) {
      if (request !== this.#request || this.#disposed) return;
      this.update({ status: 'failed', problem: problemOf(error), entries: [], selection: EMPTY_SELECTION });
    }
  }

  async #refreshAndSelect(paths: readonly string[]): Promise<void> {
    await this.refresh();
    const present = this.#order();
    const wanted = paths.map(normalisePath).filter((p) => present.includes(p));
    if (wanted.length > 0) this.update({ selection: { selected: present.filter((p) => wanted.includes(p)), anchor: wanted[0] as string, focused: wanted[0] as string } });
  }

  /** Reads the mountpoints again: their labels in the current language, after a language switch. */
  relabel(): Promise<void> {
    return this.#loadMountpoints();
  }

  async #loadMountpoints(): Promise<void> {
    try {
      const mountpoints = await this.#host.files.mountpoints();
      if (!this.#disposed) this.update({ mountpoints });
    } catch (error) {
      if (!this.#disposed) this.update({ notice: problemOf(error) });
    }
  }

  /** Runs a filesystem call; a failure becomes the notice and the result undefined. */
  async #attempt<T>(call: () => Promise<T>): Promise<T | undefined> {
    try {
      const result = await call();
      if (!this.#disposed && this.getState().notice) this.update({ notice: null });
      return result;
    } catch (error) {
      if (!this.#disposed) this.update({ notice: problemOf(error) });
      return undefined;
    }
  }

  #onChange(change: FileSystemChange): void {
    if (this.#disposed) return;
    // A filesystem mounted or unmounted, or changes that may have been missed (the desktop's connection came back): everything is read again.
    if (change.operation === 'mount' || change.operation === 'unmount' || change.operation === 'resync') {
      void this.#loadMountpoints().then(() => this.refresh());
      return;
    }
    const { path } = this.getState();
    if (path !== null && change.directories.some((d) => samePath(d, path))) void this.refresh();
  }
}
