import type { JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { AppIcon } from '../apphost/AppIcon.js';
import { useObservable } from '../hooks/useObservable.js';
import { BellIcon, CloseIcon } from '../icons.js';
import type { NotificationsPort } from '../ports.js';
import './NotificationToasts.css';

/**
 * The notifications on screen (§3 Notification options), stacked in the top
 * right corner, newest on top: icon, title, message and a close button. The
 * stack is a polite live region, so screen readers read new ones without
 * interrupting; each goes after its timeout (the service's clock) or when closed.
 */
export function NotificationToasts({ notifications }: { notifications: NotificationsPort }): JSX.Element {
  const { t } = useTranslation();
  const { items } = useObservable(notifications);
  return (
    <section className="atr-toasts" aria-label={t('notifications.region')} aria-live="polite" aria-relevant="additions" data-testid="notifications">
      {[...items].reverse().map((toast) => (
        <div key={toast.id} className="atr-toast" data-testid="notification" data-id={toast.id}>
          <span className="atr-toast__icon">{toast.icon ? <AppIcon icon={toast.icon} size={20} /> : <BellIcon width={20} height={20} />}</span>
          <div className="atr-toast__text">
            <p className="atr-toast__title" data-testid="notification.title">
              {toast.title}
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
