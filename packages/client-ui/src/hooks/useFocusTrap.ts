import { useEffect, type RefObject } from 'react';
import { trapTab } from '../windows/focusable.js';

/**
 * Keeps Tab and Shift+Tab inside an element while `active` (a modal window,
 * the profile card): from the last focusable element Tab goes to the first
 * and Shift+Tab the other way round (docs/KEYBOARD.md).
 *
 * The listener is the element's own DOM listener, not a React handler: the
 * content of a window is portalled into it by other React trees (dialogs,
 * applications' React content) or appended as plain DOM by applications,
 * and React delivers a portal's events to the portal's React parents only.
 * A DOM listener on the frame sees every key pressed inside it.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const root = ref.current;
    if (!active || !root) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      trapTab(root, event);
    };
    root.addEventListener('keydown', handleKeyDown);
    return () => root.removeEventListener('keydown', handleKeyDown);
  }, [ref, active]);
}
