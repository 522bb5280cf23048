import { DASHBOARD_LIMITS } from '@atrium/shared/dashboards';

/**
 * The editor's grid arithmetic (docs/behaviour/dashboards.md#editing-a-dashboard):
 * twelve columns, widgets 1 to 12 rows tall, pure functions over a list of
 * placed items. Every step keeps the layout free of overlaps: the item the
 * user moves or resizes takes its place, the widgets it would cover are
 * pushed down, and then every widget rises as far as it can (vertical
 * compaction), so a dashboard never keeps an empty band between widgets.
 */

/** A widget's place: column, row, width in columns, height in rows. */
export interface GridItem {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export const GRID_COLUMNS = DASHBOARD_LIMITS.columns;
export const GRID_MAX_HEIGHT = DASHBOARD_LIMITS.rows;

/** The keys that move (arrows) or, with Shift, resize a widget whose handle has the focus. */
export type GridKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

const within = (value: number, low: number, high: number) => Math.min(high, Math.max(low, Math.round(value)));

/** The item held inside the grid: width and height 1..12, its right edge at most column 12, row 0 or below. */
export function clampItem(item: GridItem): GridItem {
  const w = within(item.w, 1, GRID_COLUMNS);
  const h = within(item.h, 1, GRID_MAX_HEIGHT);
  return { id: item.id, w, h, x: within(item.x, 0, GRID_COLUMNS - w), y: Math.max(0, Math.round(item.y)) };
}

/** Whether two different items share a cell. */
export function collides(a: GridItem, b: GridItem): boolean {
  return a.id !== b.id && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** Whether any two items of the layout share a cell. */
export function hasOverlaps(layout: readonly GridItem[]): boolean {
  return layout.some((a, i) => layout.slice(i + 1).some((b) => collides(a, b)));
}

const byRow = (a: GridItem, b: GridItem) => a.y - b.y || a.x - b.x;

/**
 * Vertical compaction: in reading order, each item rises while the rows
 * above it are free, and drops below whatever it still overlaps. The
 * answer has the items in the order given.
 */
export function compact(layout: readonly GridItem[]): GridItem[] {
  const placed: GridItem[] = [];
  for (const item of [...layout].sort(byRow)) {
    const next = { ...item };
    while (next.y > 0 && !placed.some((p) => collides(p, { ...next, y: next.y - 1 }))) next.y--;
    for (let hit = placed.find((p) => collides(p, next)); hit; hit = placed.find((p) => collides(p, next))) next.y = hit.y + hit.h;
    placed.push(next);
  }
  return layout.map((item) => placed.find((p) => p.id === item.id)!);
}

/**
 * The layout with `moved` fixed where it is: a widget it covers moving
 * down tries first to take the rows just above it (the two swap places),
 * and every other widget that overlaps is pushed below what it covers,
 * widgets further down in turn.
 */
function settle(layout: readonly GridItem[], moved: GridItem, from: GridItem): GridItem[] {
  const others = layout.filter((item) => item.id !== moved.id).sort(byRow);
  const placed: GridItem[] = [moved];
  const movingDown = moved.y > from.y;
  for (const item of others) {
    let next = { ...item };
    if (movingDown && collides(next, moved)) {
      const above = { ...next, y: Math.max(0, moved.y - next.h) };
      const free = !collides(above, moved) && !others.some((o) => o.id !== next.id && collides(o, above));
      if (free) next = above;
    }
    for (let hit = placed.find((p) => collides(p, next)); hit; hit = placed.find((p) => collides(p, next))) next.y = hit.y + hit.h;
    placed.push(next);
  }
  return layout.map((item) => placed.find((p) => p.id === item.id)!);
}

/** The layout after the item `id` takes `change` (its place or its size), clamped, without overlaps, compacted. */
function place(layout: readonly GridItem[], id: string, change: Partial<Omit<GridItem, 'id'>>): GridItem[] {
  const from = layout.find((item) => item.id === id);
  if (from === undefined) return [...layout];
  const moved = clampItem({ ...from, ...change });
  return compact(settle(layout, moved, from));
}

/** Moves an item to a column and row (a pointer drop, in grid units). */
export function moveItem(layout: readonly GridItem[], id: string, to: { x: number; y: number }): GridItem[] {
  return place(layout, id, to);
}

/** Gives an item a width and height (a pointer resize, in grid units). */
export function resizeItem(layout: readonly GridItem[], id: string, size: { w: number; h: number }): GridItem[] {
  return place(layout, id, size);
}

/**
 * One keyboard step: an arrow moves the item one cell, Shift with an arrow
 * makes it one cell wider (right), narrower (left), taller (down) or
 * shorter (up). A step down that the compaction would undo goes on to the
 * nearest row where the item does land lower (past the widget below it);
 * a step that cannot be made leaves the layout as it is.
 */
export function keyboardStep(layout: readonly GridItem[], id: string, key: GridKey, shift: boolean): GridItem[] {
  const item = layout.find((i) => i.id === id);
  if (item === undefined) return [...layout];
  if (shift) {
    const dw = key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : 0;
    const dh = key === 'ArrowDown' ? 1 : key === 'ArrowUp' ? -1 : 0;
    if (item.x + item.w + dw > GRID_COLUMNS) return [...layout];
    return resizeItem(layout, id, { w: item.w + dw, h: item.h + dh });
  }
  if (key === 'ArrowLeft' || key === 'ArrowRight') return moveItem(layout, id, { x: item.x + (key === 'ArrowRight' ? 1 : -1), y: item.y });
  if (key === 'ArrowUp') return item.y === 0 ? [...layout] : moveItem(layout, id, { x: item.x, y: item.y - 1 });
  const bottom = Math.max(...layout.map((i) => i.y + i.h));
  for (let y = item.y + 1; y <= bottom; y++) {
    const next = moveItem(layout, id, { x: item.x, y });
    if (next.find((i) => i.id === id)!.y > item.y) return next;
  }
  return [...layout];
}

/**
 * Where a new item of a size goes: the first place, row by row and then
 * column by column, where it covers no other item (below the others when
 * the grid is full across).
 */
export function firstFreeSpot(layout: readonly GridItem[], size: { w: number; h: number }): { x: number; y: number } {
  const { w, h } = clampItem({ id: '', x: 0, y: 0, ...size });
  const bottom = layout.reduce((max, i) => Math.max(max, i.y + i.h), 0);
  for (let y = 0; y <= bottom; y++) {
    for (let x = 0; x + w <= GRID_COLUMNS; x++) {
      const candidate = { id: '\u0000new', x, y, w, h };
      if (!layout.some((i) => collides(i, candidate))) return { x, y };
    }
  }
  return { x: 0, y: bottom };
}
