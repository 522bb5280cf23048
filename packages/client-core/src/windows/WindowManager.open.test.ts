import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../testing/FakeClock.js';
import { WindowIdExistsError } from './WindowIdExistsError.js';
import { WindowManager, type WindowManagerOptions } from './WindowManager.js';

const managers: WindowManager[] = [];
function setup(options: Partial<WindowManagerOptions> = {}) {
  const windows = new WindowManager({ clock: new FakeClock(), viewport: { width: 1280, height: 800 }, ...options });
  managers.push(windows);
  return windows;
}
afterEach(() => managers.splice(0).forEach((m) => m.dispose()));

describe('WindowManager.open', () => {
  it('opens a window with defaults, a unique wid and lists it', () => {
    const windows = setup();
    const a = windows.open({ id: 'main', appId: 'Files' });
    const b = windows.open({ id: 'other', appId: 'Files', title: 'Other' });
    expect(a.wid).not.toBe(b.wid);
    expect(a).toMatchObject({ id: 'main', appId: 'Files', title: '', icon: null, parent: null, breadcrumb: [], snapped: null, dimension: { width: 400, height: 300 }, media: 'small' });
    expect(a.attributes).toMatchObject({ modal: false, ontop: false, gravity: null, moveable: true, resizable: true, focusable: true, maximizable: true, minimizable: true, sessionable: true, closeable: true, clamp: false, visibility: null, maxDimension: null });
    expect(a.state).toEqual({ moving: false, resizing: false, loading: false, focused: true, maximized: false, minimized: false });
    expect(windows.windows().map((w) => w.id)).toEqual(['main', 'other']);
    expect(windows.get(b.wid)?.title).toBe('Other');
  });

  it('refuses a second window with the same id in the same application', () => {
    const windows = setup();
    windows.open({ id: 'main', appId: 'Files' });
    const attempt = () => windows.open({ id: 'main', appId: 'Files' });
    expect(attempt).toThrow(WindowIdExistsError);
    expect(attempt).toThrow("Window with ID 'main' already exists");
    expect(windows.windows()).toHaveLength(1);
  });

  it('translates the duplicate id message with window.error.idExists', () => {
    const translate = vi.fn((key: string, vars?: Record<string, unknown>) => `${key}:${String(vars?.id)}`);
    const windows = setup({ translate });
    windows.open({ id: 'main' });
    expect(() => windows.open({ id: 'main' })).toThrow('window.error.idExists:main');
    expect(translate).toHaveBeenCalledWith('window.error.idExists', { id: 'main' });
  });

  it('allows the same id in different applications, and again once closed', () => {
    const windows = setup();
    const first = windows.open({ id: 'main', appId: 'Files' });
    expect(() => windows.open({ id: 'main', appId: 'Mail' })).not.toThrow();
    windows.close(first.wid);
    expect(() => windows.open({ id: 'main', appId: 'Files' })).not.toThrow();
  });

  it('never makes a window smaller than 100x100', () => {
    const windows = setup();
    const w = windows.open({ id: 'tiny', dimension: { width: 20, height: 40 }, attributes: { minDimension: { width: 50, height: 50 } } });
    expect(w.dimension).toEqual({ width: 100, height: 100 });
    expect(w.attributes.minDimension).toEqual({ width: 100, height: 100 });
  });

  it('respects a larger minimum and a maximum dimension', () => {
    const windows = setup();
    const big = windows.open({ id: 'a', dimension: { width: 150, height: 150 }, attributes: { minDimension: { width: 300, height: 200 } } });
    const capped = windows.open({ id: 'b', dimension: { width: 900, height: 900 }, attributes: { maxDimension: { width: 500, height: 400 } } });
    expect(big.dimension).toEqual({ width: 300, height: 200 });
    expect(capped.dimension).toEqual({ width: 500, height: 400 });
  });

  it('staggers windows opened without a position by 30 px', () => {
    const windows = setup();
    const positions = ['a', 'b', 'c'].map((id) => windows.open({ id }).position);
    expect(positions).toEqual([
      { left: 30, top: 30 },
      { left: 60, top: 60 },
      { left: 90, top: 90 },
    ]);
  });

  it('uses a given position, never above the top edge', () => {
    const windows = setup();
    expect(windows.open({ id: 'a', position: { left: 200, top: 120 } }).position).toEqual({ left: 200, top: 120 });
    expect(windows.open({ id: 'b', position: { left: -20, top: -50 } }).position).toEqual({ left: -20, top: 0 });
  });

  it('places a window with a gravity', () => {
    const windows = setup();
    const w = windows.open({ id: 'dialog', dimension: { width: 400, height: 200 }, attributes: { gravity: 'center' } });
    expect(w.position).toEqual({ left: 440, top: 300 });
  });

  it('keeps a clamp window inside the viewport', () => {
    const windows = setup();
    const w = windows.open({ id: 'a', position: { left: 1200, top: 700 }, dimension: { width: 400, height: 300 }, attributes: { clamp: true } });
    expect(w.position).toEqual({ left: 880, top: 500 });
  });

  it('derives media from the window width', () => {
    const windows = setup();
    expect(windows.open({ id: 'a', dimension: { width: 640 } }).media).toBe('small');
    expect(windows.open({ id: 'b', dimension: { width: 800 } }).media).toBe('medium');
    expect(windows.open({ id: 'c', dimension: { width: 1024 } }).media).toBe('big');
  });

  it('announces the new window to list subscribers and open listeners', () => {
    const windows = setup();
    const list = vi.fn();
    const opened = vi.fn();
    windows.subscribe(list);
    windows.onDidOpenWindow(opened);
    const before = windows.windows();
    const w = windows.open({ id: 'a' });
    expect(list).toHaveBeenCalledTimes(1);
    expect(opened).toHaveBeenCalledWith(w);
    expect(windows.windows()).not.toBe(before);
  });

  it('ignores a parent that does not exist', () => {
    const windows = setup();
    expect(windows.open({ id: 'a', parent: 42 }).parent).toBeNull();
  });
});
