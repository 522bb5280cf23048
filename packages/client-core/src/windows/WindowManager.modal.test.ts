import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../testing/FakeClock.js';
import { WindowManager } from './WindowManager.js';

const managers: WindowManager[] = [];
function setup() {
  const clock = new FakeClock();
  const windows = new WindowManager({ clock, viewport: { width: 1280, height: 800 } });
  managers.push(windows);
  return { clock, windows, parent: windows.open({ id: 'parent' }).wid };
}
afterEach(() => managers.splice(0).forEach((m) => m.dispose()));

describe('WindowManager modal children', () => {
  it('keeps the parent loading while a modal child is open', () => {
    const { clock, windows, parent } = setup();
    const child = windows.open({ id: 'dialog', parent, attributes: { modal: true } });
    clock.advance(250);
    expect(windows.get(parent)?.state.loading).toBe(true);
    windows.close(child.wid);
    expect(windows.get(parent)?.state.loading).toBe(false);
  });

  it('does not set the parent loading for a child that is not modal', () => {
    const { clock, windows, parent } = setup();
    windows.open({ id: 'child', parent });
    clock.advance(1000);
    expect(windows.get(parent)?.state.loading).toBe(false);
  });

  it('keeps the parent loading while its app still asks for it after the modal child closes', () => {
    const { clock, windows, parent } = setup();
    const child = windows.open({ id: 'dialog', parent, attributes: { modal: true } });
    windows.setLoading(parent, true);
    clock.advance(250);
    windows.close(child.wid);
    expect(windows.get(parent)?.state.loading).toBe(true);
    windows.setLoading(parent, false);
    expect(windows.get(parent)?.state.loading).toBe(false);
  });

  it('keeps the parent loading while any of several modal children is open', () => {
    const { clock, windows, parent } = setup();
    const one = windows.open({ id: 'one', parent, attributes: { modal: true } });
    const two = windows.open({ id: 'two', parent, attributes: { modal: true } });
    clock.advance(250);
    windows.close(one.wid);
    expect(windows.get(parent)?.state.loading).toBe(true);
    windows.close(two.wid);
    expect(windows.get(parent)?.state.loading).toBe(false);
  });

  it('closes the children (and theirs) before the parent, announcing each', () => {
    const { windows, parent } = setup();
    const child = windows.open({ id: 'child', parent, attributes: { modal: true } });
    const grandchild = windows.open({ id: 'grandchild', parent: child.wid });
    const other = windows.open({ id: 'other' });
    const closed = vi.fn();
    windows.onDidCloseWindow((w) => closed(w.id));
    expect(windows.close(parent)).toBe(true);
    expect(closed.mock.calls.map(([id]) => id)).toEqual(['grandchild', 'child', 'parent']);
    expect(windows.get(grandchild.wid)).toBeUndefined();
    expect(windows.windows().map((w) => w.wid)).toEqual([other.wid]);
    expect(windows.close(parent)).toBe(false);
  });

  it('notifies a closed window subscriber once and the list once', () => {
    const { windows, parent } = setup();
    const child = windows.open({ id: 'child', parent });
    const list = vi.fn();
    const ofChild = vi.fn();
    windows.subscribe(list);
    windows.subscribeWindow(child.wid, ofChild);
    windows.close(parent);
    expect(list).toHaveBeenCalledTimes(1);
    expect(ofChild).toHaveBeenCalledTimes(1);
  });
});
