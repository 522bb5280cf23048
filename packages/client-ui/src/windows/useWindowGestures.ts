import { edgeDragDimension, restoreUnderPointer, snapZoneAt, type ResizeEdge, type SnapZone, type WindowManager } from '@atrium/client-core';
import { WINDOW_DOUBLE_TAP } from '@atrium/shared';
import { useEffect, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

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

/** Applies a gesture's latest pointer position to the model; `showZone` hears of a new snap zone under the pointer. */
function applyGesture(windows: WindowManager, wid: number, g: Gesture, showZone: (zone: SnapZone | null) => void): void {
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
    showZone(zone);
  }
}

/** Tells the model a begun gesture ended; a committed drag over a snap zone snaps the window. */
function endGesture(windows: WindowManager, wid: number, g: Gesture, commit: boolean, showZone: (zone: SnapZone | null) => void): void {
  if (!g.begun) return;
  if (g.kind === 'resize') {
    windows.endResize(wid);
    return;
  }
  windows.endMove(wid);
  if (g.zone) showZone(null);
  if (commit && g.zone) windows.snap(wid, g.zone);
}

function capture(event: ReactPointerEvent<HTMLElement>): void {
  try {
    event.currentTarget.setPointerCapture(event.pointerId);
  } catch {
    // A pointer that is already gone cannot be captured; the gesture then ends with it.
  }
}

/**
 * What the handlers of a window's chrome share: the gesture under way, applied to the model
 * once per animation frame. Plain state outside React's render, one per window frame.
 */
class GestureContext {
  readonly windows: WindowManager;
  readonly wid: number;
  /** The times of the last touch tap on the header and of the last double-tap handled. */
  readonly taps = { last: -Infinity, handledAt: -Infinity };
  readonly #frameRef: RefObject<HTMLElement | null>;
  readonly #showZone: (zone: SnapZone | null) => void;
  #gesture: Gesture | null = null;
  #frame: number | null = null;

  constructor(windows: WindowManager, wid: number, frameRef: RefObject<HTMLElement | null>, showZone: (zone: SnapZone | null) => void) {
    this.windows = windows;
    this.wid = wid;
    this.#frameRef = frameRef;
    this.#showZone = showZone;
  }

  current(): Gesture | null {
    return this.#gesture;
  }

  begin(gesture: Gesture): void {
    this.#gesture = gesture;
  }

  /** Asks for one application of the gesture at the next animation frame, however many pointer events come before it. */
  schedule(): void {
    if (this.#frame !== null) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = null;
      if (this.#gesture) applyGesture(this.windows, this.wid, this.#gesture, this.#showZone);
    });
  }

  /** Ends the gesture, applying what is pending when `commit`. */
  finish(commit: boolean): void {
    const g = this.#gesture;
    this.#gesture = null;
    if (!g) return;
    const pending = this.#frame !== null;
    if (pending) cancelAnimationFrame(this.#frame!);
    this.#frame = null;
    // What the pointer did since the last frame counts; a cancelled gesture keeps the last applied position.
    if (pending && commit) applyGesture(this.windows, this.wid, g, this.#showZone);
    endGesture(this.windows, this.wid, g, commit, this.#showZone);
  }

  /** The desktop's top-left corner in client coordinates. */
  desktopOrigin(): { x: number; y: number } {
    const rect = this.#frameRef.current?.parentElement?.getBoundingClientRect();
    return { x: rect?.left ?? 0, y: rect?.top ?? 0 };
  }

  /** Forgets a frame still asked for (the window's view is gone). */
  dispose(): void {
    if (this.#frame !== null) cancelAnimationFrame(this.#frame);
    this.#frame = null;
  }
}

/** The release, cancel and lost capture of the gesture's own pointer end it. */
function endHandlers(ctx: GestureContext): Pick<GestureHandlers, 'onPointerUp' | 'onPointerCancel' | 'onLostPointerCapture'> {
  return {
    onPointerUp(event) {
      if (ctx.current()?.pointerId === event.pointerId) ctx.finish(true);
    },
    onPointerCancel(event) {
      if (ctx.current()?.pointerId === event.pointerId) ctx.finish(false);
    },
    onLostPointerCapture(event) {
      if (ctx.current()?.pointerId === event.pointerId) ctx.finish(true);
    },
  };
}

/** The title bar's handlers: a press past DRAG_THRESHOLD drags the window; two taps toggle maximize. */
function headerHandlers(ctx: GestureContext): GestureHandlers {
  const { windows, wid, taps } = ctx;
  return {
    onPointerDown(event) {
      if (event.button !== 0 || isControl(event.target)) return;
      const record = windows.get(wid);
      if (!record?.attributes.moveable) return;
      const origin = ctx.desktopOrigin();
      const [x, y] = [event.clientX, event.clientY];
      ctx.begin({ kind: 'move', pointerId: event.pointerId, startX: x, startY: y, x, y, left: record.position.left, top: record.position.top, originX: origin.x, originY: origin.y, dragging: false, begun: false, zone: null });
      capture(event);
    },
    onPointerMove(event) {
      const g = ctx.current();
      if (g?.kind !== 'move' || g.pointerId !== event.pointerId) return;
      if (!g.dragging && Math.hypot(event.clientX - g.startX, event.clientY - g.startY) < DRAG_THRESHOLD) return;
      g.dragging = true;
      g.x = event.clientX;
      g.y = event.clientY;
      ctx.schedule();
    },
    ...endHandlers(ctx),
    onPointerUp(event) {
      const g = ctx.current();
      if (g?.pointerId !== event.pointerId) return;
      if (g.kind === 'move' && !g.dragging && event.pointerType === 'touch') {
        // Two taps within WINDOW_DOUBLE_TAP toggle maximize, as a double-click does with a mouse.
        if (event.timeStamp - taps.last <= WINDOW_DOUBLE_TAP) {
          taps.last = -Infinity;
          taps.handledAt = event.timeStamp;
          const record = windows.get(wid);
          if (record?.attributes.maximizable) windows.toggleMaximize(wid);
        } else {
          taps.last = event.timeStamp;
        }
      }
      ctx.finish(true);
    },
  };
}

/** A resize handle's handlers: a press on it resizes the window by its edge. */
function resizeHandlers(ctx: GestureContext, edge: ResizeEdge): GestureHandlers {
  return {
    onPointerDown(event) {
      if (event.button !== 0) return;
      event.stopPropagation();
      const record = ctx.windows.get(ctx.wid);
      if (!record?.attributes.resizable || record.state.maximized) return;
      const [x, y] = [event.clientX, event.clientY];
      ctx.begin({ kind: 'resize', pointerId: event.pointerId, edge, startX: x, startY: y, x, y, width: record.dimension.width, height: record.dimension.height, begun: false });
      capture(event);
    },
    onPointerMove(event) {
      const g = ctx.current();
      if (g?.kind !== 'resize' || g.pointerId !== event.pointerId) return;
      g.x = event.clientX;
      g.y = event.clientY;
      ctx.schedule();
    },
    ...endHandlers(ctx),
  };
}

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
  const [snapZone, setSnapZone] = useState<SnapZone | null>(null);
  const [ctx] = useState(() => new GestureContext(windows, wid, frameRef, setSnapZone));
  useEffect(() => () => ctx.dispose(), [ctx]);
  return {
    header: headerHandlers(ctx),
    resize: (edge) => resizeHandlers(ctx, edge),
    isSyntheticDoubleClick: (timeStamp) => timeStamp - ctx.taps.handledAt < SYNTHETIC_DBLCLICK,
    snapZone,
  };
}
