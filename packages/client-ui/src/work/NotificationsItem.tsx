import { rygCountText } from '@atrium/shared';
import type { JSX } from 'react';
import { useDesktop } from '../desktop/DesktopContext.js';
import { useObservable } from '../hooks/useObservable.js';
import { useTranslation } from '../i18n/useTranslation.js';
import type { PanelItemProps } from '../panel/items/index.js';
import './NotificationsItem.css';

/** Marks the clipboard: focus goes back to it when the side panel closes. */
export const NOTIFICATION_CENTRE_BUTTON = 'data-notification-centre-button';

/** A count as the badge and the colour counters show it: '99+' above 99. */
export function shownCount(count: number): string {
  return rygCountText(count);
}

/**
 * The panel's notification centre (docs/behaviour/work.md#notification-centre):
 * a clipboard whose badge counts the tasks in My Priorities, opening and
 * closing the side panel (NotificationCentrePanel, fetched when it first
 * opens, with its texts).
 */
export function NotificationsItem(_props: PanelItemProps): JSX.Element {
  const { t } = useTranslation();
  const { work } = useDesktop();
  const { open, badge } = useObservable(work);
  const label = t('panel.item.notifications');
  const count = shownCount(badge);
  return (
    <button
      type="button"
      className="atr-panel__button"
      title={label}
      aria-haspopup="dialog"
      aria-expanded={open}
      data-testid="panel.notifications"
      {...{ [NOTIFICATION_CENTRE_BUTTON]: '' }}
      onClick={() => work.toggle()}
    >
      <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <rect x="5" y="4" width="14" height="17" rx="2" />
        <path d="M9 4V3h6v1M9 10h6M9 14h6M9 18h3" />
      </svg>
      {/* The name is the label and the count as shown ('Notification centre 8'). */}
      <span className="atr-visually-hidden">{label}</span>{' '}
      {badge > 0 && (
        <span className="atr-work-badge" data-testid="panel.notifications.badge">
          {count}
        </span>
      )}
    </button>
  );
}
