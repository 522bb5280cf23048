import type { AppSettings, AppSocket, AppWindow, AppWindowOptions, Application as SdkApplication, ApplicationEvent, Desktop, DialogCallback, DialogKind, LaunchOptions, NotificationOptions, SocketStatus } from '@atrium/sdk';
import { appSettingKey, SocketNames, type PackageManifestEntry } from '@atrium/shared';
import type { DialogOptions, FileDialogOptions } from '../dialogs/DialogModel.js';
import type { SettingsStore } from '../settings/SettingsStore.js';
import { WindowIdExistsError } from '../windows/WindowIdExistsError.js';
import type { WindowAttributes, WindowSessionRecord } from '../windows/types.js';
import type { DesktopHooks } from './DesktopHooks.js';
import { packageIcon } from './packageIcon.js';
import { packageTitle } from './packageTitle.js';

/** What an Application needs from its PackageManager. */
export interface ApplicationHost {
  readonly hooks: DesktopHooks;
  readonly desktop: Desktop;
  /** Registers (or, with null, forgets) what renders into a window's body. */
  setContent(wid: number, content: WindowContent | null): void;
  /** A window asked for the user's attention. */
  attention(wid: number): void;
  /** The app has ended. */
  destroyed(app: Application): void;
}

/** What the UI host mounts into an app window's body. */
export interface WindowContent {
  render: AppWindowOptions['render'];
  window: AppWindow;
  pid: number;
}

/**
 * A running application (docs/behaviour/applications.md#application-instances; implements @atrium/sdk's
 * Application). Its windows open in the desktop's WindowManager with the
 * package name as appId; a window id is unique among the app's windows
 * (WindowIdExistsError, docs/behaviour/windows.md). When the user closes its last window the app
 * ends. destroy() closes its windows and socket, emits 'destroy' and drops
 * its listeners.
 */
export class Application implements SdkApplication {
  readonly pid: number;
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly options: Readonly<LaunchOptions>;
  readonly #restored: WindowSessionRecord[];
  readonly metadata: Readonly<PackageManifestEntry>;
  readonly settings: AppSettings;
  readonly #host: ApplicationHost;
  #windows: AppWindow[] = [];
  #everHadWindow = false;
  #socket: AppSocket | null = null;
  #destroyed = false;
  readonly #listeners = new Map<ApplicationEvent, Set<(payload: unknown) => void>>();

  constructor(host: ApplicationHost, launch: { pid: number; metadata: PackageManifestEntry; args: Record<string, unknown>; options: LaunchOptions }) {
    this.#host = host;
    this.pid = launch.pid;
    this.metadata = launch.metadata;
    this.name = launch.metadata.name;
    this.args = { ...launch.args };
    this.options = { ...launch.options };
    this.#restored = Array.isArray(launch.options.restore) ? [...(launch.options.restore as WindowSessionRecord[])] : [];
    this.settings = appSettings(host.hooks.settings, this.name);
  }

  get desktop(): Desktop {
    return this.#host.desktop;
  }

  get windows(): readonly AppWindow[] {
    return this.#windows;
  }

