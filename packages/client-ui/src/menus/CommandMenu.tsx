import type { CommandContext, CommandRegistry, MenuEntry } from '@atrium/client-core';
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type JSX, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from '../i18n/useTranslation.js';
import { focusByKey } from '@atrium/app-kit';
import { useObservable } from '../hooks/useObservable.js';
import { CommandIcon } from './CommandIcon.js';
import { Keys } from './Keys.js';
import './CommandMenu.css';

/** Below this viewport width (the small media class) a menu opened at a point takes the whole width. */
const PHONE_MAX = 640;
/** Room kept between a menu and the viewport's edges. */
const MARGIN = 4;

export interface CommandMenuProps {
  registry: CommandRegistry;
  entries: readonly MenuEntry[];
  context: CommandContext;
  /** The menu's accessible name: the id of what labels it (the button that opened it)... */
  labelledBy?: string;
  /** ...or a text. */
  label?: string;
  /** A point in client coordinates (context menus); without it the menu is placed by its class (under its button). */
  at?: { x: number; y: number };
  className?: string;
  /** Test ids of the items: '<prefix>.<command id>' (default 'menu'). */
  testIdPrefix?: string;
  testId?: string;
  /** Closes the menu; refocus says whether focus goes back to what opened it (Escape) or stays where the user put it. */
  onClose(refocus: boolean): void;
  /** Whether focus goes back to what opened the menu after a command ran (default: no, the command decides). */
  refocusAfter?: (commandId: string) => boolean;
  /** For a submenu: ArrowLeft and Escape close it and go back to its item. */
  onBack?(): void;
}

/** The entries a menu shows: invisible commands and separators at the ends or doubled are left out, and empty submenus. */
function shownEntries(registry: CommandRegistry, entries: readonly MenuEntry[], context: CommandContext): MenuEntry[] {
  const shown: MenuEntry[] = [];
  for (const entry of entries) {
    if (entry === '-') {
      if (shown.length > 0 && shown.at(-1) !== '-') shown.push(entry);
    } else if (typeof entry === 'string') {
      if (registry.isVisible(entry, context)) shown.push(entry);
    } else if (shownEntries(registry, entry.entries, context).length > 0) shown.push(entry);
  }
  while (shown.at(-1) === '-') shown.pop();
  return shown;
}

/**
 * A menu of commands (docs/ARCHITECTURE.md, "One command registry"): each
 * entry's label, icon, enabled state and check come from the registry, and
 * choosing one runs it with the menu's context. A real menu (role menu;
 * menuitem, menuitemradio for choices, submenus with aria-haspopup): it
 * takes focus on its first enabled item; arrow keys, Home and End move,
 * Enter or Space runs, ArrowRight opens a submenu and ArrowLeft or Escape
 * close it, Escape closes the menu, Tab or a click outside dismiss it. Keys
 * are shown beside a label and named by aria-keyshortcuts. A menu opened at
 * a point is kept inside the viewport, measured again 100 ms later (fonts,
 * late layout), and takes the whole width of a phone; a submenu opens on the
 * side that has room.
 */
