/**
 * Test doubles for applications (@atrium/sdk): an Application whose desktop
 * keeps settings in memory with the real rules (checkSetting, locks) and
 * records what the app asked of it. Never imported by production code.
 */
import { localizedText, type AppCommand, type AppWindow, type AppWindowOptions, type Application, type ApplicationEvent, type Desktop, type DesktopSettingsAccess, type LaunchOptions, type LaunchRequest, type NotificationOptions, type PackageSummary, type WindowTitle } from '@atrium/sdk';
import type { FileEntry, FileSystem } from '@atrium/sdk';
import { createDrilldown } from '@atrium/sdk/drilldown';
import { MemoryFileSystem, memoryMountpoint } from '@atrium/sdk/testing';
import { checkSetting, DEFAULT_SETTINGS, PackageMetadataSchema, type LocalizedText, type Locale, type PackageMetadataInput, type ProfileApp } from '@atrium/shared';

/** The in-memory settings of a fake desktop. */
export class FakeSettings implements DesktopSettingsAccess {
  readonly values: Record<string, unknown>;
  readonly locked: Set<string>;
  /** Every accepted change, in order. */
  readonly changes: Array<{ key: string; value: unknown }> = [];
  readonly #listeners = new Set<() => void>();

  constructor(values: Record<string, unknown> = {}, locked: readonly string[] = []) {
    this.values = { ...DEFAULT_SETTINGS, ...values };
    this.locked = new Set(locked);
  }

  get<T = unknown>(key: string): T {
    return this.values[key] as T;
  }

