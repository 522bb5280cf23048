import type { WindowManager } from '../windows/WindowManager.js';
import type { WindowRecord } from '../windows/types.js';
import type { Command, CommandRegistry } from './CommandRegistry.js';

/** What the window commands need from the UI: the icon menu and the keyboard move/resize modes. */
export interface WindowCommandsUi {
  openMenu(wid: number): void;
  startKeyboardMove(wid: number): void;
  startKeyboardResize(wid: number): void;
}

/**
 * Registers the window commands with their default keybindings:
 * window.cycleNext 'Alt+`' · window.cyclePrevious 'Alt+Shift+`' ·
 * window.close 'Alt+Shift+W' · window.minimize 'Alt+Shift+M' ·
 * window.toggleMaximize 'Alt+Shift+ArrowUp' · window.snapLeft
 * 'Alt+Shift+ArrowLeft' · window.snapRight 'Alt+Shift+ArrowRight' ·
 * window.menu 'Alt+Space' · window.keyboardMove 'Alt+Shift+F7' ·
 * window.keyboardResize 'Alt+Shift+F8'. Each acts on the focused window and
 * is enabled (`when`) only if its attributes allow it: close needs
 * closeable, minimize minimizable, toggleMaximize maximizable, snaps
 * moveable and resizable, keyboard move/resize moveable/resizable and not
 * maximized. Labels are 'command.<id>'. Returns an unregister of them all.
 */
export function registerWindowCommands(registry: CommandRegistry, windows: WindowManager, ui: WindowCommandsUi): () => void {
  const onFocused = (id: string, keybinding: string, allowed: (w: WindowRecord) => boolean, run: (wid: number) => void): Command => ({
    id,
    labelKey: `command.${id}`,
    keybinding,
    when: () => {
      const w = windows.focused();
      return !!w && allowed(w);
    },
    run: () => {
      const w = windows.focused();
      if (w && allowed(w)) run(w.wid);
    },
  });
  const hasCycle = () => windows.windows().some((w) => !w.state.minimized && w.attributes.focusable);
  const a = (w: WindowRecord) => w.attributes;

  const commands: Command[] = [
    { id: 'window.cycleNext', labelKey: 'command.window.cycleNext', keybinding: 'Alt+`', when: hasCycle, run: () => void windows.cycleFocus(1) },
    { id: 'window.cyclePrevious', labelKey: 'command.window.cyclePrevious', keybinding: 'Alt+Shift+`', when: hasCycle, run: () => void windows.cycleFocus(-1) },
    onFocused('window.close', 'Alt+Shift+W', (w) => a(w).closeable, (wid) => windows.close(wid)),
    onFocused('window.minimize', 'Alt+Shift+M', (w) => a(w).minimizable, (wid) => windows.minimize(wid)),
    onFocused('window.toggleMaximize', 'Alt+Shift+ArrowUp', (w) => a(w).maximizable, (wid) => windows.toggleMaximize(wid)),
    onFocused('window.snapLeft', 'Alt+Shift+ArrowLeft', (w) => a(w).moveable && a(w).resizable, (wid) => windows.snap(wid, 'left')),
    onFocused('window.snapRight', 'Alt+Shift+ArrowRight', (w) => a(w).moveable && a(w).resizable, (wid) => windows.snap(wid, 'right')),
    onFocused('window.menu', 'Alt+Space', () => true, (wid) => ui.openMenu(wid)),
    onFocused('window.keyboardMove', 'Alt+Shift+F7', (w) => a(w).moveable && !w.state.maximized, (wid) => ui.startKeyboardMove(wid)),
    onFocused('window.keyboardResize', 'Alt+Shift+F8', (w) => a(w).resizable && !w.state.maximized, (wid) => ui.startKeyboardResize(wid)),
  ];
  const unregisters = commands.map((command) => registry.register(command));
  return () => unregisters.forEach((unregister) => unregister());
}
