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
/** React commits of the whole desktop since the last take(). */
let commits = 0;
let frames: Array<() => void> = [];
beforeEach(() => {
  renders.clear();
  commits = 0;
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (fn: () => void) => frames.push(fn));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    // Ids are positions + 1 in the queue; a cancelled callback is replaced by nothing.
    if (frames[id - 1]) frames[id - 1] = () => undefined;
  });
});
afterEach(() => {
  test?.dispose();
  test = null;
  cleanup();
  vi.unstubAllGlobals();
});

const desktop = async () => (test = await renderDesktop({ onCommit: () => void commits++ }));

/** Commits counted since the last call. */
const take = () => {
  const n = commits;
  commits = 0;
  return n;
};

/** One animation frame, as the browser runs it: each callback, then its microtasks (here: act). */
const runFrame = () => frames.splice(0).forEach((fn) => act(fn));

const pointer = (x: number, y: number) => ({ pointerId: 1, button: 0, clientX: x, clientY: y });

describe('window gestures, frame by frame', () => {
  it('commits at most once per animation frame while a window is dragged, however many pointer events come', async () => {
    const t = await desktop();
    const [a, b, c] = [t.open(), t.open(), t.open()];
    const header = within(t.frame(c.wid)).getByTestId('window.header');
    take(); // the windows' opening
    fireEvent.pointerDown(header, pointer(300, 60));
    expect(take()).toBe(0);
    renders.clear();

    for (let frame = 1; frame <= 20; frame++) {
      for (let i = 1; i <= 3; i++) fireEvent.pointerMove(header, pointer(300 + frame * 9 + i * 3, 60 + frame * 3 + i));
      expect(take()).toBe(0);
      runFrame();
      expect(take()).toBe(1);
    }
    expect(renders.get(c.wid)).toBe(20);
    expect(renders.get(a.wid) ?? 0).toBe(0);
    expect(renders.get(b.wid) ?? 0).toBe(0);

    fireEvent.pointerUp(header, pointer(489, 123));
    expect(take()).toBe(1);
    expect(t.windows.get(c.wid)).toMatchObject({ position: { left: c.position.left + 189, top: c.position.top + 63 }, state: { moving: false } });
  });

  it('begins the move in the first frame, in the same commit as the first position', async () => {
    const t = await desktop();
    const w = t.open();
    const header = within(t.frame(w.wid)).getByTestId('window.header');
    take(); // the windows' opening
    fireEvent.pointerDown(header, pointer(300, 60));
    fireEvent.pointerMove(header, pointer(310, 60));
    expect(t.windows.get(w.wid)?.state.moving).toBe(false);
    expect(take()).toBe(0);
    runFrame();
    expect(take()).toBe(1);
    expect(t.frame(w.wid).dataset.moving).toBe('true');
    expect(t.windows.get(w.wid)?.position.left).toBe(w.position.left + 10);
    fireEvent.pointerUp(header, pointer(310, 60));
    expect(t.frame(w.wid).dataset.moving).toBe('false');
  });

  it('shows and hides the snap preview in the frame that moves the window there', async () => {
    const t = await desktop();
    const w = t.open();
    const header = within(t.frame(w.wid)).getByTestId('window.header');
    const preview = () => t.container.querySelector<HTMLElement>('[data-testid="window.snapPreview"]');
    take(); // the windows' opening
    fireEvent.pointerDown(header, pointer(300, 60));
    fireEvent.pointerMove(header, pointer(150, 60));
    runFrame();
    take();
    fireEvent.pointerMove(header, pointer(60, 60));
    fireEvent.pointerMove(header, pointer(2, 60));
    expect(preview()).toBeNull();
    expect(take()).toBe(0);
    runFrame();
    expect(take()).toBe(1);
    expect(preview()?.dataset.zone).toBe('left');

    fireEvent.pointerMove(header, pointer(200, 60));
    runFrame();
    expect(take()).toBe(1);
    expect(preview()).toBeNull();

    fireEvent.pointerMove(header, pointer(2, 60));
    runFrame();
    take();
    fireEvent.pointerUp(header, pointer(2, 60));
    expect(take()).toBe(1);
    expect(preview()).toBeNull();
    expect(t.windows.get(w.wid)).toMatchObject({ snapped: 'left', position: { left: 0, top: 0 } });
  });

  it('restores a maximized window under the pointer in the first frame of the drag, in one commit', async () => {
    const t = await desktop();
    const w = t.open({ dimension: { width: 400, height: 300 } });
    act(() => void t.windows.maximize(w.wid));
    const header = within(t.frame(w.wid)).getByTestId('window.header');
    // Grabbed at a quarter of the 1280 px wide title bar: the restored window keeps that quarter under the pointer.
    take(); // the windows' opening
    fireEvent.pointerDown(header, pointer(320, 20));
    fireEvent.pointerMove(header, pointer(330, 40));
    expect(t.windows.get(w.wid)?.state.maximized).toBe(true);
    runFrame();
    expect(take()).toBe(1);
    expect(t.windows.get(w.wid)).toMatchObject({ state: { maximized: false, moving: true }, position: { left: 330 - 100, top: 20 }, dimension: { width: 400, height: 300 } });
    fireEvent.pointerUp(header, pointer(330, 40));
  });

  it('commits at most once per animation frame while a window is resized, none on the press', async () => {
    const t = await desktop();
    const [a, b] = [t.open(), t.open()];
    const handle = within(t.frame(b.wid)).getByTestId('window.resize.se');
    take(); // the windows' opening
    fireEvent.pointerDown(handle, pointer(500, 400));
    expect(take()).toBe(0);
    expect(t.windows.get(b.wid)?.state.resizing).toBe(false);
    renders.clear();
    for (let frame = 1; frame <= 10; frame++) {
      for (let i = 1; i <= 4; i++) fireEvent.pointerMove(handle, pointer(500 + frame * 8 + i, 400 + frame * 4 + i));
      expect(take()).toBe(0);
      runFrame();
      expect(take()).toBe(1);
    }
    expect(t.frame(b.wid).dataset.resizing).toBe('true');
    expect(renders.get(b.wid)).toBe(10);
    expect(renders.get(a.wid) ?? 0).toBe(0);
    fireEvent.pointerUp(handle, pointer(584, 444));
    expect(take()).toBe(1);
    expect(t.windows.get(b.wid)).toMatchObject({ dimension: { width: b.dimension.width + 84, height: b.dimension.height + 44 }, state: { resizing: false } });
  });

  it('applies the moves made since the last frame when the pointer is released', async () => {
    const t = await desktop();
    const w = t.open();
    const header = within(t.frame(w.wid)).getByTestId('window.header');
    take(); // the windows' opening
    fireEvent.pointerDown(header, pointer(300, 60));
    fireEvent.pointerMove(header, pointer(340, 90));
    fireEvent.pointerUp(header, pointer(340, 90));
    expect(take()).toBe(1);
    expect(t.windows.get(w.wid)).toMatchObject({ position: { left: w.position.left + 40, top: w.position.top + 30 }, state: { moving: false } });
    runFrame();
    expect(take()).toBe(0);
  });

  it('keeps the last applied position when the gesture is cancelled', async () => {
    const t = await desktop();
    const w = t.open();
    const header = within(t.frame(w.wid)).getByTestId('window.header');
    take(); // the windows' opening
    fireEvent.pointerDown(header, pointer(300, 60));
    fireEvent.pointerMove(header, pointer(320, 60));
    runFrame();
    fireEvent.pointerMove(header, pointer(400, 60));
    fireEvent.pointerCancel(header, pointer(400, 60));
    runFrame();
    expect(t.windows.get(w.wid)).toMatchObject({ position: { left: w.position.left + 20 }, state: { moving: false } });
  });

  it('changes nothing outside the dragged window and its snap preview (no page-wide class), from the press to the release', async () => {
    const t = await desktop();
    const [, w] = [t.open(), t.open()];
    const frame = t.frame(w.wid);
    const header = within(frame).getByTestId('window.header');
    const outside: string[] = [];
    const collect = (records: MutationRecord[]) => {
      for (const r of records) {
        const node = r.target instanceof Element ? r.target : r.target.parentElement;
        if (node && (frame.contains(node) || node.closest('.atr-window-snap'))) continue;
        if (r.type === 'childList' && [...r.addedNodes, ...r.removedNodes].every((n) => n instanceof Element && n.matches('.atr-window-snap'))) continue;
        outside.push(`${r.type} ${r.attributeName ?? ''} on ${node?.outerHTML.slice(0, 60) ?? '?'}`);
      }
    };
    const observer = new MutationObserver(collect);
    observer.observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
    take(); // the windows' opening
    fireEvent.pointerDown(header, pointer(300, 60));
    for (const x of [320, 200, 2, 150]) {
      fireEvent.pointerMove(header, pointer(x, 60));
      runFrame();
    }
    fireEvent.pointerUp(header, pointer(150, 60));
    const handle = within(frame).getByTestId('window.resize.se');
    fireEvent.pointerDown(handle, pointer(500, 400));
    fireEvent.pointerMove(handle, pointer(540, 420));
    runFrame();
    fireEvent.pointerUp(handle, pointer(540, 420));
    collect(observer.takeRecords());
    observer.disconnect();
    expect(outside).toEqual([]);
    expect(document.documentElement.getAttribute('class')).toBeNull();
  });
});
