/**
 * @atrium/sdk: what an application author writes against. A package's entry
 * module default-exports an ApplicationRuntime (see defineApplication); the
 * desktop calls its launch() with the new Application instance, which gives
 * the app its windows, dialogs, notifications, settings, sockets and the
 * rest of the desktop. Types, a few helpers and the error files reject
 * with, and the contract of the dashboards' drill-down engine (the engine
 * itself, createDrilldown, is `@atrium/sdk/drilldown`, which the desktop
 * fetches when an application first drills: lazyDrilldown): nothing here
 * holds state of its own, so a package may bundle it. An in-memory
 * FileSystem for tests is at `@atrium/sdk/testing`.
 *
 * The guide: docs/APPLICATIONS.md.
 */
import type { DesktopDrilldown } from './drilldown.js';
import {
  VFS_NAME_RULES,
  type CreateTaskBody,
  type Locale,
  type LocalizedText,
  type NotificationResponse,
  type NotificationType,
  type PackageMetadata,
  type PackageType,
  type ProfileApp,
  type RygStatus,
  type SearchFilter,
  type SearchResponse,
  type TaskChangedParams,
  type TaskComment,
  type TaskItem,
  type TaskSort,
  type UpdateTaskBody,
  type VfsMountpoint,
  type VfsStat,
} from '@atrium/shared';

export type { Locale, LocalizedText, PackageMetadata, PackageType, ProfileApp } from '@atrium/shared';
export { FileSystemError } from '@atrium/shared';
export { wildcardMatcher } from './wildcard.js';
export {
  DASHBOARDS_APP,
  DrillError,
  drillErrorText,
  type DesktopDrilldown,
  type DrillDashboard,
  type DrillElement,
  type DrillErrorCode,
  type DrillFileEntry,
  type DrilldownHost,
  type DrillStack,
  type DrillValue,
  type DrillView,
  type DrillWidget,
} from './drilldown.js';
export { lazyDrilldown, type DrilldownEngineModule } from './lazyDrilldown.js';
export type { DrillContextEntry, DrillFilter, Drilldown, DrillMessage, DrillTarget } from '@atrium/shared/dashboards';
export type {
  CreateTaskBody,
  NotificationGroup,
  NotificationResponse,
  NotificationType,
  RygCount,
  RygStatus,
  SearchFilter,
  SearchResponse,
  SearchResult,
  TaskChangedParams,
  TaskComment,
  TaskItem,
  TaskSort,
  UpdateTaskBody,
} from '@atrium/shared';

// ---- Launching (docs/behaviour/applications.md#launch-rules) ----

/** Options of a launch; unknown extra options are handed to the app as they are. */
export interface LaunchOptions {
  /** Restart a running singleton instead of re-focusing it (docs/behaviour/applications.md#singletons). */
  restart?: boolean;
  /** A page for the app to show (links inside apps add a page to a running app). */
  page?: string;
  /** Title and icon for the app's first window instead of the package's. */
  title?: string;
  icon?: string;
  /** A file the app opens. */
  fileId?: string;
  /**
   * Set by the desktop when it restores a saved session: the saved records
   * of the app's windows. A window created with one of these ids opens at the
   * saved place and size, maximized or minimized as it was.
   */
  restore?: ReadonlyArray<{ id: string; maximized: boolean; minimized: boolean; position: { left: number; top: number }; dimension: { width: number; height: number } }>;
  /** Set by the desktop: the catalogue entry a viewer launch shows (what a saved session relaunches). */
  sessionName?: string;
  [option: string]: unknown;
}

/** A launch request: app, args (or params), options; optional page, title, icon and file id (docs/behaviour/applications.md#launch-rules). */
export interface LaunchRequest {
  app: string;
  args?: Record<string, unknown>;
  /** Another name for args (links and page addresses carry params). */
  params?: Record<string, unknown>;
  options?: LaunchOptions;
  page?: string;
  title?: string;
  icon?: string;
  fileId?: string;
}

// ---- Windows ----

