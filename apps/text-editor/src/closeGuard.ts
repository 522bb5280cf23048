/** What a guarded window asks before it goes. */
export interface CloseGuard {
  /** Whether closing needs asking (unsaved changes). */
  needed(): boolean;
  /** Asks; resolves true when the window may close. */
  confirm(): Promise<boolean>;
  /** Closes the window for good. */
  close(): void;
}

/** The frame's own close controls: the title bar's button and the icon menu's Close. */
const CLOSE_CONTROLS = '[data-testid="window.close"], [data-testid="window.menu.window.close"]';
/** The panel's window-list close button, beside the entry naming its window (data-window-entry = wid). */
const LIST_CLOSE = '[data-testid="panel.windows.close"]';

/**
 * Asks before the user closes the window holding `inside` while `needed()`:
 * a click on the frame's close button, its menu's Close or the panel's
 * window-list close button of this window, and the close keybinding
 * (Alt+Shift+W) pressed in the window, are held back and `confirm()` decides. Closing the page itself asks the browser's own
 * question. Returns the teardown.
 */
export function guardWindowClose(inside: HTMLElement, guard: CloseGuard): () => void {
  const frame = inside.closest<HTMLElement>('[data-testid="window"]');
  let asking = false;
  const ask = () => {
    if (asking) return;
    asking = true;
    void guard
      .confirm()
      .then((ok) => ok && guard.close())
      .finally(() => (asking = false));
  };
  const hold = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
    ask();
  };
  const onClick = (event: MouseEvent) => {
    const control = (event.target as Element | null)?.closest?.(CLOSE_CONTROLS);
    if (control && frame?.contains(control) && guard.needed()) hold(event);
  };
  const onListClick = (event: MouseEvent) => {
    const control = (event.target as Element | null)?.closest?.(LIST_CLOSE);
    const entry = control?.parentElement?.querySelector('[data-window-entry]');
    if (entry && frame && entry.getAttribute('data-window-entry') === frame.dataset.wid && guard.needed()) hold(event);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // The desktop runs its keybindings on the document after the event bubbled, unless it was handled.
    if (!(event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.key.toLowerCase() === 'w') || !guard.needed()) return;
    event.preventDefault();
    ask();
  };
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (guard.needed()) event.preventDefault();
  };
  frame?.addEventListener('click', onClick, true);
  document.addEventListener('click', onListClick, true);
  frame?.addEventListener('keydown', onKeyDown);
  window.addEventListener('beforeunload', onBeforeUnload);
  return () => {
    frame?.removeEventListener('click', onClick, true);
    document.removeEventListener('click', onListClick, true);
    frame?.removeEventListener('keydown', onKeyDown);
    window.removeEventListener('beforeunload', onBeforeUnload);
  };
}
