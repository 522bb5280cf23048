import { useRef, useState, type PointerEvent, type RefObject } from 'react';
import { GRID_COLUMNS } from '../../model/gridLayout.js';

/** A gesture under way on a widget's handle: which widget, what it does, and how many cells the pointer has gone so far. */
export interface GridGesture {
  id: string;
  kind: 'move' | 'resize';
  dx: number;
  dy: number;
}

/** The cells a pointer's travel in CSS pixels makes on a grid of a width and a row height (rounded to the nearest cell). */
export function cellsOf(px: { x: number; y: number }, grid: { width: number; rowHeight: number }): { dx: number; dy: number } {
  const column = grid.width / GRID_COLUMNS;
  return { dx: column > 0 ? Math.round(px.x / column) : 0, dy: grid.rowHeight > 0 ? Math.round(px.y / grid.rowHeight) : 0 };
}

/**
 * Moving and resizing widgets with any pointer (docs/behaviour/dashboards.md#editing-a-dashboard):
 * a press on a widget's move or resize handle follows the pointer, the
 * widget's outline shows where it would go, and the release gives the
 * travel in grid cells; Escape drops it. The arithmetic of the grid stays
 * in the model.
 */
export function useGridDrag(grid: RefObject<HTMLElement | null>, rowHeight: number, onDrop: (gesture: GridGesture) => void) {
  const [gesture, setGesture] = useState<GridGesture | null>(null);
  const press = useRef<{ id: string; kind: GridGesture['kind']; pointerId: number; x: number; y: number } | null>(null);

  const travel = (event: PointerEvent<HTMLElement>): GridGesture | null => {
    const p = press.current;
    if (p === null || p.pointerId !== event.pointerId) return null;
    const width = grid.current?.getBoundingClientRect().width ?? 0;
    return { id: p.id, kind: p.kind, ...cellsOf({ x: event.clientX - p.x, y: event.clientY - p.y }, { width, rowHeight }) };
  };

  /** Drops the gesture under way (Escape, or the browser took the pointer): the widget stays where it was. */
  const cancel = () => {
    press.current = null;
    setGesture(null);
  };

  const handleProps = (id: string, kind: GridGesture['kind']) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      event.preventDefault();
      press.current = { id, kind, pointerId: event.pointerId, x: event.clientX, y: event.clientY };
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setGesture({ id, kind, dx: 0, dy: 0 });
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const next = travel(event);
      if (next && (next.dx !== gesture?.dx || next.dy !== gesture?.dy)) setGesture(next);
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const done = travel(event);
      press.current = null;
      setGesture(null);
      if (done && (done.dx !== 0 || done.dy !== 0)) onDrop(done);
    },
    onPointerCancel: cancel,
  });

  return { gesture, handleProps, cancel };
}
