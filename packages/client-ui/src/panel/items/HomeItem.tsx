import type { JSX } from 'react';
import { useTranslation } from '../../i18n/useTranslation.js';
import { useDesktop } from '../../desktop/DesktopContext.js';
import { HomeIcon } from '@atrium/app-kit';
import { useWindowList } from '../../windows/useWindowRecord.js';
import type { PanelItemProps } from './index.js';

/**
 * My Home: minimizes every window (the desktop.showDesktop command); it is
 * highlighted (aria-pressed) while no window is open on the desktop.
 */
export function HomeItem(_props: PanelItemProps): JSX.Element {
  const { t } = useTranslation();
  const { commands, windows } = useDesktop();
  const list = useWindowList(windows);
  const home = !list.some((w) => !w.state.minimized && w.attributes.visibility !== 'restricted');
  const label = t('panel.home');
  return (
    <button
      type="button"
      className={`atr-panel__button${home ? ' atr-panel__button--active' : ''}`}
      aria-label={label}
      title={label}
      aria-pressed={home}
      data-testid="panel.home"
      onClick={() => commands.run('desktop.showDesktop')}
    >
      <HomeIcon width={20} height={20} />
    </button>
  );
}
