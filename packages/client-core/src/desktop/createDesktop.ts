import {
  AppSocketMessageParams,
  appSocketPath,
  type DesktopSettings,
  SOCKET_CONNECT_INTERVAL,
  SOCKET_RECONNECT_INTERVAL,
  SocketNames,
  type Envelope,
  type Locale,
  type PackageManifestEntry,
  VFS_CHANGED_MESSAGE,
} from '@atrium/shared';
import type { TranslationLoader, TranslationTexts } from '@atrium/sdk';
import { Appearance } from '../appearance/Appearance.js';
import type { Session } from '../auth/Session.js';
import type { PageAddress } from '../address/PageAddress.js';
import { forgetLaunchRequest } from '../address/PageAddress.js';
import type { ClientConfig } from '../clientConfig.js';
import { CommandRegistry } from '../commands/CommandRegistry.js';
import { registerWindowCommands } from '../commands/windowCommands.js';
import { DialogService } from '../dialogs/DialogService.js';
import { browserPackageLoader, type ClientEnvironment } from '../env.js';
import type { FileSearchModel } from '../vfs/FileSearchModel.js';
import type { FileEntry, FileSystem, FileSystemChange } from '../vfs/FileSystem.js';
import { lazyFileSystem } from '../vfs/LazyFileSystem.js';
import type { Dimension } from '../windows/types.js';
import { WindowManager } from '../windows/WindowManager.js';
import { AppMenuModel } from './AppMenuModel.js';
import { DesktopSessionModel } from './DesktopSessionModel.js';
import { DesktopUi } from './DesktopUi.js';
import { registerDesktopCommands } from './desktopCommands.js';
import { greet } from './greeting.js';
import { Panels } from './Panels.js';
import { PrivacyPolicyModel } from './PrivacyPolicyModel.js';
import { TrayModel } from './TrayModel.js';
import { NotificationService } from '../notifications/NotificationService.js';
import { Observable } from '../Observable.js';
import type { DesktopHooks, RequestMethod } from '../packages/DesktopHooks.js';
import { PackageManager } from '../packages/PackageManager.js';
import { packageTitle } from '../packages/packageTitle.js';
import type { BuiltinLoaders, PackageLoader } from '../packages/packageLoading.js';
import { ProfileCardModel } from '../profile/ProfileCardModel.js';
import type { GlobalSearchModel } from '../search/GlobalSearchModel.js';
import { lazyDesktopSearch } from '../search/lazyDesktopSearch.js';
import type { SearchService } from '../search/SearchService.js';
import { ServerSettingsAdapter } from '../settings/SettingsAdapter.js';
import { SettingsStore } from '../settings/SettingsStore.js';
import { settingsDefaults } from '../settings/settingsDefaults.js';
import { SocketClient, type ConnectionEvent } from '../sockets/SocketClient.js';
import { SoundPlayer } from '../sounds/SoundPlayer.js';
import { PingService } from '../system/PingService.js';
import type { Translate } from '../windows/WindowIdExistsError.js';
import { NotificationCentreModel } from '../work/NotificationCentreModel.js';
import { desktopTasks } from '../work/desktopTasks.js';
import type { TaskClient } from '../work/TaskClient.js';

/** Whether the desktop's connection to the server works (false while lost or failed: docs/behaviour/connection.md#connection-loss-mask). */
export interface ConnectionState {
  online: boolean;
}

/**
 * What a desktop is built from: the browser (env, with its clock), the
 * server (the signed-in session's request clients), the configuration, the
 * packages the build carries, and the interface language. The page passes the
 * real ones; tests pass a fake browser and a scripted server
 * (testing/FakeEnvironment, testing/fixtures).
 */
export interface DesktopPlatform {
  env: ClientEnvironment;
  session: Session;
  config: ClientConfig;
  /** The packages the web build carries, by name. */
  builtins: BuiltinLoaders;
  /** How registered packages' files load (default: browserPackageLoader()). */
  loader?: PackageLoader;
  /** The user's files (default: the server's, through the session: HttpFileSystem, loaded on first use). */
  fileSystem?: FileSystem;
  /** What the default-application dialog offers (default: the application packages the user may open). */
  applications?: () => Array<{ name: string; title: string }>;
  /** The desktop's sounds (default: silent). */
  sounds?: SoundPlayer;
  translate: Translate;
  locale(): string;
  setLocale(locale: Locale): Promise<void>;
  /** Adds an application's own texts to the translator's catalogues (Translator.addTranslations); without it they are not kept (tests of the desktop's own texts). */
  addTranslations?(texts: Partial<Record<Locale, TranslationTexts | TranslationLoader>>): Promise<void>;
}

