import { useEffect, useRef, type RefObject } from 'react';
import { focusableIn } from '../windows/focusable.js';

/**
 * The rule of the desktop's panels (the application menu, the global search,
 * the notification centre: docs/KEYBOARD.md): Tab past the panel's last
 * control, or Shift+Tab before its first, leaves the panel. `onTabOut` closes
 * it and gives the focus back to the button that opened it, so that focus
 * never drops to the page while the panel stays open. The listener is the
 * element's own, like useFocusTrap's.
 */
export function useTabOut(ref: RefObject<HTMLElement | null>, onTabOut: () => void): void {
  const latest = useRef(onTabOut);
  useEffect(() => {
    latest.current = onTabOut;
  });
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const items = focusableIn(root);
      if (items.length > 0 && document.activeElement !== (event.shiftKey ? items[0] : items.at(-1))) return;
      event.preventDefault();
      latest.current();
    };
    root.addEventListener('keydown', handleKeyDown);
    return () => root.removeEventListener('keydown', handleKeyDown);
  }, [ref]);
}
