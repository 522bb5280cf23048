import type { PanelView } from '@atrium/client-core';
import type { PanelItemName } from '@atrium/shared';
import type { ComponentType, JSX, KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { useDesktop } from '../desktop/DesktopContext.js';
import { PANEL_ITEM_VIEWS, type PanelItemProps } from './items/index.js';

/** The focusable controls of a panel that arrow keys move between. */
const STOPS = 'button:not([disabled]), input:not([disabled]), [data-panel-stop]';

/**
 * One panel (docs/behaviour/desktop.md#panels): a toolbar holding its items
 * in the order of the settings. Left and right arrow keys (and Home, End)
 * move between its controls; Tab moves through them too. A right-click on
 * the panel itself or an item opens the panel menu (Panel Position, add or
 * remove panels and items, log out), unless the desktop is locked.
 */
export function Panel({ panel, locked }: { panel: PanelView; locked: boolean }): JSX.Element {
  const { t } = useTranslation();
  const { ui } = useDesktop();

  const openMenu = (event: MouseEvent<HTMLElement>, item?: number) => {
    if ((event.target as Element).closest('input, textarea')) return;
    event.preventDefault();
    event.stopPropagation();
    if (locked) return;
    ui.openContextMenu('panel', item === undefined ? { panel: panel.index } : { panel: panel.index, item }, { x: event.clientX, y: event.clientY });
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    const target = event.target as HTMLElement;
    if (target.matches('input, textarea') || target.closest('[role="menu"], [role="listbox"], [role="dialog"]')) return;
    const stops = [...event.currentTarget.querySelectorAll<HTMLElement>(STOPS)].filter((el) => !el.closest('[role="menu"], [role="dialog"]') && el.offsetParent !== null);
    const at = stops.indexOf(target);
    if (at < 0) return;
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? stops.length - 1 : event.key === 'ArrowRight' ? (at + 1) % stops.length : (at - 1 + stops.length) % stops.length;
    stops[next]?.focus();
    event.preventDefault();
  };

  return (
    <div
      role="toolbar"
      aria-label={t('panel.label')}
      aria-orientation="horizontal"
      className={`atr-panel atr-panel--${panel.position}${panel.ontop ? ' atr-panel--ontop' : ''}`}
      data-testid={`panel.${panel.position}`}
      data-panel={panel.index}
      onContextMenu={(event) => openMenu(event)}
      onKeyDown={handleKeyDown}
    >
      {panel.items.map((item, index) => {
        const View: ComponentType<PanelItemProps> | null = PANEL_ITEM_VIEWS[item.name as PanelItemName] ?? null;
        if (!View) return null;
        return (
          <div key={`${item.name}-${index}`} className={`atr-panel__item atr-panel__item--${item.name}`} data-testid={`panel.item.${item.name}`} onContextMenu={(event) => openMenu(event, index)}>
            <View panel={panel.index} item={index} position={panel.position} options={item.options ?? {}} />
          </div>
        );
      })}
    </div>
  );
}
