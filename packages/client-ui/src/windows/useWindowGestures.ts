import { snapZoneAt, type ResizeEdge, type SnapZone, type WindowManager } from '@atrium/client-core';
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
  /** The window's position when the drag began (after an un-maximize). */
  left: number;
  top: number;
  /** The desktop's top-left corner in client coordinates. */
  originX: number;
  originY: number;
  started: boolean;
  zone: SnapZone | null;
}

interface ResizeGesture {
  kind: 'resize';
  pointerId: number;
  edge: ResizeEdge;
  startX: number;
  startY: number;
  width: number;
  height: number;
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
 * Turns pointer gestures on a window's chrome into WindowManager calls:
 * the pointer is captured for the gesture, moves and resizes are coalesced
 * to one call per animation frame (beginMove/endMove and
 * beginResize/endResize around it), a drag to a screen edge snaps on release,
 * and a maximized or snapped window dragged by its header is restored under
 * the pointer first.
 */
export function useWindowGestures(windows: WindowManager, wid: number, frameRef: RefObject<HTMLElement | null>): WindowGestures {
  const gesture = useRef<Gesture | null>(null);
  const frame = useRef<number | null>(null);
  const pending = useRef<(() => void) | null>(null);
  const lastTap = useRef(-Infinity);
  const tapHandledAt = useRef(-Infinity);
  const [snapZone, setSnapZone] = useState<SnapZone | null>(null);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      document.documentElement.classList.remove('atr-dragging');
    },
    [],
  );

  /** Runs the latest call at the next animation frame; earlier ones of the same frame are dropped. */
  const schedule = (call: () => void) => {
    pending.current = call;
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const next = pending.current;
      pending.current = null;
      next?.();
    });
  };
  const flush = () => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    const next = pending.current;
    pending.current = null;
    next?.();
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
    flush();
    document.documentElement.classList.remove('atr-dragging');
    if (g.kind === 'resize') {
      windows.endResize(wid);
      return;
    }
    if (!g.started) return;
    windows.endMove(wid);
    setSnapZone(null);
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
        left: record.position.left,
        top: record.position.top,
        originX: origin.x,
        originY: origin.y,
        started: false,
        zone: null,
      };
      capture(event);
    },
    onPointerMove(event) {
      const g = gesture.current;
      if (g?.kind !== 'move' || g.pointerId !== event.pointerId) return;
      const dx = event.clientX - g.startX;
      const dy = event.clientY - g.startY;
      if (!g.started) {
        if (Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
        g.started = true;
        const record = windows.get(wid);
        if (record && (record.state.maximized || record.snapped) && windows.restore(wid)) {
          // Keep the grabbed point of the title bar under the pointer at the restored width.
          const restored = windows.get(wid) ?? record;
          const pointerX = g.startX - g.originX;
          const ratio = (pointerX - record.position.left) / Math.max(1, record.dimension.width);
          g.left = pointerX - ratio * restored.dimension.width;
          g.top = record.position.top;
        }
        windows.beginMove(wid);
        document.documentElement.classList.add('atr-dragging');
      }
      const position = { left: g.left + dx, top: g.top + dy };
      schedule(() => windows.move(wid, position));
      const zone = snapZoneAt({ left: event.clientX - g.originX, top: event.clientY - g.originY }, windows.viewport());
      g.zone = zone;
      setSnapZone(zone);
    },
    ...common,
    onPointerUp(event) {
      const g = gesture.current;
      if (g?.pointerId !== event.pointerId) return;
      if (g.kind === 'move' && !g.started && event.pointerType === 'touch') {
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
        width: record.dimension.width,
        height: record.dimension.height,
      };
      capture(event);
      windows.beginResize(wid);
      document.documentElement.classList.add('atr-dragging');
    },
    onPointerMove(event) {
      const g = gesture.current;
      if (g?.kind !== 'resize' || g.pointerId !== event.pointerId) return;
      const dx = event.clientX - g.startX;
      const dy = event.clientY - g.startY;
      const width = g.width + (g.edge.includes('e') ? dx : g.edge.includes('w') ? -dx : 0);
      const height = g.height + (g.edge.includes('s') ? dy : g.edge.includes('n') ? -dy : 0);
      schedule(() => windows.resize(wid, { width, height }, g.edge));
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
