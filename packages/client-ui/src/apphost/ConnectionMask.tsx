import { useLayoutEffect, useRef, useSyncExternalStore, type JSX } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n/useTranslation.js';
import { useDesktop } from '../desktop/DesktopContext.js';
import { useObservable } from '../hooks/useObservable.js';
import { focusableIn } from '../windows/focusable.js';
import { useWindowList } from '../windows/useWindowRecord.js';
import { APP_CONTENT_CLASS } from './AppHost.js';
import './ConnectionMask.css';


/**
 * docs/behaviour/connection.md#connection-loss-mask: while the connection is lost, the windows of apps whose metadata sets
 * disableAppInput are masked: 'Please Wait for network connection' with a
 * spinner over the window body, the app's content inert (no pointer, no
 * keyboard focus) until the connection is back.
 */
export function ConnectionMasks(): JSX.Element | null {
  const { windows, slots, connection, packages } = useDesktop();
  const { online } = useObservable(connection);
  const list = useWindowList(windows);
  useSyncExternalStore(slots.subscribe, slots.version);
  if (online) return null;
  const masked = list.filter((w) => w.appId && packages.metadataOf(w.appId)?.disableAppInput);
  return (
    <>
      {masked.map((w) => {
        const body = slots.get(w.wid);
        return body ? <ConnectionMask key={w.wid} body={body} /> : null;
      })}
    </>
  );
}

/**
 * The mask over one window body; makes the app content in that body inert
 * while it is up. Focus that was in the content waits on the mask (still in
 * its window, never on the page body) and goes back into the content when
 * the connection returns (docs/ACCESSIBILITY.md).
 */
export function ConnectionMask({ body }: { body: HTMLElement }): JSX.Element {
  const { t } = useTranslation();
  const mask = useRef<HTMLDivElement>(null);
  // Layout effect: its clean-up runs while the mask is still on the page, so it can tell the mask held the focus.
  useLayoutEffect(() => {
    const contents = Array.from(body.children).filter((c) => c.classList.contains(APP_CONTENT_CLASS));
    const hadFocus = contents.some((content) => content.contains(document.activeElement));
    for (const content of contents) content.setAttribute('inert', '');
    const element = mask.current;
    if (hadFocus) element?.focus({ preventScroll: true });
    return () => {
      const waiting = element?.contains(document.activeElement) ?? false;
      for (const content of contents) content.removeAttribute('inert');
      if (!waiting) return;
      const target = contents.map((content) => focusableIn(content)[0]).find(Boolean) ?? body.closest<HTMLElement>('.atr-window');
      target?.focus({ preventScroll: true });
    };
  }, [body]);
  return createPortal(
    <div ref={mask} className="atr-connection-mask" role="status" aria-busy="true" tabIndex={-1} data-testid="window.connectionMask">
      <span className="atr-connection-mask__spinner" aria-hidden="true" />
      <p className="atr-connection-mask__text">{t('connection.wait')}</p>
    </div>,
    body,
  );
}
