import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../testing/FakeClock.js';
import { WindowManager } from './WindowManager.js';

const managers: WindowManager[] = [];
function setup() {
  const clock = new FakeClock();
  const windows = new WindowManager({ clock, viewport: { width: 1280, height: 800 } });
  managers.push(windows);
  return { clock, windows, w: windows.open({ id: 'a' }).wid };
}
afterEach(() => managers.splice(0).forEach((m) => m.dispose()));

describe('WindowManager loading', () => {
  it('turns loading on only after 250 ms', () => {
    const { clock, windows, w } = setup();
    windows.setLoading(w, true);
    clock.advance(249);
    expect(windows.get(w)?.state.loading).toBe(false);
    clock.advance(1);
    expect(windows.get(w)?.state.loading).toBe(true);
  });

  it('never shows loading that ends within 250 ms', () => {
    const { clock, windows, w } = setup();
    const own = vi.fn();
    windows.subscribeWindow(w, own);
    windows.setLoading(w, true);
    clock.advance(100);
    windows.setLoading(w, false);
    clock.advance(1000);
    expect(windows.get(w)?.state.loading).toBe(false);
    expect(own).not.toHaveBeenCalled();
    expect(clock.pending).toBe(0);
  });

  it('turns loading off immediately', () => {
    const { clock, windows, w } = setup();
    windows.setLoading(w, true);
    clock.advance(250);
    windows.setLoading(w, false);
    expect(windows.get(w)?.state.loading).toBe(false);
  });

  it('does not restart the wait when asked again', () => {
    const { clock, windows, w } = setup();
    windows.setLoading(w, true);
    clock.advance(200);
    windows.setLoading(w, true);
    clock.advance(50);
    expect(windows.get(w)?.state.loading).toBe(true);
  });

  it('notifies only the window, not the list', () => {
    const { clock, windows, w } = setup();
    const list = vi.fn();
    const own = vi.fn();
    windows.subscribe(list);
    windows.subscribeWindow(w, own);
    windows.setLoading(w, true);
    clock.advance(250);
    expect(own).toHaveBeenCalledTimes(1);
    expect(list).not.toHaveBeenCalled();
  });

  it('cancels the wait when the window closes or the manager is disposed', () => {
    const { clock, windows, w } = setup();
    windows.setLoading(w, true);
    windows.close(w);
    expect(clock.pending).toBe(0);
    const other = windows.open({ id: 'b' }).wid;
    windows.setLoading(other, true);
    windows.dispose();
    expect(clock.pending).toBe(0);
  });
});
