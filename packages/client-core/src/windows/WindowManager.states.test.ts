import { describe, expect, it, vi } from 'vitest';
import { testWindowManager } from '../testing/windowManager.js';
import type { WindowManager } from './WindowManager.js';

const setup = (): WindowManager => testWindowManager();

const geometry = { position: { left: 100, top: 100 }, dimension: { width: 400, height: 300 } };

describe('WindowManager minimize and raise', () => {
  it('minimizes only a minimizable window', () => {
    const windows = setup();
    const fixed = windows.open({ id: 'a', attributes: { minimizable: false } });
    expect(windows.minimize(fixed.wid)).toBe(false);
    expect(windows.get(fixed.wid)?.state.minimized).toBe(false);
  });

  it('blurs the focused window it minimizes', () => {
    const windows = setup();
    const w = windows.open({ id: 'a' });
    expect(windows.minimize(w.wid)).toBe(true);
    expect(windows.get(w.wid)?.state).toMatchObject({ minimized: true, focused: false });
    expect(windows.focused()).toBeUndefined();
  });

  it('undoes minimize with raise, bringing the window to the front and focusing it', () => {
    const windows = setup();
    const a = windows.open({ id: 'a' });
    const b = windows.open({ id: 'b' });
    windows.minimize(a.wid);
    expect(windows.raise(a.wid)).toBe(true);
    expect(windows.get(a.wid)?.state).toMatchObject({ minimized: false, focused: true });
    expect(windows.get(a.wid)?.zIndex).toBeGreaterThan(windows.get(b.wid)?.zIndex ?? Infinity);
  });
});

describe('WindowManager maximize and restore', () => {
  it('maximizes only a maximizable window', () => {
    const windows = setup();
    const w = windows.open({ id: 'a', ...geometry, attributes: { maximizable: false } });
    expect(windows.maximize(w.wid)).toBe(false);
    expect(windows.toggleMaximize(w.wid)).toBe(false);
    expect(windows.get(w.wid)?.state.maximized).toBe(false);
  });

  it('fills the viewport when maximized and restores the remembered geometry', () => {
    const windows = setup();
    const w = windows.open({ id: 'a', ...geometry });
    windows.maximize(w.wid);
    expect(windows.get(w.wid)).toMatchObject({ state: { maximized: true }, position: { left: 0, top: 0 }, dimension: { width: 1280, height: 800 }, media: 'big' });
    expect(windows.restore(w.wid)).toBe(true);
    expect(windows.get(w.wid)).toMatchObject({ state: { maximized: false }, ...geometry, media: 'small' });
  });

  it('has nothing to restore when neither maximized nor snapped', () => {
    const windows = setup();
    const w = windows.open({ id: 'a', ...geometry });
    expect(windows.restore(w.wid)).toBe(false);
  });

  it('toggles between maximized and restored', () => {
    const windows = setup();
    const w = windows.open({ id: 'a', ...geometry });
    windows.toggleMaximize(w.wid);
    expect(windows.get(w.wid)?.state.maximized).toBe(true);
    windows.toggleMaximize(w.wid);
    expect(windows.get(w.wid)).toMatchObject({ state: { maximized: false }, ...geometry });
  });

  it('tells list subscribers about minimize and maximize', () => {
    const windows = setup();
    const w = windows.open({ id: 'a' });
    const list = vi.fn();
    windows.subscribe(list);
    windows.maximize(w.wid);
    windows.minimize(w.wid);
    expect(list).toHaveBeenCalledTimes(2);
  });
});

describe('WindowManager title, icon and breadcrumb', () => {
  it('updates title and icon for the list and breadcrumb for the window only', () => {
    const windows = setup();
    const w = windows.open({ id: 'a' });
    const list = vi.fn();
    const own = vi.fn();
    windows.subscribe(list);
    windows.subscribeWindow(w.wid, own);
    windows.setTitle(w.wid, 'Report');
    windows.setIcon(w.wid, 'report.png');
    expect(list).toHaveBeenCalledTimes(2);
    windows.setBreadcrumb(w.wid, ['Q1', 'Sales']);
    expect(list).toHaveBeenCalledTimes(2);
    expect(own).toHaveBeenCalledTimes(3);
    expect(windows.get(w.wid)).toMatchObject({ title: 'Report', icon: 'report.png', breadcrumb: ['Q1', 'Sales'] });
  });
});

describe('WindowManager.sessionRecords', () => {
  it('lists sessionable windows with the fields of a session record, maximized ones with their restore geometry', () => {
    const windows = setup();
    const a = windows.open({ id: 'a', ...geometry });
    windows.open({ id: 'dialog', attributes: { sessionable: false } });
    const b = windows.open({ id: 'b', position: { left: 10, top: 20 }, dimension: { width: 300, height: 200 } });
    windows.maximize(a.wid);
    windows.minimize(b.wid);
    expect(windows.sessionRecords()).toEqual([
      { id: 'a', maximized: true, minimized: false, ...geometry },
      { id: 'b', maximized: false, minimized: true, position: { left: 10, top: 20 }, dimension: { width: 300, height: 200 } },
    ]);
  });
});
