import type { JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { AppIcon } from '../apphost/AppIcon.js';
import { useWindowList } from '../windows/useWindowRecord.js';
import { useDesktop } from './DesktopContext.js';

/**
 * Until the panel's window list exists: one button per minimized window
 * (listed ones only: visibility global or unset, §2 Window list) that raises it.
 */
export function MinimizedStrip(): JSX.Element | null {
  const { t } = useTranslation();
  const { windows } = useDesktop();
  const minimized = useWindowList(windows).filter((w) => w.state.minimized && w.attributes.visibility !== 'restricted');
  if (minimized.length === 0) return null;
  return (
    <nav className="atr-desktop__minimized" aria-label={t('desktop.minimized')} data-testid="desktop.minimized">
      {minimized.map((w) => (
        <button key={w.wid} type="button" className="atr-desktop__minimized-window" data-wid={w.wid} title={t('window.menu.raise')} onClick={() => windows.raise(w.wid)}>
          <AppIcon icon={w.icon} size={16} />
          <span>{w.title || t('window.untitled')}</span>
        </button>
      ))}
    </nav>
  );
}
