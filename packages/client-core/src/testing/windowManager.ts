import { afterEach } from 'vitest';
import { WindowManager, type WindowManagerOptions } from '../windows/WindowManager.js';
import { FakeClock } from './FakeClock.js';

const managers: WindowManager[] = [];
afterEach(() => managers.splice(0).forEach((m) => m.dispose()));

/** A window manager for one test: a fake clock, a 1280x800 viewport unless given; disposed after the test. */
export function testWindowManager(options: Partial<WindowManagerOptions> = {}): WindowManager {
  const windows = new WindowManager({ clock: new FakeClock(), viewport: { width: 1280, height: 800 }, ...options });
  managers.push(windows);
  return windows;
}
