import { FakeClock } from '../testing/FakeClock.js';
import { WindowManager } from '../windows/WindowManager.js';
import { describe, expect, it } from 'vitest';
import { DesktopUi } from './DesktopUi.js';

function setup() {
  const windows = new WindowManager({ clock: new FakeClock(), viewport: { width: 1280, height: 800 } });
  const ui = new DesktopUi(windows);
  return { windows, ui };
}

describe('DesktopUi', () => {
  it('opens one icon menu at a time and only for an open window', () => {
    const { windows, ui } = setup();
    const a = windows.open({ id: 'a' });
    ui.openMenu(a.wid);
    expect(ui.getState().menu).toBe(a.wid);
    ui.openMenu(999);
    expect(ui.getState().menu).toBe(a.wid);
    ui.closeMenu();
    expect(ui.getState().menu).toBeNull();
  });

  it('runs a keyboard move until Enter, holding the moving flag meanwhile', () => {
    const { windows, ui } = setup();
    const a = windows.open({ id: 'a', position: { left: 50, top: 50 } });
    ui.startKeyboard(a.wid, 'move');
    expect(windows.get(a.wid)?.state.moving).toBe(true);
    expect(ui.handleKeyboardKey('ArrowLeft', false)).toBe(true);
    expect(ui.handleKeyboardKey('x', false)).toBe(false);
    expect(ui.handleKeyboardKey('Enter', false)).toBe(true);
    expect(ui.getState().keyboard).toBeNull();
    expect(windows.get(a.wid)).toMatchObject({ position: { left: 40, top: 50 }, state: { moving: false } });
  });

  it('does not start on a window that refuses it, and ends a running mode before another starts', () => {
    const { windows, ui } = setup();
    const fixed = windows.open({ id: 'fixed', attributes: { resizable: false } });
    ui.startKeyboard(fixed.wid, 'resize');
    expect(ui.getState().keyboard).toBeNull();
    const a = windows.open({ id: 'a' });
    ui.startKeyboard(a.wid, 'move');
    ui.startKeyboard(a.wid, 'resize');
    expect(windows.get(a.wid)?.state).toMatchObject({ moving: false, resizing: true });
    ui.endKeyboard();
    expect(windows.get(a.wid)?.state.resizing).toBe(false);
  });
});
