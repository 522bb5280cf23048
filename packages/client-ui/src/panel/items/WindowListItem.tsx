import { isListedWindow } from '@atrium/client-core';
import type { JSX, MouseEvent } from 'react';
import { AppIcon } from '../../apphost/AppIcon.js';
import { useDesktop } from '../../desktop/DesktopContext.js';
import { useObservable } from '../../hooks/useObservable.js';
import { CloseIcon } from '@atrium/app-kit';
import { useTranslation } from '../../i18n/useTranslation.js';
import { useWindowList } from '../../windows/useWindowRecord.js';
import type { PanelItemProps } from './index.js';
import '../WindowList.css';

/**
 * The window list (docs/behaviour/desktop.md#window-list): a named group of
 * the panel's toolbar with one entry per listed window (client-core's
 * isListedWindow: never a dialog, nor a modal of the desktop) in opening order
 * (icon, title or '(window)', the focused one pressed, a minimized one
 * marked) and a close button shown on hover or focus; then 'Launching
 * {name}' while an application loads. A click runs window.activate (raise,
 * or minimize the focused window), a double-click window.toggleMaximize
 * (raising a minimized window first); a right-click (or Shift+F10 and the
 * context-menu key: DesktopOverlays turns them into one) opens the
 * 'windowList' menu of the command registry for that window.
 */
export function WindowListItem(_props: PanelItemProps): JSX.Element {
  const { t } = useTranslation();
  const { windows, commands, ui, packages } = useDesktop();
  const list = useWindowList(windows).filter(isListedWindow);
  const { launching } = useObservable(packages);
  useObservable(commands);

  const openMenu = (wid: number, at: { x: number; y: number }) => ui.openContextMenu('windowList', { wid }, at);

  const handleContextMenu = (event: MouseEvent<HTMLElement>, wid: number) => {
    event.preventDefault();
    // The panel's own menu is for the panel, not for a window.
    event.stopPropagation();
    openMenu(wid, { x: event.clientX, y: event.clientY });
  };

  const handleClick = (event: MouseEvent<HTMLElement>, wid: number) => {
    // The second click of a double-click is the double-click's.
    if (event.detail > 1) return;
    commands.run('window.activate', { wid });
  };

  const handleDoubleClick = (wid: number) => {
    if (!commands.isEnabled('window.toggleMaximize', { wid })) return;
    if (windows.get(wid)?.state.minimized) commands.run('window.activate', { wid });
    commands.run('window.toggleMaximize', { wid });
  };

  return (
    <div className="atr-windowlist" role="group" aria-label={t('panel.windows.label')} data-testid="panel.windows">
      {list.map((w) => {
        const title = w.title || t('window.untitled');
        const name = w.state.minimized ? t('panel.windows.minimized', { title }) : title;
        const closeable = commands.isEnabled('window.close', { wid: w.wid });
        const classes = ['atr-windowlist__entry', w.state.focused && !w.state.minimized ? 'atr-windowlist__entry--focused' : '', w.state.minimized ? 'atr-windowlist__entry--minimized' : ''];
        return (
          <div key={w.wid} className={classes.filter(Boolean).join(' ')} data-testid="panel.windows.entry" data-wid={w.wid} onContextMenu={(event) => handleContextMenu(event, w.wid)}>
            <button
              type="button"
              className="atr-windowlist__button"
              aria-label={name}
              aria-pressed={w.state.focused && !w.state.minimized}
              title={title}
              data-window-entry={w.wid}
              data-testid="panel.windows.activate"
              onClick={(event) => handleClick(event, w.wid)}
              onDoubleClick={() => handleDoubleClick(w.wid)}
            >
              <AppIcon icon={w.icon} size={16} className="atr-windowlist__icon" />
              <span className="atr-windowlist__title" aria-hidden="true">
                {title}
              </span>
            </button>
            {closeable && (
              <button
                type="button"
                className="atr-windowlist__close"
                aria-label={t('panel.windows.close', { title })}
                title={t('panel.windows.close', { title })}
                data-testid="panel.windows.close"
                onClick={() => commands.run('window.close', { wid: w.wid })}
                >
                <CloseIcon width={14} height={14} />
              </button>
            )}
          </div>
        );
      })}
      {/* Always there, so that screen readers announce what appears in it. */}
      <div className="atr-windowlist__launching" role="status" data-testid="panel.windows.launching">
        {launching.map((ticket, index) => (
          <span key={`${ticket.name}-${index}`} className="atr-windowlist__entry atr-windowlist__entry--launching" data-testid="panel.windows.launchingEntry">
            <span className="atr-spinner atr-windowlist__spinner" aria-hidden="true" />
            <span className="atr-windowlist__title">{t('panel.windows.launching', { name: ticket.title })}</span>
          </span>
        ))}
      </div>
    </div>
  );
}
