import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

/** Which arrows move through a list: Up and Down, Left and Right (a strip of tabs), or both (tabs that change their layout). */
export type ListOrientation = 'vertical' | 'horizontal' | 'both';

export interface ListNavigationOptions {
  /** Default 'vertical'. */
  orientation?: ListOrientation;
  /** Past the last item to the first and back (default true); false stops at the ends. */
  wrap?: boolean;
}

/**
 * Where a key moves in a list of `count` items from `at` (-1: from outside
 * the list), by the product's keyboard rules (docs/KEYBOARD.md): the
 * arrows of the orientation to the next and previous item, Home and End to
 * the first and last. The previous item from outside the list is the last.
 * Null when the key does not move (or the list is empty).
 */
export function listIndexByKey(key: string, at: number, count: number, { orientation = 'vertical', wrap = true }: ListNavigationOptions = {}): number | null {
  if (count === 0) return null;
  const vertical = orientation !== 'horizontal';
  const horizontal = orientation !== 'vertical';
  const step = (by: number) => {
    if (at < 0) return by > 0 ? 0 : count - 1;
    const next = at + by;
    return wrap ? (next + count) % count : Math.min(count - 1, Math.max(0, next));
  };
  if ((key === 'ArrowDown' && vertical) || (key === 'ArrowRight' && horizontal)) return step(1);
  if ((key === 'ArrowUp' && vertical) || (key === 'ArrowLeft' && horizontal)) return step(-1);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * Moves focus in a list of items by key (listIndexByKey from the focused
 * one). Returns the item focused, or null when the key was not one of the
 * list's (the caller then leaves the key alone; else it prevents its default).
 */
export function focusByKey(items: readonly HTMLElement[], key: string, options?: ListNavigationOptions): HTMLElement | null {
  const next = listIndexByKey(key, items.indexOf(document.activeElement as HTMLElement), items.length, options);
  const item = next === null ? null : (items[next] ?? null);
  item?.focus();
  return item;
}

/**
 * A keydown handler for a list whose items match `selector` inside the
 * element the handler is on: moves focus by the keys (focusByKey), prevents
 * their default and calls `onMove` with the item focused.
 */
export function listKeyHandler(selector: string, options: ListNavigationOptions & { onMove?(item: HTMLElement): void } = {}): (event: ReactKeyboardEvent<HTMLElement>) => void {
  return (event) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(selector)];
    const item = focusByKey(items, event.key, options);
    if (!item) return;
    event.preventDefault();
    options.onMove?.(item);
  };
}
