import { localizedText, type Desktop, type DesktopSettingsAccess, type LaunchRequest, type PackageSummary } from '@atrium/sdk';
import type { PackageManifestEntry, PackageType } from '@atrium/shared';
import type { DesktopHooks } from './DesktopHooks.js';
import { packageTitle } from './packageTitle.js';

/** What the Desktop object needs of the PackageManager. */
export interface DesktopPackages {
  launch(request: LaunchRequest): Promise<unknown>;
  visible(type?: PackageType): PackageManifestEntry[];
}

/** The Desktop every app sees (@atrium/sdk), over the desktop's hooks. */
export function createDesktopApi(hooks: DesktopHooks, packages: DesktopPackages): Desktop {
  const { settings } = hooks;
  const settingsAccess: DesktopSettingsAccess = {
    get: <T>(key: string) => settings.get(key) as T,
    set: (key, value) => settings.set(key, value),
    isLocked: (key) => settings.isLocked(key),
    save: () => settings.save(),
    subscribe: (listener) => settings.subscribe(listener),
  };
  return {
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
    request: (method, path, body) => hooks.request(method, path, body),
  };
}
