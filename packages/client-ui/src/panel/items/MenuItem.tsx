import { useContext, useState, type JSX } from 'react';
import { AtriumContext, DEFAULT_ASSETS } from '../../AtriumContext.js';
import { useDesktop } from '../../desktop/DesktopContext.js';
import { useObservable } from '../../hooks/useObservable.js';
import { useTranslation } from '../../i18n/useTranslation.js';
import type { PanelItemProps } from './index.js';
import '../AppMenu.css';

/**
 * The application menu's button (docs/behaviour/desktop.md#application-menu):
 * the active organisation's logo, else the site's (also when the
 * organisation's does not load). It toggles the side menu (AppMenu) like
 * Alt+A (the desktop.appMenu command) and is not shown while the user has
 * no application.
 */
export function MenuItem(_props: PanelItemProps): JSX.Element | null {
  const { t } = useTranslation();
  const { appMenu, ui, commands } = useDesktop();
  const menu = useObservable(appMenu);
  const open = useObservable(ui).popup === 'appMenu';
  const site = useContext(AtriumContext)?.site.logo ?? DEFAULT_ASSETS.logo;
  const [failed, setFailed] = useState<string | null>(null);
  if (menu.entries.length === 0) return null;
  const logo = menu.logo && menu.logo !== failed ? menu.logo : site;
  const label = t('panel.appMenu.open');
  return (
    <button
      type="button"
      className="atr-panel__button atr-panel__logo"
      aria-label={label}
      title={label}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-keyshortcuts={commands.keybindingOf('desktop.appMenu') ?? undefined}
      data-testid="panel.menu"
      // Focus returns here when the menu closes (AppMenu).
      data-app-menu-button=""
      onClick={() => ui.togglePopup('appMenu')}
    >
      <img className="atr-panel__logo-image" src={logo} alt="" width={24} height={24} onError={() => menu.logo && setFailed(menu.logo)} />
    </button>
  );
}
