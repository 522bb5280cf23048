/** Elements that take focus with Tab, in document order. */
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** A radio button Tab skips: another of its group is checked (Tab visits a group once). */
function skippedRadio(el: HTMLElement, root: Element): boolean {
  if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || el.checked || !el.name) return false;
  return [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')].some((r) => r.name === el.name && r.checked && r.form === el.form);
}

/** The elements inside root that Tab visits (visible ones only: not hidden by CSS either, where the browser can tell). */
export function focusableIn(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden],[inert]') && el.getAttribute('aria-hidden') !== 'true' && el.checkVisibility?.() !== false && !skippedRadio(el, root));
}

/** Whether b comes after a in document order. */
const follows = (a: Node, b: Node) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

/**
 * Keeps Tab and Shift+Tab inside root (a modal window): from the last element
 * Tab goes to the first and the other way round; focus outside root, on root
 * itself or on an element outside the Tab order past either end wraps too.
 * Returns true when it moved focus.
 */
export function trapTab(root: HTMLElement, event: { key: string; shiftKey: boolean; preventDefault(): void }): boolean {
  if (event.key !== 'Tab') return false;
  const items = focusableIn(root);
  if (items.length === 0) {
    event.preventDefault();
    root.focus();
    return true;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  const inside = !!active && active !== root && root.contains(active);
  if (event.shiftKey && (active === first || !inside || !items.some((el) => follows(el, active)))) {
    event.preventDefault();
    last.focus();
    return true;
  }
  if (!event.shiftKey && (active === last || !inside || !items.some((el) => follows(active, el)))) {
    event.preventDefault();
    first.focus();
    return true;
  }
  return false;
}

/** The id of a dialog's message, which describes the dialog's window (WindowFrame). */
export const dialogMessageId = (wid: number): string => `atr-window-${wid}-message`;
