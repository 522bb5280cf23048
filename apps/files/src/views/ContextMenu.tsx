import { focusByKey, keyLabels, useDismiss, useTranslation } from '@atrium/app-kit';
import { useLayoutEffect, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import { ACTION_SHORTCUTS, type ActionId, type ActionStates } from '../model/actions.js';
import { Icon } from './icons.js';

export interface ContextMenuProps {
  /** Where it opens, relative to the part of the Files window's content in sight. */
  x: number;
  y: number;
  label: string;
  entries: readonly (ActionId | '-')[];
  actions: ActionStates;
  onAction(id: ActionId): void;
  onClose(): void;
  /** A selector of the button that opened it and toggles it itself: a press there is not outside. */
  toggle?: string;
}

/**
 * A menu of actions at a point: arrow keys, Home and End move, Enter or
 * Space runs, Escape and Tab close it (focus goes back to where it was), a
 * click elsewhere closes it. A greyed entry says why it cannot run.
 */
export function ContextMenu({ x, y, label, entries, actions, onAction, onClose, toggle }: ContextMenuProps): JSX.Element {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState({ left: x, top: y });

  useLayoutEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    // Kept inside the part of the window's content in sight (a short window scrolls as a whole), and placed there at
    // once: the focus then brings its first entry into sight inside the menu, never by scrolling the window.
    const box = menu.offsetParent as HTMLElement | null;
    if (box) {
      const next = { left: Math.max(0, Math.min(x, box.clientWidth - menu.offsetWidth - 4)), top: box.scrollTop + Math.max(0, Math.min(y, box.clientHeight - menu.offsetHeight - 4)) };
      menu.style.left = `${next.left}px`;
      menu.style.top = `${next.top}px`;
      setPlace(next);
    }
    (menu.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? menu.querySelector<HTMLElement>('[role="menuitem"]'))?.focus();
  }, [x, y]);

  const dismiss = useDismiss(ref, onClose, toggle ? { insideSelector: toggle } : {});

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Tab') onClose();
    else if (!focusByKey([...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])], event.key)) return dismiss.onKeyDown(event);
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div ref={ref} className="fls-menu" role="menu" aria-label={label} style={{ left: place.left, top: place.top }} onKeyDown={handleKeyDown} onContextMenu={(e) => e.preventDefault()} data-testid="files.menu">
      {entries.map((id, i) => {
        if (id === '-') return <div key={`sep-${i}`} className="fls-menu__sep" role="separator" />;
        const state = actions[id];
        const shortcut = ACTION_SHORTCUTS[id];
        const run = () => {
          if (!state.enabled) return;
          onClose();
          onAction(id);
        };
        return (
          <div
            key={id}
            role="menuitem"
            tabIndex={-1}
            className="fls-menu__item"
            aria-disabled={!state.enabled}
            data-testid={`files.menu.${id}`}
            onClick={run}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                event.stopPropagation();
                run();
              }
            }}
          >
            <Icon name={id} className="fls-menu__icon" />
            <span className="fls-menu__text">
              <span className="fls-menu__label">{t(`files.action.${id}`)}</span>
              {state.reason && <span className="fls-menu__reason">{t(state.reason)}</span>}
            </span>
            {shortcut && <kbd className="fls-menu__keys">{keyLabels(shortcut, (key) => t(key)).join('+')}</kbd>}
          </div>
        );
      })}
    </div>
  );
}