export function CommandMenu(props: CommandMenuProps): JSX.Element {
  const { registry, entries, context, labelledBy, label, at, className, testIdPrefix = 'menu', testId, onClose, refocusAfter, onBack } = props;
  useObservable(registry);
  const menu = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<number | null>(null);
  const place = useMenuPlace(menu, at);
  const shown = shownEntries(registry, entries, context);
  const baseId = useId();

  // Focus on the first enabled item; on the menu itself when none is (Escape still closes it).
  useEffect(() => {
    const first = menu.current?.querySelector<HTMLElement>(':scope > [data-menu-item]:not([aria-disabled="true"]), :scope > .atr-menu__sub > [data-menu-item]:not([aria-disabled="true"])');
    (first ?? menu.current)?.focus();
  }, []);

  useCloseOnOutsidePress(menu, labelledBy, onClose);

  const run = (id: string) => {
    if (!registry.isEnabled(id, context)) return;
    // Close first: the command may open something else (a dialog) that takes focus.
    onClose(refocusAfter?.(id) ?? false);
    registry.run(id, context);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => menuKey(event, menu.current, { onOpen: setOpen, onBack, onClose });

  return (
    <div
      ref={menu}
      className={['atr-menu', at ? 'atr-menu--at' : '', className].filter(Boolean).join(' ')}
      style={place}
      role="menu"
      tabIndex={-1}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      data-testid={testId}
      onKeyDown={handleKeyDown}
    >
      {shown.map((entry, index) => {
        if (entry === '-') return <div key={`sep-${index}`} role="separator" className="atr-menu__separator" />;
        if (typeof entry === 'string') return <CommandItem key={entry} registry={registry} id={entry} context={context} testIdPrefix={testIdPrefix} onRun={run} onPointerEnter={() => setOpen(null)} />;
        const submenuId = `${baseId}-sub-${index}`;
        return (
          <div key={entry.labelKey} className="atr-menu__sub">
            <SubMenuItem id={submenuId} index={index} labelKey={entry.labelKey} expanded={open === index} testIdPrefix={testIdPrefix} onOpen={setOpen} />
            {open === index && (
              <SubMenu
                registry={registry}
                entries={entry.entries}
                context={context}
                labelledBy={submenuId}
                testIdPrefix={testIdPrefix}
                refocusAfter={refocusAfter}
                onBack={() => {
                  setOpen(null);
                  document.getElementById(submenuId)?.focus();
                }}
                onClose={onClose}
              />
            )}
          </div>
        );
      })}
    </div>
  );
}

/**
 * A key in a menu (`menu`): the arrows, Home, End and letters move among its own enabled items,
 * ArrowRight opens a submenu, ArrowLeft goes back from one, Escape closes it (or goes back), Tab
 * dismisses. Keys inside an open submenu are the submenu's.
 */
function menuKey(event: KeyboardEvent<HTMLDivElement>, menu: HTMLDivElement | null, actions: { onOpen(index: number): void; onBack?: () => void; onClose(refocus: boolean): void }): void {
  const { onOpen, onBack, onClose } = actions;
  const own = [...(menu?.querySelectorAll<HTMLElement>(':scope > [data-menu-item], :scope > .atr-menu__sub > [data-menu-item]') ?? [])];
  const enabled = own.filter((el) => el.getAttribute('aria-disabled') !== 'true');
  const current = document.activeElement as HTMLElement | null;
  if (!current || !menu?.contains(current)) return;
  if (current !== menu && !own.includes(current)) return;
  if (focusByKey(enabled, event.key)) {
    event.preventDefault();
    event.stopPropagation();
    return;
  }
  switch (event.key) {
    case 'ArrowRight': {
      const index = Number(current.dataset.submenu);
      if (Number.isNaN(index)) return;
      onOpen(index);
      break;
    }
    case 'ArrowLeft':
      if (!onBack) return;
      onBack();
      break;
    case 'Escape':
      if (onBack) onBack();
      else onClose(true);
      break;
    case 'Tab':
      onClose(false);
      return;
    default:
      return;
  }
  event.preventDefault();
  event.stopPropagation();
}

/** Where a menu opened at a point lies: inside the viewport (the whole width on a phone), measured again after 100 ms. */
function useMenuPlace(menu: RefObject<HTMLDivElement | null>, at: { x: number; y: number } | undefined): CSSProperties | undefined {
  const [place, setPlace] = useState<CSSProperties | undefined>(at ? { left: at.x, top: at.y } : undefined);
  useLayoutEffect(() => {
    if (!at) return;
    const clamp = () => {
      const box = menu.current?.getBoundingClientRect();
      if (!box) return;
      const phone = window.innerWidth < PHONE_MAX;
      const left = phone ? MARGIN : Math.max(MARGIN, Math.min(at.x, window.innerWidth - box.width - MARGIN));
      const top = Math.max(MARGIN, Math.min(at.y, window.innerHeight - box.height - MARGIN));
      const right = phone ? MARGIN : undefined;
      setPlace((current) => (current?.left === left && current?.top === top && current?.right === right ? current : { left, top, right }));
    };
    clamp();
    const timer = window.setTimeout(clamp, 100);
    return () => window.clearTimeout(timer);
  }, [menu, at]);
  return place;
}

/** A press outside the menu and what labels it closes the menu, focus staying where the user put it. */
function useCloseOnOutsidePress(menu: RefObject<HTMLDivElement | null>, labelledBy: string | undefined, onClose: (refocus: boolean) => void): void {
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (menu.current?.contains(target) || (labelledBy && document.getElementById(labelledBy)?.contains(target))) return;
      // A submenu leaves presses in the menus around it to them.
      if (menu.current?.parentElement?.closest('.atr-menu')?.contains(target)) return;
      onClose(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [menu, labelledBy, onClose]);
}

/** A command's item: its label, icon, check and keys from the registry. */
function CommandItem(props: { registry: CommandRegistry; id: string; context: CommandContext; testIdPrefix: string; onRun(id: string): void; onPointerEnter(): void }): JSX.Element {
  const { registry, id, context } = props;
  const { t } = useTranslation();
  const enabled = registry.isEnabled(id, context);
  const checked = registry.isChecked(id, context);
  const keybinding = registry.keybindingOf(id);
  return (
    <button
      type="button"
      role={checked === undefined ? 'menuitem' : 'menuitemradio'}
      aria-checked={checked}
      tabIndex={-1}
      className="atr-menu__item"
      data-menu-item
      data-testid={`${props.testIdPrefix}.${id}`}
      aria-disabled={!enabled}
      aria-keyshortcuts={keybinding ?? undefined}
      onClick={() => props.onRun(id)}
      onPointerEnter={props.onPointerEnter}
    >
      <span className="atr-menu__check" aria-hidden="true">
        {checked ? '✓' : ''}
      </span>
      <CommandIcon name={registry.get(id)?.icon} />
      <span className="atr-menu__label">{t(registry.labelKeyOf(id, context))}</span>
      {/* Named by aria-keyshortcuts; the keys are shown, not read as part of the label. */}
      {keybinding && (
        <span aria-hidden="true" className="atr-menu__keys">
          <Keys binding={keybinding} />
        </span>
      )}
    </button>
  );
}

/** The item that opens the submenu at `index` (a click, a pointer over it or ArrowRight). */
function SubMenuItem(props: { id: string; index: number; labelKey: string; expanded: boolean; testIdPrefix: string; onOpen(index: number): void }): JSX.Element {
  const { id, index, onOpen } = props;
  const { t } = useTranslation();
  return (
    <button
      id={id}
      type="button"
      role="menuitem"
      tabIndex={-1}
      className="atr-menu__item"
      data-menu-item
      data-submenu={index}
      aria-haspopup="menu"
      aria-expanded={props.expanded}
      data-testid={`${props.testIdPrefix}.${props.labelKey}`}
      onClick={() => onOpen(index)}
      onPointerEnter={() => onOpen(index)}
    >
      <span className="atr-menu__check" aria-hidden="true" />
      <CommandIcon name={undefined} />
      <span className="atr-menu__label">{t(props.labelKey)}</span>
      <span className="atr-menu__arrow" aria-hidden="true">
        ›
      </span>
    </button>
  );
}

function SubMenu(props: {
  registry: CommandRegistry;
  entries: readonly MenuEntry[];
  context: CommandContext;
  labelledBy: string;
  testIdPrefix: string;
  onBack(): void;
  onClose(refocus: boolean): void;
  refocusAfter?: (commandId: string) => boolean;
}): JSX.Element {
  const { onBack } = props;
  const wrapper = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<{ flip: boolean; up: number }>({ flip: false, up: 0 });
  // Beside its item, on the left when the right has no room, and moved up when it would pass the bottom edge.
  useLayoutEffect(() => {
    const box = wrapper.current?.getBoundingClientRect();
    if (!box || getComputedStyle(wrapper.current!).position !== 'absolute') return;
    const flip = box.right > window.innerWidth - MARGIN;
    const up = Math.max(0, box.bottom - (window.innerHeight - MARGIN));
    if (flip || up) setFit({ flip, up });
  }, []);
  return (
    <div
      ref={wrapper}
      className={`atr-menu__submenu${fit.flip ? ' atr-menu__submenu--flip' : ''}`}
      style={fit.up ? { marginTop: -fit.up } : undefined}
    >
      <CommandMenu registry={props.registry} entries={props.entries} context={props.context} labelledBy={props.labelledBy} testIdPrefix={props.testIdPrefix} onClose={props.onClose} refocusAfter={props.refocusAfter} onBack={onBack} />
    </div>
  );
}
