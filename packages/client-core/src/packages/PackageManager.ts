import type { AppWindow, AppWindowOptions, ApplicationRuntime, Desktop, LaunchOptions, LaunchRequest } from '@atrium/sdk';
import { isPackageVisible, opensInRecords, opensInViewer, PackageMetadataSchema, RECORDS_RUNTIME_APP, VIEWER_APP, type PackageManifestEntry, type PackageType } from '@atrium/shared';
import type { Clock } from '../env.js';
import { Observable } from '../Observable.js';
import { retryImport } from '../retryImport.js';
import { Application, type ApplicationHost, type WindowContent } from './Application.js';
import { scheduleAutostart } from './autostart.js';
import type { DesktopHooks } from './DesktopHooks.js';
import { createDesktopApi } from './desktopApi.js';
import type { DrilldownEngine, LinkAction } from './links.js';
import { packageIcon } from './packageIcon.js';
import { packageTitle } from './packageTitle.js';
import { PackageError, launchErrorHint, newErrorId } from './PackageError.js';
import { PackageModules, type BuiltinLoaders, type PackageLoader } from './packageLoading.js';

export type { BuiltinLoaders, PackageLoader };

/** A running application as lists show it. */
export interface RunningApp {
  pid: number;
  name: string;
  title: string;
  icon: string | null;
}

export interface PackagesState {
  /** Every package of the manifest. */
  metadata: readonly PackageManifestEntry[];
  /** Set once load() has ended (also when it failed). */
  loaded: boolean;
  running: readonly RunningApp[];
  /** Apps being loaded and started ('Launching' in the window list). */
  launching: readonly { name: string; title: string }[];
}

export interface PackageManagerOptions {
  clock: Clock;
  /** The manifest (docs/API.md): the packages visible to the user. */
  fetchManifest(): Promise<PackageManifestEntry[]>;
  builtins: BuiltinLoaders;
  loader: PackageLoader;
  hooks: DesktopHooks;
  /** Handles drill-down links (default: LinkDrilldown over the desktop's engine, failures in an alert). */
  drilldown?: DrilldownEngine;
}

/** The list a declared application is launched at (apps/records/README.md): `dataset` or `entity`, and `filters`. */
function recordsListArgs(args: Record<string, unknown>): Record<string, unknown> {
  const list: Record<string, unknown> = {};
  for (const key of ['dataset', 'entity'] as const) if (typeof args[key] === 'string' && args[key] !== '') list[key] = args[key];
  if (Array.isArray(args.filters)) list.filters = args.filters;
  return list;
}

/** The generic application that shows an app of the profile: the Viewer an organisation page, Records a declared application; null for others. */
function runtimeOf(app: { is_base_app: boolean; app_type: number }): string | null {
  return opensInViewer(app) ? VIEWER_APP : opensInRecords(app) ? RECORDS_RUNTIME_APP : null;
}

/**
 * The packages of the desktop (docs/behaviour/applications.md): the manifest,
 * which packages the user sees, launching applications and the running
 * ones, loading theme/icon/sound modules, autostart and links inside apps.
 * See launch() for the order of the launch rules.
 */
export class PackageManager extends Observable<PackagesState> {
  readonly #clock: Clock;
  readonly #fetchManifest: () => Promise<PackageManifestEntry[]>;
  readonly #hooks: DesktopHooks;
  readonly #modules: PackageModules;
  readonly #drilldown: DrilldownEngine;
  readonly #desktop: Desktop;
  readonly #host: ApplicationHost;
  readonly #apps = new Map<number, Application>();
  readonly #runtimes = new Map<string, ApplicationRuntime>();
  readonly #content = new Map<number, WindowContent>();
  readonly #contentListeners = new Set<() => void>();
  readonly #attentionListeners = new Set<(wid: number) => void>();
  readonly #singletonLaunches = new Map<string, Promise<unknown>>();
  readonly #stopWatchingWindows: () => void;
  #cancelAutostart: (() => void) | null = null;
  /** The manifest's fetch while it is under way: a launch made meanwhile waits for it. */
  #loading: Promise<void> | null = null;
  #nextPid = 1;
  #disposed = false;

