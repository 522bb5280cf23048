import type { Profile } from '@atrium/shared';
import type { Appearance } from '../appearance/Appearance.js';
import { forgetLaunchRequest } from '../address/PageAddress.js';
import type { ClientEnvironment } from '../env.js';
import type { NotificationService } from '../notifications/NotificationService.js';
import type { PackageManager } from '../packages/PackageManager.js';
import type { SettingsStore } from '../settings/SettingsStore.js';
import type { DesktopSocket } from '../sockets/SocketClient.js';
import type { PingService } from '../system/PingService.js';
import type { NotificationCentreModel } from '../work/NotificationCentreModel.js';
import type { DesktopStartOptions } from './createDesktop.js';
import type { DesktopSessionModel } from './DesktopSessionModel.js';
import type { SettingsFollowers } from './desktopSettings.js';
import { greet } from './greeting.js';
import type { PrivacyPolicyModel } from './PrivacyPolicyModel.js';

/** What the start sequence starts. */
export interface StartParts {
  env: ClientEnvironment;
  settings: SettingsStore;
  following: SettingsFollowers;
  packages: PackageManager;
  socket: DesktopSocket | null;
  work: NotificationCentreModel;
  ping: PingService;
  appearance: Appearance;
  privacyPolicy: PrivacyPolicyModel;
  desktopSession: DesktopSessionModel;
  notifications: NotificationService;
  profile(): Profile | null;
}

/**
 * The desktop's start (docs/behaviour/desktop.md#after-sign-in): settings
 * (then their locale, keybindings) and packages, the socket, the ping and
 * the appearance; then the privacy-policy check, the app the page address
 * asked for, the saved session (without that app), the autostart apps, and
 * the greeting. The questions that do not hang on one another (settings,
 * packages, the privacy policy's, the saved session) are asked at once;
 * their answers are used in that order. Stops between steps once
 * `disposed()` says so.
 */
export async function startDesktop(p: StartParts, options: DesktopStartOptions, disposed: () => boolean): Promise<void> {
  const followed = Promise.all([p.settings.load(), p.packages.load()]).then(() => (disposed() ? undefined : p.following.start()));
  // One quick question to the server; the dialog itself waits for the user without holding the start up.
  const privacyChecked = p.privacyPolicy.check(p.profile(), followed);
  p.desktopSession.prefetch();
  await followed;
  if (disposed()) return;
  p.socket?.connect();
  p.work.start();
  p.ping.start();
  p.appearance.start();
  await privacyChecked;
  if (disposed()) return;
  const launched = launchAsked(p, options);
  await p.desktopSession.restore({ skipApp: options.launch?.app ?? null });
  if (disposed()) return;
  // The application the page address asked for ends in front of the restored windows.
  if (launched) void launched.then((app) => app?.windows.at(-1)?.focus(), () => undefined);
  p.packages.autostart();
  if (options.greet) greet(p.notifications, options.greet, p.env.clock.now());
}

/** Launches the app the page address asked for (?app=, once per page: the address forgets it once settled). */
function launchAsked(p: StartParts, options: DesktopStartOptions) {
  const launch = options.launch ?? null;
  if (!launch) return null;
  const launched = p.packages.launch({ app: launch.app, options: launch.options });
  const settled = () => forgetLaunchRequest(p.env);
  launched.then(settled, settled);
  return launched;
}
