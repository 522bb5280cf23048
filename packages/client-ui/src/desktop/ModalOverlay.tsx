import { useEffect, useLayoutEffect, useRef, type JSX, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useFocusTrap } from '../hooks/useFocusTrap.js';
import { canTakeFocus, desktopHome } from './DesktopFocus.js';
import './ModalOverlay.css';

export interface ModalOverlayProps {
  /** Id of the dialog's title. */
  labelledBy: string;
  describedBy?: string;
  /** Escape and a press on the backdrop close it; without it neither does (a dialog the user must answer). */
  onDismiss?(): void;
  /** What takes focus when it opens (default: the dialog itself). */
  initialFocus?: () => HTMLElement | null | undefined;
  className?: string;
  testId: string;
  children: ReactNode;
}

/**
 * Gives focus back when an overlay (the element of ref) goes: to what had
 * it when the overlay opened, when that can still take it, else to the
 * desktop's home control (docs/ACCESSIBILITY.md: focus never drops to the
 * page's body). Unless focus has moved elsewhere meanwhile (a click outside
 * it, a window the overlay opened on its way out).
 */
export function useReturnFocus(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const opener = document.activeElement;
    const overlay = ref.current;
    return () => {
      const active = document.activeElement;
      // The clean-up runs while the overlay is still on the page: focus inside it is focus that would be lost.
      if (active && active !== document.body && active.isConnected && !overlay?.contains(active)) return;
      if (opener !== document.body && canTakeFocus(opener)) {
        opener.focus({ preventScroll: true });
        return;
      }
      const surface = document.querySelector<HTMLElement>('.atr-desktop');
      if (surface) desktopHome(surface).focus({ preventScroll: true });
    };
  }, [ref]);
}

/**
 * A modal dialog above the desktop (the shortcut guide, the command palette,
 * the privacy policy): a dimmed backdrop and a dialog (role dialog,
 * aria-modal) that takes focus when it opens, keeps Tab inside
 * (useFocusTrap) and gives focus back when it goes (useReturnFocus). Keys
 * pressed inside belong to it: the desktop's shortcuts do not run behind it.
 */
export function ModalOverlay({ labelledBy, describedBy, onDismiss, initialFocus, className, testId, children }: ModalOverlayProps): JSX.Element {
  const dialog = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  useFocusTrap(dialog, true);
  useReturnFocus(backdrop);
  // Read through a ref: the first focus happens once, whatever the caller passes later.
  const firstFocus = useRef(initialFocus);
  useEffect(() => {
    (firstFocus.current?.() ?? dialog.current)?.focus({ preventScroll: true });
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      onDismiss?.();
    }
    // The desktop's key handler listens on the document: stop the key here.
    event.stopPropagation();
  };

  return (
    <div
      ref={backdrop}
      className="atr-modal"
      onPointerDown={(event) => {
        if (event.target === event.currentTarget) onDismiss?.();
      }}
    >
      <div
        ref={dialog}
        className={['atr-modal__dialog', className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        data-testid={testId}
        onKeyDown={handleKeyDown}
      >
        {children}
      </div>
    </div>
  );
}
