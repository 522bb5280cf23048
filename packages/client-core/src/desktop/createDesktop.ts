import type { Locale } from '@atrium/shared';
import type { TranslationLoader, TranslationTexts } from '@atrium/sdk';
import { Appearance } from '../appearance/Appearance.js';
import type { Session } from '../auth/Session.js';
import type { PageAddress } from '../address/PageAddress.js';
import type { ClientConfig } from '../clientConfig.js';
import { CommandRegistry } from '../commands/CommandRegistry.js';
import { lazyApplicationCommands } from '../commands/lazyApplicationCommands.js';
import { registerWindowCommands } from '../commands/windowCommands.js';
import { DialogService } from '../dialogs/DialogService.js';
import type { ClientEnvironment } from '../env.js';
import type { FileSearchModel } from '../vfs/FileSearchModel.js';
import type { FileEntry, FileSystem } from '../vfs/FileSystem.js';
import { lazyFileSystem, type LazyFileSystem } from '../vfs/LazyFileSystem.js';
import type { Dimension } from '../windows/types.js';
import { WindowManager } from '../windows/WindowManager.js';
import { AppMenuModel } from './AppMenuModel.js';
import { DesktopSessionModel } from './DesktopSessionModel.js';
import { DesktopUi } from './DesktopUi.js';
import { desktopAccount } from './desktopAccount.js';
import { registerAppCommands } from './appCommands.js';
import { registerDesktopCommands } from './desktopCommands.js';
import { desktopPackages } from './desktopPackages.js';
import { desktopSearches } from './desktopSearch.js';
import { desktopSettings, followSettings } from './desktopSettings.js';
import { ConnectionModel, desktopSockets, wireLiveUpdates, type ConnectionState } from './desktopSockets.js';
import { startDesktop } from './desktopStart.js';
import { desktopWork, keepWorkApartFromOverlays } from './desktopWork.js';
import { Panels } from './Panels.js';
import { PrivacyPolicyModel } from './PrivacyPolicyModel.js';
import { TrayModel } from './TrayModel.js';
import { NotificationService } from '../notifications/NotificationService.js';
import type { Observable } from '../Observable.js';
import type { PackageManager } from '../packages/PackageManager.js';
import { packageTitle } from '../packages/packageTitle.js';
import type { BuiltinLoaders, PackageLoader } from '../packages/packageLoading.js';
import { HomeWidgetModel } from '../home/HomeWidgetModel.js';
import { ProfileCardModel } from '../profile/ProfileCardModel.js';
import type { GlobalSearchModel } from '../search/GlobalSearchModel.js';
import type { SettingsStore } from '../settings/SettingsStore.js';
import { SoundPlayer } from '../sounds/SoundPlayer.js';
import type { DesktopSocket } from '../sockets/SocketClient.js';
import { PingService } from '../system/PingService.js';
import type { Translate } from '../windows/WindowIdExistsError.js';
import type { NotificationCentreModel } from '../work/NotificationCentreModel.js';

export type { ConnectionState };

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
  /** The language chosen on the login page before this sign-in, if any: it wins over the saved one (followSettings). */
  chosenLocale?(): Locale | null;
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
  socket: DesktopSocket | null;
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
  /** The home widget on the desktop's background (docs/behaviour/desktop.md#home-widget). */
  home: HomeWidgetModel;
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

/**
 * The desktop's composition root (docs/ARCHITECTURE.md): builds and wires
 * every model of one signed-in desktop from its platform. Each concern has
 * its own module (README.md of this folder): the session's wiring
 * (desktopAccount), settings and what follows them (desktopSettings), the
 * sockets and their live updates (desktopSockets), the packages and the
 * hooks of applications (desktopPackages), the notification centre
 * (desktopWork), the searches (desktopSearch) and the start sequence with
 * the windows of the saved session (desktopStart).
 */
export function createDesktop(platform: DesktopPlatform, layout: { viewport: Dimension }): Desktop {
  const parts = buildDesktop(platform, layout);
  const { ui, work, packages, settings, desktopSession, commands, windows, panels, appMenu, dialogs, account, translate } = parts;
  const signOut = () => account.signOut(() => Promise.all([settings.save(), desktopSession.flush()]));
  parts.cleanups.push(
    platform.session.onProfileUpdated(() => packages.profileChanged()),
    ...keepWorkApartFromOverlays(work, ui),
    ...(parts.socket ? wireLiveUpdates(parts.socket, { ...parts, translate }) : []),
    registerWindowCommands(commands, windows, {
      openMenu: (wid) => ui.openMenu(wid),
      startKeyboardMove: (wid) => ui.startKeyboard(wid, 'move'),
      startKeyboardResize: (wid) => ui.startKeyboard(wid, 'resize'),
    }),
    registerDesktopCommands(commands, { windows, panels, ui, packages, appMenu, dialogs, desktopSession, profile: account.profile, logout: signOut, translate }),
    registerAppCommands(commands, appMenu),
  );
  return desktopOf(parts, signOut);
}

/** Every model of one desktop, built and handed to each other; nothing runs yet. */
type DesktopParts = ReturnType<typeof buildDesktop>;

