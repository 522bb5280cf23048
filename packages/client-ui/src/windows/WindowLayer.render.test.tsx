import { act, cleanup, fireEvent, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderDesktop, type DesktopTest } from '../testing/renderDesktop.js';
import type * as TitleBarModule from './WindowTitleBar.js';

/** Renders of each window's title bar, by wid: the title bar renders exactly when its frame does. */
const renders = vi.hoisted(() => new Map<number, number>());

vi.mock('./WindowTitleBar.js', async (importOriginal) => {
  const original = await importOriginal<typeof TitleBarModule>();
  return {
    WindowTitleBar(props: Parameters<typeof original.WindowTitleBar>[0]) {
      renders.set(props.record.wid, (renders.get(props.record.wid) ?? 0) + 1);
      return original.WindowTitleBar(props);
    },
  };
});

let test: DesktopTest | null = null;
let frames: Array<() => void> = [];
beforeEach(() => {
  renders.clear();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (fn: () => void) => frames.push(fn));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
});
afterEach(() => {
  test?.dispose();
  test = null;
  cleanup();
  vi.unstubAllGlobals();
});

const runFrames = () => act(() => frames.splice(0).forEach((fn) => fn()));

describe('WindowLayer rendering', () => {
  it('re-renders only the moving window while one of several is dragged', async () => {
    test = await renderDesktop();
    const t = test;
    const [a, b, c] = [t.open(), t.open(), t.open()];
    const header = within(t.frame(a.wid)).getByTestId('window.header');
    fireEvent.pointerDown(header, { pointerId: 1, button: 0, clientX: 200, clientY: 60 });
    runFrames();
    renders.clear();

    for (let i = 1; i <= 40; i++) {
      fireEvent.pointerMove(header, { pointerId: 1, clientX: 200 + i * 5, clientY: 60 + i * 3 });
      runFrames();
    }
    fireEvent.pointerUp(header, { pointerId: 1, clientX: 400, clientY: 180 });

    expect(t.windows.get(a.wid)?.position).toEqual({ left: a.position.left + 200, top: a.position.top + 120 });
    expect(renders.get(a.wid)).toBeGreaterThanOrEqual(40);
    expect(renders.get(b.wid) ?? 0).toBe(0);
    expect(renders.get(c.wid) ?? 0).toBe(0);
  });

  it('coalesces the pointer moves of one animation frame into one move', async () => {
    test = await renderDesktop();
    const t = test;
    const w = t.open();
    const move = vi.spyOn(t.windows, 'move');
    const header = within(t.frame(w.wid)).getByTestId('window.header');
    fireEvent.pointerDown(header, { pointerId: 1, button: 0, clientX: 200, clientY: 60 });
    for (let i = 1; i <= 10; i++) fireEvent.pointerMove(header, { pointerId: 1, clientX: 200 + i * 10, clientY: 60 });
    expect(move).not.toHaveBeenCalled();
    runFrames();
    expect(move).toHaveBeenCalledTimes(1);
    expect(move).toHaveBeenLastCalledWith(w.wid, { left: w.position.left + 100, top: w.position.top });
    fireEvent.pointerUp(header, { pointerId: 1 });
    expect(t.windows.get(w.wid)?.state.moving).toBe(false);
  });

  it('does not re-render other windows when one is moved or resized through the model', async () => {
    test = await renderDesktop();
    const t = test;
    const [a, b] = [t.open(), t.open()];
    renders.clear();
    act(() => {
      for (let i = 0; i < 30; i++) t.windows.move(a.wid, { left: 10 + i, top: 10 + i });
    });
    act(() => void t.windows.resize(a.wid, { width: 500, height: 400 }));
    expect(renders.get(a.wid)).toBeGreaterThan(0);
    expect(renders.get(b.wid) ?? 0).toBe(0);
  });

  it('re-renders only the new window and the one that lost focus when a window opens', async () => {
    test = await renderDesktop();
    const t = test;
    const [a, b, c] = [t.open(), t.open(), t.open()];
    renders.clear();
    const d = t.open();
    expect(renders.get(a.wid) ?? 0).toBe(0);
    expect(renders.get(b.wid) ?? 0).toBe(0);
    expect(renders.get(c.wid)).toBeGreaterThan(0);
    expect(renders.get(d.wid)).toBeGreaterThan(0);
  });
});