  constructor(options: PackageManagerOptions) {
    super({ metadata: [], loaded: false, running: [], launching: [] });
    this.#clock = options.clock;
    this.#fetchManifest = options.fetchManifest;
    this.#hooks = options.hooks;
    this.#modules = new PackageModules(options.builtins, options.loader);
    this.#drilldown = options.drilldown ?? {
      // Loaded with the first drill-down link (docs/behaviour/dashboards.md#drill-down-links).
      drill: (attributes) =>
        void retryImport(() => import('../drilldown/LinkDrilldown.js')).then(({ LinkDrilldown }) =>
          new LinkDrilldown({ drilldown: () => this.#desktop.drilldown, dialogs: options.hooks.dialogs, translate: options.hooks.translate }).drill(attributes),
        ),
    };
    this.#desktop = createDesktopApi(options.hooks, this);
    this.#host = {
      hooks: options.hooks,
      desktop: this.#desktop,
      setContent: (wid, content) => this.#setContent(wid, content),
      attention: (wid) => this.#attentionListeners.forEach((l) => l(wid)),
      destroyed: (app) => this.#forget(app),
    };
    this.#stopWatchingWindows = options.hooks.windows.onDidCloseWindow((record) => {
      const content = this.#content.get(record.wid);
      if (!content) return;
      const app = this.#apps.get(content.pid);
      if (app) app.windowClosed(record.wid);
      else this.#setContent(record.wid, null);
    });
  }

  /** The Desktop object apps get. */
  get desktop(): Desktop {
    return this.#desktop;
  }

  /** Fetches the manifest; a failure logs a warning and leaves no packages. Invalid entries are skipped. */
  load(): Promise<void> {
    this.#loading = this.#load();
    return this.#loading;
  }

  /**
   * Fetches the manifest again (the user's packages may have changed while
   * the desktop's connection was down); a failure logs a warning and keeps
   * the packages known.
   */
  reload(): Promise<void> {
    if (!this.getState().loaded) return this.load();
    this.#loading = this.#load(true);
    return this.#loading;
  }

  async #load(keepOnFailure = false): Promise<void> {
    let metadata: PackageManifestEntry[] = [];
    try {
      metadata = validEntries(await this.#fetchManifest());
    } catch (error) {
      console.warn('The package manifest could not be loaded.', error);
      if (keepOnFailure) return;
    }
    if (!this.#disposed) this.setState({ ...this.getState(), metadata, loaded: true });
  }

  metadataOf(name: string): PackageManifestEntry | undefined {
    return this.getState().metadata.find((entry) => entry.name === name);
  }

  /** Visibility (docs/behaviour/applications.md#visibility): non-applications always; applications of the user's profile or with defaultAppforOrgs 1. */
  isVisible(name: string): boolean {
    const entry = this.metadataOf(name);
    const profileApps = this.#profileAppNames();
    return entry ? isPackageVisible(entry, profileApps) : profileApps.has(name);
  }

  /**
   * Whether launching this name would start an application without a refusal:
   * a profile application that opens in the Viewer, or an application
   * package the user sees. (The saved session relaunches only these.)
   */
  canLaunch(name: string): boolean {
    const profileApp = this.#hooks.profile()?.apps.find((app) => app.name === name);
    const runtime = profileApp && runtimeOf(profileApp);
    if (runtime && name !== runtime) return this.canLaunch(runtime);
    const entry = this.metadataOf(name);
    return !!entry && entry.type === 'application' && this.isVisible(name);
  }

  /** The packages the user sees, optionally of one type, in manifest order. */
  visible(type?: PackageType): PackageManifestEntry[] {
    const profileApps = this.#profileAppNames();
    return this.getState().metadata.filter((entry) => (!type || entry.type === type) && isPackageVisible(entry, profileApps));
  }

  /** Registers a runtime for a package of the manifest (used instead of loading its module). */
  register(name: string, runtime: ApplicationRuntime): void {
    if (!this.metadataOf(name)) {
      console.error(new PackageError('manifest', name).message);
      return;
    }
    this.#runtimes.set(name, runtime);
  }

  /**
   * Launches an application (docs/behaviour/applications.md#launch-rules). In order: a profile
   * app that opens in the viewer launches the Viewer with args {app} (and the taskId asked for); an app
   * the user may not see shows "You don't have access to {app} App"; missing
   * metadata is a 'metadata' error; a running singleton is re-focused with
   * an 'attention' event (and returned) unless options.restart, which ends
   * it first; then the package is loaded (a built-in loader, or its files),
   * its default export must be an application runtime, and its launch() is
   * called with the new Application (a throw ends the app: 'exception').
   * Every failure shows an error alert with the translated text and a hint,
   * and resolves null.
   */
  launch(request: LaunchRequest | string, args?: Record<string, unknown>, options?: LaunchOptions): Promise<Application | null> {
    const normalized = normalize(request, args, options);
    return this.#launch(normalized.name, normalized.args, normalized.options);
  }

  /**
   * Shows an application's home widget (docs/APPLICATIONS.md#desktop-widgets)
   * in `body`: the package must be visible to the user and offer
   * `widgets.home`; it gets an instance of its own, without windows and not
   * listed as running. Resolves to what removes it (the widget's teardown,
   * then the instance's end), or null when it cannot be shown (logged; the
   * caller shows its fallback). Never an alert: the desktop's background
   * does not interrupt the user.
   */
  async mountHomeWidget(name: string, body: HTMLElement, context: { dashboard: string }): Promise<(() => void) | null> {
    if (!this.getState().loaded && this.#loading) await this.#loading;
    const entry = this.metadataOf(name);
    if (this.#disposed || !entry || entry.type !== 'application' || !this.isVisible(name)) return null;
    let app: Application | null = null;
    try {
      const runtime = await this.#runtimeOf(entry);
      const home = runtime.widgets?.home;
      if (!home || this.#disposed) return null;
      const pid = this.#nextPid++;
      app = new Application({ ...this.#host, desktop: createDesktopApi(this.#hooks, this, pid) }, { pid, metadata: entry, args: { dashboard: context.dashboard }, options: {} });
      const teardown = await home(body, { app, dashboard: context.dashboard });
      const lent = app;
      return () => {
        if (typeof teardown === 'function') teardown();
        lent.destroy();
      };
    } catch (error) {
      console.warn(`The home widget of ${name} could not be shown.`, error);
      app?.destroy();
      return null;
    }
  }

  /** The default export of a theme, icon or sound package (loaded once). */
  async loadModule<T>(name: string): Promise<T> {
    const entry = this.metadataOf(name);
    if (!entry) throw new PackageError('metadata', name);
    return (await this.#modules.load(entry)) as T;
  }

  /**
   * AUTOSTART_DELAY after the call, launches the visible autostart apps that
   * are not running: those with a precedence in ascending order,
   * AUTOSTART_PRECEDENCE_INTERVAL apart, and the others at once. Once per manager.
   */
  autostart(): void {
    if (this.#cancelAutostart || this.#disposed) return;
    this.#cancelAutostart = scheduleAutostart(this.#clock, () => this.visible('application').filter((e) => e.autostart && !this.#running(e.name)), (name) => {
      void this.launch(name);
    });
  }

  /** Does what a link inside an app asks (see links.ts). */
  handleLink(action: LinkAction): void {
    switch (action.kind) {
      case 'drilldown':
        this.#drilldown.drill(action.attributes);
        return;
      case 'app': {
        const running = this.#running(action.app);
        if (!running) {
          void this.launch(action.app, {}, action.page === null ? {} : { page: action.page });
          return;
        }
        const first = running.windows[0];
        if (first) this.#hooks.windows.raise(first.wid);
        if (action.page !== null) running.emit('page', action.page);
        return;
      }
      case 'launch':
        void this.launch({ app: action.app, args: action.args, options: { restart: true } });
        return;
      case 'none':
        return;
    }
  }

  /** What renders into an app window's body (for the UI host). */
  contentOf(wid: number): AppWindowOptions['render'] | undefined {
    return this.#content.get(wid)?.render;
  }

  /** The AppWindow of an app window. */
  windowOf(wid: number): AppWindow | undefined {
    return this.#content.get(wid)?.window;
  }

  /** The application a window belongs to. */
  appOfWindow(wid: number): Application | undefined {
    const content = this.#content.get(wid);
    return content ? this.#apps.get(content.pid) : undefined;
  }

  /** Calls the listener when an app window's content is registered or forgotten. */
  subscribeContent(listener: () => void): () => void {
    this.#contentListeners.add(listener);
    return () => void this.#contentListeners.delete(listener);
  }

  /** Calls the listener with the wid of a window asking for attention (AppWindow.attention, a singleton launched again). */
  onAttention(listener: (wid: number) => void): () => void {
    this.#attentionListeners.add(listener);
    return () => void this.#attentionListeners.delete(listener);
  }

  /** The running applications, in launch order. */
  applications(): Application[] {
    return [...this.#apps.values()];
  }

  find(pid: number): Application | undefined {
    return this.#apps.get(pid);
  }

  /** Tells the listeners that what is visible may have changed (the profile was updated). */
  profileChanged(): void {
    this.setState({ ...this.getState() });
  }

  /** Cancels autostart, ends every application and drops the listeners. */
  dispose(): void {
    this.#disposed = true;
    this.#cancelAutostart?.();
    for (const app of this.applications()) app.destroy();
    this.#stopWatchingWindows();
    this.#content.clear();
    this.#contentListeners.clear();
    this.#attentionListeners.clear();
    this.clearListeners();
  }

  async #launch(name: string, args: Record<string, unknown>, options: LaunchOptions): Promise<Application | null> {
    // Launched before the manifest has come (Edit Preferences pressed right after signing in): its rules need it.
    if (!this.getState().loaded && this.#loading) await this.#loading;
    if (this.#disposed) return null;
    const profileApp = this.#hooks.profile()?.apps.find((app) => app.name === name);
    const runtime = profileApp && runtimeOf(profileApp);
    if (runtime && name !== runtime) {
      // What goes along: the task a work item opens an organisation page at (docs/behaviour/work.md#notification-centre),
      // the record a declared application opens at (from the arguments, or the page address's options).
      const viewer = runtime === VIEWER_APP;
      const key = viewer ? 'taskId' : 'record';
      const asked = typeof args[key] === 'string' ? args[key] : !viewer && typeof options.record === 'string' ? options.record : undefined;
      // A declared application's list may be asked for too: a dataset's (or an entity's) records, filtered (a drill-down).
      const more = { ...(asked ? { [key]: asked } : {}), ...(viewer ? {} : recordsListArgs(args)) };
      // Shown once: chosen again, its window comes forward (docs/behaviour/applications.md#viewer-apps); a declared
      // application is told the record asked for, a page opened at a task is shown anew.
      const shown = (viewer && asked) || options.restart ? undefined : this.#instanceOf(runtime, name);
      if (shown) {
        shown.windows[0]?.attention();
        if (!viewer) shown.emit('attention', { args: { app: name, ...more }, options });
        return shown;
      }
      return this.#launch(runtime, { app: name, ...more }, { ...options, sessionName: name });
    }
    if (!this.isVisible(name)) {
      // The product's sentence, then what to do: whom to ask, and where the user's applications are (an unknown name
      // and one the user may not use look alike here: the server lists only what the user may see).
      const { dialogs, translate } = this.#hooks;
      const organisation = this.#hooks.profile()?.active_account.name;
      const hint = organisation ? translate('packages.launchError.askAccess', { organisation }) : translate('packages.launchError.askAccessAlone');
      dialogs.alert(translate('packages.error.access', { app: name }), { title: () => translate('packages.launchError.title'), type: 'refused', hint });
      return null;
    }
    try {
      const entry = this.metadataOf(name);
      if (!entry) throw new PackageError('metadata', name);
      if (entry.type !== 'application') throw new PackageError('runtime', name);
      if (!entry.singleton) return await this.#start(entry, args, options);
      const pending = this.#singletonLaunches.get(name);
      if (pending) {
        // The same singleton is starting: once it has, the rules apply again (re-focus, or restart).
        await pending;
        return await this.#launch(name, args, options);
      }
      const running = this.#running(name);
      if (running && !options.restart) {
        const first = running.windows[0];
        if (first) first.attention();
        running.emit('attention', { args, options });
        if (typeof options.page === 'string') running.emit('page', options.page);
        return running;
      }
      running?.destroy();
      const starting = this.#start(entry, args, options);
      const settled = starting.catch(() => null);
      this.#singletonLaunches.set(name, settled);
      void settled.then(() => this.#singletonLaunches.get(name) === settled && this.#singletonLaunches.delete(name));
      return await starting;
    } catch (error) {
      this.#showLaunchError(name, error);
      return null;
    }
  }

  async #start(entry: PackageManifestEntry, args: Record<string, unknown>, options: LaunchOptions): Promise<Application> {
    const ticket = { name: entry.name, title: packageTitle(entry, this.#hooks.locale()) };
    this.#update({ launching: [...this.getState().launching, ticket] });
    try {
      const runtime = await this.#runtimeOf(entry);
      if (this.#disposed) throw new PackageError('exception', entry.name, { cause: new Error('The desktop has ended') });
      const pid = this.#nextPid++;
      // Its own Desktop: what it places in the tray is its own and goes when it ends.
      const app = new Application({ ...this.#host, desktop: createDesktopApi(this.#hooks, this, pid) }, { pid, metadata: entry, args, options });
      this.#apps.set(app.pid, app);
      this.#updateRunning();
      try {
        await runtime.launch(app);
      } catch (error) {
        app.destroy();
        throw new PackageError('exception', entry.name, { cause: error });
      }
      return app;
    } finally {
      this.#update({ launching: this.getState().launching.filter((t) => t !== ticket) });
    }
  }

  async #runtimeOf(entry: PackageManifestEntry): Promise<ApplicationRuntime> {
    const registered = this.#runtimes.get(entry.name);
    if (registered) return registered;
    const loaded = await this.#modules.load(entry);
    if (!isApplicationRuntime(loaded)) throw new PackageError('runtime', entry.name);
    this.#runtimes.set(entry.name, loaded);
    return loaded;
  }

  /**
   * The launch-error alert (docs/behaviour/applications.md#launch-errors):
   * the translated sentence and, when one applies, a hint, to be read first;
   * the failure's message and stack as details behind the alert's Details
   * disclosure, with a new error id. The same id and details are logged as an
   * error, so that support can find what a user quotes.
   */
  #showLaunchError(name: string, error: unknown): void {
    const failure = error instanceof PackageError ? error : new PackageError('exception', name, { cause: error });
    const cause = failure.cause;
    const causeMessage = cause instanceof Error ? cause.message : cause === undefined ? '' : String(cause);
    const { dialogs, translate } = this.#hooks;
    const hint = launchErrorHint(`${failure.message}\n${causeMessage}`);
    const text = failure.translated(translate);
    const message = hint ? `${text}\n${translate(`packages.launchError.${hint}`)}` : text;
    const stack = (cause instanceof Error ? cause.stack : undefined) ?? (causeMessage || failure.stack);
    const errorId = newErrorId();
    console.error(`Launch error ${errorId}: ${failure.message}\n\n${stack ?? ''}`);
    dialogs.alert(message, { type: 'error', title: () => translate('packages.launchError.title'), error: { message: failure.message, ...(stack ? { stack } : {}) }, errorId });
  }

  /** The Viewer showing an organisation's page, if one is open. */
  /** The running instance of a generic runtime (the Viewer, Records) showing this app of the profile. */
  #instanceOf(runtime: string, app: string): Application | undefined {
    for (const running of this.#apps.values()) if (running.name === runtime && running.args.app === app && !running.destroyed) return running;
    return undefined;
  }

  #running(name: string): Application | undefined {
    for (const app of this.#apps.values()) if (app.name === name && !app.destroyed) return app;
    return undefined;
  }

  #profileAppNames(): ReadonlySet<string> {
    return new Set((this.#hooks.profile()?.apps ?? []).map((app) => app.name));
  }

  #setContent(wid: number, content: WindowContent | null): void {
    if (content) this.#content.set(wid, content);
    else if (!this.#content.delete(wid)) return;
    for (const listener of [...this.#contentListeners]) listener();
  }

  #forget(app: Application): void {
    if (this.#apps.get(app.pid) !== app) return;
    this.#apps.delete(app.pid);
    this.#updateRunning();
  }

  #updateRunning(): void {
    this.#update({ running: this.applications().map((app) => ({ pid: app.pid, name: app.name, title: app.title, icon: packageIcon(app.metadata) })) });
  }

  #update(changes: Partial<PackagesState>): void {
    if (!this.#disposed) this.setState({ ...this.getState(), ...changes });
  }
}

/** A launch request, or a name with args and options, as one shape: args from args or params; page, title, icon and fileId go into the options. */
function normalize(request: LaunchRequest | string, args?: Record<string, unknown>, options?: LaunchOptions): { name: string; args: Record<string, unknown>; options: LaunchOptions } {
  if (typeof request === 'string') return { name: request, args: { ...args }, options: { ...options } };
  const merged: LaunchOptions = { ...request.options, ...options };
  for (const key of ['page', 'title', 'icon', 'fileId'] as const) if (request[key] !== undefined) merged[key] = request[key];
  return { name: request.app, args: { ...(request.args ?? request.params), ...args }, options: merged };
}

function isApplicationRuntime(value: unknown): value is ApplicationRuntime {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'application' && typeof (value as { launch?: unknown }).launch === 'function';
}

/** Manifest entries that are valid package metadata (others are logged and skipped), first of each name. */
function validEntries(input: unknown): PackageManifestEntry[] {
  if (!Array.isArray(input)) throw new Error('The manifest is not a list');
  const entries: PackageManifestEntry[] = [];
  for (const item of input as unknown[]) {
    const { builtin, base, ...metadata } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const parsed = PackageMetadataSchema.safeParse(metadata);
    if (!parsed.success) {
      console.warn('A package of the manifest is invalid and is left out.', metadata.name, parsed.error.issues[0]?.message);
      continue;
    }
    if (entries.some((e) => e.name === parsed.data.name)) continue;
    entries.push({ ...parsed.data, builtin: builtin === true, base: typeof base === 'string' && base.endsWith('/') ? base : null });
  }
  return entries;
}
