import { useSyncExternalStore, type JSX } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useDesktop } from './DesktopContext.js';

/** Tells (visibly, and to screen readers through a live region) how keyboard move or resize works while it is under way. */
export function KeyboardModeStatus(): JSX.Element {
  const { t } = useTranslation();
  const { ui, windows } = useDesktop();
  const keyboard = useSyncExternalStore(ui.subscribe, () => ui.getState().keyboard);
  const title = keyboard ? windows.get(keyboard.wid)?.title || t('window.untitled') : '';
  return (
    <div className="atr-desktop__status" role="status" data-testid="desktop.keyboardMode" data-mode={keyboard?.mode}>
      {keyboard && <span className="atr-desktop__status-text">{t(`window.keyboard.${keyboard.mode}`, { title })}</span>}
    </div>
  );
}
