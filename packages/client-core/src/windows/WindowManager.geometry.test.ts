import { describe, expect, it, vi } from 'vitest';
import { testWindowManager } from '../testing/windowManager.js';
import type { WindowManager } from './WindowManager.js';
import type { WindowOptions } from './types.js';

const setup = (): WindowManager => testWindowManager();

const at = (id: string, extra: Partial<WindowOptions> = {}): WindowOptions => ({ id, position: { left: 100, top: 100 }, dimension: { width: 400, height: 300 }, ...extra });

describe('WindowManager move', () => {
  it('moves a window', () => {
    const windows = setup();
    const w = windows.open(at('a'));
    expect(windows.move(w.wid, { left: 250.4, top: 180.6 })).toBe(true);
    expect(windows.get(w.wid)?.position).toEqual({ left: 250, top: 181 });
  });

  it('notifies only that window while moving: not other windows, not the list', () => {
    const windows = setup();
    const a = windows.open(at('a'));
    const b = windows.open(at('b'));
    const list = vi.fn();
    const ofA = vi.fn();
    const ofB = vi.fn();
    windows.subscribe(list);
    windows.subscribeWindow(a.wid, ofA);
    windows.subscribeWindow(b.wid, ofB);
    const snapshot = windows.windows();
    windows.beginMove(b.wid);
    for (let i = 1; i <= 5; i++) windows.move(b.wid, { left: 100 + i, top: 100 + i });
    windows.endMove(b.wid);
    expect(ofB).toHaveBeenCalledTimes(7);
    expect(ofA).not.toHaveBeenCalled();
    expect(list).not.toHaveBeenCalled();
    expect(windows.windows()).toBe(snapshot);
  });

  it('sets the moving flag between beginMove and endMove', () => {
    const windows = setup();
    const w = windows.open(at('a'));
    windows.beginMove(w.wid);
    expect(windows.get(w.wid)?.state.moving).toBe(true);
    windows.endMove(w.wid);
    expect(windows.get(w.wid)?.state.moving).toBe(false);
  });

  it('does not let a window be dragged above the top edge', () => {
    const windows = setup();
    const w = windows.open(at('a'));
    windows.move(w.wid, { left: -300, top: -40 });
    expect(windows.get(w.wid)?.position).toEqual({ left: -300, top: 0 });
  });

  it('keeps a clamp window inside the viewport', () => {
    const windows = setup();
    const w = windows.open(at('a', { attributes: { clamp: true } }));
    windows.move(w.wid, { left: 2000, top: 2000 });
    expect(windows.get(w.wid)?.position).toEqual({ left: 880, top: 500 });
  });

  it('refuses to move a window that is not moveable, or maximized', () => {
    const windows = setup();
    const fixed = windows.open(at('a', { attributes: { moveable: false } }));
    const big = windows.open(at('b'));
    windows.maximize(big.wid);
    expect(windows.move(fixed.wid, { left: 0, top: 0 })).toBe(false);
    expect(windows.move(big.wid, { left: 50, top: 50 })).toBe(false);
    expect(windows.get(fixed.wid)?.position).toEqual({ left: 100, top: 100 });
    expect(windows.move(999, { left: 0, top: 0 })).toBe(false);
  });
});

