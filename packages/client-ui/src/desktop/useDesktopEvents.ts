import { useEffect, type RefObject } from 'react';
import type { DesktopServices } from './DesktopContext.js';

/** The resize handler's debounce (docs/behaviour/limits.md): the viewport follows the window area's size at most this often. */
const VIEWPORT_DEBOUNCE = 200;

/** Keeps the WindowManager's viewport equal to the desktop surface's size (a ResizeObserver, debounced). */
export function useViewport(services: DesktopServices | null, surface: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = surface.current;
    if (!services || !element) return;
    const { windows } = services;
    const apply = () => {
      const next = { width: element.clientWidth, height: element.clientHeight };
      const current = windows.viewport();
      if (next.width !== current.width || next.height !== current.height) windows.setViewport(next);
    };
    apply();
    let timer: number | undefined;
    const debounced = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(apply, VIEWPORT_DEBOUNCE);
    };
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(debounced) : null;
    if (observer) observer.observe(element);
    else window.addEventListener('resize', debounced);
    return () => {
      window.clearTimeout(timer);
      observer?.disconnect();
      window.removeEventListener('resize', debounced);
    };
  }, [services, surface]);
}

/**
 * Keyboard operation of the desktop: while a window is moved or resized with
 * the keyboard, its keys go to that mode first (capture phase); otherwise a
 * key no view handled is offered to the command registry (Alt+`, Alt+Shift+M,
 * ...) and its default prevented when a command ran. The listeners are on
 * the document, so the shortcuts also work while focus is on no window.
 * The keyboard mode ends when another window gets focus or the pointer is pressed.
 */
export function useDesktopKeys(services: DesktopServices | null): void {
  useEffect(() => {
    if (!services) return;
    const { commands, ui, windows } = services;
    const handleModeKey = (event: KeyboardEvent) => {
      if (!ui.getState().keyboard) return;
      if (ui.handleKeyboardKey(event.key, event.shiftKey)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    const handleCommandKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (commands.handleKey(event)) event.preventDefault();
    };
    const endModeOnPointer = () => ui.endKeyboard();
    const stopFocusWatch = windows.subscribe(() => {
      const keyboard = ui.getState().keyboard;
      if (keyboard && windows.focused()?.wid !== keyboard.wid) ui.endKeyboard();
    });
    document.addEventListener('keydown', handleModeKey, true);
    document.addEventListener('keydown', handleCommandKey);
    document.addEventListener('pointerdown', endModeOnPointer, true);
    return () => {
      document.removeEventListener('keydown', handleModeKey, true);
      document.removeEventListener('keydown', handleCommandKey);
      document.removeEventListener('pointerdown', endModeOnPointer, true);
      stopFocusWatch();
    };
  }, [services]);
}

/**
 * Sends what waits to be saved (settings changed a moment ago, the desktop
 * session) as soon as the page is hidden or closed, so a change made just
 * before a reload or closing the tab is not lost (the requests are sent with
 * keepalive).
 */
export function useFlushOnPageHide(services: DesktopServices | null): void {
  useEffect(() => {
    if (!services) return;
    const flush = () => services.flush();
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [services]);
}

/** The window area's attribute present while a pointer is pressed or captured (docs/behaviour/desktop.md#home-widget). */
export const POINTER_CAPTURE_ATTRIBUTE = 'data-pointer-capture';

/**
 * Marks the window area while a pointer is pressed or captured on the page
 * (a window dragged or resized, a splitter or slider held): the home
 * widget's frame then lets the pointer through (HomeWidget.css), since a
 * frame under the pointer would otherwise take the moves of a drag passing
 * over it. The press itself marks it, before the capture is told (the
 * browser tells it with the next move, which may already be over the
 * frame). The attribute is set on the element itself, without a render;
 * the only rule reading it matches the frame, so the browser restyles
 * nothing else. A release, a cancel or the capture's loss (its element gone
 * too) ends it.
 */
export function usePointerCaptureMark(area: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = area.current;
    if (!element) return;
    const held = new Set<number>();
    const mark = () => {
      if (held.size > 0) element.setAttribute(POINTER_CAPTURE_ATTRIBUTE, 'true');
      else element.removeAttribute(POINTER_CAPTURE_ATTRIBUTE);
    };
    const hold = (event: PointerEvent) => {
      held.add(event.pointerId);
      mark();
    };
    const release = (event: PointerEvent) => {
      if (held.delete(event.pointerId)) mark();
    };
    const holds = ['pointerdown', 'gotpointercapture'] as const;
    const releases = ['pointerup', 'pointercancel', 'lostpointercapture'] as const;
    for (const name of holds) document.addEventListener(name, hold, true);
    for (const name of releases) document.addEventListener(name, release, true);
    return () => {
      for (const name of holds) document.removeEventListener(name, hold, true);
      for (const name of releases) document.removeEventListener(name, release, true);
      element.removeAttribute(POINTER_CAPTURE_ATTRIBUTE);
    };
  }, [area]);
}
