import { MENUS, type OpenContextMenu } from '@atrium/client-core';
import { lazy, Suspense, useEffect, useRef, type JSX } from 'react';
import { useObservable } from '../hooks/useObservable.js';
import { whenIdle } from '../hooks/whenIdle.js';
import { WorkOverlays } from '../work/WorkOverlays.js';
import { useTranslation } from '../i18n/useTranslation.js';
import { useDesktop } from './DesktopContext.js';
import { useReturnFocus } from './ModalOverlay.js';
import { overlayViews } from './overlayViews.js';

// On demand, with the policy's HTML sanitiser: only a user who has not accepted the policy yet needs it.
const PrivacyPolicyDialog = lazy(async () => ({ default: (await import('./PrivacyPolicyDialog.js')).PrivacyPolicyDialog }));
// The filesystem search overlay and its model, with the first opening (F3, the tray's icon).
const FileSearchOverlay = lazy(() => import('./FileSearchOverlay.js'));
// The global search panel and its texts, with the magnifier's first press.
const GlobalSearchPanel = lazy(() => import('../search/GlobalSearchPanel.js'));
/** Loads the desktop's menus, the shortcut guide and the command palette now (tests; the desktop does it when idle). */
export function preloadOverlayViews(): Promise<unknown> {
  return overlayViews.preload();
}

/**
 * What the desktop shows above its windows and panels besides
 * notifications: the open context menu (desktop, panel or window-list
 * entry: the command registry's menus), the keyboard-shortcut guide, the
 * command palette, the filesystem search and the privacy policy after sign-in. While the privacy
 * policy waits for the user's agreement nothing else opens over it.
 * Context menus also open from the keyboard (useKeyboardContextMenu).
 */
export function DesktopOverlays(): JSX.Element | null {
  const { ui, privacyPolicy } = useDesktop();
  const state = useObservable(ui);
  const privacy = useObservable(privacyPolicy);
  useKeyboardContextMenu();
  useEffect(() => whenIdle(() => void overlayViews.preload().catch(() => undefined)), []);
  if (privacy.status === 'open') {
    // While its code arrives, a marker says the dialog is on its way (journeys wait for it to go).
    return (
      <Suspense fallback={<div hidden data-testid="privacy.loading" />}>
        <PrivacyPolicyDialog model={privacyPolicy} />
      </Suspense>
    );
  }
  const menu = state.contextMenu;
  return (
    <>
      {state.popup === 'appMenu' && <AppMenu />}
      {menu && <ContextMenu key={`${menu.menu}-${menu.at.x}-${menu.at.y}`} menu={menu} onClose={() => ui.closeContextMenu()} />}
      {(state.popup === 'shortcuts' || state.popup === 'palette') && <OverlayView popup={state.popup} onClose={() => ui.closePopup()} />}
      {state.popup === 'fileSearch' && (
        <Suspense fallback={null}>
          <FileSearchOverlay />
        </Suspense>
      )}
      {state.popup === 'globalSearch' && (
        <Suspense fallback={null}>
          <GlobalSearchPanel />
        </Suspense>
      )}
      <WorkOverlays />
    </>
  );
}

/** The application menu, once its code has arrived (at once when it was preloaded). */
function AppMenu(): JSX.Element | null {
  const views = overlayViews.use();
  return views && <views.AppMenu />;
}

/** The shortcut guide or the command palette, once their code has arrived (at once when it was preloaded). */
function OverlayView({ popup, onClose }: { popup: 'shortcuts' | 'palette'; onClose(): void }): JSX.Element | null {
  const views = overlayViews.use();
  if (!views) return null;
  return popup === 'shortcuts' ? <views.ShortcutGuide onClose={onClose} /> : <views.CommandPalette onClose={onClose} />;
}

/** An open context menu, giving focus back to where it was when it goes without a command taking it. */
function ContextMenu({ menu, onClose }: { menu: OpenContextMenu; onClose(): void }): JSX.Element {
  const { t } = useTranslation();
  const { commands } = useDesktop();
  const views = overlayViews.use();
  const wrapper = useRef<HTMLDivElement>(null);
  useReturnFocus(wrapper);
  return (
    <div ref={wrapper} className="atr-context-menu">
      {views && <views.CommandMenu
        registry={commands}
        entries={MENUS[menu.menu]}
        context={menu.context}
        at={menu.at}
        label={t(`contextMenu.${menu.menu}`)}
        testId={`contextMenu.${menu.menu}`}
        testIdPrefix="contextMenu"
        onClose={onClose}
      />}
    </div>
  );
}

/** Whether a key asks for the context menu: the ContextMenu key, or Shift+F10. */
function isContextMenuKey(event: KeyboardEvent): boolean {
  if (event.key === 'ContextMenu') return !event.altKey && !event.ctrlKey && !event.metaKey;
  return event.key === 'F10' && event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey;
}

/**
 * Context menus from the keyboard: Shift+F10 or the ContextMenu key on the
 * focused element sends it a contextmenu event at its place, as a
 * right-click would, so each view opens its own menu with its own rules
 * (the panel's, refused while the desktop is locked; a window-list entry's;
 * the desktop's when focus is on the desktop itself). Text inputs keep the
 * browser's own menu; a view that handled the key itself keeps it.
 */
function useKeyboardContextMenu(): void {
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isContextMenuKey(event)) return;
      const focused = event.target instanceof Element ? event.target : null;
      if (!focused || focused.closest('input, textarea, [contenteditable="true"], [role="menu"]')) return;
      const surface = focused.closest('.atr-desktop');
      // On the desktop itself (its surface, or nothing focused): the desktop's menu, from its window area.
      const target = focused === document.body || focused === surface ? document.querySelector('.atr-desktop__area') : focused;
      if (!target) return;
      event.preventDefault();
      const box = target.getBoundingClientRect();
      const onArea = target !== focused;
      const x = Math.round(onArea ? box.left + 16 : box.left + Math.min(16, box.width / 2));
      const y = Math.round(onArea ? box.top + 16 : box.bottom);
      target.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: x, clientY: y }));
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, []);
}
