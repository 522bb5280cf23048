import { defineApplication, type Application as SdkApplication, type ApplicationRuntime } from '@atrium/sdk';
import { DEFAULT_SETTINGS, desktopServerDirection, PackageMetadataSchema, type PackageManifestEntry, type PackageMetadataInput, type ProfileApp } from '@atrium/shared';
import type { AlertState } from '../../dialogs/AlertDialog.js';
import { DialogService } from '../../dialogs/DialogService.js';
import { NotificationService } from '../../notifications/NotificationService.js';
import { LocalStorageSettingsAdapter } from '../../settings/SettingsAdapter.js';
import { SettingsStore } from '../../settings/SettingsStore.js';
import { SocketClient } from '../../sockets/SocketClient.js';
import { FakeClock } from '../../testing/FakeClock.js';
import { FakeSocketServer } from '../../testing/FakeWebSocket.js';
import { makeProfile } from '../../testing/fixtures.js';
import { MemoryStorage } from '../../testing/MemoryStorage.js';
import { translateEnglish } from '../../testing/translate.js';
import type { FileSystem } from '../../vfs/FileSystem.js';
import { MemoryFileSystem, memoryMountpoint } from '@atrium/sdk/testing';
import { WindowManager } from '../../windows/WindowManager.js';
import { ApplicationCommands } from '../../commands/ApplicationCommands.js';
import { CommandRegistry } from '../../commands/CommandRegistry.js';
import type { DesktopHooks } from '../DesktopHooks.js';
import type { BuiltinLoaders, PackageLoader } from '../packageLoading.js';
import { PackageManager } from '../PackageManager.js';
import { SearchService } from '../../search/SearchService.js';

/** A manifest entry of a built-in package (an application unless overridden). */
export function entry(name: string, overrides: Partial<PackageMetadataInput> & { builtin?: boolean; base?: string | null } = {}): PackageManifestEntry {
  const { builtin = true, base = null, ...metadata } = overrides;
  return { ...PackageMetadataSchema.parse({ name, type: 'application', title: { en_EN: `${name} App`, de_DE: `${name} Anwendung` }, files: ['main.js'], ...metadata }), builtin, base };
}

/** A profile app entry (docs/behaviour/profile.md#profile). */
export function profileApp(name: string, overrides: Partial<ProfileApp> = {}): ProfileApp {
  return { name, uuid: `uuid-${name}`, category: 'collaboration', is_base_app: false, type: 'web', app_type: 1, start_options: '{}', ...overrides };
}

/** A runtime that records its launches and opens one window 'main' (unless told otherwise). */
export function recordingRuntime(launch?: (app: SdkApplication) => void | Promise<void>): ApplicationRuntime & { launched: SdkApplication[] } {
  const launched: SdkApplication[] = [];
  const runtime = defineApplication(async (app) => {
    launched.push(app);
    if (launch) await launch(app);
    else app.createWindow({ id: 'main', render: () => undefined });
  });
  return Object.assign(runtime, { launched });
}

/** A package loader recording its calls; modules and styles by address, anything else fails. */
export class FakePackageLoader implements PackageLoader {
  readonly imported: string[] = [];
  readonly styles: string[] = [];
  readonly modules = new Map<string, { default?: unknown }>();
  failStyles = false;

  async importModule(url: string): Promise<{ default?: unknown }> {
    this.imported.push(url);
    const module = this.modules.get(url);
    if (!module) throw new TypeError(`Failed to fetch dynamically imported module: ${url}`);
    return module;
  }

  async loadStyle(url: string): Promise<void> {
    this.styles.push(url);
    if (this.failStyles) throw new Error(`The style sheet ${url} could not be loaded`);
  }
}

export interface HarnessOptions {
  manifest?: PackageManifestEntry[];
  fetchManifest?: () => Promise<PackageManifestEntry[]>;
  /** Package name → runtime (or any module default), served by the builtin loaders. */
  builtins?: Record<string, unknown>;
  /** Raw builtin loaders (win over `builtins`). */
  loaders?: BuiltinLoaders;
  profileApps?: ProfileApp[];
  /** Give the desktop and apps sockets on a FakeSocketServer. */
  sockets?: boolean;
  /** The user's files (default: an empty in-memory 'home'). */
  files?: FileSystem;
}