  /** The package's title in the current locale. */
  get title(): string {
    return packageTitle(this.metadata, this.#host.hooks.locale());
  }

  /** Whether destroy() has run. */
  get destroyed(): boolean {
    return this.#destroyed;
  }

  createWindow(options: AppWindowOptions): AppWindow {
    if (this.#destroyed) throw new Error(`The application '${this.name}' has ended`);
    const { windows, translate } = this.#host.hooks;
    if (this.#windows.some((w) => w.id === options.id)) throw new WindowIdExistsError(options.id, translate);
    const first = !this.#everHadWindow;
    // A window of a restored session opens where it was (docs/behaviour/desktop.md#session-save-and-restore).
    const saved = this.#takeRestored(options.id);
    const request = {
      id: options.id,
      appId: this.name,
      // The package's title follows the language (docs/behaviour/windows.md#title); a launch's own title is a text as given.
      title: options.title ?? (first ? this.options.title : undefined) ?? (() => this.title),
      icon: options.icon !== undefined ? options.icon : ((first ? this.options.icon : undefined) ?? packageIcon(this.metadata)),
      parent: options.parent ?? null,
      position: saved ? saved.position : options.position,
      dimension: saved ? saved.dimension : options.dimension,
      attributes: options.attributes as Partial<WindowAttributes> | undefined,
    };
    let record;
    try {
      record = windows.open(request);
    } catch (error) {
      // Another instance of the same app has a window with this id: ids are unique per instance.
      if (!(error instanceof WindowIdExistsError)) throw error;
      record = windows.open({ ...request, id: `${options.id}:${this.pid}` });
    }
    const handle = this.#handle(record.wid, options.id);
    this.#everHadWindow = true;
    this.#windows = [...this.#windows, handle];
    this.#host.setContent(record.wid, { render: (body) => options.render(body, handle), window: handle, pid: this.pid });
    if (saved?.maximized) windows.maximize(record.wid);
    if (saved?.minimized) windows.minimize(record.wid);
    return handle;
  }

  /** The name a saved session launches this application by: the catalogue entry a viewer application shows, else its own. */
  get sessionName(): string {
    return typeof this.options.sessionName === 'string' ? this.options.sessionName : this.name;
  }

  /** The saved record of a window id from the launch's restore list, handed out once. */
  #takeRestored(id: string): WindowSessionRecord | null {
    const list = this.#restored;
    const index = list.findIndex((r) => r && r.id === id);
    if (index < 0) return null;
    const [record] = list.splice(index, 1);
    return record ?? null;
  }

  dialog(kind: DialogKind, options: Record<string, unknown>, callback: DialogCallback): void {
    // The seldom kinds' code may still be on its way (DialogService.open): the callback tells the application.
    void this.#host.hooks.dialogs.open(kind, options as DialogOptions | FileDialogOptions, callback);
  }

  notify(options: NotificationOptions): void {
    this.#host.hooks.notifications.create(options);
  }

  socket(options: { reconnectInterval?: number } = {}): AppSocket {
    if (!this.#socket) {
      const socket = this.#destroyed ? null : this.#host.hooks.createAppSocket(this.name, options.reconnectInterval);
      socket?.connect();
      this.#socket = socket ?? closedSocket();
    }
    return this.#socket;
  }

  send(args: unknown): void {
    this.#host.hooks.socket?.send(SocketNames.appMessage, { pid: this.pid, name: this.name, args });
  }

  on(event: ApplicationEvent, listener: (payload: unknown) => void): () => void {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  }

  /** Calls the listeners of an event (a listener that throws is logged, the others still run). */
  emit(event: ApplicationEvent, payload?: unknown): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        console.error(`A '${event}' listener of '${this.name}' failed.`, error);
      }
    }
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    for (const window of [...this.#windows]) window.close();
    this.#windows = [];
    this.#socket?.close();
    this.emit('destroy');
    this.#listeners.clear();
    this.#host.destroyed(this);
  }

  /** Told by the manager that one of the app's windows closed (by the user, the app or a parent). */
  windowClosed(wid: number): void {
    if (!this.#windows.some((w) => w.wid === wid)) return;
    this.#windows = this.#windows.filter((w) => w.wid !== wid);
    this.#host.setContent(wid, null);
    if (!this.#destroyed && this.#windows.length === 0) this.destroy();
  }

  #handle(wid: number, id: string): AppWindow {
    const { windows } = this.#host.hooks;
    const host = this.#host;
    return {
      wid,
      id,
      setTitle: (title) => windows.setTitle(wid, title),
      setLoading: (loading) => windows.setLoading(wid, loading),
      focus: () => void windows.raise(wid),
      attention() {
        windows.raise(wid);
        host.attention(wid);
      },
      close: () => void windows.close(wid),
      onBeforeClose: (guard) => {
        windows.setCloseGuard(wid, guard);
        return () => windows.setCloseGuard(wid, null);
      },
    };
  }
}

/** The app's settings: the object under 'app.<name>' of the settings store. */
function appSettings(store: SettingsStore, name: string): AppSettings {
  const key = appSettingKey(name);
  const current = () => {
    const value = store.get(key);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  };
  return {
    get<T = unknown>(item: string, fallback?: T): T | undefined {
      const values = current();
      return Object.hasOwn(values, item) ? (values[item] as T) : fallback;
    },
    set(item, value) {
      const next = { ...current() };
      if (value === undefined) delete next[item];
      else next[item] = value;
      store.set(key, next);
    },
    save: () => store.save(),
    subscribe(listener) {
      let last = store.get(key);
      return store.subscribe(() => {
        const value = store.get(key);
        if (value === last) return;
        last = value;
        listener();
      });
    },
  };
}

/** The socket of an app when the desktop has none: always closed, sends nothing. */
function closedSocket(): AppSocket {
  return {
    status: 'closed' as SocketStatus,
    send: (name) => console.warn(`The socket message '${name}' is not sent: this desktop has no sockets.`),
    on: () => () => undefined,
    onStatus: () => () => undefined,
    close: () => undefined,
  };
}