/**
 * A window's (or a dialog's) title: a text, or a function giving it in the
 * current language from the desktop's translator. The desktop calls the
 * function again whenever the user switches language, so a title made of
 * texts (the app's title, 'Untitled', a folder's name) follows the language
 * (docs/behaviour/windows.md#title). A plain text stays as it is given.
 */
export type WindowTitle = string | ((t: Translate) => string);

export interface AppWindowOptions {
  /** Unique among the app's windows (else "Window with ID '{0}' already exists": docs/behaviour/windows.md#window-ids). */
  id: string;
  /** Default: the app's title in the current language, following language switches. */
  title?: WindowTitle;
  icon?: string | null;
  position?: { left?: number; top?: number };
  dimension?: { width?: number; height?: number };
  /** Window attributes (docs/behaviour/windows.md#attributes: resizable, maximizable, minDimension...). */
  attributes?: Record<string, unknown>;
  /** The window's parent (for modal children). */
  parent?: number | null;
  /**
   * Renders the content into the window's body when it is on screen; may
   * return a cleanup called when the window closes (or the app ends).
   */
  render(body: HTMLElement, window: AppWindow): void | (() => void);
}

/** A window of the app. */
export interface AppWindow {
  readonly wid: number;
  readonly id: string;
  /** Sets the title; give a function of the translator for a title made of texts, so that it follows a language switch. */
  setTitle(title: WindowTitle): void;
  setLoading(loading: boolean): void;
  focus(): void;
  /** Draws the user's attention to the window (a singleton launched again). */
  attention(): void;
  /** Closes the window at once (no question asked). */
  close(): void;
  /**
   * Asked before the user closes the window (its close button, its menu,
   * the window list, the keyboard): resolve false to keep it open, e.g.
   * after asking about unsaved changes. One per window; returns a remover.
   */
  onBeforeClose(guard: () => boolean | Promise<boolean>): () => void;
}

// ---- Dialogs and notifications ----

export type DialogKind = 'alert' | 'confirm' | 'prompt' | 'progress' | 'color' | 'font' | 'file' | 'choice' | 'defaultApplication';

/** What a dialog shows (docs/behaviour/dialogs.md); `parent` makes it modal to one of the app's windows. */
export interface DialogOptions {
  /** Default: the kind's own title; a function of the translator follows a language switch (WindowTitle). */
  title?: WindowTitle;
  message?: string;
  /** An alert's look: 'error' shows `error`'s details; 'refused' says the user may not use something. */
  type?: 'info' | 'error' | 'refused';
  /** An alert's second paragraph: what to do next. */
  hint?: string;
  /** Button names ('yes', 'no', 'ok', 'cancel') replacing the kind's own, in their natural order. */
  buttons?: string[];
  /** i18n keys of button labels replacing 'dialog.button.<name>'. */
  labels?: Record<string, string>;
  /** Buttons shown in reverse order. */
  reverseButtons?: boolean;
  /** A prompt's starting text, a choice's chosen key. */
  value?: unknown;
  /** The part of a prompt's text selected when it opens, as [start, end) (a file's name without its extension); all of it when absent. */
  selection?: [number, number];
  /** A question whose yes cannot be undone (a deletion): it opens on the button that keeps things as they are, which Enter presses. */
  destructive?: boolean;
  placeholder?: string;
  /** A choice dialog's entries: key to label. */
  choices?: Record<string, string>;
  error?: { message?: string; stack?: string } | Error;
  /** wid of the window the dialog is modal to. */
  parent?: number | null;
}

/** The file chooser's options (docs/behaviour/dialogs.md#file-chooser): open or save, the folder to start in, a name to save as, accepted mime patterns. */
export interface FileDialogOptions extends Omit<DialogOptions, 'type'> {
  type: 'open' | 'save';
  filetype?: 'file' | 'directory';
  /** The folder to start in ('name:/path'). */
  path?: string;
  filename?: string;
  mime?: string[];
}
/** Called once with the button pressed ('ok', 'cancel', 'yes', 'no', 'close') and the dialog's value. */
export type DialogCallback = (button: string, value: unknown) => void;

