import { describe, expect, it } from 'vitest';
import { normalizeAttributes } from './attributes.js';
import {
  boundsInViewport,
  clampDimension,
  constrainPosition,
  edgeDragDimension,
  gravityPosition,
  initialBounds,
  mediaOf,
  resizeBounds,
  restoreUnderPointer,
  snapBounds,
  snapZoneAt,
  staggeredPosition,
} from './geometry.js';

const viewport = { width: 1000, height: 600 };
const min = { width: 100, height: 100 };

describe('clampDimension', () => {
  it('keeps a dimension between the minimum and the maximum', () => {
    expect(clampDimension({ width: 50, height: 900 }, min, { width: 800, height: 500 })).toEqual({ width: 100, height: 500 });
    expect(clampDimension({ width: 300, height: 200 }, min, null)).toEqual({ width: 300, height: 200 });
  });

  it('lets the minimum win over a smaller maximum', () => {
    expect(clampDimension({ width: 300, height: 300 }, { width: 200, height: 200 }, { width: 150, height: 150 })).toEqual({ width: 200, height: 200 });
  });
});

describe('mediaOf', () => {
  it('is small up to 640, medium below 1024 and big from 1024', () => {
    expect([0, 640, 641, 1023, 1024, 3000].map(mediaOf)).toEqual(['small', 'small', 'medium', 'medium', 'big', 'big']);
  });
});

describe('gravityPosition', () => {
  const d = { width: 200, height: 100 };

  it('centres a window both ways', () => {
    expect(gravityPosition('center', d, viewport)).toEqual({ left: 400, top: 250 });
  });

  it('places windows at edges and corners', () => {
    expect(gravityPosition('top', d, viewport)).toEqual({ left: 400, top: 0 });
    expect(gravityPosition('bottom', d, viewport)).toEqual({ left: 400, top: 500 });
    expect(gravityPosition('left', d, viewport)).toEqual({ left: 0, top: 250 });
    expect(gravityPosition('right', d, viewport)).toEqual({ left: 800, top: 250 });
    expect(gravityPosition('top-left', d, viewport)).toEqual({ left: 0, top: 0 });
    expect(gravityPosition('bottom-right', d, viewport)).toEqual({ left: 800, top: 500 });
  });

  it('never places a window larger than the viewport above or left of it', () => {
    expect(gravityPosition('center', { width: 1200, height: 900 }, viewport)).toEqual({ left: 0, top: 0 });
  });
});

describe('staggeredPosition', () => {
  const d = { width: 400, height: 300 };

  it('cascades by 30 px per window starting at 30,30', () => {
    expect([0, 1, 2].map((i) => staggeredPosition(i, viewport, d))).toEqual([
      { left: 30, top: 30 },
      { left: 60, top: 60 },
      { left: 90, top: 90 },
    ]);
  });

  it('wraps back to the start when the next step would leave the viewport', () => {
    // 300 px of free height: 10 steps of 30 fit (30..300).
    expect(staggeredPosition(9, viewport, d)).toEqual({ left: 300, top: 300 });
    expect(staggeredPosition(10, viewport, d)).toEqual({ left: 30, top: 30 });
  });

  it('keeps a window larger than the viewport at the origin', () => {
    expect(staggeredPosition(3, viewport, { width: 2000, height: 2000 })).toEqual({ left: 0, top: 0 });
  });
});

describe('snapZoneAt', () => {
  it('finds the left, right and top zones within 8 px of the edges', () => {
    expect(snapZoneAt({ left: 8, top: 300 }, viewport)).toBe('left');
    expect(snapZoneAt({ left: 992, top: 300 }, viewport)).toBe('right');
    expect(snapZoneAt({ left: 500, top: 8 }, viewport)).toBe('top');
    expect(snapZoneAt({ left: 500, top: 9 }, viewport)).toBeNull();
    expect(snapZoneAt({ left: 20, top: 300 }, viewport, 20)).toBe('left');
  });
});

describe('snapBounds', () => {
  it('gives half the viewport width at full height, and the whole viewport for top', () => {
    expect(snapBounds('left', { width: 1001, height: 600 })).toEqual({ position: { left: 0, top: 0 }, dimension: { width: 500, height: 600 } });
    expect(snapBounds('right', { width: 1001, height: 600 })).toEqual({ position: { left: 500, top: 0 }, dimension: { width: 501, height: 600 } });
    expect(snapBounds('top', viewport)).toEqual({ position: { left: 0, top: 0 }, dimension: viewport });
  });
});

describe('constrainPosition', () => {
  it('never lets a window above the top edge', () => {
    expect(constrainPosition({ left: -50, top: -10 }, { width: 200, height: 100 }, null)).toEqual({ left: -50, top: 0 });
  });

  it('keeps a window inside the viewport when given one', () => {
    expect(constrainPosition({ left: 900, top: 550 }, { width: 200, height: 100 }, viewport)).toEqual({ left: 800, top: 500 });
    expect(constrainPosition({ left: -5, top: 10 }, { width: 200, height: 100 }, viewport)).toEqual({ left: 0, top: 10 });
  });
});

