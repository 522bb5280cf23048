import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampItem, compact, firstFreeSpot, GRID_COLUMNS, hasOverlaps, keyboardStep, moveItem, resizeItem, type GridItem, type GridKey } from './gridLayout.js';

const item = (id: string, x: number, y: number, w: number, h: number): GridItem => ({ id, x, y, w, h });
const at = (layout: GridItem[], id: string) => layout.find((i) => i.id === id)!;

describe('clampItem', () => {
  it('keeps a widget inside the twelve columns and between one and twelve rows tall', () => {
    expect(clampItem(item('a', 10, 0, 4, 2))).toEqual(item('a', 8, 0, 4, 2));
    expect(clampItem(item('a', -3, -2, 20, 40))).toEqual(item('a', 0, 0, 12, 12));
    expect(clampItem(item('a', 2, 1, 0, 0))).toEqual(item('a', 2, 1, 1, 1));
  });
});

describe('compact', () => {
  it('lets every widget rise to the first free row, keeping the order given', () => {
    const layout = compact([item('a', 0, 3, 6, 2), item('b', 6, 5, 6, 2), item('c', 0, 9, 6, 1)]);
    expect(layout.map((i) => [i.id, i.y])).toEqual([
      ['a', 0],
      ['b', 0],
      ['c', 2],
    ]);
  });
});

describe('firstFreeSpot', () => {
  it('finds the first place, row by row, where a new widget covers nothing', () => {
    const layout = [item('a', 0, 0, 6, 2), item('b', 6, 0, 3, 1)];
    expect(firstFreeSpot(layout, { w: 3, h: 2 })).toEqual({ x: 9, y: 0 });
    expect(firstFreeSpot(layout, { w: 6, h: 2 })).toEqual({ x: 6, y: 1 });
    expect(firstFreeSpot([], { w: 12, h: 3 })).toEqual({ x: 0, y: 0 });
  });

  it('puts a widget below the others when no row has room for it', () => {
    expect(firstFreeSpot([item('a', 0, 0, 12, 4)], { w: 4, h: 2 })).toEqual({ x: 0, y: 4 });
  });
});

describe('moveItem', () => {
  it('takes the place it is dropped on and pushes the widget there below it', () => {
    const layout = moveItem([item('a', 0, 0, 6, 2), item('b', 6, 0, 6, 3)], 'a', { x: 6, y: 0 });
    expect(at(layout, 'a')).toEqual(item('a', 6, 0, 6, 2));
    expect(at(layout, 'b')).toEqual(item('b', 6, 2, 6, 3));
    expect(hasOverlaps(layout)).toBe(false);
  });

  it('pushes down the widgets below a pushed widget in turn', () => {
    const layout = moveItem([item('a', 0, 0, 4, 2), item('b', 4, 0, 4, 2), item('c', 4, 2, 4, 2)], 'a', { x: 4, y: 0 });
    expect([at(layout, 'a').y, at(layout, 'b').y, at(layout, 'c').y]).toEqual([0, 2, 4]);
  });

  it('swaps with the widget below when dropped onto it', () => {
    const layout = moveItem([item('a', 0, 0, 6, 2), item('b', 0, 2, 6, 2)], 'a', { x: 0, y: 2 });
    expect(at(layout, 'b').y).toBe(0);
    expect(at(layout, 'a').y).toBe(2);
  });

  it('rises to the first free row when dropped below everything', () => {
    expect(at(moveItem([item('a', 0, 0, 6, 2), item('b', 6, 0, 6, 2)], 'b', { x: 6, y: 8 }), 'b')).toEqual(item('b', 6, 0, 6, 2));
  });

  it('is clamped to the grid', () => {
    expect(at(moveItem([item('a', 0, 0, 4, 2)], 'a', { x: 11, y: 0 }), 'a').x).toBe(GRID_COLUMNS - 4);
  });
});

