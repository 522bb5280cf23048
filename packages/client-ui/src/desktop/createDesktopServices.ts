import { createDesktopRuntime, registerWindowCommands, SoundPlayer, type Clock } from '@atrium/client-core';
import type { Locale } from '@atrium/shared';
import { createDesktopModels } from './createDesktopModels.js';
import type { DesktopModels, DesktopRuntimeInput, DesktopRuntimePort, ModelFactories, Translate } from '../ports.js';
import { WindowSlots } from '../windows/WindowSlots.js';
import type { DesktopServices } from './DesktopContext.js';
import { DesktopUi } from './DesktopUi.js';

/** What the desktop passes besides the factories: the surface, texts and the language. */
export interface DesktopServicesOptions {
  surface: HTMLElement | null;
  translate: Translate;
  locale(): string;
  setLocale(locale: Locale): Promise<void>;
}

const systemClock: Pick<Clock, 'now'> = { now: () => Date.now() };

/** The application platform: the factories' own (tests), else client-core's over the page's platform, else none. */
function createRuntime(models: ModelFactories, input: DesktopRuntimeInput): DesktopRuntimePort | null {
  if (models.desktopRuntime) return models.desktopRuntime(input);
  const environment = models.desktopEnvironment;
  const platform = environment?.platform;
  if (!environment || !platform) return null;
  return createDesktopRuntime({
    env: platform.env,
    session: platform.session,
    config: platform.config,
    builtins: environment.builtins ?? {},
    loader: environment.loader,
    ...input,
  });
}

/**
 * The desktop's models (from the factories) plus its view state, with the
 * window commands registered (Alt+Space opens the icon menu, Alt+Shift+F7/F8
 * start keyboard move/resize), and its application platform when the page
 * provides one. dispose() ends the applications first, then unregisters and
 * disposes the rest.
 */
export function createDesktopServices(models: ModelFactories, options: DesktopServicesOptions): DesktopServices & { dispose(): void } {
  const { surface, translate } = options;
  const viewport = { width: surface?.clientWidth ?? 0, height: surface?.clientHeight ?? 0 };
  if (!models.desktop && !models.desktopEnvironment) throw new Error('The model factories have no desktop environment');
  const desktop: DesktopModels = models.desktop ? models.desktop({ viewport, translate }) : createDesktopModels(models.desktopEnvironment!, { viewport, translate });
  const ui = new DesktopUi(desktop.windows);
  const unregister = registerWindowCommands(desktop.commands, desktop.windows, {
    openMenu: (wid) => ui.openMenu(wid),
    startKeyboardMove: (wid) => ui.startKeyboard(wid, 'move'),
    startKeyboardResize: (wid) => ui.startKeyboard(wid, 'resize'),
  });
  const runtime = createRuntime(models, {
    windows: desktop.windows,
    dialogs: desktop.dialogs,
    sounds: desktop.sounds ?? new SoundPlayer(null),
    translate,
    locale: options.locale,
    setLocale: options.setLocale,
  });
  const clock = models.desktopEnvironment?.clock ?? systemClock;
  const platform = models.desktopEnvironment?.platform;
  return {
    windows: desktop.windows,
    dialogs: desktop.dialogs,
    commands: desktop.commands,
    slots: new WindowSlots(),
    ui,
    runtime,
    now: () => clock.now(),
    forgetLaunchRequest: () => platform?.forgetLaunchRequest(),
    dispose() {
      runtime?.dispose();
      unregister();
      ui.dispose();
      desktop.dispose();
    },
  };
}