describe('resizeBounds', () => {
  const from = { position: { left: 100, top: 100 }, dimension: { width: 300, height: 200 } };

  it('keeps the top-left corner when dragging the bottom-right one', () => {
    expect(resizeBounds(from, { width: 350, height: 250 }, 'se', min, null, null)).toEqual({ position: { left: 100, top: 100 }, dimension: { width: 350, height: 250 } });
  });

  it('keeps the opposite sides fixed when dragging the top-left corner', () => {
    expect(resizeBounds(from, { width: 350, height: 250 }, 'nw', min, null, null)).toEqual({ position: { left: 50, top: 50 }, dimension: { width: 350, height: 250 } });
  });

  it('clamps to the minimum while keeping the opposite side fixed', () => {
    expect(resizeBounds(from, { width: 10, height: 10 }, 'nw', min, null, null)).toEqual({ position: { left: 300, top: 200 }, dimension: { width: 100, height: 100 } });
  });

  it('stops a north resize at the top edge', () => {
    expect(resizeBounds(from, { width: 300, height: 500 }, 'n', min, null, null)).toEqual({ position: { left: 100, top: 0 }, dimension: { width: 300, height: 300 } });
  });

  it('keeps the window inside the viewport when given one', () => {
    expect(resizeBounds(from, { width: 2000, height: 2000 }, 'se', min, null, viewport)).toEqual({ position: { left: 100, top: 100 }, dimension: { width: 900, height: 500 } });
    expect(resizeBounds(from, { width: 2000, height: 200 }, 'w', min, null, viewport)).toEqual({ position: { left: 0, top: 100 }, dimension: { width: 400, height: 200 } });
  });
});

describe('edgeDragDimension', () => {
  const from = { width: 400, height: 300 };

  it('grows from e and s with the pointer and from w and n against it', () => {
    expect(edgeDragDimension(from, 'se', 30, 20)).toEqual({ width: 430, height: 320 });
    expect(edgeDragDimension(from, 'nw', 30, 20)).toEqual({ width: 370, height: 280 });
    expect(edgeDragDimension(from, 'ne', -30, -20)).toEqual({ width: 370, height: 320 });
  });

  it('keeps the other axis of a side handle', () => {
    expect(edgeDragDimension(from, 'e', 30, 99)).toEqual({ width: 430, height: 300 });
    expect(edgeDragDimension(from, 'n', 99, -20)).toEqual({ width: 400, height: 320 });
  });
});

describe('restoreUnderPointer', () => {
  it('keeps the grabbed share of the title bar under the pointer at the restored width, and the top', () => {
    const maximized = { position: { left: 0, top: 0 }, dimension: { width: 1000, height: 600 } };
    expect(restoreUnderPointer({ left: 250, top: 10 }, maximized, { width: 400, height: 300 })).toEqual({ left: 150, top: 0 });
    const snappedRight = { position: { left: 500, top: 0 }, dimension: { width: 500, height: 600 } };
    expect(restoreUnderPointer({ left: 1000, top: 10 }, snappedRight, { width: 200, height: 300 })).toEqual({ left: 800, top: 0 });
  });
});

describe('initialBounds', () => {
  it('uses gravity over a given position', () => {
    const attributes = normalizeAttributes({ gravity: 'center' });
    expect(initialBounds({ position: { left: 5, top: 5 }, dimension: { width: 200, height: 100 } }, attributes, viewport, 0).position).toEqual({ left: 400, top: 250 });
  });

  it('fills a missing coordinate from the cascade and defaults the dimension to 400x300', () => {
    expect(initialBounds({ position: { left: 7 } }, normalizeAttributes(), viewport, 1)).toEqual({ position: { left: 7, top: 60 }, dimension: { width: 400, height: 300 } });
  });

  it('shrinks a clamp window to the viewport', () => {
    expect(initialBounds({ dimension: { width: 3000, height: 3000 } }, normalizeAttributes({ clamp: true }), viewport, 0)).toEqual({ position: { left: 0, top: 0 }, dimension: viewport });
  });
});

describe('boundsInViewport', () => {
  const base = { position: { left: 900, top: 500 }, dimension: { width: 300, height: 200 }, snapped: null, state: { maximized: false } };

  it('leaves an ordinary window where it is', () => {
    expect(boundsInViewport({ ...base, attributes: normalizeAttributes() }, viewport)).toBeNull();
  });

  it('pulls a clamp window back inside', () => {
    expect(boundsInViewport({ ...base, attributes: normalizeAttributes({ clamp: true }) }, viewport)).toEqual({ position: { left: 700, top: 400 }, dimension: { width: 300, height: 200 } });
  });
});
