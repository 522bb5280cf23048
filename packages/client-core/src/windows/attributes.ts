import { WINDOW_MIN_HEIGHT, WINDOW_MIN_WIDTH } from '@atrium/shared';
import type { Dimension, WindowAttributes, WindowFlags } from './types.js';

/** Dimension of a window opened without one. */
export const DEFAULT_WINDOW_DIMENSION: Readonly<Dimension> = Object.freeze({ width: 400, height: 300 });

/** Attributes of a window opened without any: an ordinary, fully capable, listed window. */
export const DEFAULT_WINDOW_ATTRIBUTES: Readonly<WindowAttributes> = Object.freeze({
  modal: false,
  ontop: false,
  gravity: null,
  moveable: true,
  resizable: true,
  focusable: true,
  maximizable: true,
  minimizable: true,
  sessionable: true,
  closeable: true,
  header: true,
  controls: true,
  clamp: false,
  visibility: null,
  minDimension: Object.freeze({ width: WINDOW_MIN_WIDTH, height: WINDOW_MIN_HEIGHT }),
  maxDimension: null,
});

/**
 * Complete attributes from partial ones: defaults filled in, minDimension
 * raised to at least 100x100, maxDimension raised to at least minDimension.
 */
export function normalizeAttributes(partial: Partial<WindowAttributes> = {}): WindowAttributes {
  const merged = { ...DEFAULT_WINDOW_ATTRIBUTES, ...partial };
  const min = partial.minDimension;
  const minDimension = {
    width: Math.max(WINDOW_MIN_WIDTH, min?.width ?? 0),
    height: Math.max(WINDOW_MIN_HEIGHT, min?.height ?? 0),
  };
  const max = merged.maxDimension;
  const maxDimension = max ? { width: Math.max(minDimension.width, max.width), height: Math.max(minDimension.height, max.height) } : null;
  return { ...merged, minDimension, maxDimension };
}

/** State flags of a newly opened window: all off. */
export const DEFAULT_WINDOW_FLAGS: Readonly<WindowFlags> = Object.freeze({ moving: false, resizing: false, loading: false, focused: false, maximized: false, minimized: false });
