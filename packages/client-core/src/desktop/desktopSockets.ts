import { appSocketPath, desktopServerDirection, SOCKET_CONNECT_INTERVAL, SOCKET_RECONNECT_INTERVAL, SocketNames, VFS_CHANGED_MESSAGE } from '@atrium/shared';
import type { Session } from '../auth/Session.js';
import type { DesktopAccount } from './desktopAccount.js';
import type { ClientEnvironment } from '../env.js';
import type { NotificationService } from '../notifications/NotificationService.js';
import { Observable } from '../Observable.js';
import type { PackageManager } from '../packages/PackageManager.js';
import type { SettingsStore } from '../settings/SettingsStore.js';
import { SocketClient, type ConnectionEvent, type DesktopSocket } from '../sockets/SocketClient.js';
import type { LazyFileSystem } from '../vfs/LazyFileSystem.js';
import type { Translate } from '../windows/WindowIdExistsError.js';

/** Whether the desktop's connection to the server works (false while lost or failed: docs/behaviour/connection.md#connection-loss-mask). */
export interface ConnectionState {
  online: boolean;
}

/** The desktop's online flag, as its socket reports it. */
export class ConnectionModel extends Observable<ConnectionState> {
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

/** The sockets of one desktop: its own, and a factory of applications' sockets (both null when the environment has none). */
export interface DesktopSockets {
  socket: DesktopSocket | null;
  createAppSocket(name: string, reconnectInterval?: number): SocketClient | null;
}

/**
 * Makes the desktop's socket, which speaks the desktop contract, and the
 * factory of applications' sockets, both authenticated with the session's
 * token. Sockets retry every second (docs/behaviour/limits.md); the
 * desktop's own backs off up to the 5 s connect interval.
 */
export function desktopSockets(env: ClientEnvironment, session: Session, socketPath: string): DesktopSockets {
  if (!env.createSocket || !env.socketUrl) return { socket: null, createAppSocket: () => null };
  // The environment's methods are called on it (a browser's, a test's: they may read `this`).
  const createSocket = env.createSocket.bind(env);
  const socketUrl = env.socketUrl.bind(env);
  const common = { clock: env.clock, createSocket, token: () => session.accessToken(), refresh: () => session.refresh() };
  return {
    socket: new SocketClient({ ...common, url: socketUrl(socketPath), contract: desktopServerDirection, reconnectInterval: SOCKET_RECONNECT_INTERVAL, maxReconnectInterval: SOCKET_CONNECT_INTERVAL }),
    createAppSocket: (name, interval) => new SocketClient({ ...common, url: socketUrl(appSocketPath(name)), reconnectInterval: interval ?? SOCKET_RECONNECT_INTERVAL }),
  };
}

const CONNECTION_KEYS: Readonly<Record<ConnectionEvent, string>> = { lost: 'connection.lost', restored: 'connection.restored', failed: 'connection.failed' };

/** What the desktop socket's messages reach. */
export interface LiveUpdateTargets {
  connection: ConnectionModel;
  notifications: NotificationService;
  translate: Translate;
  settings: SettingsStore;
  /** The server's files, when the desktop uses them (a platform's own file system hears nothing). */
  serverFiles: LazyFileSystem | null;
  packages: PackageManager;
  account: Pick<DesktopAccount, 'reloadProfile'>;
}

/**
 * The desktop socket's live updates: connection notifications and the
 * online flag; atrium/settings:changed reloads the settings; vfs:changed
 * refreshes open file views; application messages go to the running apps of
 * that name as 'socket:message'. (tasks:changed is the notification
 * centre's, which also fetches again when messages may have been missed.)
 * When the connection comes back after a drop, or the server says it may
 * have missed changes (atrium/resync), whatever those messages would have
 * said is fetched again: the settings, the profile and the manifest (the
 * application menu), and the open file views (a 'resync' change).
 * Returns the functions that stop them.
 */
export function wireLiveUpdates(socket: DesktopSocket, to: LiveUpdateTargets): Array<() => void> {
  return [
    socket.onConnection((event) => {
      to.connection.set(event === 'restored');
      to.notifications.create({ title: to.translate(CONNECTION_KEYS[event]) });
    }),
    // What changed while the connection was down, or while the server's link to the others was, was not heard of
    // (docs/behaviour/connection.md#reconnecting).
    socket.onMissed(() => resync(to)),
    socket.on(SocketNames.settingsChanged, () => void to.settings.reload()),
    // Files changed elsewhere (another tab, a member of the organisation): open views refresh.
    socket.on(VFS_CHANGED_MESSAGE, ({ directories }) => to.serverFiles?.notify({ operation: 'writefile', directories })),
    socket.on(SocketNames.appMessage, ({ name, args }) => {
      for (const app of to.packages.applications()) if (app.name === name) app.emit('socket:message', args);
    }),
  ];
}

/** Fetches again what the desktop socket's messages keep up to date, after a drop in which some may have been missed. */
function resync(to: LiveUpdateTargets): void {
  void to.settings.reload();
  // Applications granted or taken away meanwhile: the menu follows the profile and the manifest.
  void to.packages.reload();
  to.account.reloadProfile().catch((error: unknown) => console.warn('The profile could not be loaded again.', error));
  to.serverFiles?.notify({ operation: 'resync', directories: [] });
}
