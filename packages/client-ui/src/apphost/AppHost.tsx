import { routeLink } from '@atrium/client-core';
import { useContext, useEffect } from 'react';
import { AtriumContext } from '../AtriumContext.js';
import { useDesktop, type DesktopServices } from '../desktop/DesktopContext.js';
import type { Navigation } from '../ports.js';
import './AppHost.css';

/** Class of the element each app window's content is rendered into (inside the window body). */
export const APP_CONTENT_CLASS = 'atr-app-content';
/** How long a window asking for attention is highlighted. */
export const ATTENTION_DURATION = 1200;

interface Mounted {
  body: HTMLElement;
  host: HTMLElement;
  render: unknown;
  cleanup: (() => void) | void;
}

/** Runs an app's cleanup; a failing one is logged, never thrown into the desktop. */
function runCleanup(mounted: Mounted): void {
  try {
    mounted.cleanup?.();
  } catch (error) {
    console.error('An application window cleanup failed.', error);
  }
  mounted.host.remove();
}

/** A link's href attribute and attributes, as routeLink reads them. */
function linkTarget(anchor: Element): { href: string | null; attributes: Record<string, string | null> } {
  const attributes: Record<string, string | null> = {};
  for (const attribute of Array.from(anchor.attributes)) attributes[attribute.name] = attribute.value;
  return { href: anchor.getAttribute('href'), attributes };
}

/**
 * Mounts each app window's content: once the window's body is on screen
 * (WindowSlots) it gets an element of its own, and the app's render() runs
 * into it; when the window closes (or its body goes) the cleanup render()
 * returned runs and the element is removed. Clicks on links inside app
 * windows go through routeLink (docs/behaviour/applications.md#links-inside-applications) to the
 * package manager, unless the app handled them or a modifier key asks the
 * browser for a new tab.
 */
export function AppHost(): null {
  const { windows, slots, packages } = useDesktop();
  const navigation = useContext(AtriumContext)?.navigation ?? null;
  useWindowContents(windows, slots, packages);
  useLinkRouting(packages, navigation);
  useAttention(packages);
  return null;
}

/** Renders each app window's content into an element of its own in the window's body, and cleans it up when either goes. */
function useWindowContents(windows: DesktopServices['windows'], slots: DesktopServices['slots'], packages: DesktopServices['packages']): void {
  useEffect(() => {
    const mounted = new Map<number, Mounted>();
    const sync = () => {
      for (const [wid, m] of mounted) {
        if (packages.contentOf(wid) !== m.render || slots.get(wid) !== m.body) {
          mounted.delete(wid);
          runCleanup(m);
        }
      }
      for (const record of windows.windows()) {
        const render = packages.contentOf(record.wid);
        const body = slots.get(record.wid);
        if (!render || !body || mounted.has(record.wid)) continue;
        const host = document.createElement('div');
        host.className = APP_CONTENT_CLASS;
        body.appendChild(host);
        const entry: Mounted = { body, host, render, cleanup: undefined };
        mounted.set(record.wid, entry);
        try {
          const window = packages.windowOf(record.wid);
          entry.cleanup = window ? render(host, window) : undefined;
        } catch (error) {
          console.error(`The content of window ${record.wid} could not be rendered.`, error);
        }
      }
    };
    const stops = [packages.subscribeContent(sync), slots.subscribe(sync), windows.subscribe(sync)];
    sync();
    return () => {
      for (const stop of stops) stop();
      for (const m of mounted.values()) runCleanup(m);
      mounted.clear();
    };
  }, [packages, windows, slots]);
}

/** Clicks on links inside app windows go through routeLink to the package manager. */
function useLinkRouting(packages: DesktopServices['packages'], navigation: Navigation | null): void {
  useEffect(() => {
    if (!packages) return;
    const handleClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a') : null;
      if (!anchor?.closest(`.${APP_CONTENT_CLASS}`)) return;
      const action = routeLink(linkTarget(anchor), { host: navigation?.current().host ?? window.location.host });
      if (action.kind === 'none') return;
      event.preventDefault();
      packages.handleLink(action);
    };
    // On the document, after React's own handlers: an app that handles a click itself (preventDefault) keeps it.
    document.addEventListener('click', handleClick);
    return () => document.removeEventListener('click', handleClick);
  }, [packages, navigation]);
}

/** The window of an app launched again is highlighted for a moment. */
function useAttention(packages: DesktopServices['packages']): void {
  // Singletons (docs/behaviour/applications.md#singletons): the window of an app launched again is highlighted for a moment (data-attention on its frame).
  useEffect(() => {
    if (!packages) return;
    const timers = new Map<number, ReturnType<typeof setTimeout>>();
    const frameOf = (wid: number) => document.querySelector<HTMLElement>(`[data-testid="window"][data-wid="${wid}"]`);
    const stop = packages.onAttention((wid) => {
      const frame = frameOf(wid);
      if (!frame) return;
      clearTimeout(timers.get(wid));
      // Off, then on in the next frame: a second signal restarts the animation.
      frame.removeAttribute('data-attention');
      requestAnimationFrame(() => frame.setAttribute('data-attention', 'true'));
      timers.set(
        wid,
        setTimeout(() => {
          timers.delete(wid);
          frameOf(wid)?.removeAttribute('data-attention');
        }, ATTENTION_DURATION),
      );
    });
    return () => {
      stop();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [packages]);
}
