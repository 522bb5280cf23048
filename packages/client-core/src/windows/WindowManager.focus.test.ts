import { ONTOP_Z_OFFSET } from '@atrium/shared';
import { describe, expect, it, vi } from 'vitest';
import { testWindowManager } from '../testing/windowManager.js';
import type { WindowManager } from './WindowManager.js';

const setup = (): WindowManager => testWindowManager();

const z = (windows: WindowManager, ...wids: number[]) => wids.map((wid) => windows.get(wid)?.zIndex);

describe('WindowManager focus', () => {
  it('focuses a newly opened window and blurs the previously focused one', () => {
    const windows = setup();
    const a = windows.open({ id: 'a' });
    const b = windows.open({ id: 'b' });
    expect(windows.get(a.wid)?.state.focused).toBe(false);
    expect(windows.get(b.wid)?.state.focused).toBe(true);
    expect(windows.focused()?.wid).toBe(b.wid);
  });

  it('blurs the previously focused window when focusing another', () => {
    const windows = setup();
    const a = windows.open({ id: 'a' });
    const b = windows.open({ id: 'b' });
    expect(windows.focus(a.wid)).toBe(true);
    expect(windows.get(a.wid)?.state.focused).toBe(true);
    expect(windows.get(b.wid)?.state.focused).toBe(false);
  });

  it('brings a focused window to the front of its layer', () => {
    const windows = setup();
    const [a, b, c] = ['a', 'b', 'c'].map((id) => windows.open({ id }).wid) as [number, number, number];
    expect(z(windows, a, b, c)).toEqual([1, 2, 3]);
    windows.focus(a);
    expect(z(windows, a, b, c)).toEqual([3, 1, 2]);
  });

  it('refuses focus while minimized', () => {
    const windows = setup();
    const a = windows.open({ id: 'a' });
    windows.open({ id: 'b' });
    windows.minimize(a.wid);
    expect(windows.focus(a.wid)).toBe(false);
    expect(windows.get(a.wid)?.state.focused).toBe(false);
  });

  it('refuses focus to a window that is not focusable', () => {
    const windows = setup();
    const a = windows.open({ id: 'a' });
    const n = windows.open({ id: 'n', attributes: { focusable: false } });
    expect(windows.get(n.wid)?.state.focused).toBe(false);
    expect(windows.focused()?.wid).toBe(a.wid);
    expect(windows.focus(n.wid)).toBe(false);
  });

  it('removes focus with blur', () => {
    const windows = setup();
    const a = windows.open({ id: 'a' });
    windows.blur(a.wid);
    expect(windows.focused()).toBeUndefined();
  });

  it('keeps ontop windows 8388635 above normal ones', () => {
    const windows = setup();
    const top = windows.open({ id: 'top', attributes: { ontop: true } });
    const a = windows.open({ id: 'a' });
    const b = windows.open({ id: 'b' });
    windows.focus(a.wid);
    expect(windows.get(top.wid)?.zIndex).toBe(ONTOP_Z_OFFSET + 1);
    expect(z(windows, a.wid, b.wid)).toEqual([2, 1]);
  });

  it('numbers zIndexes consecutively per layer however often windows are focused', () => {
    const windows = setup();
    const wids = ['a', 'b', 'c', 'd'].map((id) => windows.open({ id }).wid);
    const ontop = windows.open({ id: 'o', attributes: { ontop: true } }).wid;
    for (let i = 0; i < 200; i++) windows.focus(wids[i % wids.length] as number);
    expect(z(windows, ...wids).sort()).toEqual([1, 2, 3, 4]);
    expect(windows.get(ontop)?.zIndex).toBe(ONTOP_Z_OFFSET + 1);
  });

  it('tells list subscribers about focus and z-order changes', () => {
    const windows = setup();
    const a = windows.open({ id: 'a' });
    windows.open({ id: 'b' });
    const list = vi.fn();
    windows.subscribe(list);
    const before = windows.windows();
    windows.focus(a.wid);
    expect(list).toHaveBeenCalledTimes(1);
    expect(windows.windows()).not.toBe(before);
    expect(windows.windows().find((w) => w.wid === a.wid)?.state.focused).toBe(true);
  });

  it('gives focus to the parent, or else the topmost window, when the focused window closes', () => {
    const windows = setup();
    const a = windows.open({ id: 'a' });
    const parent = windows.open({ id: 'p' });
    const child = windows.open({ id: 'c', parent: parent.wid });
    windows.focus(a.wid);
    windows.focus(child.wid);
    windows.close(child.wid);
    expect(windows.focused()?.wid).toBe(parent.wid);
    windows.close(parent.wid);
    expect(windows.focused()?.wid).toBe(a.wid);
  });
});

describe('WindowManager.cycleFocus', () => {
  function three() {
    const windows = setup();
    const [a, b, c] = ['a', 'b', 'c'].map((id) => windows.open({ id }).wid) as [number, number, number];
    return { windows, a, b, c };
  }

  it('goes through every window and wraps going forward', () => {
    const { windows, a, b, c } = three();
    const visited = [1, 2, 3, 4].map(() => windows.cycleFocus(1)?.wid);
    expect(visited).toEqual([a, b, c, a]);
  });

  it('goes through every window and wraps going backward', () => {
    const { windows, a, b, c } = three();
    const visited = [1, 2, 3, 4].map(() => windows.cycleFocus(-1)?.wid);
    expect(visited).toEqual([b, a, c, b]);
  });

  it('skips minimized and non-focusable windows', () => {
    const { windows, a, b, c } = three();
    windows.open({ id: 'n', attributes: { focusable: false } });
    windows.minimize(b);
    windows.focus(c);
    expect([1, 2, 3].map(() => windows.cycleFocus(1)?.wid)).toEqual([a, c, a]);
  });

  it('focuses the topmost window when none is focused and returns undefined without candidates', () => {
    const { windows, b, c } = three();
    windows.blur(c);
    expect(windows.cycleFocus(1)?.wid).toBe(c);
    windows.focus(b);
    expect(windows.focused()?.wid).toBe(b);
    const empty = setup();
    expect(empty.cycleFocus(1)).toBeUndefined();
  });
});
