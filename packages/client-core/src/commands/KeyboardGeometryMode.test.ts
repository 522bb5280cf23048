import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../testing/FakeClock.js';
import { WindowManager } from '../windows/WindowManager.js';
import type { WindowAttributes } from '../windows/types.js';
import { KeyboardGeometryMode } from './KeyboardGeometryMode.js';

const managers: WindowManager[] = [];
function setup(attributes: Partial<WindowAttributes> = {}) {
  const windows = new WindowManager({ clock: new FakeClock(), viewport: { width: 1280, height: 800 } });
  managers.push(windows);
  const wid = windows.open({ id: 'a', position: { left: 100, top: 100 }, dimension: { width: 400, height: 300 }, attributes }).wid;
  return { windows, wid };
}
afterEach(() => managers.splice(0).forEach((m) => m.dispose()));

describe('KeyboardGeometryMode move', () => {
  it('moves by 10 px per arrow and 1 px with Shift, setting the moving flag', () => {
    const { windows, wid } = setup();
    const mode = new KeyboardGeometryMode(windows, wid, 'move');
    expect(mode.active).toBe(true);
    expect(windows.get(wid)?.state.moving).toBe(true);
    expect(mode.handleKey('ArrowRight', false)).toBe(true);
    mode.handleKey('ArrowDown', false);
    mode.handleKey('ArrowLeft', true);
    mode.handleKey('ArrowUp', true);
    expect(windows.get(wid)?.position).toEqual({ left: 109, top: 109 });
  });

  it('ends with Enter keeping the new position', () => {
    const { windows, wid } = setup();
    const mode = new KeyboardGeometryMode(windows, wid, 'move');
    mode.handleKey('ArrowRight', false);
    expect(mode.handleKey('Enter', false)).toBe(true);
    expect(mode.active).toBe(false);
    expect(windows.get(wid)).toMatchObject({ position: { left: 110, top: 100 }, state: { moving: false } });
    expect(mode.handleKey('ArrowRight', false)).toBe(false);
  });

  it('ends with Escape restoring the starting position', () => {
    const { windows, wid } = setup();
    const mode = new KeyboardGeometryMode(windows, wid, 'move');
    mode.handleKey('ArrowRight', false);
    mode.handleKey('ArrowDown', false);
    expect(mode.handleKey('Escape', false)).toBe(true);
    expect(mode.active).toBe(false);
    expect(windows.get(wid)?.position).toEqual({ left: 100, top: 100 });
  });

  it('leaves other keys alone', () => {
    const { windows, wid } = setup();
    const mode = new KeyboardGeometryMode(windows, wid, 'move');
    expect(mode.handleKey('a', false)).toBe(false);
    expect(mode.active).toBe(true);
  });

  it('is refused for a window that is not moveable', () => {
    const { windows, wid } = setup({ moveable: false });
    const mode = new KeyboardGeometryMode(windows, wid, 'move');
    expect(mode.active).toBe(false);
    expect(mode.handleKey('ArrowRight', false)).toBe(false);
    expect(windows.get(wid)?.state.moving).toBe(false);
  });

  it('becomes inactive when the window closes', () => {
    const { windows, wid } = setup();
    const mode = new KeyboardGeometryMode(windows, wid, 'move');
    windows.close(wid);
    expect(mode.active).toBe(false);
    expect(mode.handleKey('ArrowRight', false)).toBe(false);
  });
});

describe('KeyboardGeometryMode resize', () => {
  it('resizes by 10 px per arrow and 1 px with Shift, within the minimum', () => {
    const { windows, wid } = setup();
    const mode = new KeyboardGeometryMode(windows, wid, 'resize');
    expect(windows.get(wid)?.state.resizing).toBe(true);
    mode.handleKey('ArrowRight', false);
    mode.handleKey('ArrowDown', true);
    expect(windows.get(wid)?.dimension).toEqual({ width: 410, height: 301 });
    for (let i = 0; i < 50; i++) mode.handleKey('ArrowUp', false);
    expect(windows.get(wid)?.dimension.height).toBe(100);
    expect(windows.get(wid)?.position).toEqual({ left: 100, top: 100 });
  });

  it('ends with Escape restoring the starting dimension', () => {
    const { windows, wid } = setup();
    const mode = new KeyboardGeometryMode(windows, wid, 'resize');
    mode.handleKey('ArrowLeft', false);
    mode.handleKey('Escape', false);
    expect(windows.get(wid)).toMatchObject({ dimension: { width: 400, height: 300 }, state: { resizing: false } });
  });

  it('is refused for a window that is not resizable', () => {
    const { windows, wid } = setup({ resizable: false });
    expect(new KeyboardGeometryMode(windows, wid, 'resize').active).toBe(false);
  });

  it('is refused for a maximized window', () => {
    const { windows, wid } = setup();
    windows.maximize(wid);
    expect(new KeyboardGeometryMode(windows, wid, 'resize').active).toBe(false);
    expect(new KeyboardGeometryMode(windows, wid, 'move').active).toBe(false);
  });
});