/** Everything of one signed-in desktop; disposed when it goes (sign-out). */
export interface Desktop {
  windows: WindowManager;
  dialogs: DialogService;
  commands: CommandRegistry;
  /** View state shared by the desktop's views: open menus, overlays, keyboard move/resize. */
  ui: DesktopUi;
  sounds: SoundPlayer;
  packages: PackageManager;
  settings: SettingsStore;
  notifications: NotificationService;
  /** The desktop's socket; null when the environment has no sockets. */
  socket: SocketClient | null;
  connection: Observable<ConnectionState>;
  appearance: Appearance;
  profileCard: ProfileCardModel;
  ping: PingService;
  panels: Panels;
  desktopSession: DesktopSessionModel;
  privacyPolicy: PrivacyPolicyModel;
  /** The panel's application menu: its entries, search and categories. */
  appMenu: AppMenuModel;
  /** The panel's tray: icons placed by applications (an app's go when it ends) or by the desktop. */
  tray: TrayModel;
  /** The user's files (docs/behaviour/files.md): the server's, in the product. */
  files: FileSystem;
  /** Opens a file in the application of its type (docs/behaviour/files.md#opening-a-file). */
  openFile(file: FileEntry | string): Promise<void>;
  /** The filesystem search overlay's model (docs/behaviour/files.md#search-overlay), loaded and made on first use. */
  fileSearch(): Promise<FileSearchModel>;
  /** The panel's global search (docs/behaviour/search.md#search-panel): its bar, filters, Recent list and submit; loaded and made on first use (it is open while ui's popup is 'globalSearch'). */
  globalSearch(): Promise<GlobalSearchModel>;
  /** The panel's notification centre (docs/behaviour/work.md#notification-centre): badge, side panel, work dialogs. */
  work: NotificationCentreModel;
  /** The desktop clock's time (the greeting's hour). */
  now(): number;
  /**
   * Starts the desktop (docs/behaviour/desktop.md#after-sign-in): settings
   * (then their locale, keybindings) and packages, the socket, the ping and
   * the appearance; then the privacy-policy check, the app the page address
   * asked for, the saved session (without that app), the autostart apps, and
   * the greeting when the user has just signed in with the form.
   */
  start(options?: DesktopStartOptions): Promise<void>;
  /** Sends what waits to be saved (settings, the session) now: the page is being hidden or closed. */
  flush(): void;
  /** Signs out at once (no question), after sending what waits to be saved. */
  signOut(): Promise<void>;
  dispose(): void;
}

/** What the page gives the desktop's start. */
export interface DesktopStartOptions {
  /** The app the page address asked for (?app=), once per page. */
  launch?: PageAddress['launch'];
  /** Greet this user (a sign-in with the form; not a reload). */
  greet?: { name: string; preferences: Readonly<Record<string, string>> } | null;
}

class ConnectionModel extends Observable<ConnectionState> {
  constructor() {
    super({ online: true });
  }
  set(online: boolean): void {
    if (this.getState().online !== online) this.setState({ online });
  }
  dispose(): void {
    this.clearListeners();
  }
}

const CONNECTION_KEYS: Readonly<Record<ConnectionEvent, string>> = { lost: 'connection.lost', restored: 'connection.restored', failed: 'connection.failed' };

/**
 * The desktop's composition root (docs/ARCHITECTURE.md): builds and wires
 * every model of one signed-in desktop from its platform: the window
 * manager, dialogs and command registry (window, panel and desktop
 * commands), settings over the server, notifications, the desktop socket
 * (connection notifications and the online flag; atrium/settings:changed
 * reloads the settings; app messages go to the running apps of that name as
 * 'socket:message'), the package manager and its hooks, appearance, the
 * profile card, the ping, the panels, the session record and the privacy
 * policy.
 */
