import { useLayoutEffect, useRef, type FocusEvent, type JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { AppIcon } from '../apphost/AppIcon.js';
import { desktopHome } from '../desktop/DesktopFocus.js';
import { useObservable } from '../hooks/useObservable.js';
import { BellIcon, CloseIcon } from '@atrium/app-kit';
import type { NotificationService } from '@atrium/client-core';
import './NotificationToasts.css';

/**
 * The notifications on screen (docs/behaviour/notifications.md#options), stacked in the top
 * right corner, newest on top: icon, title, message and a close button. The
 * stack is a polite live region, so screen readers read new ones without
 * interrupting; each goes after its timeout (the service's clock) or when closed.
 * None goes while the pointer is over them or the focus in them; when the
 * toast holding the focus closes, the focus moves to the toast now in its
 * place, else back to the desktop (docs/ACCESSIBILITY.md).
 */
export function NotificationToasts({ notifications }: { notifications: NotificationService }): JSX.Element {
  const { t } = useTranslation();
  const { items } = useObservable(notifications);
  const section = useRef<HTMLElement>(null);
  const held = useRef({ pointer: false, focus: false });
  /** The position (newest first) of the toast holding the focus, null when the focus is elsewhere. */
  const focusedAt = useRef<number | null>(null);
  const hold = (by: 'pointer' | 'focus', on: boolean) => {
    held.current[by] = on;
    notifications.hold(held.current.pointer || held.current.focus);
  };
  const handleFocus = (event: FocusEvent<HTMLElement>) => {
    const toast = (event.target as Element).closest('[data-testid="notification"]');
    focusedAt.current = toast ? [...(section.current?.children ?? [])].indexOf(toast) : null;
    hold('focus', true);
  };
  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    focusedAt.current = null;
    hold('focus', false);
  };

  // The toast holding the focus has gone (no blur comes then): hand the focus on.
  useLayoutEffect(() => {
    const root = section.current;
    const at = focusedAt.current;
    if (!root || at === null || root.contains(document.activeElement)) return;
    const closes = root.querySelectorAll<HTMLElement>('[data-testid="notification.close"]');
    const next = closes[Math.min(at, closes.length - 1)];
    if (next) {
      next.focus({ preventScroll: true });
      return;
    }
    focusedAt.current = null;
    hold('focus', false);
    const surface = root.closest<HTMLElement>('.atr-desktop');
    if (surface) desktopHome(surface).focus({ preventScroll: true });
  });

  return (
    <section
      ref={section}
      className="atr-toasts"
      aria-label={t('notifications.region')}
      aria-live="polite"
      aria-relevant="additions"
      data-testid="notifications"
      onMouseEnter={() => hold('pointer', true)}
      onMouseLeave={() => hold('pointer', false)}
      onFocus={handleFocus}
      onBlur={handleBlur}
    >
      {[...items].reverse().map((toast) => (
        <div key={toast.id} className="atr-toast" data-testid="notification" data-id={toast.id}>
          <span className="atr-toast__icon">{toast.icon ? <AppIcon icon={toast.icon} size={20} /> : <BellIcon width={20} height={20} />}</span>
          <div className="atr-toast__text">
            <p className="atr-toast__title" data-testid="notification.title">
              {toast.titleKey ? t(toast.titleKey.key, toast.titleKey.vars) : toast.title}
            </p>
            {toast.message && (
              <p className="atr-toast__message" data-testid="notification.message">
                {toast.message}
              </p>
            )}
          </div>
          <button type="button" className="atr-icon-button" aria-label={t('notifications.close')} title={t('notifications.close')} onClick={() => notifications.dismiss(toast.id)} data-testid="notification.close">
            <CloseIcon width={16} height={16} />
          </button>
        </div>
      ))}
    </section>
  );
}
