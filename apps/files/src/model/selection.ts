/**
 * Selection in a listing, as pure functions over the paths in display order:
 * a click selects one, Ctrl/Cmd+click toggles one, Shift+click selects the
 * range from the anchor; arrow keys move the focus (Shift extends).
 */
export interface Selection {
  /** Selected paths, in display order. */
  selected: readonly string[];
  /** Where a Shift range starts. */
  anchor: string | null;
  /** The item keyboard focus is on. */
  focused: string | null;
}

export const EMPTY_SELECTION: Selection = { selected: [], anchor: null, focused: null };

export type ClickMode = 'replace' | 'toggle' | 'range';

function inOrder(order: readonly string[], paths: Iterable<string>): string[] {
  const set = new Set(paths);
  return order.filter((p) => set.has(p));
}

function range(order: readonly string[], from: string | null, to: string): string[] {
  const end = order.indexOf(to);
  const start = from === null ? -1 : order.indexOf(from);
  if (start < 0) return [to];
  return order.slice(Math.min(start, end), Math.max(start, end) + 1);
}

/** A pointer click on an item. */
export function clickItem(selection: Selection, order: readonly string[], path: string, mode: ClickMode): Selection {
  if (!order.includes(path)) return selection;
  if (mode === 'toggle') {
    const has = selection.selected.includes(path);
    const next = has ? selection.selected.filter((p) => p !== path) : [...selection.selected, path];
    return { selected: inOrder(order, next), anchor: path, focused: path };
  }
  if (mode === 'range') return { selected: range(order, selection.anchor, path), anchor: selection.anchor ?? path, focused: path };
  return { selected: [path], anchor: path, focused: path };
}

/** Where a key moves the focus: by a number of items (an icon grid's row is `columns` items), or to the first or last. */
export type Step = number | 'first' | 'last';

/** Moves the focus; without `extend` the focused item becomes the selection, with it the range from the anchor. */
export function moveFocus(selection: Selection, order: readonly string[], step: Step, extend: boolean): Selection {
  if (order.length === 0) return EMPTY_SELECTION;
  const current = selection.focused === null ? -1 : order.indexOf(selection.focused);
  let index: number;
  if (step === 'first') index = 0;
  else if (step === 'last') index = order.length - 1;
  else if (current < 0) index = step > 0 ? 0 : order.length - 1;
  else index = Math.max(0, Math.min(order.length - 1, current + step));
  const path = order[index] as string;
  if (extend) return { selected: range(order, selection.anchor ?? selection.focused ?? path, path), anchor: selection.anchor ?? selection.focused ?? path, focused: path };
  return { selected: [path], anchor: path, focused: path };
}

/** Every item. */
export function selectAll(order: readonly string[], selection: Selection): Selection {
  return { selected: [...order], anchor: selection.anchor ?? order[0] ?? null, focused: selection.focused ?? order[0] ?? null };
}

/** The selection after the listing changed: paths gone are dropped, the order follows the listing. */
export function keepExisting(selection: Selection, order: readonly string[]): Selection {
  const has = new Set(order);
  return {
    selected: inOrder(order, selection.selected),
    anchor: selection.anchor !== null && has.has(selection.anchor) ? selection.anchor : null,
    focused: selection.focused !== null && has.has(selection.focused) ? selection.focused : null,
  };
}