/** The builtin loaders of the options: each of `builtins` serves its module and notes its name in `calls`; raw `loaders` win. */
function builtinLoaders(options: HarnessOptions, calls: string[]): Record<string, () => Promise<{ default?: unknown }>> {
  const loaders: Record<string, () => Promise<{ default?: unknown }>> = {};
  for (const [name, module] of Object.entries(options.builtins ?? {})) {
    loaders[name] = async () => {
      calls.push(name);
      return { default: module };
    };
  }
  return Object.assign(loaders, options.loaders);
}

/** The open alerts' states, oldest first. */
function openAlerts(dialogs: DialogService): AlertState[] {
  return dialogs
    .dialogs()
    .filter((d) => d.kind === 'alert')
    .map((d) => d.getState() as AlertState);
}

/**
 * A PackageManager over real desktop models (WindowManager, DialogService,
 * NotificationService, SettingsStore in memory), the English catalogue, a
 * fake clock, a profile with the given apps and optional fake sockets.
 */
export function packageHarness(options: HarnessOptions = {}) {
  const clock = new FakeClock();
  const windows = new WindowManager({ clock, viewport: { width: 1280, height: 800 }, translate: translateEnglish });
  const played: string[] = [];
  const dialogs = new DialogService({ windows, translate: translateEnglish, sounds: { play: (name) => void played.push(name) } });
  const notifications = new NotificationService({ clock });
  const settings = new SettingsStore({ adapter: new LocalStorageSettingsAdapter(new MemoryStorage()), clock, defaults: DEFAULT_SETTINGS, lock: [], translate: translateEnglish });
  const server = new FakeSocketServer();
  const socketOf = (path: string) => new SocketClient({ clock, createSocket: server.factory, url: `wss://atrium.example${path}`, token: () => 'token' });
  const socket = options.sockets ? new SocketClient({ clock, createSocket: server.factory, url: 'wss://atrium.example/socket', token: () => 'token', contract: desktopServerDirection }) : null;
  let profile = makeProfile({ apps: options.profileApps ?? [] });
  const locale = { current: 'en_EN' };
  /** The texts applications added (Desktop.addTranslations), in order. */
  const translations: Array<Parameters<DesktopHooks['addTranslations']>[0]> = [];
  const commands = new CommandRegistry();
  const hooks: DesktopHooks = {
    windows,
    commands: new ApplicationCommands(commands, windows),
    dialogs,
    notifications,
    settings,
    socket,
    createAppSocket: (name) => (options.sockets ? socketOf(`/apps/${name}/socket`) : null),
    translate: translateEnglish,
    locale: () => locale.current,
    setLocale: async (next) => {
      locale.current = next;
    },
    profile: () => profile,
    setUserPreference: async () => undefined,
    request: async <T>() => undefined as T,
    upload: async <T>() => undefined as T,
    showProfileCard: () => undefined,
    files: options.files ?? new MemoryFileSystem({ mountpoints: [memoryMountpoint('home')], files: {} }),
    addTranslations: async (texts) => void translations.push(texts),
    search: new SearchService({ request: async <T>() => undefined as T, storedHistory: () => profile.search_history }),
  };
  const builtinCalls: string[] = [];
  const loaders = builtinLoaders(options, builtinCalls);
  const loader = new FakePackageLoader();
  const manager = new PackageManager({
    clock,
    fetchManifest: options.fetchManifest ?? (async () => options.manifest ?? []),
    builtins: loaders,
    loader,
    hooks,
  });
  return {
    clock,
    windows,
    dialogs,
    notifications,
    settings,
    server,
    socket,
    hooks,
    /** The desktop's command registry, where applications' commands go. */
    commands,
    loader,
    builtinCalls,
    manager,
    played,
    locale,
    translations,
    setProfileApps(apps: ProfileApp[]) {
      profile = makeProfile({ apps });
    },
    /** The open alerts' states, oldest first. */
    alerts: (): AlertState[] => openAlerts(dialogs),
    dispose() {
      manager.dispose();
      dialogs.dispose();
      settings.dispose();
      notifications.dispose();
      socket?.dispose();
      windows.dispose();
    },
  };
}

export type PackageHarness = ReturnType<typeof packageHarness>;
