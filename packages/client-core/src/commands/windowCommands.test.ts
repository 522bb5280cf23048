import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../testing/FakeClock.js';
import { WindowManager } from '../windows/WindowManager.js';
import type { WindowAttributes } from '../windows/types.js';
import { CommandRegistry } from './CommandRegistry.js';
import { registerWindowCommands } from './windowCommands.js';

const managers: WindowManager[] = [];
function setup() {
  const windows = new WindowManager({ clock: new FakeClock(), viewport: { width: 1280, height: 800 } });
  managers.push(windows);
  const registry = new CommandRegistry();
  const ui = { openMenu: vi.fn(), startKeyboardMove: vi.fn(), startKeyboardResize: vi.fn() };
  const unregister = registerWindowCommands(registry, windows, ui);
  const open = (id: string, attributes: Partial<WindowAttributes> = {}) => windows.open({ id, position: { left: 100, top: 100 }, attributes }).wid;
  return { windows, registry, ui, unregister, open };
}
afterEach(() => managers.splice(0).forEach((m) => m.dispose()));

const press = (key: string, code: string, shift = true) => ({ key, code, altKey: true, shiftKey: shift, ctrlKey: false, metaKey: false });

describe('registerWindowCommands', () => {
  it('registers the window commands with their default keybindings, named command.<id> in the guide', () => {
    const { registry } = setup();
    expect(registry.bindings().map((b) => [b.id, b.keybinding, b.labelKey])).toEqual([
      ['window.cycleNext', 'Alt+`', 'command.window.cycleNext'],
      ['window.cyclePrevious', 'Alt+Shift+`', 'command.window.cyclePrevious'],
      ['window.close', 'Alt+Shift+W', 'command.window.close'],
      ['window.minimize', 'Alt+Shift+M', 'command.window.minimize'],
      ['window.toggleMaximize', 'Alt+Shift+ArrowUp', 'command.window.toggleMaximize'],
      ['window.snapLeft', 'Alt+Shift+ArrowLeft', 'command.window.snapLeft'],
      ['window.snapRight', 'Alt+Shift+ArrowRight', 'command.window.snapRight'],
      ['window.menu', 'Alt+Space', 'command.window.menu'],
      ['window.keyboardMove', 'Alt+Shift+F7', 'command.window.keyboardMove'],
      ['window.keyboardResize', 'Alt+Shift+F8', 'command.window.keyboardResize'],
    ]);
  });

  it('acts on the window of its context in menus, and labels Maximize or Restore, Minimize or Raise by its state', () => {
    const { windows, registry, open } = setup();
    const first = open('a', { maximizable: true });
    const second = open('b');
    expect(windows.focused()?.wid).toBe(second);
    expect(registry.labelKeyOf('window.toggleMaximize', { wid: first })).toBe('window.menu.maximize');
    expect(registry.run('window.toggleMaximize', { wid: first })).toBe(true);
    expect(windows.get(first)?.state.maximized).toBe(true);
    expect(registry.labelKeyOf('window.toggleMaximize', { wid: first })).toBe('window.menu.restore');
    registry.run('window.minimizeOrRaise', { wid: first });
    expect(windows.get(first)?.state.minimized).toBe(true);
    expect(registry.labelKeyOf('window.minimizeOrRaise', { wid: first })).toBe('window.menu.raise');
    expect(windows.get(second)?.state.minimized).toBe(false);
  });

  it('disables a menu entry the window does not allow', () => {
    const { registry, open } = setup();
    const wid = open('fixed', { closeable: false, minimizable: false, maximizable: false });
    expect(registry.isEnabled('window.close', { wid })).toBe(false);
    expect(registry.isEnabled('window.minimizeOrRaise', { wid })).toBe(false);
    expect(registry.isEnabled('window.toggleMaximize', { wid })).toBe(false);
    expect(registry.run('window.close', { wid })).toBe(false);
  });

  it('a window-list click raises a window, or minimizes it when it is the focused one', () => {
    const { windows, registry, open } = setup();
    const first = open('a');
    const second = open('b');
    registry.run('window.activate', { wid: first });
    expect(windows.focused()?.wid).toBe(first);
    registry.run('window.activate', { wid: first });
    expect(windows.get(first)?.state.minimized).toBe(true);
    registry.run('window.activate', { wid: first });
    expect(windows.get(first)?.state).toMatchObject({ minimized: false, focused: true });
    expect(second).toBeGreaterThan(0);
  });

  it('closes, minimizes, maximizes and snaps the focused window from the keyboard', () => {
    const { windows, registry, open } = setup();
    const a = open('a');
    const b = open('b');
    expect(registry.handleKey(press('ArrowUp', 'ArrowUp'))).toBe(true);
    expect(windows.get(b)?.state.maximized).toBe(true);
    expect(registry.handleKey(press('ArrowLeft', 'ArrowLeft'))).toBe(true);
    expect(windows.get(b)?.snapped).toBe('left');
    expect(registry.handleKey(press('ArrowRight', 'ArrowRight'))).toBe(true);
    expect(windows.get(b)?.snapped).toBe('right');
    expect(registry.handleKey(press('W', 'KeyW'))).toBe(true);
    expect(windows.get(b)).toBeUndefined();
    expect(windows.focused()?.wid).toBe(a);
    expect(registry.handleKey(press('M', 'KeyM'))).toBe(true);
    expect(windows.get(a)?.state.minimized).toBe(true);
  });

  it('cycles focus both ways with Alt+` and Alt+Shift+`', () => {
    const { windows, registry, open } = setup();
    const a = open('a');
    const b = open('b');
    expect(registry.handleKey(press('`', 'Backquote', false))).toBe(true);
    expect(windows.focused()?.wid).toBe(a);
    expect(registry.handleKey(press('~', 'Backquote'))).toBe(true);
    expect(windows.focused()?.wid).toBe(b);
  });

  it('respects the focused window attributes', () => {
    const { windows, registry, open } = setup();
    const w = open('fixed', { closeable: false, minimizable: false, maximizable: false, resizable: false, moveable: false });
    for (const [key, code] of [['W', 'KeyW'], ['M', 'KeyM'], ['ArrowUp', 'ArrowUp'], ['ArrowLeft', 'ArrowLeft'], ['F7', 'F7'], ['F8', 'F8']] as const) {
      expect(registry.handleKey(press(key, code))).toBe(false);
    }
    expect(windows.get(w)?.state).toMatchObject({ minimized: false, maximized: false });
    expect(windows.get(w)?.snapped).toBeNull();
  });

  it('does nothing without a focused window', () => {
    const { registry, ui } = setup();
    expect(registry.handleKey(press('W', 'KeyW'))).toBe(false);
    expect(registry.handleKey(press(' ', 'Space', false))).toBe(false);
    expect(registry.handleKey(press('`', 'Backquote', false))).toBe(false);
    expect(ui.openMenu).not.toHaveBeenCalled();
  });

  it('hands the menu and the keyboard move and resize modes to the UI', () => {
    const { registry, ui, open } = setup();
    const w = open('a');
    registry.handleKey(press(' ', 'Space', false));
    registry.handleKey(press('F7', 'F7'));
    registry.handleKey(press('F8', 'F8'));
    expect(ui.openMenu).toHaveBeenCalledWith(w);
    expect(ui.startKeyboardMove).toHaveBeenCalledWith(w);
    expect(ui.startKeyboardResize).toHaveBeenCalledWith(w);
  });

  it('refuses keyboard move and resize for a maximized window', () => {
    const { windows, registry, ui, open } = setup();
    windows.maximize(open('a'));
    expect(registry.handleKey(press('F7', 'F7'))).toBe(false);
    expect(registry.handleKey(press('F8', 'F8'))).toBe(false);
    expect(ui.startKeyboardMove).not.toHaveBeenCalled();
  });

  it('unregisters them all', () => {
    const { registry, unregister } = setup();
    unregister();
    expect(registry.commands()).toEqual([]);
  });
});