/** Notification options (docs/behaviour/notifications.md#options). */
export interface NotificationOptions {
  title: string;
  message?: string;
  icon?: string;
  /** Milliseconds before it goes; default 5000; 0 keeps it until closed. */
  timeout?: number;
  /** Also as a browser notification when the user allowed them. */
  native?: boolean;
  /** Plays the message sound. */
  sound?: boolean;
}

// ---- Settings ----

/** The app's own settings (stored on the server under 'app.<name>'; saves are debounced). */
export interface AppSettings {
  get<T = unknown>(key: string, fallback?: T): T | undefined;
  /** Changes a value; saved 100 ms after the last change. */
  set(key: string, value: unknown): void;
  /** Saves at once; resolves when the server has them. */
  save(): Promise<void>;
  /** Listens to changes (also those made in another tab). Returns an unsubscribe. */
  subscribe(listener: () => void): () => void;
}

// ---- Sockets ----

export type SocketStatus = 'connecting' | 'open' | 'closed';

/** The app's own websocket at its per-app path, reconnecting every `reconnectInterval` ms (default 1000). */
export interface AppSocket {
  readonly status: SocketStatus;
  send(name: string, params?: unknown): void;
  on(name: string, listener: (params: unknown) => void): () => void;
  onStatus(listener: (status: SocketStatus) => void): () => void;
  close(): void;
}

// ---- Texts (docs/APPLICATIONS.md, "Texts") ----

/** A locale's texts: nested objects of strings, addressed by dotted keys ('files.toolbar.upload'). */
export interface TranslationTexts {
  readonly [key: string]: string | TranslationTexts;
}

/** The shape of an English texts literal with string leaves: what every other locale gives. */
export type TextsShape<T> = { readonly [K in keyof T]: T[K] extends string ? string : TextsShape<T[K]> };

/** An application's own texts in every locale, in the shape of its English ones (`as const`). */
export type AppTranslations<T> = Readonly<Record<Locale, TextsShape<T>>>;

/** Loads a locale's texts when the desktop first needs them (a dynamic import of the app's module for that locale). */
export type TranslationLoader = () => Promise<TranslationTexts>;

// ---- Files (docs/APPLICATIONS.md, "Files"; rules in docs/behaviour/files.md) ----

/**
 * A file or directory as the client sees it (docs/behaviour/files.md#file-entries):
 * the server's entry (VfsEntry) plus `humanSize`. `path` has the 'name:/path' form.
 */
export interface FileEntry {
  isDirectory: boolean;
  isFile: boolean;
  mime: string;
  size: number;
  /** `size` for people (humanFileSize). */
  humanSize: string;
  path: string;
  filename: string;
  label?: string;
  stat?: Partial<VfsStat> & Record<string, unknown>;
  id?: string;
  parent_id?: string | null;
  icon?: string;
  /** An address the browser can load without a bearer token (files only; see FileSystem.url). */
  url?: string;
}

/** A mounted (or mountable) filesystem (docs/behaviour/files.md#mountpoints). `root` is its top directory, e.g. 'home:/'. */
export type Mountpoint = VfsMountpoint;

/** Progress of an upload: bytes sent of the total. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** How an upload of Desktop.upload goes. */
export interface UploadOptions {
  /** Called as the form goes up. */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting cancels the upload; the promise rejects with an AbortError. */
  signal?: AbortSignal;
}

/** Options of one Desktop.request. */
export interface RequestOptions {
  /**
   * Aborting cancels the call: the request is abandoned (the server hears the
   * connection close) and the promise rejects with an AbortError
   * (`isAbortError` tells it from a failure).
   */
  signal?: AbortSignal;
}

/** Whether a call failed because it was aborted (its signal's AbortError), not because the server or the network failed. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

export interface WriteOptions {
  /** false: refuse to replace an existing entry (the overwrite question was not asked). Default: files are replaced. */
  overwrite?: boolean;
  /** Called as the content goes up. */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting cancels the upload; the promise rejects with an AbortError and nothing is stored. */
  signal?: AbortSignal;
}

/** What readfile returns, by the `type` asked for. */
export interface ReadTypes {
  text: string;
  blob: Blob;
  arraybuffer: ArrayBuffer;
}

