import { isDesktopModal, type WindowManager, type WindowRecord } from '@atrium/client-core';
import { useEffect, useRef, type RefObject } from 'react';
import { useWindowList } from '../windows/useWindowRecord.js';
import { focusableIn } from '../windows/focusable.js';
import { useDesktop } from './DesktopContext.js';

/** The frame of an open window on the surface. */
function frameOf(surface: ParentNode, wid: number): HTMLElement | null {
  return surface.querySelector<HTMLElement>(`.atr-window[data-wid="${wid}"]`);
}

/** Whether an element can take focus now: still on the page, not hidden, inert, disabled or in a minimized window. */
export function canTakeFocus(element: Element | null): element is HTMLElement {
  if (!(element instanceof HTMLElement) || !element.isConnected) return false;
  if (element.closest('[hidden],[inert],[data-minimized="true"]')) return false;
  return !(element as HTMLButtonElement).disabled;
}

/** Where focus is lost: nowhere, on the page's body, or on an element that has gone or is hidden in a minimized window. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement || !canTakeFocus(active);
}

/**
 * The desktop's own place for focus when no window has it: the control on
 * the desktop marked `data-desktop-home` (the user card's avatar, the first
 * control of the user card) when it can take focus, else the desktop surface
 * itself. Never just the first control found: that could be Sign Out.
 */
export function desktopHome(surface: HTMLElement): HTMLElement {
  return [...surface.querySelectorAll('[data-desktop-home]')].find((el): el is HTMLElement => !el.closest('.atr-window-layer') && canTakeFocus(el)) ?? surface;
}

/** Focuses a window's first control, else its frame. */
function focusWindow(surface: HTMLElement, wid: number): boolean {
  const frame = frameOf(surface, wid);
  if (!frame || !canTakeFocus(frame)) return false;
  const body = frame.querySelector('.atr-window__body');
  (focusableIn(body ?? frame)[0] ?? frame).focus({ preventScroll: true });
  return true;
}

/**
 * Where focus returns when a window closes (docs/ACCESSIBILITY.md), decided
 * while the closing window is still on the page: to the control that had
 * focus when it opened (its opener, e.g. the button that opened a dialog)
 * when that control is in the window the model focuses next (a dialog's
 * parent), or on the desktop when no window takes focus; otherwise the next
 * window in z-order takes it (WindowFrame moves focus into it). A modal of
 * the desktop (the logout question) gives it back to its opener wherever
 * that is (the panel's Log out button), returned once the windows have
 * placed focus themselves; unless a window opened while it was open (the
 * restored session's, behind a launch error) takes the focus.
 */
function returnFocusOnClose(windows: WindowManager, surface: HTMLElement, openers: Map<number, HTMLElement>, closed: WindowRecord): HTMLElement | null {
  const opener = openers.get(closed.wid);
  openers.delete(closed.wid);
  const closing = frameOf(surface, closed.wid);
  if (!closing?.contains(document.activeElement) || !canTakeFocus(opener ?? null) || closing.contains(opener!)) return null;
  const next = windows.focused();
  // A window opened while the modal was open (a restored session's) is where the user goes on.
  if (isDesktopModal(closed)) return next && next.wid > closed.wid ? null : opener!;
  const nextFrame = next ? frameOf(surface, next.wid) : null;
  const openerWindow = opener!.closest('.atr-window');
  if (next ? nextFrame?.contains(opener!) : !openerWindow) opener!.focus({ preventScroll: true });
  return null;
}

/**
 * Keeps focus somewhere sensible and visible on the desktop: it never drops
 * to the page's body when a window or dialog closes or the focused window is
 * minimized. After a window closes focus goes to the next window in z-order,
 * else to the control that opened it, else to the desktop's home control
 * (desktopHome); after a dialog closes, back to what opened it or its parent
 * window; after a minimize, to the minimized window's entry in the panel's
 * window list (the element marked data-window-entry with its wid).
 * Render it after the window layer: its effect runs once the frames have
 * placed focus themselves.
 */
export function DesktopFocus({ surface }: { surface: RefObject<HTMLElement | null> }): null {
  const { windows } = useDesktop();
  const list = useWindowList(windows);
  /** The window that last held DOM focus (a minimized one hands focus to its window-list entry). */
  const lastHolder = useRef<number | null>(null);
  /** The opener a closed modal of the desktop gives focus back to, after the windows' own focus moves. */
  const pendingReturn = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const root = surface.current;
    if (!root) return;
    const openers = new Map<number, HTMLElement>();
    const stopOpen = windows.onDidOpenWindow((w) => {
      const active = document.activeElement;
      if (active instanceof HTMLElement && active !== document.body) openers.set(w.wid, active);
    });
    const stopClose = windows.onDidCloseWindow((w) => {
      const back = returnFocusOnClose(windows, root, openers, w);
      if (back) pendingReturn.current = back;
    });
    const track = (event: FocusEvent) => {
      const frame = event.target instanceof Element ? event.target.closest<HTMLElement>('.atr-window') : null;
      lastHolder.current = frame ? Number(frame.dataset.wid) : null;
    };
    root.addEventListener('focusin', track);
    return () => {
      stopOpen();
      stopClose();
      root.removeEventListener('focusin', track);
    };
  }, [windows, surface]);

  useEffect(() => {
    const root = surface.current;
    const back = pendingReturn.current;
    pendingReturn.current = null;
    if (back && canTakeFocus(back)) {
      back.focus({ preventScroll: true });
      return;
    }
    if (!root || !focusIsLost()) return;
    const focused = windows.focused();
    if (focused && focusWindow(root, focused.wid)) return;
    const holder = lastHolder.current;
    if (holder !== null && windows.get(holder)?.state.minimized) {
      const entry = root.querySelector<HTMLElement>(`[data-window-entry="${holder}"]`);
      if (canTakeFocus(entry)) {
        entry.focus({ preventScroll: true });
        return;
      }
    }
    desktopHome(root).focus({ preventScroll: true });
  }, [windows, surface, list]);

  return null;
}
