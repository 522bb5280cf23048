import { KeyboardGeometryMode, type WindowManager } from '@atrium/client-core';

/** What the desktop's views share beyond the models: the open icon menu and the keyboard move/resize mode. */
export interface DesktopUiState {
  /** wid of the window whose icon menu is open. */
  menu: number | null;
  /** The window being moved or resized with the keyboard. */
  keyboard: { wid: number; mode: 'move' | 'resize' } | null;
}

/**
 * View state of the desktop (not business state: the window rules live in
 * WindowManager). Commands and menus open the icon menu and start keyboard
 * move/resize through it; the desktop's key handler feeds the keyboard mode.
 */
export class DesktopUi {
  readonly #windows: WindowManager;
  readonly #listeners = new Set<() => void>();
  #state: DesktopUiState = { menu: null, keyboard: null };
  #mode: KeyboardGeometryMode | null = null;

  constructor(windows: WindowManager) {
    this.#windows = windows;
  }

  readonly getState = (): DesktopUiState => this.#state;

  /** Listens to changes (bound: pass it to useSyncExternalStore as it is). */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Opens the icon menu of a window (closing any other). */
  openMenu(wid: number): void {
    if (!this.#windows.get(wid)) return;
    this.#set({ ...this.#state, menu: wid });
  }

  closeMenu(): void {
    if (this.#state.menu !== null) this.#set({ ...this.#state, menu: null });
  }

  /** Starts moving or resizing a window with the arrow keys (ends any mode under way); nothing when the window refuses it. */
  startKeyboard(wid: number, mode: 'move' | 'resize'): void {
    this.endKeyboard();
    if (!this.#windows.get(wid)) return;
    const started = new KeyboardGeometryMode(this.#windows, wid, mode);
    // Refused (not moveable/resizable, or maximized): nothing starts.
    if (!started.active) return;
    this.#mode = started;
    this.#set({ menu: null, keyboard: { wid, mode } });
  }

  /**
   * Gives a key to the keyboard mode; true when it used it. The mode ends on
   * Enter or Escape, and when its window has gone.
   */
  handleKeyboardKey(key: string, shift: boolean): boolean {
    const mode = this.#mode;
    const keyboard = this.#state.keyboard;
    if (!mode || !keyboard) return false;
    if (!this.#windows.get(keyboard.wid)) {
      this.endKeyboard();
      return false;
    }
    const used = mode.handleKey(key, shift);
    if (!mode.active) this.endKeyboard();
    return used;
  }

  /** Ends the keyboard mode keeping the window where it is. */
  endKeyboard(): void {
    this.#mode?.end();
    this.#mode = null;
    if (this.#state.keyboard) this.#set({ ...this.#state, keyboard: null });
  }

  dispose(): void {
    this.#mode = null;
    this.#listeners.clear();
  }

  #set(next: DesktopUiState): void {
    this.#state = next;
    for (const listener of [...this.#listeners]) listener();
  }
}
