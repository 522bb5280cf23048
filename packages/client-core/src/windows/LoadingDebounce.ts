import { WINDOW_LOADING_DEBOUNCE } from '@atrium/shared';
import type { Clock } from '../env.js';

interface Want {
  /** The app asked for the loading state. */
  asked: boolean;
  /** Open modal children; any keeps the window loading. */
  modalChildren: number;
  timer: unknown;
  shown: boolean;
}

/**
 * The loading state of windows (docs/behaviour/windows.md#loading-state): wanted while the app asks for it or a
 * modal child is open. Turning on takes effect after 250 ms on the clock and
 * is cancelled when the want ends first; turning off is immediate. apply is
 * called whenever the shown state changes.
 */
export class LoadingDebounce {
  readonly #clock: Clock;
  readonly #apply: (wid: number, loading: boolean) => void;
  readonly #wants = new Map<number, Want>();

  constructor(clock: Clock, apply: (wid: number, loading: boolean) => void) {
    this.#clock = clock;
    this.#apply = apply;
  }

  /** The app asks for (or stops asking for) the loading state. */
  ask(wid: number, loading: boolean): void {
    this.#want(wid).asked = loading;
    this.#update(wid);
  }

  /** A modal child opened (+1) or closed (-1). */
  modalChild(wid: number, delta: 1 | -1): void {
    const want = this.#want(wid);
    want.modalChildren = Math.max(0, want.modalChildren + delta);
    this.#update(wid);
  }

  /** Forgets a closed window (cancels its timer, no apply). */
  forget(wid: number): void {
    this.#clock.clearTimeout(this.#wants.get(wid)?.timer ?? null);
    this.#wants.delete(wid);
  }

  /** Cancels every timer. */
  dispose(): void {
    for (const wid of [...this.#wants.keys()]) this.forget(wid);
  }

  #want(wid: number): Want {
    let want = this.#wants.get(wid);
    if (!want) this.#wants.set(wid, (want = { asked: false, modalChildren: 0, timer: null, shown: false }));
    return want;
  }

  #update(wid: number): void {
    const want = this.#want(wid);
    if (!want.asked && want.modalChildren === 0) {
      this.#clock.clearTimeout(want.timer);
      want.timer = null;
      if (want.shown) {
        want.shown = false;
        this.#apply(wid, false);
      }
    } else if (!want.shown && want.timer === null) {
      want.timer = this.#clock.setTimeout(() => {
        want.timer = null;
        want.shown = true;
        this.#apply(wid, true);
      }, WINDOW_LOADING_DEBOUNCE);
    }
  }
}
