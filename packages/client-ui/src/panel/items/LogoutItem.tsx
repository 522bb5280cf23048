import type { JSX } from 'react';
import { useTranslation } from '../../i18n/useTranslation.js';
import { useDesktop } from '../../desktop/DesktopContext.js';
import { LogoutIcon } from '@atrium/app-kit';
import type { PanelItemProps } from './index.js';

/** The logout button: asks 'Would you like to logout?' ('Yes, logout', 'No, cancel') before signing out (the session.logout command). */
export function LogoutItem(_props: PanelItemProps): JSX.Element {
  const { t } = useTranslation();
  const { commands } = useDesktop();
  const label = t('panel.action.logout');
  return (
    <button type="button" className="atr-panel__button" aria-label={label} title={label} data-testid="panel.logout" onClick={() => commands.run('session.logout')}>
      <LogoutIcon width={20} height={20} />
    </button>
  );
}
