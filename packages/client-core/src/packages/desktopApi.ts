import { lazyDrilldown, localizedText, type Desktop, type DesktopDrilldown, type RecordsChange, type DesktopSettingsAccess, type DesktopTray, type LaunchRequest, type PackageSummary, type TrayEntry } from '@atrium/sdk';
import type { PackageManifestEntry, PackageType } from '@atrium/shared';
import { RECORDS_CHANGED_MESSAGE } from '@atrium/shared/apps';
import type { CommandOwner } from '../commands/ApplicationCommands.js';
import { TrayModel } from '../desktop/TrayModel.js';
import { retryImport } from '../retryImport.js';
import type { DesktopSocket } from '../sockets/SocketClient.js';
import type { DesktopHooks } from './DesktopHooks.js';
import { packageTitle } from './packageTitle.js';

/** What the Desktop object needs of the PackageManager. */
export interface DesktopPackages {
  launch(request: LaunchRequest): Promise<unknown>;
  visible(type?: PackageType): PackageManifestEntry[];
  /** The running application with this pid (its tray icons and commands go when it ends). */
  find(pid: number): CommandOwner | undefined;
}

/**
 * The Desktop every app sees (@atrium/sdk), over the desktop's hooks. An
 * application's own one (owner: its pid) places tray icons and registers
 * commands in its name, and they go when it ends.
 */
export function createDesktopApi(hooks: DesktopHooks, packages: DesktopPackages, owner: number | null = null): Desktop {
  const { settings } = hooks;
  const settingsAccess: DesktopSettingsAccess = {
    get: <T>(key: string) => settings.get(key) as T,
    set: (key, value) => settings.set(key, value),
    isLocked: (key) => settings.isLocked(key),
    save: () => settings.save(),
    subscribe: (listener) => settings.subscribe(listener),
  };
  let drilldown: DesktopDrilldown | null = null;
  const desktop: Desktop = {
    get locale() {
      return hooks.locale();
    },
    t: (key, vars) => hooks.translate(key, vars),
    localize: (text) => localizedText(text, hooks.locale()),
    launch: async (request) => {
      await packages.launch(request);
    },
    get user() {
      const profile = hooks.profile();
      return { id: profile?.id ?? '', username: profile?.username ?? '', name: profile?.name ?? '', preferences: { ...(profile?.preferences ?? {}) } };
    },
    profileApps: () => hooks.profile()?.apps ?? [],
    setUserPreference: (name, value) => hooks.setUserPreference(name, value),
    setLocale: (locale) => hooks.setLocale(locale),
    settings: settingsAccess,
    packages: (type) =>
      packages.visible(type).map((entry): PackageSummary => ({ name: entry.name, type: entry.type, title: packageTitle(entry, hooks.locale()) })),
    showProfileCard: (userId, at) => hooks.showProfileCard(userId, at),
    request: (method, path, body, options) => hooks.request(method, path, body, options),
    upload: (path, form, options) => hooks.upload(path, form, options),
    tray: ownedTray(hooks.tray ?? new TrayModel(), packages, owner),
    files: hooks.files,
    // The rule is loaded with the first file opened (docs/behaviour/files.md#opening-a-file).
    openFile: async (file) => (await import('../vfs/openFile.js')).openFileOnDesktop(hooks, packages, file),
    addTranslations: (texts) => hooks.addTranslations(texts),
    get tasks() {
      if (!hooks.tasks) throw new Error('Work items are not available on this desktop');
      return hooks.tasks;
    },
    // One search and one Recent list for the whole desktop (the panel's too: docs/behaviour/search.md).
    search: hooks.search,
    onRecordsChanged: (listener) => recordsChanges(hooks.socket, listener),
    registerCommands: (commands, options) => {
      const app = owner === null ? undefined : packages.find(owner);
      if (!app || !hooks.commands) return () => undefined;
      return hooks.commands.register(app, commands, options?.window ?? null);
    },
    // Made when first used: the stacks of this application's dashboards (docs/behaviour/dashboards.md#drill-down);
    // the engine's code is fetched with the first stack or link, not with the desktop.
    get drilldown() {
      drilldown ??= lazyDrilldown(desktop, () => retryImport(() => import('@atrium/sdk/drilldown')));
      return drilldown;
    },
  };
  return desktop;
}

/**
 * The tray as one application sees it: icons placed in its name, taken
 * away when it ends; an application that has ended places none.
 */
function ownedTray(tray: TrayModel, packages: DesktopPackages, owner: number | null): DesktopTray {
  let watching = false;
  return {
    create(options): TrayEntry {
      const app = owner === null ? undefined : packages.find(owner);
      if (owner !== null && (!app || app.destroyed)) return { update: () => undefined, destroy: () => undefined };
      if (app && owner !== null && !watching) {
        watching = true;
        app.on('destroy', () => tray.removeOwner(owner));
      }
      const entry = tray.create(options, owner);
      return { update: (changes) => entry.update(changes), destroy: () => entry.destroy() };
    },
  };
}

/**
 * Changes of declared applications' records as the desktop socket tells
 * them (ids only: the listener fetches again, and the server applies the
 * rights then), and null when some may have been missed. Without a socket
 * nothing is heard.
 */
function recordsChanges(socket: DesktopSocket | null, listener: (change: RecordsChange | null) => void): () => void {
  if (!socket) return () => undefined;
  const stops = [socket.on(RECORDS_CHANGED_MESSAGE, (change) => listener(change)), socket.onMissed(() => listener(null))];
  return () => stops.forEach((stop) => stop());
}