/** A change the filesystem made, told to subscribers so that open views refresh. */
export interface FileSystemChange {
  /**
   * What changed; 'resync' when changes may have been missed (the desktop's
   * connection to the server came back after a drop): then `directories` is
   * empty and every listing shown, and the mountpoints, may be stale.
   */
  operation: 'writefile' | 'copy' | 'rename' | 'mkdir' | 'unlink' | 'touch' | 'mount' | 'unmount' | 'resync';
  /** The paths whose directory listings changed (the entries' parents, or the mountpoint root). */
  directories: string[];
}

/**
 * The filesystems the client works with (docs/behaviour/files.md). Paths have
 * the 'name:/path' form; a malformed one rejects with the text of
 * docs/behaviour/files.md#paths. Failures reject with an Error whose
 * message is the English text and, for the server's, a `code`
 * ('vfs.notFound'...) and `params` to translate it with.
 *
 * The desktop's implementation talks to the server's /vfs/{operation};
 * tests and the development build use an in-memory one.
 */
export interface FileSystem {
  mountpoints(): Promise<Mountpoint[]>;
  /** The entries of a directory: directories first, then by name. */
  readdir(path: string, options?: { showHiddenFiles?: boolean }): Promise<FileEntry[]>;
  exists(path: string): Promise<boolean>;
  stat(path: string): Promise<FileEntry>;
  readfile<K extends keyof ReadTypes = 'text'>(path: string, type?: K): Promise<ReadTypes[K]>;
  /** Writes a file (creating or replacing it); resolves with its entry. */
  writefile(path: string, data: Blob | string | ArrayBuffer, options?: WriteOptions): Promise<FileEntry>;
  copy(from: string, to: string, options?: { overwrite?: boolean }): Promise<FileEntry>;
  /** Moves or renames. */
  rename(from: string, to: string, options?: { overwrite?: boolean }): Promise<FileEntry>;
  mkdir(path: string): Promise<FileEntry>;
  /** Deletes a file, or a directory with everything in it. */
  unlink(path: string): Promise<boolean>;
  /** Creates an empty file, or updates the modified time of an existing one. */
  touch(path: string): Promise<FileEntry>;
  /** Entries under `root` whose names match `pattern` ('*' any run, '?' one character); non-searchable mountpoints are skipped. */
  search(root: string, pattern: string, options?: { limit?: number }): Promise<FileEntry[]>;
  /** An address the browser loads the file from (img/video src, or a download when `download` is set). */
  url(path: string, options?: { download?: boolean }): Promise<string>;
  /** Mounts an unmounted filesystem ('Filesystem '{0}' already mounted' otherwise). */
  mount(name: string): Promise<void>;
  /** Unmounts a mounted filesystem ('Filesystem '{0}' not mounted' otherwise). */
  unmount(name: string): Promise<void>;
  /** Listens to the changes this client made; returns an unsubscribe. */
  subscribe(listener: (change: FileSystemChange) => void): () => void;
}

// ---- The desktop ----

/**
 * The user's desktop settings (docs/behaviour/settings.md#desktop-settings: 'desktop.theme',
 * 'desktop.background', 'locale'...; see @atrium/shared settings.ts).
 * Changes apply at once and are saved 100 ms after the last one.
 */
export interface DesktopSettingsAccess {
  get<T = unknown>(key: string): T;
  /** Throws the translated 'locked' error for a key of settings.lock, or the rule's text for a bad value. */
  set(key: string, value: unknown): void;
  isLocked(key: string): boolean;
  save(): Promise<void>;
  subscribe(listener: () => void): () => void;
}

/** A package the desktop knows (for choosers of themes, icons, sounds). */
export interface PackageSummary {
  name: string;
  type: PackageType;
  /** In the current locale. */
  title: string;
}

/** Where and how a tray icon was clicked: the point (client coordinates) an app may open its own menu at. */
export interface TrayEntryEvent {
  x: number;
  y: number;
  /** True when the keyboard did it (Enter, Space, Shift+F10, the context-menu key): the point is the icon's corner. */
  keyboard: boolean;
}

