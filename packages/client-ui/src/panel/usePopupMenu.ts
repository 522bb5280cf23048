import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { focusByKey, useDismiss } from '@atrium/app-kit';

/** The items of a popup menu that arrow keys move between. */
const ITEMS = '[role^="menuitem"]:not([aria-disabled="true"])';

export interface PopupMenuOptions {
  /** The button that opened the menu: a press on it is not "outside" (it toggles the menu itself). */
  anchor: RefObject<HTMLElement | null>;
  /** Escape (and, with back, ArrowLeft): back to where the menu came from. */
  onEscape(): void;
  /** Tab or a press outside: the menu goes, focus stays where the user put it. */
  onDismiss(): void;
  /** ArrowLeft goes back as Escape does (a submenu-like panel). */
  back?: boolean;
  /** The item that takes focus when the menu opens, if there is one (a selector); else the first. */
  initial?: string;
}

/**
 * What the panel's popup menus share (docs/KEYBOARD.md): the first item
 * (or the one `initial` names) takes focus when the menu opens; ArrowDown, ArrowUp, Home and End move
 * between its items (wrapping); Escape goes back; Tab or a press outside
 * dismiss it. Returns the ref of the menu element and its keydown handler.
 */
export function usePopupMenu({ anchor, onEscape, onDismiss, back = false, initial }: PopupMenuOptions): {
  ref: RefObject<HTMLDivElement | null>;
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
} {
  const ref = useRef<HTMLDivElement>(null);
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  }, [onDismiss]);

  const first = useRef(initial);
  useEffect(() => {
    const menu = ref.current;
    const chosen = first.current ? menu?.querySelector<HTMLElement>(`${ITEMS}${first.current}`) : null;
    (chosen ?? menu?.querySelector<HTMLElement>(ITEMS))?.focus();
  }, []);

  // A press outside (the anchor toggles the menu itself); Escape is the keydown handler's: it goes back.
  useDismiss(ref, () => dismiss.current(), { escape: false, inside: [anchor] });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    if (!focusByKey(items, event.key)) {
      switch (event.key) {
        case 'ArrowLeft':
          if (!back) return;
          onEscape();
          break;
        case 'Escape':
          onEscape();
          break;
        case 'Tab':
          onDismiss();
          return;
        default:
          return;
      }
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return { ref, onKeyDown };
}
