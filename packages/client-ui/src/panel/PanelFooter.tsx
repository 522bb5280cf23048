import type { JSX } from 'react';
import { useAtrium } from '../AtriumContext.js';
import { useTranslation } from '../i18n/useTranslation.js';
import { useObservable } from '../hooks/useObservable.js';

/**
 * The footer line of the desktop: '© <year> <the active account's footer
 * text>', or the product's copyright line when the account has none
 * (docs/behaviour/desktop.md#panels).
 */
export function PanelFooter(): JSX.Element {
  const { t } = useTranslation();
  const { session, site } = useAtrium();
  const state = useObservable(session);
  const text = state.status === 'signed-in' ? state.profile?.active_account?.preferences?.footerText : null;
  const year = new Date().getFullYear();
  return (
    <footer className="atr-desktop__footer" data-testid="desktop.footer">
      {text ? `© ${year} ${text}` : t('footer.copyright', { year, title: site.title })}
    </footer>
  );
}