/** A tray icon (docs/APPLICATIONS.md, "The tray"). */
export interface TrayEntryOptions {
  /** An icon name of the icon package ('preferences'), an image address, or null for the generic glyph. */
  icon?: string | null;
  /** The icon's name for everyone: its tooltip and what screen readers say. */
  title: string;
  /** A count shown on the icon (above 99: '99+'); 0 or null shows none. */
  badge?: number | null;
  onClick?(event: TrayEntryEvent): void;
  onContextMenu?(event: TrayEntryEvent): void;
}

/** A placed tray icon: change it, or take it away. The desktop takes an app's icons away when the app ends. */
export interface TrayEntry {
  update(changes: Partial<TrayEntryOptions>): void;
  destroy(): void;
}

/** The panel's system tray. */
export interface DesktopTray {
  create(options: TrayEntryOptions): TrayEntry;
}

/** What the desktop offers every app. */
export interface Desktop {
  /** The current locale ('en_EN'...). */
  readonly locale: string;
  /** Translates a key of the product's catalogues. */
  t(key: string, vars?: Record<string, unknown>): string;
  /** A text of a localised map (metadata titles), in the current locale or en_EN. */
  localize(text: LocalizedText): string;
  /** Launches another application (the same rules as the page address). */
  launch(request: LaunchRequest): Promise<void>;
  /** The signed-in user; preferences of the profile (Greetingmessage 'true' or 'false'). */
  readonly user: { id: string; username: string; name: string; preferences: Readonly<Record<string, string>> };
  /**
   * The apps of the user's profile (docs/behaviour/profile.md#profile), as the
   * profile was loaded at sign-in; start_options is their JSON string
   * (name, appId, category, title, type and, for web apps, url and icon).
   */
  profileApps(): readonly ProfileApp[];
  /** Changes a preference of the user's profile on the server (Greetingmessage). */
  setUserPreference(name: 'Greetingmessage', value: 'true' | 'false'): Promise<void>;
  /** Switches the interface language and keeps it in the 'locale' setting. */
  setLocale(locale: Locale): Promise<void>;
  readonly settings: DesktopSettingsAccess;
  /** Packages visible to the user, optionally of one type. */
  packages(type?: PackageType): PackageSummary[];
  /** Opens the profile card of a user at a point of the screen (docs/behaviour/profile.md#profile-card). */
  showProfileCard(userId: string, at: { x: number; y: number }): void;
  /**
   * Makes a signed request to the server's API (bearer token, JSON); with
   * `options.signal`, aborting it rejects with an AbortError (docs/APPLICATIONS.md#requests).
   */
  request<T = unknown>(method: 'get' | 'post' | 'put' | 'delete', path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /**
   * Sends a multipart form to the server's API with the signed-in token (an
   * upload): its progress is told as the form goes up, it has no time limit
   * of its own, and aborting it rejects with an AbortError.
   */
  upload<T = unknown>(path: string, form: FormData, options?: UploadOptions): Promise<T>;
  /** The panel's tray: icons with a title, a badge and click and context-click handlers. */
  readonly tray: DesktopTray;
  /** The user's files: every mountpoint the user sees (home, the organisation's shared folder...). */
  readonly files: FileSystem;
  /**
   * Opens a file in the application that handles its mime type (the
   * package's `mimes`): the user's remembered default, the only one, or the
   * one the user picks in the default-application chooser. The application
   * is launched with `args.file` set to the entry.
   */
  openFile(file: FileEntry | string): Promise<void>;
  /**
   * Adds the application's own texts to the desktop's catalogues, for each
   * locale given (merged under their keys, e.g. `{ en_EN: { myApp: {...} }, de_DE: ... }`),
   * so that `t` and the views find them in the current language and after a
   * language switch; a key missing in a language falls back to en_EN. A
   * locale may be given as a loader instead: it is called when that locale
   * is first needed (now for the current one, before the switch for a
   * language switched to later), so an app ships only the texts in use.
   * Resolves when the current language's texts are in. Call it (and await
   * it) in launch, before the first window renders.
   */
  addTranslations(texts: Partial<Record<Locale, TranslationTexts | TranslationLoader>>): Promise<void>;
  /** The user's work items: list, create and change tasks, snooze them, comment on them (docs/behaviour/work.md). */
  readonly tasks: DesktopTasks;
  /** Global search over applications, people, files, comments and the records of declared applications (docs/behaviour/search.md). */
  readonly search: DesktopSearch;
  /**
   * Calls `listener` with each change of records of the declared
   * applications the user has (which records of which entity, and who made
   * the change: what is shown of them should be fetched again), and with
   * null when changes may have been missed (the desktop's connection came
   * back after a drop). Returns the unsubscribe function.
   */
  onRecordsChanged(listener: (change: RecordsChange | null) => void): () => void;
  /**
   * Puts the application's commands in the desktop's command registry
   * (docs/APPLICATIONS.md, "Commands"): while a window of the application
   * is focused (with `window`, only that one), the command palette offers
   * each enabled one, named by its label and with its keys, and its keys
   * run it, also from inside a text field (the browser's own use of the
   * keys, such as Ctrl+S saving the page, is prevented). Several windows
   * (or instances) may register a command of the same id: the focused
   * window's runs. Returns the removal; the commands of a window go when
   * it closes, all of them when the application ends.
   */
  registerCommands(commands: readonly AppCommand[], options?: { window?: AppWindow }): () => void;
  /**
   * The drill-down engine (docs/behaviour/dashboards.md#drill-down): one
   * stack per widget slot of an open dashboard (`stack`, `release` when its
   * window closes), and drills from links (`follow`).
   */
  readonly drilldown: DesktopDrilldown;
}

/** A command of an application (Desktop.registerCommands). */
export interface AppCommand {
  /**
   * Unique among the application's commands ('save'). The desktop knows it
   * as `app.<package>.<id>` ('app.Records.save'): the id a user's own
   * keybinding ('desktop.keybindings') names.
   */
  id: string;
  /**
   * Its name in the palette: a text shown as it is, or a function of the
   * translator giving it in the current language (a key of the
   * application's own texts: `(t) => t('myApp.command.save')`), called
   * again after a language switch.
   */
  label: string | ((t: Translate) => string);
  /** Its keys ('Ctrl+S', 'Alt+PageDown': modifiers Alt, Shift, Ctrl, Meta, then a key as KeyboardEvent.key names it); a user's own binding replaces them. */
  keybinding?: string;
  /** More keys that run it too, not shown ('Meta+S' beside 'Ctrl+S'); a user's own binding replaces them as well. */
  alternateKeybindings?: readonly string[];
  /** Whether it can run now on the focused window (always when absent): the palette leaves it out and its keys do nothing (the browser keeps them) otherwise. */
  enabled?(window: AppWindow): boolean;
  /** Runs it on the focused window of the application. */
  run(window: AppWindow): void;
}

/** Records of an entity of a declared application changed (the records runtime fetches again what it shows of them). */
export interface RecordsChange {
  app: string;
  entity: string;
  /** The names of the records changed. */
  names: readonly string[];
  /** Who changed them (their display name). */
  by?: string;
}

// ---- Work items (docs/behaviour/work.md) ----

/** Which tasks to list: a view, a page, a colour filter and an order. */
export interface TaskListQuery {
  /** 'assignments' (default), 'followups' or 'snoozed'. */
  type?: NotificationType;
  /** Tasks per page (default 5, at most 100) and how many to skip. */
  take?: number;
  skip?: number;
  /** Only tasks of this colour; null or absent for all. */
  ryg_status?: RygStatus | null;
  /** By end date (default) or by status (colour, then end date). */
  sort?: TaskSort;
  order?: 'asc' | 'desc';
}

/**
 * The tasks of the signed-in user in the active organisation: those
 * assigned to them and those they follow. Every call answers what the
 * server says (rejecting with an Error whose message is the server's text
 * otherwise); every change reaches `onChange` of every affected user's
 * desktops within a second, the caller's too.
 */
export interface DesktopTasks {
  /** A page of a view, grouped by application, with the view's colour counts. */
  list(query?: TaskListQuery): Promise<NotificationResponse>;
  get(id: string): Promise<TaskItem>;
  /**
   * Creates a task for an application (`app`, its package name) in the
   * active organisation, assigned to a member (username or id); the
   * creator follows it.
   */
  create(task: CreateTaskBody): Promise<TaskItem>;
  /** Changes a task (its creator or assignee only). */
  update(id: string, changes: UpdateTaskBody): Promise<TaskItem>;
  complete(id: string): Promise<TaskItem>;
  /** Snoozes a GREEN task whose end date has not passed until a date no later than its end date. */
  snooze(id: string, until: Date): Promise<TaskItem>;
  /** Moves a snoozed task's snooze to a later date (the same rule). */
  extend(id: string, until: Date): Promise<TaskItem>;
  unsnooze(id: string): Promise<TaskItem>;
  /** The task's comments, oldest first. */
  comments(id: string): Promise<TaskComment[]>;
  addComment(id: string, text: string): Promise<TaskComment>;
  /** Calls `listener` with each change to a task the user sees; returns the unsubscribe function. */
  onChange(listener: (change: TaskChangedParams) => void): () => void;
  /**
   * Calls `listener` when changes may have been missed (the desktop's
   * connection to the server came back after a drop): what is shown should
   * be fetched again. Returns the unsubscribe function.
   */
  onResync(listener: () => void): () => void;
  /** Opens the desktop's comments dialog of a task (what the notification centre's Comments action opens). */
  showComments(id: string): void;
  /** Opens the desktop's snooze dialog of a task (greyed actions never call it). */
  showSnooze(id: string): void;
}

// ---- Global search (docs/behaviour/search.md) ----

export interface DesktopSearch {
  /**
   * Searches every kind, or one with `filter`; `take` and `skip` page it.
   * Rejects with the panel's texts for an empty text or one made only of
   * special characters, before anything is sent; when the user has searched
   * too much, with the server's refusal (`retryAfterOf` tells when to try
   * again, `tooManyRequestsText` says so).
   */
  query(text: string, options?: { filter?: SearchFilter | ''; take?: number; skip?: number }): Promise<SearchResponse>;
  /** The user's recent searches, newest first. */
  history(): readonly string[];
  /** Puts a text first in the recent searches and saves them on the server. */
  remember(text: string): Promise<void>;
}

// ---- The application ----

export type ApplicationEvent = 'attention' | 'page' | 'destroy' | 'socket:message';

/** A running application: pid, args, options, metadata, windows, settings (docs/behaviour/applications.md#application-instances). */
export interface Application {
  readonly pid: number;
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly options: Readonly<LaunchOptions>;
  readonly metadata: Readonly<PackageMetadata>;
  /** The app's open windows. */
  readonly windows: readonly AppWindow[];
  readonly settings: AppSettings;
  readonly desktop: Desktop;
  /** The title of the package in the current locale. */
  readonly title: string;