function buildDesktop(platform: DesktopPlatform, layout: { viewport: Dimension }) {
  const { env, session, config, translate } = platform;
  const clock = env.clock;
  const account = desktopAccount(session);
  const sounds = platform.sounds ?? new SoundPlayer(null);
  const windows = new WindowManager({ clock, viewport: layout.viewport, translate });
  // The user's files: the server's filesystems, whose client loads with the first call (docs/behaviour/files.md).
  const serverFiles: LazyFileSystem | null = platform.fileSystem ? null : lazyFileSystem(async () => new (await import('../vfs/HttpFileSystem.js')).HttpFileSystem(session.core, { translate }));
  const files = platform.fileSystem ?? serverFiles!;
  // The closures below read `packages` and `appMenu`, made after the models that reach them through their hooks, only once the desktop runs.
  // The default-application dialog offers the applications the user may open.
  const applications = platform.applications ?? (() => packages.visible('application').map((m) => ({ name: m.name, title: packageTitle(m, platform.locale()) })));
  const dialogs = new DialogService({ windows, translate, sounds, fileSystem: files, applications });
  const ui = new DesktopUi(windows);
  const settings = desktopSettings(session, config, clock, translate);
  const notifications = new NotificationService({ clock, sounds, native: env.showNativeNotification ? (title, body) => env.showNativeNotification?.(title, body) : undefined });
  const sockets = desktopSockets(env, session, config.socketPath);
  const tray = new TrayModel();
  // The desktop's own tray icon: the filesystem search (docs/behaviour/files.md#search-overlay).
  const searchIcon = tray.create({ icon: 'file-search', title: translate('fileSearch.tray'), onClick: () => ui.togglePopup('fileSearch') });
  const applyLocale = async (locale: Locale) => {
    await platform.setLocale(locale);
    // What was shown in the previous language follows the new one: window titles (docs/behaviour/windows.md#title),
    // the application menu's entries (and with them the palette's and the work items'), the tray's search icon.
    windows.retitle();
    appMenu.refresh();
    searchIcon.update({ title: translate('fileSearch.tray') });
  };
  const openFile = (file: FileEntry | string) => packages.desktop.openFile(file);
  const storedHistory = () => account.profile()?.search_history ?? '';
  const searches = desktopSearches({ clock, request: account.request, storedHistory, ui, files, openFile, packages: () => packages });
  const { work, tasks } = desktopWork({ session, clock, socket: sockets.socket, notifications, translate, userId: () => account.profile()?.id ?? null, appMenu: () => appMenu });
  const profileCard = new ProfileCardModel(session.api);
  const commands = new CommandRegistry();
  const appCommands = lazyApplicationCommands(commands, windows);
  const packages = desktopPackages(platform, { windows, dialogs, notifications, settings, sockets, account, profileCard, tray, files, search: searches.search, tasks, commands: appCommands, applyLocale });
  const appMenu = new AppMenuModel({ packages, profile: account.profile, locale: platform.locale });
  return {
    env, translate, account, sounds, windows, files, serverFiles, openFile, dialogs, ui, settings, notifications, socket: sockets.socket, tray, searches, work, profileCard, packages, appMenu, commands,
    connection: new ConnectionModel(),
    ping: new PingService({ clock, request: session.core, sessionMaxAge: config.sessionMaxAge }),
    appearance: new Appearance({ settings, packages, sounds }),
    panels: new Panels(settings),
    desktopSession: new DesktopSessionModel({ api: session.api, storage: env.localStorage, clock, windows, packages, profile: account.profile }),
    privacyPolicy: new PrivacyPolicyModel(session.api),
    home: new HomeWidgetModel({ settings, profile: account.profile, onProfileUpdated: (listener) => session.onProfileUpdated(listener), request: account.request, clock, locale: platform.locale }),
    following: followSettings({ settings, commands, locale: platform.locale, applyLocale, chosen: platform.chosenLocale }),
    cleanups: [] as Array<() => void>,
  };
}

/** The desktop's face over its parts: the models, start, flush, sign-out and dispose. */
function desktopOf(p: DesktopParts, signOut: () => Promise<void>): Desktop {
  let started = false;
  let disposed = false;
  const { windows, dialogs, commands, ui, sounds, panels, desktopSession, privacyPolicy, appMenu, tray, home, files, openFile, work, packages, settings, notifications, socket } = p;
  return {
    ...{ windows, dialogs, commands, ui, sounds, panels, desktopSession, privacyPolicy, appMenu, tray, home, files, openFile, work, packages, settings, notifications, socket },
    ...{ connection: p.connection, appearance: p.appearance, profileCard: p.profileCard, ping: p.ping },
    fileSearch: p.searches.fileSearch,
    globalSearch: p.searches.globalSearch,
    now: () => p.env.clock.now(),
    async start(startOptions = {}) {
      if (started || disposed) return;
      started = true;
      await startDesktop({ ...p, profile: p.account.profile }, startOptions, () => disposed);
    },
    flush() {
      void settings.save();
      void desktopSession.flush();
    },
    signOut,
    dispose() {
      if (disposed) return;
      disposed = true;
      disposeDesktop(p);
    },
  };
}

/** Stops everything the desktop started and drops every listener, the newest models first. */
function disposeDesktop(p: DesktopParts): void {
  for (const cleanup of p.cleanups.splice(0)) cleanup();
  p.following.dispose();
  p.desktopSession.dispose();
  p.privacyPolicy.dispose();
  p.home.dispose();
  p.appMenu.dispose();
  p.work.dispose();
  p.searches.dispose();
  p.panels.dispose();
  p.packages.dispose();
  p.tray.dispose();
  p.socket?.dispose();
  p.settings.dispose();
  p.appearance.dispose();
  p.notifications.dispose();
  p.profileCard.dispose();
  p.ping.dispose();
  p.connection.dispose();
  p.ui.dispose();
  p.dialogs.dispose();
  p.windows.dispose();
}