export function createDesktop(platform: DesktopPlatform, layout: { viewport: Dimension }): Desktop {
  const options = platform;
  const { env, session, config, translate } = platform;
  const clock = env.clock;
  const sounds = platform.sounds ?? new SoundPlayer(null);
  const windows = new WindowManager({ clock, viewport: layout.viewport, translate });
  // The user's files: the server's filesystems, whose client loads with the first call (docs/behaviour/files.md).
  const serverFiles = platform.fileSystem ? null : lazyFileSystem(async () => new (await import('../vfs/HttpFileSystem.js')).HttpFileSystem(session.core, { translate }));
  const files = platform.fileSystem ?? serverFiles!;
  // The default-application dialog offers the applications the user may open (packages exists by the time a dialog opens).
  const dialogs = new DialogService({
    windows,
    translate,
    sounds,
    fileSystem: files,
    applications: platform.applications ?? (() => packages.visible('application').map((m) => ({ name: m.name, title: packageTitle(m, platform.locale()) }))),
  });
  const commands = new CommandRegistry();
  const ui = new DesktopUi(windows);
  const settings = new SettingsStore({ adapter: new ServerSettingsAdapter(session.api), clock, defaults: settingsDefaults(config.settings.defaults), lock: config.settings.lock, translate });
  const notifications = new NotificationService({ clock, sounds: sounds, native: env.showNativeNotification ? (title, body) => env.showNativeNotification?.(title, body) : undefined });
  const connection = new ConnectionModel();
  const profileCard = new ProfileCardModel(session.api);
  const ping = new PingService({ clock, request: session.core, sessionMaxAge: config.sessionMaxAge });

  const createSocket = (path: string, reconnectInterval: number, maxReconnectInterval?: number): SocketClient | null => {
    if (!env.createSocket || !env.socketUrl) return null;
    return new SocketClient({
      clock,
      createSocket: env.createSocket,
      url: env.socketUrl(path),
      token: () => session.accessToken(),
      refresh: () => session.refresh(),
      reconnectInterval,
      maxReconnectInterval,
    });
  };
  // Sockets retry every second (docs/behaviour/limits.md); the desktop's own backs off up to the 5 s connect interval.
  const socket = createSocket(config.socketPath, SOCKET_RECONNECT_INTERVAL, SOCKET_CONNECT_INTERVAL);

  const profile = () => {
    const state = session.getState();
    return state.status === 'signed-in' ? state.profile : null;
  };

  const tray = new TrayModel();
  // The desktop's own tray icon: the filesystem search (docs/behaviour/files.md#search-overlay).
  const searchIcon = tray.create({ icon: 'file-search', title: translate('fileSearch.tray'), onClick: () => ui.togglePopup('fileSearch') });
  /** Switches the interface language, and the desktop's own texts with it. */
  const applyLocale = async (locale: Locale) => {
    await options.setLocale(locale);
    searchIcon.update({ title: translate('fileSearch.tray') });
  };
  // One search and Recent list for the panel and every application (Desktop.search), loaded with the first search or the magnifier's first press.
  const storedHistory = () => profile()?.search_history ?? '';
  let searchService: Promise<SearchService> | null = null;
  let loadedSearch: SearchService | null = null;
  const loadSearchService = () =>
    (searchService ??= import('../search/SearchService.js').then((m) => (loadedSearch = new m.SearchService({ request: (method, path, body) => request(session, method, path, body), storedHistory, now: () => clock.now() }))));
  const search = lazyDesktopSearch({ load: loadSearchService, loaded: () => loadedSearch, storedHistory });
  // The notification centre: the user's tasks, live over the desktop socket (docs/behaviour/work.md).
  // The task calls' client loads with the first of them (the badge's count at start), so the shell does not carry it.
  let taskClient: Promise<TaskClient> | null = null;
  const loadTaskClient = () => (taskClient ??= import('../work/TaskClient.js').then((m) => new m.TaskClient(session.api)));
  const work = new NotificationCentreModel({
    client: loadTaskClient,
    clock,
    socket,
    notify: (note) => notifications.create(note),
    translate,
    userId: () => profile()?.id ?? null,
    // As the application menu names it: a package's title in the user's language, or an organisation page's.
    app: (name) => appMenu.getState().entries.find((entry) => entry.name === name) ?? null,
  });
  const hooks: DesktopHooks = {
    windows,
    dialogs,
    notifications,
    settings,
    socket,
    createAppSocket: (name, interval) => createSocket(appSocketPath(name), interval ?? SOCKET_RECONNECT_INTERVAL),
    translate,
    locale: options.locale,
    async setLocale(locale) {
      if (!settings.isLocked('locale')) settings.set('locale', locale);
      await applyLocale(locale);
    },
    profile,
    async setUserPreference(name, value) {
      const user = profile();
      if (!user) throw new Error('Not signed in');
      await session.api.put(`user/${encodeURIComponent(user.id)}`, { preferences: { [name]: value } });
      await session.updateProfile();
    },
    request: <T>(method: RequestMethod, path: string, body?: unknown) => request<T>(session, method, path, body),
    showProfileCard: (userId, at) => void profileCard.open(userId, at),
    tray,
    files,
    addTranslations: async (texts) => options.addTranslations?.(texts),
    tasks: desktopTasks(loadTaskClient, work),
    search,
  };

  const packages = new PackageManager({
    clock,
    fetchManifest: () => fetchManifest(session, config.manifestUrl),
    builtins: options.builtins,
    loader: options.loader ?? browserPackageLoader(),
    hooks,
  });
  const appearance = new Appearance({ settings, packages, sounds });
  const panels = new Panels(settings);
  const desktopSession = new DesktopSessionModel({ api: session.api, storage: env.localStorage, clock, windows, packages, profile });
  // Signing out first sends what waits to be saved (a window just moved, a setting just changed): after it the token is gone.
  const signOut = async () => {
    await Promise.all([settings.save(), desktopSession.flush()]).catch(() => undefined);
    await session.logout();
  };
  const privacyPolicy = new PrivacyPolicyModel(session.api);
  const appMenu = new AppMenuModel({ packages, profile, locale: options.locale });
  let globalSearch: Promise<GlobalSearchModel> | null = null;
  const loadGlobalSearch = () =>
    (globalSearch ??= Promise.all([import('../search/GlobalSearchModel.js'), loadSearchService()]).then(([m, service]) => new m.GlobalSearchModel({ search: service, ui, launch: (launchRequest) => packages.launch(launchRequest) })));

  const cleanups: Array<() => void> = [];
  cleanups.push(session.onProfileUpdated(() => packages.profileChanged()));
  // The notification centre's side panel and the desktop's overlays are never open together.
  cleanups.push(
    ui.subscribe(() => ui.getState().popup !== null && work.close()),
    work.subscribe(() => work.getState().open && ui.closePopup()),
  );
  // The interface language follows the 'locale' setting when it changes (here, in another tab, or at load).
  let followedLocale: Locale | null | undefined;
  const followLocale = async () => {
    const locale = settings.get('locale');
    if (locale === followedLocale) return;
    followedLocale = locale;
    if (locale && locale !== options.locale()) {
      try {
        await applyLocale(locale);
      } catch (error) {
        console.warn('The locale of the settings could not be applied.', error);
      }
    }
  };
  if (socket) {
    cleanups.push(
      socket.onConnection((event) => {
        connection.set(event === 'restored');
        notifications.create({ title: translate(CONNECTION_KEYS[event]) });
      }),
      socket.on(SocketNames.settingsChanged, () => void settings.reload()),
      // Files changed elsewhere (another tab, a member of the organisation): open views refresh.
      socket.on(VFS_CHANGED_MESSAGE, (params) => {
        const directories = (params as { directories?: unknown } | null)?.directories;
        if (serverFiles && Array.isArray(directories)) {
          const operation = (params as { operation?: FileSystemChange['operation'] }).operation ?? 'writefile';
          serverFiles.notify({ operation, directories: directories.filter((d): d is string => typeof d === 'string') });
        }
      }),
      socket.on(SocketNames.appMessage, (params) => {
        const parsed = AppSocketMessageParams.safeParse(params);
        if (!parsed.success) return;
        for (const app of packages.applications()) if (app.name === parsed.data.name) app.emit('socket:message', parsed.data.args);
      }),
    );
  }

  cleanups.push(
    registerWindowCommands(commands, windows, {
      openMenu: (wid) => ui.openMenu(wid),
      startKeyboardMove: (wid) => ui.startKeyboard(wid, 'move'),
      startKeyboardResize: (wid) => ui.startKeyboard(wid, 'resize'),
    }),
    registerDesktopCommands(commands, { windows, panels, ui, packages, appMenu, dialogs, desktopSession, profile, logout: signOut, translate }),
  );
  // The user's keybindings replace the defaults, and follow a change made in Preferences or another tab.
  let keybindings: DesktopSettings['desktop.keybindings'] | undefined;
  const followKeybindings = () => {
    const next = settings.get('desktop.keybindings');
    if (next === keybindings) return;
    keybindings = next;
    commands.setKeybindings(next && typeof next === 'object' ? next : {});
  };

  const openFile = (file: FileEntry | string) => packages.desktop.openFile(file);
  let fileSearch: Promise<FileSearchModel> | null = null;
  const loadFileSearch = () => (fileSearch ??= import('../vfs/FileSearchModel.js').then((m) => m.desktopFileSearch({ files, clock, openFile, packages, ui })));

  let started = false;
  let disposed = false;
  return {
    windows,
    dialogs,
    commands,
    ui,
    sounds,
    panels,
    desktopSession,
    privacyPolicy,
    appMenu,
    tray,
    files,
    openFile,
    fileSearch: loadFileSearch,
    work,
    globalSearch: loadGlobalSearch,
    now: () => clock.now(),
    packages,
    settings,
    notifications,
    socket,
    connection,
    appearance,
    profileCard,
    ping,
    async start(startOptions = {}) {
      if (started || disposed) return;
      started = true;
      await Promise.all([settings.load(), packages.load()]);
      if (disposed) return;
      await followLocale();
      if (disposed) return;
      followKeybindings();
      cleanups.push(settings.subscribe(() => void followLocale()), settings.subscribe(followKeybindings));
      socket?.connect();
      work.start();
      ping.start();
      appearance.start();
      // One quick question to the server; the dialog itself waits for the user without holding the start up.
      await privacyPolicy.check(profile());
      if (disposed) return;
      const launch = startOptions.launch ?? null;
      const launched = launch ? packages.launch({ app: launch.app, options: launch.options }) : null;
      if (launched) {
        const settled = () => forgetLaunchRequest(env);
        launched.then(settled, settled);
      }
      await desktopSession.restore({ skipApp: launch?.app ?? null });
      if (disposed) return;
      // The application the page address asked for ends in front of the restored windows.
      if (launched) void launched.then((app) => app?.windows.at(-1)?.focus(), () => undefined);
      packages.autostart();
      if (startOptions.greet) greet(notifications, startOptions.greet, clock.now());
    },
    flush() {
      void settings.save();
      void desktopSession.flush();
    },
    signOut,
    dispose() {
      if (disposed) return;
      disposed = true;
      for (const cleanup of cleanups.splice(0)) cleanup();
      desktopSession.dispose();
      privacyPolicy.dispose();
      appMenu.dispose();
      work.dispose();
      void globalSearch?.then((model) => model.dispose(), () => undefined);
      void searchService?.then((service) => service.dispose(), () => undefined);
      panels.dispose();
      packages.dispose();
      tray.dispose();
      void fileSearch?.then((model) => model.dispose(), () => undefined);
      socket?.dispose();
      settings.dispose();
      appearance.dispose();
      notifications.dispose();
      profileCard.dispose();
      ping.dispose();
      connection.dispose();
      ui.dispose();
      dialogs.dispose();
      windows.dispose();
    },
  };
}

/** The manifest (docs/API.md): fetched when an address is configured, else no packages. */
async function fetchManifest(session: Session, manifestUrl: string | null): Promise<PackageManifestEntry[]> {
  if (!manifestUrl) return [];
  // An absolute path or address: the root client joins it as it is.
  const answer = await session.core.get<Envelope<PackageManifestEntry[]> | PackageManifestEntry[]>(manifestUrl);
  if (Array.isArray(answer)) return answer;
  if (answer?.status === 'success' && Array.isArray(answer.data)) return answer.data;
  throw new Error('The server sent no package manifest');
}

function request<T>(session: Session, method: RequestMethod, path: string, body?: unknown): Promise<T> {
  const api = session.api;
  switch (method) {
    case 'get':
      return api.get<T>(path, typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined);
    case 'post':
      return api.post<T>(path, body);
    case 'put':
      return api.put<T>(path, body);
    case 'delete':
      return api.delete<T>(path, body);
  }
}