  createWindow(options: AppWindowOptions): AppWindow;
  dialog(kind: DialogKind, options: Record<string, unknown>, callback: DialogCallback): void;
  notify(options: NotificationOptions): void;
  /** Opens (once) and returns the app's socket at its per-app path. */
  socket(options?: { reconnectInterval?: number }): AppSocket;
  /** Sends osjs/application:socket:message {pid, name, args} on the desktop socket. */
  send(args: unknown): void;
  /**
   * 'attention' (launched again as a singleton), 'page' (a link added a
   * page: the listener gets it), 'socket:message' (args of a desktop-socket
   * message for this app), 'destroy'.
   */
  on(event: ApplicationEvent, listener: (payload: unknown) => void): () => void;
  /** Ends the app: closes its windows and sockets, drops its listeners. Idempotent. */
  destroy(): void;
}

/** What a package's entry module default-exports. */
export interface ApplicationRuntime {
  type: 'application';
  /** Creates the app's windows; may be async (data to load first). */
  launch(app: Application): void | Promise<void>;
  /** Views the desktop shows outside any window (docs/APPLICATIONS.md#desktop-widgets). */
  widgets?: ApplicationWidgets;
}

/** The desktop widgets an application offers (docs/APPLICATIONS.md#desktop-widgets). */
export interface ApplicationWidgets {
  /**
   * The home widget's dashboard form: renders the dashboard read-only
   * (no edit controls) into `body`, an element on the desktop's background
   * behind the windows, and returns what removes it (called when the widget
   * goes: the setting turned off, another answer, sign-out).
   */
  home?(body: HTMLElement, context: HomeWidgetContext): void | (() => void) | Promise<void | (() => void)>;
}

/** What a home widget is given. */
export interface HomeWidgetContext {
  /**
   * An instance of the application lent to the widget: its desktop (requests,
   * texts, launch, drill-down), settings and socket. It has no window and is
   * not listed as running; the widget opens windows by launching.
   */
  app: Application;
  /** The dashboard to show (its uuid). */
  dashboard: string;
}

/** Declares an application runtime (type-checks it; returns it unchanged), with the desktop widgets it offers. */
export function defineApplication(launch: ApplicationRuntime['launch'], extras: { widgets?: ApplicationWidgets } = {}): ApplicationRuntime {
  return extras.widgets ? { type: 'application', launch, widgets: extras.widgets } : { type: 'application', launch };
}

/** The localised text of a map in a locale, falling back to en_EN. */
export function localizedText(text: LocalizedText, locale: string): string {
  return (text as Record<string, string | undefined>)[locale] ?? text.en_EN;
}

/** Translates a text of the product's catalogues (Desktop.t). */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

/**
 * The sentence a user reads for a failed file operation
 * (docs/behaviour/errors.md#files): a filesystem failure (an error with
 * `code` 'vfs.<code>' and `params`, as FileSystem rejects with) in the
 * current language through `vfs.error.<code>`, an invalid name's rule
 * through `vfs.nameRule.<rule>`; anything else by its own message. When the
 * catalogue has no such text, the English message is kept.
 */
export function fileErrorText(error: unknown, t: Translate): string {
  const limited = tooManyRequestsText(error, t);
  if (limited !== null) return limited;
  const message = error instanceof Error ? error.message : String(error);
  const failure = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; params?: unknown };
  const code = typeof failure.code === 'string' && failure.code.startsWith('vfs.') ? failure.code.slice('vfs.'.length) : null;
  if (!code) return message;
  const params: Record<string, unknown> = { ...(typeof failure.params === 'object' && failure.params !== null ? failure.params : {}) };
  if (typeof params.rule === 'string') {
    // The rule comes as its English text (or its name): find its name to translate it.
    const given = params.rule;
    const rule = Object.entries(VFS_NAME_RULES).find(([name, text]) => name === given || text === given)?.[0];
    if (rule) params.rule = knownText(t, `vfs.nameRule.${rule}`, given);
  }
  return knownText(t, `vfs.error.${code}`, message, params);
}

