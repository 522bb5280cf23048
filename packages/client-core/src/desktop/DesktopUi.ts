import { KeyboardGeometryMode } from '../commands/KeyboardGeometryMode.js';
import type { CommandContext } from '../commands/CommandRegistry.js';
import type { WindowManager } from '../windows/WindowManager.js';
import type { MenuId } from './menus.js';

/** The desktop's overlays, at most one open at a time: the application menu, the profile menu, the account panel, the shortcut guide, the command palette, the filesystem search, the global search panel. */
export type DesktopPopup = 'appMenu' | 'profile' | 'accounts' | 'shortcuts' | 'palette' | 'fileSearch' | 'globalSearch';

/** An open context menu: which menu, what it acts on, and where (client coordinates). */
export interface OpenContextMenu {
  menu: MenuId;
  context: CommandContext;
  at: { x: number; y: number };
}

/** What the desktop's views share beyond the models: open menus and overlays, the keyboard move/resize mode. */
export interface DesktopUiState {
  /** wid of the window whose icon menu is open. */
  menu: number | null;
  /** The window being moved or resized with the keyboard. */
  keyboard: { wid: number; mode: 'move' | 'resize' } | null;
  /** The open overlay of the panel or desktop. */
  popup: DesktopPopup | null;
  /** The open context menu. */
  contextMenu: OpenContextMenu | null;
}

/**
 * View state of the desktop (not business state: the window rules live in
 * WindowManager, the panel rules in Panels). Commands and menus open the icon
 * menu, overlays and context menus and start keyboard move/resize through it;
 * the desktop's key handler feeds the keyboard mode. Opening one menu or
 * overlay closes the others.
 */
export class DesktopUi {
  readonly #windows: WindowManager;
  readonly #listeners = new Set<() => void>();
  #state: DesktopUiState = { menu: null, keyboard: null, popup: null, contextMenu: null };
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
    this.#set({ ...this.#state, menu: wid, popup: null, contextMenu: null });
  }

  /** Opens an overlay (closing menus); opening the one already open closes it (a panel button toggles). */
  togglePopup(popup: DesktopPopup): void {
    if (this.#state.popup === popup) this.closePopup();
    else this.#set({ ...this.#state, popup, menu: null, contextMenu: null });
  }

  /** Opens an overlay, closing any other. */
  openPopup(popup: DesktopPopup): void {
    if (this.#state.popup !== popup) this.#set({ ...this.#state, popup, menu: null, contextMenu: null });
  }

  closePopup(): void {
    if (this.#state.popup !== null) this.#set({ ...this.#state, popup: null });
  }

  /** Opens a context menu at a point (closing other menus and overlays). */
  openContextMenu(menu: MenuId, context: CommandContext, at: { x: number; y: number }): void {
    this.#set({ ...this.#state, contextMenu: { menu, context, at }, menu: null, popup: null });
  }

  closeContextMenu(): void {
    if (this.#state.contextMenu !== null) this.#set({ ...this.#state, contextMenu: null });
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
    this.#set({ ...this.#state, menu: null, contextMenu: null, keyboard: { wid, mode } });
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
