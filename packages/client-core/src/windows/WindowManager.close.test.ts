import { describe, expect, it } from 'vitest';
import { testWindowManager } from '../testing/windowManager.js';
import type { WindowManager } from './WindowManager.js';

const setup = (): WindowManager => testWindowManager();

describe('WindowManager.requestClose', () => {
  it('closes a window without a guard at once', async () => {
    const windows = setup();
    const w = windows.open({ id: 'main', appId: 'TextEditor' });
    expect(await windows.requestClose(w.wid)).toBe(true);
    expect(windows.get(w.wid)).toBeUndefined();
  });

  it("keeps the window open while its app's guard says no, and closes it once it says yes", async () => {
    const windows = setup();
    const w = windows.open({ id: 'main', appId: 'TextEditor' });
    let answer = false;
    let asked = 0;
    windows.setCloseGuard(w.wid, async () => {
      asked++;
      return answer;
    });
    expect(await windows.requestClose(w.wid)).toBe(false);
    expect(windows.get(w.wid)).toBeDefined();
    answer = true;
    expect(await windows.requestClose(w.wid)).toBe(true);
    expect(windows.get(w.wid)).toBeUndefined();
    expect(asked).toBe(2);
  });

  it('asks once while a question is open, and keeps the window when the guard fails', async () => {
    const windows = setup();
    const w = windows.open({ id: 'main', appId: 'TextEditor' });
    let release: (ok: boolean) => void = () => undefined;
    let asked = 0;
    windows.setCloseGuard(w.wid, () => {
      asked++;
      return new Promise<boolean>((resolve) => (release = resolve));
    });
    const first = windows.requestClose(w.wid);
    expect(await windows.requestClose(w.wid)).toBe(false);
    release(false);
    expect(await first).toBe(false);
    expect(asked).toBe(1);
    windows.setCloseGuard(w.wid, () => Promise.reject(new Error('broken')));
    expect(await windows.requestClose(w.wid)).toBe(false);
    expect(windows.get(w.wid)).toBeDefined();
  });

  it('lets the app itself close a guarded window, and forgets the guard with the window', async () => {
    const windows = setup();
    const w = windows.open({ id: 'main', appId: 'TextEditor' });
    windows.setCloseGuard(w.wid, () => false);
    expect(windows.close(w.wid)).toBe(true);
    const again = windows.open({ id: 'main', appId: 'TextEditor' });
    expect(await windows.requestClose(again.wid)).toBe(true);
  });

  it("removing the guard lets the window close without asking", async () => {
    const windows = setup();
    const w = windows.open({ id: 'main', appId: 'TextEditor' });
    windows.setCloseGuard(w.wid, () => false);
    windows.setCloseGuard(w.wid, null);
    expect(await windows.requestClose(w.wid)).toBe(true);
  });
});
