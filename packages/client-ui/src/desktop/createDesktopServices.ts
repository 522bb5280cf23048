import { registerWindowCommands } from '@atrium/client-core';
import { createDesktopModels } from './createDesktopModels.js';
import type { ModelFactories, Translate } from '../ports.js';
import { WindowSlots } from '../windows/WindowSlots.js';
import type { DesktopServices } from './DesktopContext.js';
import { DesktopUi } from './DesktopUi.js';

/**
 * The desktop's models (from the factories) plus its view state, with the
 * window commands registered (Alt+Space opens the icon menu, Alt+Shift+F7/F8
 * start keyboard move/resize). dispose() unregisters and disposes them all.
 */
export function createDesktopServices(models: ModelFactories, surface: HTMLElement | null, translate: Translate): DesktopServices & { dispose(): void } {
  const viewport = { width: surface?.clientWidth ?? 0, height: surface?.clientHeight ?? 0 };
  if (!models.desktop && !models.desktopEnvironment) throw new Error('The model factories have no desktop environment');
  const desktop = models.desktop ? models.desktop({ viewport, translate }) : createDesktopModels(models.desktopEnvironment!, { viewport, translate });
  const ui = new DesktopUi(desktop.windows);
  const unregister = registerWindowCommands(desktop.commands, desktop.windows, {
    openMenu: (wid) => ui.openMenu(wid),
    startKeyboardMove: (wid) => ui.startKeyboard(wid, 'move'),
    startKeyboardResize: (wid) => ui.startKeyboard(wid, 'resize'),
  });
  return {
    windows: desktop.windows,
    dialogs: desktop.dialogs,
    commands: desktop.commands,
    slots: new WindowSlots(),
    ui,
    dispose() {
      unregister();
      ui.dispose();
      desktop.dispose();
    },
  };
}
