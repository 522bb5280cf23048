import {
  AppSocketMessageParams,
  appSocketPath,
  SOCKET_CONNECT_INTERVAL,
  SOCKET_RECONNECT_INTERVAL,
  SocketNames,
  type ClientConfig,
  type Envelope,
  type Locale,
  type PackageManifestEntry,
} from '@atrium/shared';
import { Appearance } from '../appearance/Appearance.js';
import type { Session } from '../auth/Session.js';
import type { DialogService } from '../dialogs/DialogService.js';
import { browserPackageLoader, type ClientEnvironment } from '../env.js';
import { NotificationService } from '../notifications/NotificationService.js';
import { Observable } from '../Observable.js';
import type { DesktopHooks, RequestMethod } from '../packages/DesktopHooks.js';
import { PackageManager } from '../packages/PackageManager.js';
import type { BuiltinLoaders, PackageLoader } from '../packages/packageLoading.js';
import { ProfileCardModel } from '../profile/ProfileCardModel.js';
import { ServerSettingsAdapter } from '../settings/SettingsAdapter.js';
import { SettingsStore } from '../settings/SettingsStore.js';
import { settingsDefaults } from '../settings/settingsDefaults.js';
import { SocketClient, type ConnectionEvent } from '../sockets/SocketClient.js';
import type { SoundPlayer } from '../sounds/SoundPlayer.js';
import { PingService } from '../system/PingService.js';
import type { Translate } from '../windows/WindowIdExistsError.js';
import type { WindowManager } from '../windows/WindowManager.js';

/** Whether the desktop's connection to the server works (false while lost or failed, §4 Connection loss). */
export interface ConnectionState {
  online: boolean;
}

/** Everything of one signed-in desktop besides its windows and dialogs. */
export interface DesktopRuntime {
  packages: PackageManager;
  settings: SettingsStore;
  notifications: NotificationService;
  /** The desktop's socket; null when the environment has no sockets. */
  socket: SocketClient | null;
  connection: Observable<ConnectionState>;
  appearance: Appearance;
  profileCard: ProfileCardModel;
  ping: PingService;
  /** Loads settings (then their locale) and packages, connects the socket, starts the ping and the appearance. */
  start(): Promise<void>;
  dispose(): void;
}

export interface DesktopRuntimeOptions {
  env: ClientEnvironment;
  session: Session;
  config: ClientConfig;
  windows: WindowManager;
  dialogs: DialogService;
  sounds: SoundPlayer;
  translate: Translate;
  locale(): string;
  setLocale(locale: Locale): Promise<void>;
  builtins: BuiltinLoaders;
  /** How registered packages' files load (default: browserPackageLoader()). */
  loader?: PackageLoader;
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
 * Builds and wires the models of one signed-in desktop: settings over the
 * server, notifications, the desktop socket (connection notifications and
 * the online flag; atrium/settings:changed reloads the settings; app
 * messages go to the running apps of that name as 'socket:message'), the
 * package manager and its hooks, appearance, the profile card and the ping.
 */
export function createDesktopRuntime(options: DesktopRuntimeOptions): DesktopRuntime {
  const { env, session, config, translate } = options;
  const clock = env.clock;
  const settings = new SettingsStore({ adapter: new ServerSettingsAdapter(session.api), clock, defaults: settingsDefaults(config.settings.defaults), lock: config.settings.lock, translate });
  const notifications = new NotificationService({ clock, sounds: options.sounds, native: env.showNativeNotification ? (title, body) => env.showNativeNotification?.(title, body) : undefined });
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
  // §9: sockets retry every second; the desktop's own backs off up to the 5 s connect interval.
  const socket = createSocket(config.socketPath, SOCKET_RECONNECT_INTERVAL, SOCKET_CONNECT_INTERVAL);

  const profile = () => {
    const state = session.getState();
    return state.status === 'signed-in' ? state.profile : null;
  };

  const hooks: DesktopHooks = {
    windows: options.windows,
    dialogs: options.dialogs,
    notifications,
    settings,
    socket,
    createAppSocket: (name, interval) => createSocket(appSocketPath(name), interval ?? SOCKET_RECONNECT_INTERVAL),
    translate,
    locale: options.locale,
    async setLocale(locale) {
      if (!settings.isLocked('locale')) settings.set('locale', locale);
      await options.setLocale(locale);
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
  };

  const packages = new PackageManager({
    clock,
    fetchManifest: () => fetchManifest(session, config.manifestUrl),
    builtins: options.builtins,
    loader: options.loader ?? browserPackageLoader(),
    hooks,
  });
  const appearance = new Appearance({ settings, packages, sounds: options.sounds });

  const cleanups: Array<() => void> = [];
  cleanups.push(session.onProfileUpdated(() => packages.profileChanged()));
  // The interface language follows the 'locale' setting when it changes (here, in another tab, or at load).
  let followedLocale: Locale | null | undefined;
  const followLocale = async () => {
    const locale = settings.get('locale');
    if (locale === followedLocale) return;
    followedLocale = locale;
    if (locale && locale !== options.locale()) {
      try {
        await options.setLocale(locale);
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
      socket.on(SocketNames.appMessage, (params) => {
        const parsed = AppSocketMessageParams.safeParse(params);
        if (!parsed.success) return;
        for (const app of packages.applications()) if (app.name === parsed.data.name) app.emit('socket:message', parsed.data.args);
      }),
    );
  }

  let started = false;
  let disposed = false;
  return {
    packages,
    settings,
    notifications,
    socket,
    connection,
    appearance,
    profileCard,
    ping,
    async start() {
      if (started || disposed) return;
      started = true;
      await Promise.all([settings.load(), packages.load()]);
      if (disposed) return;
      await followLocale();
      if (disposed) return;
      cleanups.push(settings.subscribe(() => void followLocale()));
      socket?.connect();
      ping.start();
      appearance.start();
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      for (const cleanup of cleanups.splice(0)) cleanup();
      packages.dispose();
      socket?.dispose();
      settings.dispose();
      appearance.dispose();
      notifications.dispose();
      profileCard.dispose();
      ping.dispose();
      connection.dispose();
    },
  };
}

/** The manifest (§7): fetched when an address is configured, else no packages. */
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
