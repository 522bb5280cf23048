import type { Bounds } from '../windows/geometry.js';
import type { WindowManager } from '../windows/WindowManager.js';

/** Pixels per arrow press in keyboard move/resize mode. */
export const KEYBOARD_STEP = 10;
/** Pixels per arrow press with Shift held. */
export const KEYBOARD_FINE_STEP = 1;

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * Keyboard move or resize of one window (window.keyboardMove/Resize): arrows
 * move it, or resize it from its bottom-right corner, by 10 px (1 px with
 * Shift); Enter ends keeping the result, Escape ends restoring the geometry
 * it started with. Refused (never active) for a window that is not moveable
 * (move) or not resizable (resize), or is maximized. Sets the window's
 * moving/resizing flag while active. The UI feeds it keydown events while
 * active and calls end() if the window loses focus.
 */
export class KeyboardGeometryMode {
  readonly #windows: WindowManager;
  readonly #wid: number;
  readonly #mode: 'move' | 'resize';
  readonly #start: Bounds | null = null;
  #active = false;

  constructor(windows: WindowManager, wid: number, mode: 'move' | 'resize') {
    this.#windows = windows;
    this.#wid = wid;
    this.#mode = mode;
    const w = windows.get(wid);
    if (!w || w.state.maximized || !(mode === 'move' ? w.attributes.moveable : w.attributes.resizable)) return;
    this.#start = { position: w.position, dimension: w.dimension };
    this.#active = true;
    if (mode === 'move') windows.beginMove(wid);
    else windows.beginResize(wid);
  }

  /** True until Enter, Escape or end(), and while the window exists. */
  get active(): boolean {
    return this.#active && this.#windows.get(this.#wid) !== undefined;
  }

  /** Handles a key while active; true when it was one of the mode's keys (arrows, Enter, Escape). */
  handleKey(key: string, shift: boolean): boolean {
    const w = this.#windows.get(this.#wid);
    if (!this.active || !w || !this.#start) return false;
    const arrow = ARROWS[key];
    if (arrow) {
      const step = shift ? KEYBOARD_FINE_STEP : KEYBOARD_STEP;
      const [dx, dy] = arrow;
      if (this.#mode === 'move') this.#windows.move(this.#wid, { left: w.position.left + dx * step, top: w.position.top + dy * step });
      else this.#windows.resize(this.#wid, { width: w.dimension.width + dx * step, height: w.dimension.height + dy * step }, 'se');
      return true;
    }
    if (key === 'Escape') {
      if (this.#mode === 'move') this.#windows.move(this.#wid, this.#start.position);
      else this.#windows.resize(this.#wid, this.#start.dimension, 'se');
    } else if (key !== 'Enter') return false;
    this.end();
    return true;
  }

  /** Ends the mode keeping the current geometry (no-op when already ended). */
  end(): void {
    if (!this.#active) return;
    this.#active = false;
    if (this.#mode === 'move') this.#windows.endMove(this.#wid);
    else this.#windows.endResize(this.#wid);
  }
}
