/**
 * Pure z-order helpers over a stack of window ids (bottom first). Two layers:
 * normal windows, and ontop windows always above them. zIndex values are
 * consecutive within a layer (1, 2, 3, ...; ontop ones offset by
 * ONTOP_Z_OFFSET), so they never grow without bound.
 */
import { ONTOP_Z_OFFSET } from '@atrium/shared';

/** zIndex of every window of the stack: its 1-based place in its layer, ontop ones offset by ONTOP_Z_OFFSET. */
export function zIndexes(stack: readonly number[], isOntop: (wid: number) => boolean): Map<number, number> {
  const result = new Map<number, number>();
  let normal = 0;
  let ontop = 0;
  for (const wid of stack) result.set(wid, isOntop(wid) ? ONTOP_Z_OFFSET + ++ontop : ++normal);
  return result;
}

/** The stack with wid moved to the top (end); unchanged identity when it already is. */
export function toFront(stack: readonly number[], wid: number): readonly number[] {
  if (stack[stack.length - 1] === wid || !stack.includes(wid)) return stack;
  return [...stack.filter((w) => w !== wid), wid];
}

/** The stack with wid moved to the bottom (start); unchanged identity when it already is. */
export function toBack(stack: readonly number[], wid: number): readonly number[] {
  if (stack[0] === wid || !stack.includes(wid)) return stack;
  return [wid, ...stack.filter((w) => w !== wid)];
}
