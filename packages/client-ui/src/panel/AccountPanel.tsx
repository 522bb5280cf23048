import { useCallback, useId, useState, type JSX, type RefObject } from 'react';
import { useAtrium } from '../AtriumContext.js';
import { useDesktop } from '../desktop/DesktopContext.js';
import { useObservable } from '../hooks/useObservable.js';
import { useTranslation } from '../i18n/useTranslation.js';
import { ArrowLeftIcon } from '@atrium/app-kit';
import { usePopupMenu } from './usePopupMenu.js';

export interface AccountPanelProps {
  /** The profile button: focus goes back to it when the panel closes from the keyboard. */
  anchor: RefObject<HTMLButtonElement | null>;
  placement: 'below' | 'above';
}

/**
 * The switch-account panel (docs/behaviour/desktop.md#switch-account),
 * opened from the profile menu: the user's organisations, each with its
 * logo (decorative: the name is written beside it) and a check on the
 * active one. Choosing another switches to it (Session.switchAccount: the
 * page reloads into it); a failure is only logged and the panel closes,
 * leaving the user where they were. Choosing the active one just closes
 * it. Back, Escape or ArrowLeft return to the profile menu; Tab or a press
 * outside close it.
 */
export function AccountPanel({ anchor, placement }: AccountPanelProps): JSX.Element | null {
  const { t } = useTranslation();
  const { ui } = useDesktop();
  const { platform, config } = useAtrium();
  const session = platform.session;
  const state = useObservable(session);
  const titleId = useId();
  const [switching, setSwitching] = useState<string | null>(null);
  const back = useCallback(() => ui.openPopup('profile'), [ui]);
  const dismiss = useCallback(() => ui.closePopup(), [ui]);
  const { ref, onKeyDown } = usePopupMenu({ anchor, onEscape: back, onDismiss: dismiss, back: true, initial: '[aria-checked="true"]' });
  const profile = state.status === 'signed-in' ? state.profile : null;
  if (!profile) return null;

  const choose = async (accountId: string) => {
    if (switching) return;
    if (accountId === profile.accountId) {
      ui.closePopup();
      anchor.current?.focus();
      return;
    }
    setSwitching(accountId);
    // On success the page reloads into the new organisation; a failure is logged by the session.
    const switched = await session.switchAccount(accountId);
    if (!switched) {
      setSwitching(null);
      ui.closePopup();
      anchor.current?.focus();
    }
  };

  return (
    <div ref={ref} className={`atr-profile-menu atr-profile-menu--${placement} atr-account-panel`} data-testid="accountPanel" onKeyDown={onKeyDown}>
      <div className="atr-account-panel__title" id={titleId}>
        {t('panel.profile.accounts')}
      </div>
      <div role="menu" aria-labelledby={titleId} aria-busy={switching !== null || undefined} className="atr-profile-menu__items">
        <button type="button" role="menuitem" tabIndex={-1} className="atr-profile-menu__item" data-testid="accountPanel.back" onClick={back}>
          <span className="atr-profile-menu__icon" aria-hidden="true">
            <ArrowLeftIcon width={18} height={18} />
          </span>
          <span className="atr-profile-menu__label">{t('panel.profile.back')}</span>
        </button>
        <div role="separator" className="atr-profile-menu__separator" />
        {profile.accounts.map((account) => {
          const current = account.accountId === profile.accountId;
          return (
            <button
              key={account.accountId}
              type="button"
              role="menuitemradio"
              aria-checked={current}
              aria-disabled={switching !== null || undefined}
              tabIndex={-1}
              className="atr-profile-menu__item atr-account-panel__account"
              data-testid="accountPanel.account"
              data-account={account.accountId}
              onClick={() => void choose(account.accountId)}
            >
              <img className="atr-account-panel__logo" src={`${config.apiBase}/account/logo/${encodeURIComponent(account.accountId)}`} alt="" width={28} height={28} />
              <span className="atr-profile-menu__label">{account.name}</span>
              <span className="atr-account-panel__check" aria-hidden="true">
                {current ? '✓' : ''}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
