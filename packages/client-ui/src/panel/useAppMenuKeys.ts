import type { AppMenuCategory, AppMenuEntry, AppMenuGroup, AppMenuModel } from '@atrium/client-core';
import type { KeyboardEvent, RefObject } from 'react';

/** What the application menu's keys act on. */
export interface AppMenuKeysOptions {
  appMenu: AppMenuModel;
  /** The categories as shown. */
  groups: readonly AppMenuGroup[];
  search: RefObject<HTMLInputElement | null>;
  menu: RefObject<HTMLDivElement | null>;
  /** Launches an available application and closes the menu. */
  launch(entry: AppMenuEntry): void;
  /** Closes the menu, focus going back to the panel's button. */
  close(): void;
  /** Remembers the item focused last (the menu's Tab stop). */
  setActive(key: string | null): void;
}

/** The moves a key in the menu makes. */
interface MenuMoves {
  appMenu: AppMenuModel;
  search: RefObject<HTMLInputElement | null>;
  focusItem(item: HTMLElement | undefined): void;
  /** Adds a typed character to the search (null: removes the last one) and focuses the search box. */
  typeIntoSearch(text: string | null): void;
  close(): void;
}

/**
 * The application menu's keys (docs/KEYBOARD.md): in the search box Enter launches the first
 * match and the arrows go into the menu; in the menu the arrows, Home and End move through the
 * visible items, ArrowRight and ArrowLeft open and close a category, Enter or Space activate an
 * item, a typed character or Backspace edits the search, and Tab out closes the menu.
 */
export function useAppMenuKeys(options: AppMenuKeysOptions): {
  handleSearchKey(event: KeyboardEvent<HTMLInputElement>): void;
  handleMenuKey(event: KeyboardEvent<HTMLDivElement>): void;
} {
  const { appMenu, groups, search, menu, launch, close, setActive } = options;

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const moves: MenuMoves = {
    appMenu,
    search,
    close,
    focusItem: (item) => {
      if (!item) return;
      item.focus();
      setActive(item.dataset.key ?? null);
    },
    typeIntoSearch: (text) => {
      const query = appMenu.getState().query;
      appMenu.setQuery(text === null ? query.slice(0, -1) : query + text);
      search.current?.focus();
    },
  };

  const handleSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Enter': {
        const first = appMenu.firstMatch();
        if (first) launch(first);
        break;
      }
      case 'ArrowDown': {
        const all = items();
        moves.focusItem(all.find((el) => el.dataset.entry !== undefined) ?? all[0]);
        break;
      }
      case 'ArrowUp':
        moves.focusItem(items().at(-1));
        break;
      case 'Tab':
        if (!event.shiftKey) return;
        close();
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const handleMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const current = event.target as HTMLElement;
    if (!all.includes(current)) return;
    const category = current.dataset.category as AppMenuCategory | undefined;
    const group = category ? groups.find((g) => g.category === category) : undefined;
    if (!menuItemKey(event, current, all, group, moves)) return;
    event.preventDefault();
    event.stopPropagation();
  };

  return { handleSearchKey, handleMenuKey };
}

/** Acts on a key pressed on the menu's item `current` (one of `all`, in `group`); false when the key is not the menu's. */
function menuItemKey(event: KeyboardEvent, current: HTMLElement, all: HTMLElement[], group: AppMenuGroup | undefined, moves: MenuMoves): boolean {
  const at = all.indexOf(current);
  const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
  if (printable && event.key !== ' ') {
    moves.typeIntoSearch(event.key);
    return true;
  }
  switch (event.key) {
    case 'ArrowDown':
      moves.focusItem(all[(at + 1) % all.length]);
      return true;
    case 'ArrowUp':
      if (at === 0) moves.search.current?.focus();
      else moves.focusItem(all[at - 1]);
      return true;
    case 'Home':
      moves.focusItem(all[0]);
      return true;
    case 'End':
      moves.focusItem(all.at(-1));
      return true;
    case 'ArrowRight':
      if (group && current.dataset.heading !== undefined && group.collapsed) moves.appMenu.setCollapsed(group.category, false);
      return true;
    case 'ArrowLeft':
      if (current.dataset.heading !== undefined) {
        if (group && !group.collapsed) moves.appMenu.setCollapsed(group.category, true);
      } else {
        // From an application to its category's heading.
        moves.focusItem(current.closest('[role="group"]')?.querySelector<HTMLElement>('[data-heading]') ?? undefined);
      }
      return true;
    case 'Enter':
    case ' ':
      current.click();
      return true;
    case 'Backspace':
      moves.typeIntoSearch(null);
      return true;
    case 'Tab':
      if (event.shiftKey) return false;
      moves.close();
      return true;
    default:
      return false;
  }
}