  set(key: string, value: unknown): void {
    if (this.locked.has(key)) throw new Error(`Setting '${key}' is locked`);
    const checked = checkSetting(key, value);
    if (!checked.ok) throw new Error(checked.problem.message);
    this.values[key] = checked.value;
    this.changes.push({ key, value: checked.value });
    for (const listener of [...this.#listeners]) listener();
  }

  isLocked(key: string): boolean {
    return this.locked.has(key);
  }

  save(): Promise<void> {
    return Promise.resolve();
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

export interface FakeApplicationOptions {
  args?: Record<string, unknown>;
  /** The launch options (a page address's options, a restore). */
  launchOptions?: LaunchOptions;
  settings?: Record<string, unknown>;
  /** The application's own settings ('app.<name>') as stored before the launch. */
  appSettings?: Record<string, unknown>;
  locked?: readonly string[];
  packages?: readonly PackageSummary[];
  profileApps?: readonly ProfileApp[];
  user?: Partial<Desktop['user']>;
  locale?: Locale;
  /** What setUserPreference answers (default: resolves). */
  setUserPreference?: Desktop['setUserPreference'];
  /** What setLocale answers (default: resolves). */
  setLocale?: Desktop['setLocale'];
  /** Called with each window's options (renderApplication mounts them). */
  onWindow?(options: AppWindowOptions, window: AppWindow): void;
  /** The desktop's files (default: an empty in-memory 'home'). */
  files?: FileSystem;
  /** Where the app's own texts go (renderApplication: the English translator the views use). */
  addTranslations?: Desktop['addTranslations'];
  /** The desktop's work items (default: every call rejects, onChange hears nothing). */
  tasks?: Desktop['tasks'];
  /** The desktop's global search (default: every query rejects, no history). */
  search?: Desktop['search'];
  /** Translates the product's keys for the app's model (default: the key itself; renderApplication: the views' translator). */
  t?: Desktop['t'];
  /** Answers the app's dialogs (default: none is ever answered). */
  dialog?: Application['dialog'];
  /** Answers the app's requests to the API (default: every one rejects). */
  request?: Desktop['request'];
  /** Answers the app's uploads (default: every one rejects). */
  upload?: Desktop['upload'];
  /** Hears changes of records (default: none is ever told). */
  onRecordsChanged?: Desktop['onRecordsChanged'];
}

/** A fake Application with what it recorded. */
export interface FakeApplication extends Application {
  readonly fakeSettings: FakeSettings;
  readonly windowOptions: AppWindowOptions[];
  readonly titles: string[];
  /**
   * A window's title as the desktop shows it now: the last one set (or
   * given at creation), computed in the current language when it is a
   * function of the translator (what a language switch shows).
   */
  titleNow(wid: number): string;
  readonly launches: LaunchRequest[];
  readonly notifications: NotificationOptions[];
  readonly preferenceCalls: Array<{ name: string; value: string }>;
  readonly localeCalls: Locale[];
  /** What the app asked desktop.openFile to open. */
  readonly openedFiles: Array<FileEntry | string>;
  /** The application's own settings as they are now. */
  readonly appSettingValues: Record<string, unknown>;
  /** Whether the app has ended (destroy: by itself, or the test's cleanup). */
  readonly ended: boolean;
  /** The user asks to close a window: its onBeforeClose guard decides. Resolves whether it closed. */
  requestClose(window: AppWindow): Promise<boolean>;
  /** The commands the app has registered now (Desktop.registerCommands), each with the window it is for (null: any of the app's). */
  readonly commands: ReadonlyArray<{ command: AppCommand; window: AppWindow | null }>;
  /**
   * What the desktop does with `window` focused when the user runs the
   * command of that id (its keys, the palette): runs the newest
   * registration for that window when it is enabled. Returns whether it ran.
   */
  runCommand(id: string, window: AppWindow): boolean;
}

/** What a fake desktop records of the app's calls. */
interface DesktopCalls {
  launches: LaunchRequest[];
  preferenceCalls: Array<{ name: string; value: string }>;
  localeCalls: Locale[];
  openedFiles: Array<FileEntry | string>;
}

/** The desktop an app sees, recording its calls in `calls`; its locale changes with setLocale unless the options answer it. */
function fakeDesktop(options: FakeApplicationOptions, settings: FakeSettings, calls: DesktopCalls): Desktop {
  let locale: Locale = options.locale ?? 'en_EN';
  let drilldown: Desktop['drilldown'] | null = null;
  const desktop: Desktop = {
    get locale() {
      return locale;
    },
    t: options.t ?? ((key) => key),
    localize: (text) => localizedText(text, locale),
    launch: async (request) => {
      calls.launches.push(request);
    },
    user: { id: 'user-1', username: 'demo', name: 'Dana Demo', preferences: {}, ...options.user },
    profileApps: () => options.profileApps ?? [],
    setUserPreference: (name, value) => {
      calls.preferenceCalls.push({ name, value });
      return options.setUserPreference ? options.setUserPreference(name, value) : Promise.resolve();
    },
    setLocale: (next) => {
      calls.localeCalls.push(next);
      if (options.setLocale) return options.setLocale(next);
      locale = next;
      return Promise.resolve();
    },
    settings,
    packages: (type) => (options.packages ?? []).filter((p) => !type || p.type === type),
    showProfileCard: () => undefined,
    request: options.request ?? (() => Promise.reject(new Error('No requests in this test'))),
    upload: options.upload ?? (() => Promise.reject(new Error('No uploads in this test'))),
    tray: { create: () => ({ update: () => undefined, destroy: () => undefined }) },
    files: options.files ?? new MemoryFileSystem({ mountpoints: [memoryMountpoint('home', { label: 'Home' })], files: {} }),
    openFile: async (file) => {
      calls.openedFiles.push(file);
    },
    addTranslations: async (texts) => options.addTranslations?.(texts),
    search: options.search ?? { query: () => Promise.reject(new Error('No requests in this test')), history: () => [], remember: () => Promise.resolve() },
    tasks: options.tasks ?? noTasks(),
    onRecordsChanged: options.onRecordsChanged ?? (() => () => undefined),
    // Set by fakeApplication, where the commands are kept.
    registerCommands: () => () => undefined,
    // The desktop's own engine: its launches and opened files are recorded like the app's (launches, openedFiles).
    get drilldown() {
      drilldown ??= createDrilldown(desktop);
      return drilldown;
    },
  };
  return desktop;
}

/** The application's own settings over `values`, telling their listeners of every change. */
function fakeAppSettings(values: Record<string, unknown>): Application['settings'] {
  const listeners = new Set<() => void>();
  return {
    get: <T>(key: string, fallback?: T) => (Object.hasOwn(values, key) ? (values[key] as T) : fallback),
    set(key, value) {
      if (value === undefined) delete values[key];
      else values[key] = structuredClone(value);
      for (const listener of [...listeners]) listener();
    },
    save: () => Promise.resolve(),
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The app's windows on a fake desktop: their options, titles and close guards. */
function fakeWindows(options: FakeApplicationOptions, desktop: Desktop, appTitle: () => string) {
  const windowOptions: AppWindowOptions[] = [];
  const titles: string[] = [];
  const windows: AppWindow[] = [];
  const titleSources = new Map<number, WindowTitle>();
  const closeGuards = new Map<number, () => boolean | Promise<boolean>>();
  const textOf = (title: WindowTitle): string => (typeof title === 'function' ? title(desktop.t) : title);
  let nextWid = 1;
  const createWindow = (o: AppWindowOptions): AppWindow => {
    const wid = nextWid++;
    const handle: AppWindow = {
      wid,
      id: o.id,
      setTitle: (title) => {
        titleSources.set(wid, title);
        titles.push(textOf(title));
      },
      setLoading: () => undefined,
      focus: () => undefined,
      attention: () => undefined,
      close: () => undefined,
      onBeforeClose: (guard) => {
        closeGuards.set(wid, guard);
        return () => void closeGuards.delete(wid);
      },
    };
    windowOptions.push(o);
    windows.push(handle);
    if (o.title) {
      titleSources.set(wid, o.title);
      titles.push(textOf(o.title));
    }
    options.onWindow?.(o, handle);
    return handle;
  };
  return {
    windows,
    windowOptions,
    titles,
    createWindow,
    titleNow: (wid: number) => {
      const source = titleSources.get(wid);
      return source === undefined ? appTitle() : textOf(source);
    },
    requestClose: async (window: AppWindow) => {
      const guard = closeGuards.get(window.wid);
      return guard ? (await guard()) === true : true;
    },
  };
}

/** An Application of the package with this metadata over a fake desktop. */
export function fakeApplication(metadataInput: PackageMetadataInput, options: FakeApplicationOptions = {}): FakeApplication {
  const metadata = PackageMetadataSchema.parse(metadataInput);
  const settings = new FakeSettings(options.settings, options.locked);
  const calls: DesktopCalls = { launches: [], preferenceCalls: [], localeCalls: [], openedFiles: [] };
  const notifications: NotificationOptions[] = [];
  const desktop = fakeDesktop(options, settings, calls);
  const title = () => localizedText(metadata.title as LocalizedText, desktop.locale);
  const windows = fakeWindows(options, desktop, title);
  let ended = false;
  const appSettingValues: Record<string, unknown> = { ...options.appSettings };
  const commands = fakeCommands(desktop);
  const events = fakeEvents();
  return {
    pid: 1,
    name: metadata.name,
    args: options.args ?? {},
    options: options.launchOptions ?? {},
    metadata,
    get windows() {
      return windows.windows;
    },
    settings: fakeAppSettings(appSettingValues),
    desktop,
    get title() {
      return title();
    },
    createWindow: windows.createWindow,
    dialog: options.dialog ?? (() => undefined),
    notify: (n) => void notifications.push(n),
    socket: () => {
      throw new Error('No sockets in this test');
    },
    send: () => undefined,
    on: events.on,
    // As the desktop ends an application: once, telling its 'destroy' listeners, then dropping them all.
    destroy: () => {
      if (ended) return;
      ended = true;
      events.emit('destroy');
      events.clear();
    },
    get ended() {
      return ended;
    },
    requestClose: windows.requestClose,
    commands: commands.list,
    runCommand: commands.run,
    appSettingValues,
    fakeSettings: settings,
    windowOptions: windows.windowOptions,
    titles: windows.titles,
    titleNow: windows.titleNow,
    ...calls,
    notifications,
  };
}

/** The app's event listeners (Application.on) and telling them of an event. */
function fakeEvents() {
  const listeners = new Map<ApplicationEvent, Set<(payload: unknown) => void>>();
  return {
    on(event: ApplicationEvent, listener: (payload: unknown) => void): () => void {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit(event: ApplicationEvent, payload?: unknown): void {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
    },
    clear: () => listeners.clear(),
  };
}

/** The commands the app registers on `desktop`, and running one as the desktop would for a focused window. */
function fakeCommands(desktop: Desktop) {
  const list: Array<{ command: AppCommand; window: AppWindow | null }> = [];
  desktop.registerCommands = (commands, registration) => {
    const added = commands.map((command) => ({ command, window: registration?.window ?? null }));
    list.push(...added);
    return () => {
      for (const entry of added) if (list.includes(entry)) list.splice(list.indexOf(entry), 1);
    };
  };
  const run = (id: string, window: AppWindow): boolean => {
    const entry = list.findLast((c) => c.command.id === id && (c.window === null || c.window.wid === window.wid));
    if (!entry || !(entry.command.enabled?.(window) ?? true)) return false;
    entry.command.run(window);
    return true;
  };
  return { list, run };
}

/** Work items that are not there: every call rejects. */
function noTasks(): Desktop['tasks'] {
  const none = () => Promise.reject(new Error('No requests in this test'));
  return { list: none, get: none, create: none, update: none, complete: none, snooze: none, extend: none, unsnooze: none, comments: none, addComment: none, onChange: () => () => undefined, onResync: () => () => undefined, showComments: () => undefined, showSnooze: () => undefined };
}