/**
 * For a call the server refused as one too many (a 429 answer, which every
 * Desktop call rejects with: its `status` and the envelope as `body`), the
 * seconds after which it may be tried again (the envelope's `retryAfter`,
 * at least 1); null for any other failure (docs/behaviour/errors.md#requests).
 */
export function retryAfterOf(error: unknown): number | null {
  // The refusal itself, or what an error wrapping it names as its cause.
  let failure: unknown = error;
  for (let depth = 0; depth < 3 && typeof failure === 'object' && failure !== null; depth++) {
    const { status, body, cause } = failure as { status?: unknown; body?: unknown; cause?: unknown };
    if (status === 429) {
      const seconds = Number((body as { retryAfter?: unknown } | null | undefined)?.retryAfter);
      return Number.isFinite(seconds) && seconds >= 1 ? Math.ceil(seconds) : 1;
    }
    failure = cause;
  }
  return null;
}

/** 'Too many requests, please try again in {{seconds}} s' in the current language for such a refusal (retryAfterOf); null for any other failure. */
export function tooManyRequestsText(error: unknown, t: Translate): string | null {
  const seconds = retryAfterOf(error);
  return seconds === null ? null : knownText(t, 'request.rateLimited', `Too many requests, please try again in ${seconds} s`, { seconds });
}

/** The translation of a key, or the fallback when the catalogue does not know it (i18next answers the key). */
function knownText(t: Translate, key: string, fallback: string, vars?: Record<string, unknown>): string {
  const text = t(key, vars);
  return text && text !== key ? text : fallback;
}
