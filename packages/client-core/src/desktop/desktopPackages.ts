import type { DesktopSearch, DesktopTasks } from '@atrium/sdk';
import type { ApplicationCommandsPort } from '../commands/lazyApplicationCommands.js';
import type { Locale } from '@atrium/shared';
import type { DialogService } from '../dialogs/DialogService.js';
import { browserPackageLoader } from '../env.js';
import type { NotificationService } from '../notifications/NotificationService.js';
import type { DesktopHooks } from '../packages/DesktopHooks.js';
import { PackageManager } from '../packages/PackageManager.js';
import type { ProfileCardModel } from '../profile/ProfileCardModel.js';
import type { SettingsStore } from '../settings/SettingsStore.js';
import type { FileSystem } from '../vfs/FileSystem.js';
import type { WindowManager } from '../windows/WindowManager.js';
import type { DesktopPlatform } from './createDesktop.js';
import type { DesktopAccount } from './desktopAccount.js';
import type { DesktopSockets } from './desktopSockets.js';
import type { TrayModel } from './TrayModel.js';

/** The desktop's models that applications reach through their hooks. */
export interface PackageHost {
  windows: WindowManager;
  dialogs: DialogService;
  notifications: NotificationService;
  settings: SettingsStore;
  sockets: DesktopSockets;
  account: DesktopAccount;
  profileCard: ProfileCardModel;
  tray: TrayModel;
  files: FileSystem;
  search: DesktopSearch;
  tasks: DesktopTasks;
  /** The applications' commands in the desktop's command registry. */
  commands: ApplicationCommandsPort;
  /** Switches the interface language, and the desktop's own texts with it. */
  applyLocale(locale: Locale): Promise<void>;
}

/**
 * The package manager over the manifest and the build's packages, with the
 * hooks through which applications reach the desktop (docs/APPLICATIONS.md):
 * an application's language change is kept in the 'locale' setting unless
 * that setting is locked.
 */
export function desktopPackages(platform: DesktopPlatform, host: PackageHost): PackageManager {
  const { settings, account } = host;
  const hooks: DesktopHooks = {
    windows: host.windows,
    dialogs: host.dialogs,
    notifications: host.notifications,
    settings,
    socket: host.sockets.socket,
    createAppSocket: host.sockets.createAppSocket,
    translate: platform.translate,
    locale: platform.locale,
    async setLocale(locale) {
      if (!settings.isLocked('locale')) settings.set('locale', locale);
      await host.applyLocale(locale);
    },
    profile: account.profile,
    setUserPreference: account.setUserPreference,
    request: account.request,
    upload: account.upload,
    showProfileCard: (userId, at) => void host.profileCard.open(userId, at),
    tray: host.tray,
    files: host.files,
    addTranslations: async (texts) => platform.addTranslations?.(texts),
    tasks: host.tasks,
    search: host.search,
    commands: host.commands,
  };
  return new PackageManager({
    clock: platform.env.clock,
    fetchManifest: () => account.fetchManifest(platform.config.manifestUrl),
    builtins: platform.builtins,
    loader: platform.loader ?? browserPackageLoader(),
    hooks,
  });
}