describe('resizeItem', () => {
  it('grows over the widgets below, which are pushed down, and lets them rise when it shrinks', () => {
    const start = [item('a', 0, 0, 6, 2), item('b', 0, 2, 6, 2)];
    const taller = resizeItem(start, 'a', { w: 6, h: 4 });
    expect(at(taller, 'b').y).toBe(4);
    const shorter = resizeItem(taller, 'a', { w: 6, h: 1 });
    expect(at(shorter, 'b').y).toBe(1);
  });

  it('keeps the height between one and twelve rows and the right edge in the grid', () => {
    expect(at(resizeItem([item('a', 8, 0, 4, 2)], 'a', { w: 9, h: 20 }), 'a')).toEqual(item('a', 3, 0, 9, 12));
  });
});

describe('keyboardStep', () => {
  const start = () => [item('a', 0, 0, 6, 2), item('b', 0, 2, 6, 2), item('c', 6, 0, 6, 4)];

  it('moves one column with the left and right arrows, not past the edges', () => {
    expect(at(keyboardStep(start(), 'b', 'ArrowRight', false), 'b').x).toBe(1);
    expect(keyboardStep(start(), 'a', 'ArrowLeft', false)).toEqual(start());
  });

  it('moves up past the widget above, which takes its place', () => {
    const layout = keyboardStep(start(), 'b', 'ArrowUp', false);
    expect([at(layout, 'b').y, at(layout, 'a').y]).toEqual([0, 2]);
  });

  it('moves down past the widget below, which takes its place', () => {
    const layout = keyboardStep(start(), 'a', 'ArrowDown', false);
    expect([at(layout, 'a').y, at(layout, 'b').y]).toEqual([2, 0]);
  });

  it('leaves a widget with nothing below it where it is on a step down', () => {
    expect(keyboardStep(start(), 'c', 'ArrowDown', false)).toEqual(start());
  });

  it('resizes one cell with Shift and an arrow, within the grid', () => {
    expect(at(keyboardStep(start(), 'a', 'ArrowDown', true), 'a').h).toBe(3);
    expect(at(keyboardStep(start(), 'a', 'ArrowDown', true), 'b').y).toBe(3);
    expect(at(keyboardStep(start(), 'a', 'ArrowUp', true), 'a').h).toBe(1);
    expect(at(keyboardStep(start(), 'a', 'ArrowLeft', true), 'a').w).toBe(5);
    // c reaches the right edge: it cannot grow wider.
    expect(keyboardStep(start(), 'c', 'ArrowRight', true)).toEqual(start());
    const wider = keyboardStep(start(), 'a', 'ArrowRight', true);
    expect(at(wider, 'a').w).toBe(7);
    expect(hasOverlaps(wider)).toBe(false);
  });
});

describe('any sequence of steps', () => {
  const layoutArb = fc.array(fc.record({ x: fc.integer({ min: -2, max: 14 }), y: fc.integer({ min: 0, max: 20 }), w: fc.integer({ min: 0, max: 14 }), h: fc.integer({ min: 0, max: 14 }) }), { minLength: 1, maxLength: 10 });
  const stepArb = fc.record({
    which: fc.nat(),
    kind: fc.constantFrom('move', 'resize', 'key'),
    a: fc.integer({ min: -3, max: 14 }),
    b: fc.integer({ min: -3, max: 14 }),
    key: fc.constantFrom<GridKey>('ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'),
    shift: fc.boolean(),
  });

  it('leaves no two widgets on one cell and every widget inside the grid', () => {
    fc.assert(
      fc.property(layoutArb, fc.array(stepArb, { maxLength: 12 }), (raw, steps) => {
        let layout = compact(raw.map((r, i) => clampItem({ id: `w${i}`, ...r })));
        for (const step of steps) {
          const id = layout[step.which % layout.length]!.id;
          if (step.kind === 'move') layout = moveItem(layout, id, { x: step.a, y: step.b });
          else if (step.kind === 'resize') layout = resizeItem(layout, id, { w: step.a, h: step.b });
          else layout = keyboardStep(layout, id, step.key, step.shift);
          expect(hasOverlaps(layout)).toBe(false);
          for (const i of layout) expect(clampItem(i)).toEqual(i);
        }
      }),
    );
  });
});
