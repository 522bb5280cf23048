import { describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, SETTLE_MS, whenIdle, type IdleWindow } from './whenIdle.js';

/** A window whose load event, idle moments, timers and inputs the test drives. */
class FakeWindow implements IdleWindow {
  document: { readyState: DocumentReadyState };
  private listeners = new Map<string, Set<() => void>>();
  private nextHandle = 1;
  idle = new Map<number, { callback: () => void; timeout: number | undefined }>();
  timers = new Map<number, { callback: () => void; ms: number }>();
  requestIdleCallback?: IdleWindow['requestIdleCallback'];

  constructor(readyState: DocumentReadyState, withIdleCallback = true) {
    this.document = { readyState };
    if (withIdleCallback) {
      this.requestIdleCallback = (callback, options) => {
        this.idle.set(this.nextHandle, { callback, timeout: options?.timeout });
        return this.nextHandle++;
      };
    }
  }
  addEventListener(type: string, listener: () => void): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: () => void): void {
    this.listeners.get(type)?.delete(listener);
  }
  cancelIdleCallback(handle: number): void {
    this.idle.delete(handle);
  }
  setTimeout(callback: () => void, ms: number): number {
    this.timers.set(this.nextHandle, { callback, ms });
    return this.nextHandle++;
  }
  clearTimeout(handle: number): void {
    this.timers.delete(handle);
  }
  dispatch(type: string): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener();
  }
  /** The browser reaches an idle moment. */
  goIdle(): void {
    const due = [...this.idle.values()];
    this.idle.clear();
    for (const { callback } of due) callback();
  }
  /** The timers set so far fire. */
  elapse(): void {
    const due = [...this.timers.values()];
    this.timers.clear();
    for (const { callback } of due) callback();
  }
  listenerCount(): number {
    return [...this.listeners.values()].reduce((n, set) => n + set.size, 0);
  }
}

describe('whenIdle', () => {
  it('waits for the page to load, lets it settle, then waits for an idle moment', () => {
    const win = new FakeWindow('interactive');
    const task = vi.fn();
    whenIdle(task, win);
    win.elapse();
    win.goIdle();
    expect(task).not.toHaveBeenCalled();
    win.dispatch('load');
    expect([...win.timers.values()].map((t) => t.ms)).toEqual([SETTLE_MS]);
    win.goIdle();
    expect(task).not.toHaveBeenCalled();
    win.elapse();
    expect(task).not.toHaveBeenCalled();
    expect([...win.idle.values()].map((i) => i.timeout)).toEqual([IDLE_TIMEOUT_MS]);
    win.goIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does not wait for the load event when the page has already loaded', () => {
    const win = new FakeWindow('complete');
    const task = vi.fn();
    whenIdle(task, win);
    win.elapse();
    win.goIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it.each(['pointerdown', 'keydown'])('starts at once on %s, and only once', (type) => {
    const win = new FakeWindow('loading');
    const task = vi.fn();
    whenIdle(task, win);
    win.dispatch(type);
    expect(task).toHaveBeenCalledTimes(1);
    win.dispatch('load');
    win.elapse();
    win.goIdle();
    win.dispatch(type);
    expect(task).toHaveBeenCalledTimes(1);
    expect(win.listenerCount()).toBe(0);
  });

  it('runs once the page has settled where the browser has no idle callback', () => {
    const win = new FakeWindow('complete', false);
    const task = vi.fn();
    whenIdle(task, win);
    expect(task).not.toHaveBeenCalled();
    win.elapse();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled, and leaves no listener behind', () => {
    const win = new FakeWindow('interactive');
    const task = vi.fn();
    const cancel = whenIdle(task, win);
    win.dispatch('load');
    cancel();
    expect(win.timers.size).toBe(0);
    win.elapse();
    win.goIdle();
    win.dispatch('pointerdown');
    expect(task).not.toHaveBeenCalled();
    expect(win.listenerCount()).toBe(0);
  });
});
