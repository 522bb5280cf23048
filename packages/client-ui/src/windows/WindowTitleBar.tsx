import type { WindowRecord } from '@atrium/client-core';
import type { JSX, MouseEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { AppIcon } from '../apphost/AppIcon.js';
import { CloseIcon, MaximizeIcon, MinimizeIcon, RestoreIcon } from '@atrium/app-kit';
import type { GestureHandlers } from './useWindowGestures.js';

export interface WindowTitleBarProps {
  record: WindowRecord;
  /** Id of the title element (the window's accessible name). */
  titleId: string;
  menuOpen: boolean;
  /** Pointer handlers that move the window. */
  drag: GestureHandlers;
  onDoubleClick(event: MouseEvent<HTMLElement>): void;
  onToggleMenu(): void;
  onMinimize(): void;
  onToggleMaximize(): void;
  onClose(): void;
}

/**
 * The title bar (docs/behaviour/windows.md#chrome): icon button (opens the icon menu), title
 * and breadcrumb, and the minimize, maximize/restore and close buttons. A
 * button the window's attributes do not allow is not shown; with controls
 * false none is.
 */
export function WindowTitleBar({ record, titleId, menuOpen, drag, onDoubleClick, onToggleMenu, onMinimize, onToggleMaximize, onClose }: WindowTitleBarProps): JSX.Element {
  const { t } = useTranslation();
  const { attributes, state } = record;
  return (
    <div className={`atr-window__header${attributes.moveable ? ' atr-window__header--moveable' : ''}`} data-testid="window.header" onDoubleClick={onDoubleClick} {...drag}>
      <button
        type="button"
        className="atr-window__icon"
        data-testid="window.icon"
        id={`${titleId}-icon`}
        aria-label={t('window.menu.label')}
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        onClick={onToggleMenu}
      >
        <AppIcon icon={record.icon} size={18} />
      </button>
      <div className="atr-window__caption">
        <span id={titleId} className="atr-window__title" data-testid="window.title">
          {record.title || t('window.untitled')}
        </span>
        {record.breadcrumb.length > 0 && (
          <span className="atr-window__breadcrumb" data-testid="window.breadcrumb">
            {record.breadcrumb.map((crumb, i) => (
              <span key={i}>{crumb}</span>
            ))}
          </span>
        )}
      </div>
      {attributes.controls && (
        <div className="atr-window__controls">
          {attributes.minimizable && (
            <button type="button" className="atr-window__control" data-testid="window.minimize" aria-label={t('window.menu.minimize')} title={t('window.menu.minimize')} onClick={onMinimize}>
              <MinimizeIcon width={16} height={16} />
            </button>
          )}
          {attributes.maximizable && (
            <button
              type="button"
              className="atr-window__control"
              data-testid="window.maximize"
              aria-label={state.maximized ? t('window.menu.restore') : t('window.menu.maximize')}
              title={state.maximized ? t('window.menu.restore') : t('window.menu.maximize')}
              onClick={onToggleMaximize}
            >
              {state.maximized ? <RestoreIcon width={16} height={16} /> : <MaximizeIcon width={14} height={14} />}
            </button>
          )}
          {attributes.closeable && (
            <button type="button" className="atr-window__control atr-window__control--close" data-testid="window.close" aria-label={t('window.menu.close')} title={t('window.menu.close')} onClick={onClose}>
              <CloseIcon width={16} height={16} />
            </button>
          )}
        </div>
      )}
    </div>
  );
}
