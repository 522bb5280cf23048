import type { DesktopSearch, DesktopTasks, RequestOptions, TranslationLoader, TranslationTexts, UploadOptions } from '@atrium/sdk';
import type { Locale, Profile } from '@atrium/shared';
import type { ApplicationCommandsPort } from '../commands/lazyApplicationCommands.js';
import type { TrayModel } from '../desktop/TrayModel.js';
import type { DialogService } from '../dialogs/DialogService.js';
import type { NotificationService } from '../notifications/NotificationService.js';
import type { SettingsStore } from '../settings/SettingsStore.js';
import type { DesktopSocket, SocketClient } from '../sockets/SocketClient.js';
import type { FileSystem } from '../vfs/FileSystem.js';
import type { Translate } from '../windows/WindowIdExistsError.js';
import type { WindowManager } from '../windows/WindowManager.js';

/** The request methods apps may use through Desktop.request. */
export type RequestMethod = 'get' | 'post' | 'put' | 'delete';

/**
 * What the application runtime needs from the desktop; createDesktop
 * builds it (desktop/desktopPackages.ts; tests build their own).
 */
export interface DesktopHooks {
  windows: WindowManager;
  dialogs: DialogService;
  notifications: NotificationService;
  settings: SettingsStore;
  /** The desktop's socket, or null without sockets. */
  socket: DesktopSocket | null;
  /** A new socket at the app's own path (not yet connected), or null without sockets. */
  createAppSocket(name: string, reconnectInterval?: number): SocketClient | null;
  translate: Translate;
  /** The current locale ('en_EN', ...). */
  locale(): string;
  /** Switches the language and keeps it in the 'locale' setting. */
  setLocale(locale: Locale): Promise<void>;
  /** The signed-in user's profile (its apps decide what is visible). */
  profile(): Profile | null;
  setUserPreference(name: 'Greetingmessage', value: 'true' | 'false'): Promise<void>;
  /** A signed API request (the envelope as the server sent it); aborting `options.signal` rejects it with an AbortError. */
  request<T>(method: RequestMethod, path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** A signed multipart upload to the API, with its progress. */
  upload<T>(path: string, form: FormData, options?: UploadOptions): Promise<T>;
  showProfileCard(userId: string, at: { x: number; y: number }): void;
  /** The panel's tray that apps place icons in (without it, an app's icons are kept but shown nowhere). */
  tray?: TrayModel;
  /** The user's files (docs/behaviour/files.md): the server's filesystems in the product. */
  files: FileSystem;
  /** Adds an application's own texts to the catalogues of the locales given (docs/APPLICATIONS.md, "Texts"). */
  addTranslations(texts: Partial<Record<Locale, TranslationTexts | TranslationLoader>>): Promise<void>;
  /** The global search and the user's recent searches (docs/behaviour/search.md): one for the desktop, the panel's too. */
  search: DesktopSearch;
  /** The user's work items (docs/behaviour/work.md); without it, `Desktop.tasks` throws when used. */
  tasks?: DesktopTasks;
  /** Where applications' commands go in the desktop's command registry; without it, `Desktop.registerCommands` registers nothing. */
  commands?: ApplicationCommandsPort;
}
