import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

export interface DismissOptions {
  /** Whether it listens (a closed popup does not); default true. */
  active?: boolean;
  /** Escape dismisses (default true). */
  escape?: boolean;
  /** A press outside the element dismisses (default true). */
  outside?: boolean;
  /** Elements a press on is not "outside" (the button that opened a popup, which toggles it itself). */
  inside?: ReadonlyArray<RefObject<HTMLElement | null>>;
  /** Elements matching this selector (or inside one) are not "outside" either: a toggle button, dialogs above a panel. */
  insideSelector?: string;
}

/**
 * Dismisses a popup, menu or panel (docs/KEYBOARD.md): Escape pressed while
 * focus is inside it (give the element the returned onKeyDown; the key then
 * goes no further), or a pointer pressed outside it and outside the
 * `inside` elements. The press is seen before anything handles it, so a
 * click elsewhere both dismisses and does its own thing.
 */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  onDismiss: (reason: 'escape' | 'outside') => void,
  { active = true, escape = true, outside = true, inside = [], insideSelector }: DismissOptions = {},
): { onKeyDown(event: KeyboardEvent<HTMLElement>): void } {
  const dismiss = useRef(onDismiss);
  const others = useRef(inside);
  useEffect(() => {
    dismiss.current = onDismiss;
    others.current = inside;
  });

  useEffect(() => {
    if (!active || !outside) return;
    const handlePointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (ref.current?.contains(target) || others.current.some((r) => r.current?.contains(target))) return;
      if (insideSelector && target instanceof Element && target.closest(insideSelector)) return;
      dismiss.current('outside');
    };
    document.addEventListener('pointerdown', handlePointer, true);
    return () => document.removeEventListener('pointerdown', handlePointer, true);
  }, [ref, active, outside, insideSelector]);

  return {
    onKeyDown(event) {
      if (!active || !escape || event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      event.stopPropagation();
      dismiss.current('escape');
    },
  };
}
