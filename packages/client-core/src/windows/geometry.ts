/**
 * Pure window geometry: clamping, media classes, gravity, cascade, snapping,
 * edge resizing and the arithmetic of pointer gestures. No state, no clock; WindowManager composes these.
 */
import { MEDIA_BIG_MIN, MEDIA_SMALL_MAX, WINDOW_STAGGER } from '@atrium/shared';
import { DEFAULT_WINDOW_DIMENSION } from './attributes.js';
import type { Dimension, Gravity, Media, Position, ResizeEdge, SnapZone, WindowAttributes } from './types.js';

/** A window's position and dimension together. */
export interface Bounds {
  position: Position;
  dimension: Dimension;
}

/** How close (px) the pointer must come to the left, right or top edge to snap there. */
export const SNAP_THRESHOLD = 8;

function clampAxis(value: number, min: number, max: number | undefined): number {
  // The minimum wins over a maximum below it.
  return Math.max(min, max === undefined ? value : Math.min(value, max));
}

/** d limited to [min, max] on each axis (max null = unbounded); the minimum wins when they conflict. */
export function clampDimension(d: Dimension, min: Dimension, max: Dimension | null): Dimension {
  return { width: clampAxis(d.width, min.width, max?.width), height: clampAxis(d.height, min.height, max?.height) };
}

/** Media class of a window width: small <= 640, medium < 1024, big >= 1024. */
export function mediaOf(width: number): Media {
  if (width <= MEDIA_SMALL_MAX) return 'small';
  return width < MEDIA_BIG_MIN ? 'medium' : 'big';
}

/**
 * Position of a window of dimension d placed by gravity g in the viewport
 * ('center' centres both ways; 'top' is centred horizontally at the top;
 * 'left' centred vertically at the left; corners as named). Never above or
 * left of the viewport's origin, even when the window is larger.
 */
export function gravityPosition(g: Gravity, d: Dimension, viewport: Dimension): Position {
  const freeX = viewport.width - d.width;
  const freeY = viewport.height - d.height;
  const parts = g.split('-');
  const left = parts.includes('left') ? 0 : parts.includes('right') ? freeX : Math.round(freeX / 2);
  const top = parts.includes('top') ? 0 : parts.includes('bottom') ? freeY : Math.round(freeY / 2);
  return { left: Math.max(0, left), top: Math.max(0, top) };
}

/**
 * Cascade position of the index-th window (0-based): 30 px steps down and
 * to the right starting at (30, 30), wrapping back to the start when the
 * next step would push a window of dimension d out of the viewport. A window
 * too large for any step is placed at the origin side that fits best (>= 0).
 */
export function staggeredPosition(index: number, viewport: Dimension, d: Dimension): Position {
  const freeX = viewport.width - d.width;
  const freeY = viewport.height - d.height;
  const count = Math.max(1, Math.min(Math.floor(freeX / WINDOW_STAGGER), Math.floor(freeY / WINDOW_STAGGER)));
  const step = ((Math.trunc(index) % count) + count) % count;
  const offset = WINDOW_STAGGER * (step + 1);
  return { left: Math.max(0, Math.min(offset, freeX)), top: Math.max(0, Math.min(offset, freeY)) };
}

/**
 * The snap zone under the pointer while dragging: 'left' or 'right' within
 * threshold px of those edges (they win in the top corners), else 'top'
 * within threshold px of the top edge, else null.
 */
export function snapZoneAt(pointer: Position, viewport: Dimension, threshold: number = SNAP_THRESHOLD): SnapZone | null {
  if (pointer.left <= threshold) return 'left';
  if (pointer.left >= viewport.width - threshold) return 'right';
  if (pointer.top <= threshold) return 'top';
  return null;
}

/**
 * Bounds of a snap zone: left/right = half the viewport width at full
 * height; top = the whole viewport. With limits, a half's dimension is
 * clamped to the window's min/max dimension.
 */
export function snapBounds(zone: SnapZone, viewport: Dimension, limits?: Pick<WindowAttributes, 'minDimension' | 'maxDimension'>): Bounds {
  if (zone === 'top') return { position: { left: 0, top: 0 }, dimension: { ...viewport } };
  const half = Math.floor(viewport.width / 2);
  const width = zone === 'left' ? half : viewport.width - half;
  const dimension = { width, height: viewport.height };
  return { position: { left: zone === 'left' ? 0 : half, top: 0 }, dimension: limits ? clampDimension(dimension, limits.minDimension, limits.maxDimension) : dimension };
}

/**
 * Where a window goes when the viewport changes to the given one: a
 * maximized window fills it, a snapped one keeps its zone, a clamp one is
 * kept inside it; null when it stays where it is.
 */
