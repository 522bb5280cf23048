import { useRef, useState, type PointerEvent, type RefObject } from 'react';

/** How far (CSS pixels) a pointer moves before a press becomes a drag (so that a click stays a click). */
export const DRAG_THRESHOLD = 5;

/** A card being dragged: where its copy is drawn in the board, and the column under the pointer. */
export interface CardDrag {
  name: string;
  /** The copy's place and width, relative to the board. */
  left: number;
  top: number;
  width: number;
  /** The index of the column under the pointer, if any. */
  over: number | null;
}

/** The card a drop lands before in a column's list: the first whose middle is below the pointer (the dragged card left out). */
export function dropIndex(list: HTMLElement, y: number, dragged: string | null): number {
  const cards = [...list.querySelectorAll<HTMLElement>('[data-card]')].filter((c) => c.dataset.card !== dragged);
  const index = cards.findIndex((c) => {
    const box = c.getBoundingClientRect();
    return y < box.top + box.height / 2;
  });
  return index < 0 ? cards.length : index;
}

/** The column (`data-column-index`) under a point of the page. */
function columnAt(x: number, y: number): HTMLElement | null {
  return document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-column-index]') ?? null;
}

/**
 * Dragging cards with any pointer (pointer events, docs/behaviour/records-views.md#board):
 * a mouse drags a card from anywhere on it, a finger or a pen from its grip
 * (`data-grip`), so that elsewhere a touch still scrolls. A press becomes a
 * drag once the pointer moves DRAG_THRESHOLD; a copy of the card follows the
 * pointer, and the release over a column gives the column and the place there.
 */
export function usePointerDrag(root: RefObject<HTMLElement | null>, enabled: boolean, onDrop: (name: string, column: number, index: number) => void) {
  const [drag, setDrag] = useState<CardDrag | null>(null);
  const press = useRef<{ name: string; pointerId: number; x: number; y: number; offsetX: number; offsetY: number; width: number; active: boolean } | null>(null);

  const where = (x: number, y: number) => {
    const board = root.current?.getBoundingClientRect();
    return { left: x - (board?.left ?? 0), top: y - (board?.top ?? 0) };
  };

  const onCardPointerDown = (event: PointerEvent<HTMLElement>, name: string) => {
    if (!enabled || event.button !== 0) return;
    if (event.pointerType !== 'mouse' && !(event.target as Element).closest('[data-grip]')) return;
    const box = event.currentTarget.getBoundingClientRect();
    press.current = { name, pointerId: event.pointerId, x: event.clientX, y: event.clientY, offsetX: event.clientX - box.left, offsetY: event.clientY - box.top, width: box.width, active: false };
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const p = press.current;
    if (p === null || p.pointerId !== event.pointerId) return;
    if (!p.active) {
      if (Math.hypot(event.clientX - p.x, event.clientY - p.y) < DRAG_THRESHOLD) return;
      p.active = true;
      // The board follows the pointer from now on, wherever it goes.
      root.current?.setPointerCapture?.(event.pointerId);
    }
    event.preventDefault();
    const at = where(event.clientX - p.offsetX, event.clientY - p.offsetY);
    const column = columnAt(event.clientX, event.clientY);
    setDrag({ name: p.name, ...at, width: p.width, over: column ? Number(column.dataset.columnIndex) : null });
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const p = press.current;
    if (p === null || p.pointerId !== event.pointerId) return;
    press.current = null;
    if (!p.active) return;
    setDrag(null);
    const column = columnAt(event.clientX, event.clientY);
    if (column === null) return;
    const list = column.querySelector<HTMLElement>('.rcv-column__cards');
    onDrop(p.name, Number(column.dataset.columnIndex), list ? dropIndex(list, event.clientY, p.name) : 0);
  };

  const onPointerCancel = () => {
    press.current = null;
    setDrag(null);
  };

  return { drag, onCardPointerDown, boardHandlers: { onPointerMove, onPointerUp, onPointerCancel } };
}
