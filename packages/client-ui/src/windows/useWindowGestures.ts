import { edgeDragDimension, restoreUnderPointer, snapZoneAt, type ResizeEdge, type SnapZone, type WindowManager } from '@atrium/client-core';
import { WINDOW_DOUBLE_TAP } from '@atrium/shared';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

/** Pixels a pointer must travel before a press on the header becomes a drag (a click or double-click stays one). */
const DRAG_THRESHOLD = 4;
/** A double-click that follows a double-tap this soon is the same gesture (browsers synthesise it). */
const SYNTHETIC_DBLCLICK = 500;

interface MoveGesture {
  kind: 'move';
  pointerId: number;
  startX: number;
  startY: number;
  /** The latest pointer position, applied at the next animation frame. */
  x: number;
  y: number;
  /** The window's position when the drag began (after an un-maximize). */
  left: number;
  top: number;
  /** The desktop's top-left corner in client coordinates. */
  originX: number;
  originY: number;
  /** The pointer has gone past DRAG_THRESHOLD: the press is a drag. */
  dragging: boolean;
  /** The model has been told (beginMove). */
  begun: boolean;
  zone: SnapZone | null;
}

interface ResizeGesture {
  kind: 'resize';
  pointerId: number;
  edge: ResizeEdge;
  startX: number;
  startY: number;
  x: number;
  y: number;
  width: number;
  height: number;
  begun: boolean;
}

type Gesture = MoveGesture | ResizeGesture;

/** Pointer handlers for an element that captures the pointer during a gesture. */
export interface GestureHandlers {
  onPointerDown(event: ReactPointerEvent<HTMLElement>): void;
  onPointerMove(event: ReactPointerEvent<HTMLElement>): void;
  onPointerUp(event: ReactPointerEvent<HTMLElement>): void;
  onPointerCancel(event: ReactPointerEvent<HTMLElement>): void;
  onLostPointerCapture(event: ReactPointerEvent<HTMLElement>): void;
}

export interface WindowGestures {
  /** For the title bar: drag to move (and snap), double-tap to toggle maximize. */
  header: GestureHandlers;
  /** For a resize handle of the given edge. */
  resize(edge: ResizeEdge): GestureHandlers;
  /** Whether a double-click now is the tail of a double-tap already handled. */
  isSyntheticDoubleClick(timeStamp: number): boolean;
  /** The snap zone under the pointer while dragging, for the preview. */
  snapZone: SnapZone | null;
}

const isControl = (target: EventTarget) => target instanceof Element && !!target.closest('button, a, input, select, textarea, [role="menu"]');

/**
 * Turns pointer gestures on a window's chrome into WindowManager calls.
 * The pointer is captured for the gesture, so the cursor, hover and text
 * selection need nothing outside the window (no page-wide class: toggling
 * one would recalculate the style of the whole page at the start and end of
 * every gesture, see docs/PERFORMANCE.md). Pointer events only record where
 * the pointer is; once per animation frame the latest position is applied
 * (beginMove/beginResize on the first frame, the move or resize, the snap
 * preview), so a frame commits at most one React update, and only this
 * window's. The release applies what is pending, ends the gesture and snaps
 * when dragged to a screen edge. A maximized or snapped window dragged by
 * its header is restored under the pointer first.
 */