describe('WindowManager resize', () => {
  it('clamps to the minimum and maximum dimension', () => {
    const windows = setup();
    const w = windows.open(at('a', { attributes: { minDimension: { width: 200, height: 150 }, maxDimension: { width: 600, height: 500 } } }));
    windows.resize(w.wid, { width: 50, height: 50 });
    expect(windows.get(w.wid)?.dimension).toEqual({ width: 200, height: 150 });
    windows.resize(w.wid, { width: 5000, height: 5000 });
    expect(windows.get(w.wid)?.dimension).toEqual({ width: 600, height: 500 });
  });

  it('never goes below 100x100', () => {
    const windows = setup();
    const w = windows.open(at('a'));
    windows.resize(w.wid, { width: 10, height: 0 });
    expect(windows.get(w.wid)?.dimension).toEqual({ width: 100, height: 100 });
  });

  it('keeps the opposite side fixed when resizing from the top-left corner', () => {
    const windows = setup();
    const w = windows.open(at('a'));
    windows.resize(w.wid, { width: 500, height: 350 }, 'nw');
    expect(windows.get(w.wid)).toMatchObject({ position: { left: 0, top: 50 }, dimension: { width: 500, height: 350 } });
  });

  it('keeps a clamp window inside the viewport', () => {
    const windows = setup();
    const w = windows.open(at('a', { attributes: { clamp: true } }));
    windows.resize(w.wid, { width: 3000, height: 3000 });
    expect(windows.get(w.wid)?.dimension).toEqual({ width: 1180, height: 700 });
  });

  it('updates media with the width', () => {
    const windows = setup();
    const w = windows.open(at('a'));
    windows.resize(w.wid, { width: 1100, height: 300 });
    expect(windows.get(w.wid)?.media).toBe('big');
  });

  it('refuses to resize a window that is not resizable', () => {
    const windows = setup();
    const w = windows.open(at('a', { attributes: { resizable: false } }));
    expect(windows.resize(w.wid, { width: 600, height: 400 })).toBe(false);
    windows.beginResize(w.wid);
    expect(windows.get(w.wid)).toMatchObject({ dimension: { width: 400, height: 300 }, state: { resizing: false } });
  });
});

describe('WindowManager snap', () => {
  it('snaps left and right to half the viewport at full height, and restores', () => {
    const windows = setup();
    const w = windows.open(at('a'));
    expect(windows.snap(w.wid, 'left')).toBe(true);
    expect(windows.get(w.wid)).toMatchObject({ snapped: 'left', position: { left: 0, top: 0 }, dimension: { width: 640, height: 800 } });
    windows.snap(w.wid, 'right');
    expect(windows.get(w.wid)).toMatchObject({ snapped: 'right', position: { left: 640, top: 0 }, dimension: { width: 640, height: 800 } });
    expect(windows.restore(w.wid)).toBe(true);
    expect(windows.get(w.wid)).toMatchObject({ snapped: null, position: { left: 100, top: 100 }, dimension: { width: 400, height: 300 } });
  });

  it('maximizes when snapped to the top', () => {
    const windows = setup();
    const w = windows.open(at('a'));
    windows.snap(w.wid, 'top');
    expect(windows.get(w.wid)).toMatchObject({ snapped: 'top', state: { maximized: true }, dimension: { width: 1280, height: 800 } });
    windows.restore(w.wid);
    expect(windows.get(w.wid)).toMatchObject({ snapped: null, state: { maximized: false }, position: { left: 100, top: 100 } });
  });

  it('ends a half snap when the window is moved away', () => {
    const windows = setup();
    const w = windows.open(at('a'));
    windows.snap(w.wid, 'left');
    windows.move(w.wid, { left: 40, top: 40 });
    expect(windows.get(w.wid)).toMatchObject({ snapped: null, position: { left: 40, top: 40 }, dimension: { width: 640, height: 800 } });
    expect(windows.restore(w.wid)).toBe(false);
  });

  it('refuses to snap a window that cannot be moved or resized', () => {
    const windows = setup();
    const w = windows.open(at('a', { attributes: { resizable: false } }));
    expect(windows.snap(w.wid, 'left')).toBe(false);
    expect(windows.get(w.wid)?.snapped).toBeNull();
  });
});

describe('WindowManager viewport', () => {
  it('makes maximized and snapped windows follow the viewport and pulls clamp windows in', () => {
    const windows = setup();
    const max = windows.open(at('max'));
    const half = windows.open(at('half'));
    const clamp = windows.open(at('clamp', { position: { left: 800, top: 450 }, attributes: { clamp: true } }));
    const free = windows.open(at('free', { position: { left: 800, top: 450 } }));
    windows.maximize(max.wid);
    windows.snap(half.wid, 'right');
    windows.setViewport({ width: 1000, height: 600 });
    expect(windows.viewport()).toEqual({ width: 1000, height: 600 });
    expect(windows.get(max.wid)?.dimension).toEqual({ width: 1000, height: 600 });
    expect(windows.get(half.wid)).toMatchObject({ position: { left: 500, top: 0 }, dimension: { width: 500, height: 600 } });
    expect(windows.get(clamp.wid)?.position).toEqual({ left: 600, top: 300 });
    expect(windows.get(free.wid)?.position).toEqual({ left: 800, top: 450 });
  });
});
