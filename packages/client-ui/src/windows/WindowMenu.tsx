import type { WindowRecord } from '@atrium/client-core';
import { useEffect, useRef, type JSX, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';

/** What the icon menu can do with its window. */
export type WindowMenuAction = 'minimize' | 'raise' | 'maximize' | 'restore' | 'move' | 'resize' | 'close';

interface Item {
  action: WindowMenuAction;
  enabled: boolean;
}

/** The icon menu's items for a window, each enabled as its attributes allow (§2 Window chrome, §6). */
export function windowMenuItems(record: WindowRecord): Item[] {
  const { attributes: a, state: s } = record;
  return [
    s.minimized ? { action: 'raise', enabled: true } : { action: 'minimize', enabled: a.minimizable },
    s.maximized ? { action: 'restore', enabled: true } : { action: 'maximize', enabled: a.maximizable },
    { action: 'move', enabled: a.moveable && !s.maximized },
    { action: 'resize', enabled: a.resizable && !s.maximized },
    { action: 'close', enabled: a.closeable },
  ];
}

export interface WindowMenuProps {
  record: WindowRecord;
  /** Id of the icon button that opens the menu. */
  labelledBy: string;
  onAction(action: WindowMenuAction): void;
  /** Closes the menu; refocus says whether focus goes back to the icon button (Escape) or stays where the user put it. */
  onClose(refocus: boolean): void;
}

/**
 * The window's icon menu: a real menu (role menu, menuitems) that takes
 * focus on its first enabled item; arrow keys, Home and End move between
 * items, Enter or Space runs one, Escape closes it and Tab or a click outside
 * dismiss it.
 */
export function WindowMenu({ record, labelledBy, onAction, onClose }: WindowMenuProps): JSX.Element {
  const { t } = useTranslation();
  const menu = useRef<HTMLDivElement>(null);
  const items = windowMenuItems(record);

  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
  }, []);

  useEffect(() => {
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (menu.current?.contains(target) || document.getElementById(labelledBy)?.contains(target)) return;
      onClose(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [labelledBy, onClose]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const enabled = all.filter((el) => el.getAttribute('aria-disabled') !== 'true');
    const at = enabled.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => enabled[(index + enabled.length) % enabled.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        go(at + 1);
        break;
      case 'ArrowUp':
        go(at < 0 ? -1 : at - 1);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(-1);
        break;
      case 'Escape':
        onClose(true);
        break;
      case 'Tab':
        onClose(false);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div ref={menu} className="atr-window-menu" role="menu" aria-labelledby={labelledBy} data-testid="window.menu" onKeyDown={handleKeyDown}>
      {items.map(({ action, enabled }) => (
        <button
          key={action}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className="atr-window-menu__item"
          data-testid={`window.menu.${action}`}
          aria-disabled={!enabled}
          onClick={() => enabled && onAction(action)}
        >
          {t(`window.menu.${action}`)}
        </button>
      ))}
    </div>
  );
}
