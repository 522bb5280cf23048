import type { WindowManager } from '../windows/WindowManager.js';
import type { WindowRecord } from '../windows/types.js';
import type { Command, CommandContext, CommandRegistry } from './CommandRegistry.js';

/** What the window commands need from the desktop's view state: the icon menu and the keyboard move/resize modes. */
export interface WindowCommandsUi {
  openMenu(wid: number): void;
  startKeyboardMove(wid: number): void;
  startKeyboardResize(wid: number): void;
}

/** The icon menu of a window's title bar, as command ids (docs/behaviour/windows.md). */
export const WINDOW_ICON_MENU = ['window.minimizeOrRaise', 'window.toggleMaximize', 'window.keyboardMove', 'window.keyboardResize', 'window.close'] as const;
/** The context menu of a window-list entry (docs/behaviour/desktop.md#window-list). */
export const WINDOW_LIST_MENU = ['window.toggleMaximize', 'window.minimizeOrRaise', 'window.close'] as const;

/**
 * Registers the window commands with their default keybindings:
 * window.cycleNext 'Alt+`' · window.cyclePrevious 'Alt+Shift+`' ·
 * window.close 'Alt+Shift+W' · window.minimize 'Alt+Shift+M' ·
 * window.toggleMaximize 'Alt+Shift+ArrowUp' · window.snapLeft
 * 'Alt+Shift+ArrowLeft' · window.snapRight 'Alt+Shift+ArrowRight' ·
 * window.menu 'Alt+Space' · window.keyboardMove 'Alt+Shift+F7' ·
 * window.keyboardResize 'Alt+Shift+F8'; and, for menus, window.minimizeOrRaise
 * and window.activate (a window-list click). A command acts on the window
 * of its context (a menu's window), else on the focused one, and is enabled
 * only if that window's attributes allow it: close needs closeable, minimize
 * minimizable, maximize maximizable (restore always works), snaps moveable
 * and resizable, keyboard move/resize moveable/resizable and not maximized.
 * Returns an unregister of them all.
 */
export function registerWindowCommands(registry: CommandRegistry, windows: WindowManager, ui: WindowCommandsUi): () => void {
  const target = (context: CommandContext): WindowRecord | undefined => (context.wid !== undefined ? windows.get(context.wid) : windows.focused());
  const onWindow = (id: string, icon: string, keybinding: string | undefined, allowed: (w: WindowRecord) => boolean, run: (w: WindowRecord) => void, labelKey?: Command['labelKey']): Command => ({
    id,
    labelKey: labelKey ?? `command.${id}`,
    icon,
    keybinding,
    enabled: (context) => {
      const w = target(context);
      return !!w && allowed(w);
    },
    run: (context) => {
      const w = target(context);
      if (w && allowed(w)) run(w);
    },
  });
  const hasCycle = () => windows.windows().some((w) => !w.state.minimized && w.attributes.focusable);
  const a = (w: WindowRecord) => w.attributes;
  const maximizeLabel = (context: CommandContext) => (target(context)?.state.maximized ? 'window.menu.restore' : 'window.menu.maximize');
  const minimizeLabel = (context: CommandContext) => (target(context)?.state.minimized ? 'window.menu.raise' : 'window.menu.minimize');

  return registry.registerAll([
    { id: 'window.cycleNext', labelKey: 'command.window.cycleNext', icon: 'windows', keybinding: 'Alt+`', enabled: hasCycle, run: () => void windows.cycleFocus(1) },
    { id: 'window.cyclePrevious', labelKey: 'command.window.cyclePrevious', icon: 'windows', keybinding: 'Alt+Shift+`', enabled: hasCycle, run: () => void windows.cycleFocus(-1) },
    onWindow('window.close', 'close', 'Alt+Shift+W', (w) => a(w).closeable, (w) => void windows.requestClose(w.wid), 'window.menu.close'),
    onWindow('window.minimize', 'minimize', 'Alt+Shift+M', (w) => a(w).minimizable && !w.state.minimized, (w) => windows.minimize(w.wid)),
    onWindow('window.toggleMaximize', 'maximize', 'Alt+Shift+ArrowUp', (w) => w.state.maximized || a(w).maximizable, (w) => windows.toggleMaximize(w.wid), maximizeLabel),
    onWindow('window.minimizeOrRaise', 'minimize', undefined, (w) => w.state.minimized || a(w).minimizable, (w) => (w.state.minimized ? windows.raise(w.wid) : windows.minimize(w.wid)), minimizeLabel),
    onWindow('window.snapLeft', 'snapLeft', 'Alt+Shift+ArrowLeft', (w) => a(w).moveable && a(w).resizable, (w) => windows.snap(w.wid, 'left')),
    onWindow('window.snapRight', 'snapRight', 'Alt+Shift+ArrowRight', (w) => a(w).moveable && a(w).resizable, (w) => windows.snap(w.wid, 'right')),
    onWindow('window.menu', 'menu', 'Alt+Space', () => true, (w) => ui.openMenu(w.wid)),
    onWindow('window.keyboardMove', 'move', 'Alt+Shift+F7', (w) => a(w).moveable && !w.state.maximized, (w) => ui.startKeyboardMove(w.wid), 'window.menu.move'),
    onWindow('window.keyboardResize', 'resize', 'Alt+Shift+F8', (w) => a(w).resizable && !w.state.maximized, (w) => ui.startKeyboardResize(w.wid), 'window.menu.resize'),
    {
      // A window-list click: raise the window, or minimize it when it is the focused one.
      id: 'window.activate',
      labelKey: 'command.window.activate',
      palette: false,
      enabled: (context) => !!target(context),
      run: (context) => {
        const w = target(context);
        if (!w) return;
        if (w.state.focused && !w.state.minimized) {
          if (a(w).minimizable) windows.minimize(w.wid);
        } else windows.raise(w.wid);
      },
    },
  ]);
}
