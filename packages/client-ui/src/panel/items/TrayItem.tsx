import { formatBadge, type TrayEntry } from '@atrium/client-core';
import type { JSX, KeyboardEvent, MouseEvent } from 'react';
import { AppIcon } from '../../apphost/AppIcon.js';
import { useDesktop } from '../../desktop/DesktopContext.js';
import { useObservable } from '../../hooks/useObservable.js';
import { useTranslation } from '../../i18n/useTranslation.js';
import type { PanelItemProps } from './index.js';
import './TrayItem.css';

/** The point a keyboard-made click reports: the icon's lower left corner. */
function cornerOf(element: HTMLElement): { x: number; y: number } {
  const box = element.getBoundingClientRect();
  return { x: Math.round(box.left), y: Math.round(box.bottom) };
}

/**
 * The system tray (docs/behaviour/desktop.md#tray): a group of the icons
 * applications placed (client-core's TrayModel), in the order they came.
 * Each is a button named by its title (and its badge, when it has one:
 * '99+' above 99), with the title as its tooltip. A click (or Enter,
 * Space) runs the icon's click handler; a right-click, Shift+F10 or the
 * context-menu key its context handler, instead of the panel's menu. With
 * no icon the tray takes no place.
 */
export function TrayItem(_props: PanelItemProps): JSX.Element | null {
  const { t } = useTranslation();
  const { tray } = useDesktop();
  const { entries } = useObservable(tray);
  if (entries.length === 0) return null;
  return (
    <div role="group" aria-label={t('panel.tray.label')} className="atr-tray" data-testid="panel.tray">
      {entries.map((entry) => (
        <TrayButton key={entry.id} entry={entry} />
      ))}
    </div>
  );
}

function TrayButton({ entry }: { entry: TrayEntry }): JSX.Element {
  const { t } = useTranslation();
  const { tray } = useDesktop();
  const badge = formatBadge(entry.badge);
  const name = badge ? t('panel.tray.withBadge', { title: entry.title, badge }) : entry.title;

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    // A click made with the keyboard (Enter, Space) has no pointer position.
    const keyboard = event.detail === 0;
    tray.click(entry.id, keyboard ? { ...cornerOf(event.currentTarget), keyboard } : { x: event.clientX, y: event.clientY, keyboard });
  };

  const handleContextMenu = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    event.stopPropagation();
    tray.contextMenu(entry.id, { x: event.clientX, y: event.clientY, keyboard: false });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ContextMenu' && !(event.key === 'F10' && event.shiftKey)) return;
    event.preventDefault();
    event.stopPropagation();
    tray.contextMenu(entry.id, { ...cornerOf(event.currentTarget), keyboard: true });
  };

  return (
    <button
      type="button"
      className={`atr-panel__button atr-tray__entry${badge ? ' atr-tray__entry--badged' : ''}`}
      title={entry.title}
      data-testid="panel.tray.entry"
      data-tray-entry={entry.id}
      onClick={handleClick}
      onContextMenu={handleContextMenu}
      onKeyDown={handleKeyDown}
    >
      {/* Named by its content, which holds the badge shown (label in name). */}
      <span className="atr-visually-hidden">{name}</span>
      <AppIcon icon={entry.icon} size={18} />
      {badge && (
        <span className="atr-tray__badge" aria-hidden="true" data-testid="panel.tray.badge">
          {badge}
        </span>
      )}
    </button>
  );
}
