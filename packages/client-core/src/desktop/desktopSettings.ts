import type { DesktopSettings, Locale } from '@atrium/shared';
import type { Session } from '../auth/Session.js';
import type { ClientConfig } from '../clientConfig.js';
import type { CommandRegistry } from '../commands/CommandRegistry.js';
import type { Clock } from '../env.js';
import { ServerSettingsAdapter } from '../settings/SettingsAdapter.js';
import { SettingsStore } from '../settings/SettingsStore.js';
import { settingsDefaults } from '../settings/settingsDefaults.js';
import type { Translate } from '../windows/WindowIdExistsError.js';

/** The user's settings, kept on the server, with the configuration's defaults and locks. */
export function desktopSettings(session: Session, config: ClientConfig, clock: Clock, translate: Translate): SettingsStore {
  return new SettingsStore({ adapter: new ServerSettingsAdapter(session.api), clock, defaults: settingsDefaults(config.settings.defaults), lock: config.settings.lock, translate });
}

export interface SettingsFollowers {
  /** Applies the loaded settings' locale and keybindings, then follows their changes (here, in another tab). */
  start(): Promise<void>;
  dispose(): void;
}

/**
 * What follows the settings: the interface language follows the 'locale'
 * setting when it changes (here, in another tab, or at load), and the user's
 * keybindings replace the defaults, following a change made in Preferences
 * or another tab. A language chosen on the login page just before signing
 * in (`chosen`) is the latest choice: it replaces the saved one at load,
 * and is saved (docs/behaviour/settings.md#language).
 */
export function followSettings(o: {
  settings: SettingsStore;
  commands: CommandRegistry;
  locale(): string;
  applyLocale(locale: Locale): Promise<void>;
  chosen?: () => Locale | null;
}): SettingsFollowers {
  const { settings, commands } = o;
  let followedLocale: Locale | null | undefined;
  const followLocale = async () => {
    const locale = settings.get('locale');
    if (locale === followedLocale) return;
    followedLocale = locale;
    if (!locale || locale === o.locale()) return;
    try {
      await o.applyLocale(locale);
    } catch (error) {
      console.warn('The locale of the settings could not be applied.', error);
    }
  };
  let keybindings: DesktopSettings['desktop.keybindings'] | undefined;
  const followKeybindings = () => {
    const next = settings.get('desktop.keybindings');
    if (next === keybindings) return;
    keybindings = next;
    commands.setKeybindings(next && typeof next === 'object' ? next : {});
  };
  const stops: Array<() => void> = [];
  let disposed = false;
  return {
    async start() {
      const chosen = o.chosen?.() ?? null;
      if (chosen && settings.get('locale') !== chosen) settings.set('locale', chosen);
      await followLocale();
      if (disposed) return;
      followKeybindings();
      stops.push(settings.subscribe(() => void followLocale()), settings.subscribe(followKeybindings));
    },
    dispose() {
      disposed = true;
      for (const stop of stops.splice(0)) stop();
    },
  };
}