export function boundsInViewport(w: Bounds & { state: { maximized: boolean }; snapped: SnapZone | null; attributes: WindowAttributes }, viewport: Dimension): Bounds | null {
  if (w.state.maximized) return snapBounds('top', viewport);
  if (w.snapped) return snapBounds(w.snapped, viewport, w.attributes);
  if (!w.attributes.clamp) return null;
  const dimension = clampDimension(w.dimension, w.attributes.minDimension, viewport);
  return { position: constrainPosition(w.position, dimension, viewport), dimension };
}

/**
 * p adjusted so that the window is never above the top edge (top >= 0) and,
 * when a viewport is given (clamp attribute), lies inside it as far as its
 * size allows (a window larger than the viewport sits at the origin).
 */
export function constrainPosition(p: Position, d: Dimension, viewport: Dimension | null): Position {
  if (!viewport) return { left: p.left, top: Math.max(0, p.top) };
  return {
    left: Math.max(0, Math.min(p.left, viewport.width - d.width)),
    top: Math.max(0, Math.min(p.top, viewport.height - d.height)),
  };
}

/**
 * New bounds after resizing from an edge to the wanted dimension: clamped to
 * [min, max]; the side opposite the edge stays fixed (dragging 'w' or 'nw'
 * moves the left side and keeps the right one). The top never goes above 0;
 * with a viewport (clamp attribute) the window also stays inside it. The
 * minimum dimension wins over every other limit.
 */
export function resizeBounds(from: Bounds, wanted: Dimension, edge: ResizeEdge, min: Dimension, max: Dimension | null, viewport: Dimension | null): Bounds {
  let { width, height } = clampDimension(wanted, min, max);
  const right = from.position.left + from.dimension.width;
  const bottom = from.position.top + from.dimension.height;
  let { left, top } = from.position;

  if (edge.startsWith('n')) {
    height = Math.max(min.height, Math.min(height, bottom));
    top = bottom - height;
  } else if (viewport) {
    height = Math.max(min.height, Math.min(height, viewport.height - top));
  }

  if (edge.includes('w')) {
    if (viewport) width = Math.max(min.width, Math.min(width, right));
    left = right - width;
  } else if (viewport) {
    width = Math.max(min.width, Math.min(width, viewport.width - left));
  }

  return { position: { left, top: Math.max(0, top) }, dimension: { width, height } };
}

/**
 * The dimension a resize from an edge asks for once the pointer has moved by
 * (dx, dy) from where the gesture began on a window of dimension `from`:
 * edges e and s grow with the pointer, w and n against it, the other axis
 * stays. Before limits: resizeBounds applies them.
 */
export function edgeDragDimension(from: Dimension, edge: ResizeEdge, dx: number, dy: number): Dimension {
  return {
    width: from.width + (edge.includes('e') ? dx : edge.includes('w') ? -dx : 0),
    height: from.height + (edge.includes('s') ? dy : edge.includes('n') ? -dy : 0),
  };
}

/**
 * Where a maximized or snapped window grabbed at pointer (desktop
 * coordinates) by its title bar goes when a drag restores it to the
 * `restored` dimension: the grabbed point keeps its share of the width under
 * the pointer, and the top stays where it was.
 */
export function restoreUnderPointer(pointer: Position, grabbed: Bounds, restored: Dimension): Position {
  const ratio = (pointer.left - grabbed.position.left) / Math.max(1, grabbed.dimension.width);
  return { left: pointer.left - ratio * restored.width, top: grabbed.position.top };
}

/**
 * Bounds of a newly opened window. Dimension: the wanted one (default
 * 400x300 per axis) clamped to [min, max], and to the viewport with clamp.
 * Position: by gravity when set (it wins over a given position), else the
 * given one with missing parts from the cascade of the index-th window;
 * never above the top, inside the viewport with clamp.
 */
export function initialBounds(
  wanted: { position?: Partial<Position>; dimension?: Partial<Dimension> },
  attributes: Pick<WindowAttributes, 'gravity' | 'clamp' | 'minDimension' | 'maxDimension'>,
  viewport: Dimension,
  index: number,
): Bounds {
  const bounded = attributes.clamp ? viewport : null;
  const asked = { width: wanted.dimension?.width ?? DEFAULT_WINDOW_DIMENSION.width, height: wanted.dimension?.height ?? DEFAULT_WINDOW_DIMENSION.height };
  let dimension = clampDimension(asked, attributes.minDimension, attributes.maxDimension);
  if (bounded) dimension = clampDimension(dimension, attributes.minDimension, bounded);
  const cascade = staggeredPosition(index, viewport, dimension);
  const position = attributes.gravity
    ? gravityPosition(attributes.gravity, dimension, viewport)
    : { left: wanted.position?.left ?? cascade.left, top: wanted.position?.top ?? cascade.top };
  return { position: constrainPosition(position, dimension, bounded), dimension };
}