export function useWindowGestures(windows: WindowManager, wid: number, frameRef: RefObject<HTMLElement | null>): WindowGestures {
  const gesture = useRef<Gesture | null>(null);
  const frame = useRef<number | null>(null);
  const lastTap = useRef(-Infinity);
  const tapHandledAt = useRef(-Infinity);
  const [snapZone, setSnapZone] = useState<SnapZone | null>(null);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
    },
    [],
  );

  /** Applies the gesture's latest pointer position to the model. */
  const apply = (g: Gesture) => {
    const dx = g.x - g.startX;
    const dy = g.y - g.startY;
    if (g.kind === 'resize') {
      if (!g.begun) {
        g.begun = true;
        windows.beginResize(wid);
      }
      windows.resize(wid, edgeDragDimension(g, g.edge, dx, dy), g.edge);
      return;
    }
    if (!g.begun) {
      g.begun = true;
      const record = windows.get(wid);
      if (record && (record.state.maximized || record.snapped) && windows.restore(wid)) {
        // Keep the grabbed point of the title bar under the pointer at the restored width.
        const restored = windows.get(wid) ?? record;
        const position = restoreUnderPointer({ left: g.startX - g.originX, top: g.startY - g.originY }, record, restored.dimension);
        g.left = position.left;
        g.top = position.top;
      }
      windows.beginMove(wid);
    }
    windows.move(wid, { left: g.left + dx, top: g.top + dy });
    const zone = snapZoneAt({ left: g.x - g.originX, top: g.y - g.originY }, windows.viewport());
    if (zone !== g.zone) {
      g.zone = zone;
      setSnapZone(zone);
    }
  };

  /** Asks for one application of the gesture at the next animation frame, however many pointer events come before it. */
  const schedule = () => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      if (gesture.current) apply(gesture.current);
    });
  };

  const desktopOrigin = () => {
    const rect = frameRef.current?.parentElement?.getBoundingClientRect();
    return { x: rect?.left ?? 0, y: rect?.top ?? 0 };
  };

  const capture = (event: ReactPointerEvent<HTMLElement>) => {
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer that is already gone cannot be captured; the gesture then ends with it.
    }
  };

  const finish = (commit: boolean) => {
    const g = gesture.current;
    gesture.current = null;
    if (!g) return;
    const pending = frame.current !== null;
    if (pending) cancelAnimationFrame(frame.current!);
    frame.current = null;
    // What the pointer did since the last frame counts; a cancelled gesture keeps the last applied position.
    if (pending && commit) apply(g);
    if (!g.begun) return;
    if (g.kind === 'resize') {
      windows.endResize(wid);
      return;
    }
    windows.endMove(wid);
    if (g.zone) setSnapZone(null);
    if (commit && g.zone) windows.snap(wid, g.zone);
  };

  const common = {
    onPointerUp(event: ReactPointerEvent<HTMLElement>) {
      if (gesture.current?.pointerId === event.pointerId) finish(true);
    },
    onPointerCancel(event: ReactPointerEvent<HTMLElement>) {
      if (gesture.current?.pointerId === event.pointerId) finish(false);
    },
    onLostPointerCapture(event: ReactPointerEvent<HTMLElement>) {
      if (gesture.current?.pointerId === event.pointerId) finish(true);
    },
  };

  const header: GestureHandlers = {
    onPointerDown(event) {
      if (event.button !== 0 || isControl(event.target)) return;
      const record = windows.get(wid);
      if (!record?.attributes.moveable) return;
      const origin = desktopOrigin();
      gesture.current = {
        kind: 'move',
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        x: event.clientX,
        y: event.clientY,
        left: record.position.left,
        top: record.position.top,
        originX: origin.x,
        originY: origin.y,
        dragging: false,
        begun: false,
        zone: null,
      };
      capture(event);
    },
    onPointerMove(event) {
      const g = gesture.current;
      if (g?.kind !== 'move' || g.pointerId !== event.pointerId) return;
      if (!g.dragging && Math.hypot(event.clientX - g.startX, event.clientY - g.startY) < DRAG_THRESHOLD) return;
      g.dragging = true;
      g.x = event.clientX;
      g.y = event.clientY;
      schedule();
    },
    ...common,
    onPointerUp(event) {
      const g = gesture.current;
      if (g?.pointerId !== event.pointerId) return;
      if (g.kind === 'move' && !g.dragging && event.pointerType === 'touch') {
        // Two taps within WINDOW_DOUBLE_TAP toggle maximize, as a double-click does with a mouse.
        if (event.timeStamp - lastTap.current <= WINDOW_DOUBLE_TAP) {
          lastTap.current = -Infinity;
          tapHandledAt.current = event.timeStamp;
          const record = windows.get(wid);
          if (record?.attributes.maximizable) windows.toggleMaximize(wid);
        } else {
          lastTap.current = event.timeStamp;
        }
      }
      finish(true);
    },
  };

  const resize = (edge: ResizeEdge): GestureHandlers => ({
    onPointerDown(event) {
      if (event.button !== 0) return;
      event.stopPropagation();
      const record = windows.get(wid);
      if (!record?.attributes.resizable || record.state.maximized) return;
      gesture.current = {
        kind: 'resize',
        pointerId: event.pointerId,
        edge,
        startX: event.clientX,
        startY: event.clientY,
        x: event.clientX,
        y: event.clientY,
        width: record.dimension.width,
        height: record.dimension.height,
        begun: false,
      };
      capture(event);
    },
    onPointerMove(event) {
      const g = gesture.current;
      if (g?.kind !== 'resize' || g.pointerId !== event.pointerId) return;
      g.x = event.clientX;
      g.y = event.clientY;
      schedule();
    },
    ...common,
  });

  return {
    header,
    resize,
    isSyntheticDoubleClick: (timeStamp) => timeStamp - tapHandledAt.current < SYNTHETIC_DBLCLICK,
    snapZone,
  };
}
